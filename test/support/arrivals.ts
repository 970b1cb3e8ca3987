// What arrives on its own (a notification, a webhook delivery), kept in order,
// with a wait that an arrival ends: a test waits for the event, never for a
// timer. (A wait that nothing ends is failed by mocha's own timeout.)

export class Arrivals<T> {
  private readonly all: T[] = [];
  private waiters: Array<() => boolean> = [];

  /** What has arrived so far, in order. */
  get items(): readonly T[] {
    return this.all;
  }

  /** Records an arrival and wakes the waits it completes. */
  readonly push = (item: T): void => {
    this.all.push(item);
    this.waiters = this.waiters.filter((done) => !done());
  };

  /** What `find` returns from the arrivals: at once if it returns something now, else after the arrival that makes it. */
  when<R>(find: (items: readonly T[]) => R | undefined): Promise<R> {
    return new Promise((resolve) => {
      const done = (): boolean => {
        const found = find(this.all);
        if (found === undefined) return false;
        resolve(found);
        return true;
      };
      if (!done()) this.waiters.push(done);
    });
  }
}
