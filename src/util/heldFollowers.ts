// When followers of a choice hear of it. A click on a pull request's row both
// chooses it (Review Comments, its threads and the pending review follow) and
// opens its overview; on a 2-core machine the followers' reads and drawing
// competed with the page the person is looking at (a large pull request's
// 2,000 review comments shaped while its overview's first rows waited). A
// choice told `later` reaches the followers once what the same click opened
// for it says it has drawn (`hold`), or after `capMs` at most; a choice told
// `now` reaches them at once. Followers hear only the latest choice, once.

export interface HoldTimers {
  /** Runs `fn` after what is already queued: the same click's next message (its command) comes first. */
  soon(fn: () => void): void;
  /** Runs `fn` after `ms`. */
  after(ms: number, fn: () => void): void;
}

const nodeTimers: HoldTimers = {
  soon: (fn) => void setTimeout(fn, 0),
  after: (ms, fn) => void setTimeout(fn, ms),
};

export class HeldFollowers<T> {
  private latest = 0;
  private readonly holds = new Map<string, Promise<unknown>>();

  constructor(
    private readonly tell: (value: T) => void,
    private readonly capMs: number,
    private readonly timers: HoldTimers = nodeTimers,
  ) {}

  /** Tells the followers at once (a choice told later and not yet heard is dropped). */
  now(value: T): void {
    this.latest++;
    this.tell(value);
  }

  /** Tells the followers once what is opened for `key` by the same action has drawn (`hold`), or after the cap. */
  later(value: T, key: string): void {
    const mine = ++this.latest;
    // Told once: the first of the hold and the cap tells, and makes the other stale.
    const go = () => mine === this.latest && this.now(value);
    this.timers.soon(() => {
      const hold = this.holds.get(key);
      if (!hold) return void go();
      this.holds.delete(key);
      hold.then(go, go);
      this.timers.after(this.capMs, go);
    });
  }

  /** What the action opens for `key` draws when `drawn` settles; a hold no choice takes goes after the cap. */
  hold(key: string, drawn: Promise<unknown>): void {
    this.holds.set(key, drawn);
    this.timers.after(this.capMs, () => this.holds.get(key) === drawn && this.holds.delete(key));
  }
}
