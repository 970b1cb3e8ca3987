// A gate that opens once: when told to, or at a deadline, whichever comes
// first. What waits on it (`opened`) goes ahead then, and at once after that.
export interface GateTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: GateTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Gate {
  readonly opened: Promise<void>;
  private release: () => void = () => undefined;
  private readonly timers: unknown[] = [];
  private open_ = false;

  /** Opens by itself after `maxWaitMs`, so nothing waits on it for longer. */
  constructor(
    maxWaitMs: number,
    private readonly clock: GateTimers = realTimers,
  ) {
    this.opened = new Promise<void>((resolve) => {
      this.release = resolve;
    });
    this.timers.push(clock.setTimeout(() => this.open(), maxWaitMs));
  }

  get isOpen(): boolean {
    return this.open_;
  }

  /** Opening again changes nothing: its timers are gone and its promise has settled. */
  open(): void {
    this.open_ = true;
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.length = 0;
    this.release();
  }

  /** Opens `ms` from now (or sooner, by `open()` or the deadline). */
  openAfter(ms: number): void {
    if (!this.open_) this.timers.push(this.clock.setTimeout(() => this.open(), ms));
  }
}
