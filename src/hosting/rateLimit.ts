// Rate-limit bookkeeping from the `X-RateLimit-*` headers of every response.
import { TypedEmitter } from './emitter';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When the window refills (from `X-RateLimit-Reset`, epoch seconds). */
  resetAt: Date;
}

export class RateLimitTracker {
  private current: RateLimitState | undefined;
  private readonly changed = new TypedEmitter<RateLimitState>();
  /** Fires whenever a response changes the known limit, remaining count or reset time. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly now: () => number = Date.now) {}

  get state(): RateLimitState | undefined {
    return this.current;
  }

  /** Reads the headers of a response (any status, 304 included). */
  update(headers: Record<string, string | number | undefined>): void {
    const limit = toInt(headers['x-ratelimit-limit']);
    const remaining = toInt(headers['x-ratelimit-remaining']);
    const reset = toInt(headers['x-ratelimit-reset']);
    if (limit === undefined || remaining === undefined || reset === undefined) return;
    const next: RateLimitState = { limit, remaining, resetAt: new Date(reset * 1000) };
    const prev = this.current;
    // Answers can arrive out of order (the views read in parallel): within one window (same limit and
    // reset) the count only goes down, so a higher one is an older answer's and is not shown.
    if (prev && prev.limit === limit && prev.resetAt.getTime() === next.resetAt.getTime() && remaining > prev.remaining) return;
    this.current = next;
    if (!prev || prev.limit !== limit || prev.remaining !== remaining || prev.resetAt.getTime() !== next.resetAt.getTime()) {
      this.changed.fire(next);
    }
  }

  /** The reset time while the budget is spent, otherwise undefined. */
  exhaustedUntil(): Date | undefined {
    const s = this.current;
    if (!s || s.remaining > 0) return undefined;
    return s.resetAt.getTime() > this.now() ? s.resetAt : undefined;
  }

  /** Records a 403 rate-limit answer whose headers may be missing. */
  markExhausted(resetAt: Date): void {
    const limit = this.current?.limit ?? 0;
    this.current = { limit, remaining: 0, resetAt };
    this.changed.fire(this.current);
  }
}

function toInt(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}
