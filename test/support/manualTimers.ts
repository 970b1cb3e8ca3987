// Timers run by hand for the unit tests of modules that take their timers
// (src/util/heldFollowers.ts, src/util/clickedRow.ts): `runSoon()` runs what
// `soon` queued, `advance(ms)` the `after`s due by then, unless cancelled.
export class ManualTimers {
  now = 0;
  private queued: Array<() => void> = [];
  private timers = new Set<{ at: number; fn: () => void }>();
  soon(fn: () => void): void {
    this.queued.push(fn);
  }
  /** Returns what cancels it. */
  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.now + ms, fn };
    this.timers.add(timer);
    return () => void this.timers.delete(timer);
  }
  /** Timers and queued calls not yet run. */
  get pending(): number {
    return this.timers.size + this.queued.length;
  }
  runSoon(): void {
    const q = this.queued;
    this.queued = [];
    q.forEach((fn) => fn());
  }
  advance(ms: number): void {
    this.now += ms;
    for (const t of [...this.timers].filter((t) => t.at <= this.now)) {
      this.timers.delete(t);
      t.fn();
    }
  }
}
