// Whether a service answers, as a state rather than an error: reachable, or
// unreachable since a time with the time of the next try. A request that got
// no answer (refused, timed out, no such host) makes it unreachable; any
// answer at all, an error status included, makes it reachable again. While it
// is unreachable the tries back off: 5 s, doubling up to 5 min, with a little
// jitter so that windows that lost the service together do not try together.

/** Why a request got no answer, as far as its error's text tells. */
export type FailureKind = 'refused' | 'timeout' | 'dns' | 'other';

export type ReachabilityState =
  | { readonly reachable: true }
  | {
      readonly reachable: false;
      /** When the first request without an answer failed (ms since the epoch). */
      readonly since: number;
      /** Failures in a row since then. */
      readonly failures: number;
      readonly lastKind: FailureKind;
      /** When the next try is due (ms since the epoch). */
      readonly nextTryAt: number;
    };

export interface ReachabilityOptions {
  now: () => number;
  /** In [0, 1); the jitter's draw. */
  random?: () => number;
  /** The share of a delay the jitter may add or take away (default 0.1; 0 in tests). */
  jitter?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export const FIRST_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 300_000;

/** The wait before the next try after `failures` failures in a row (1 or more), without jitter. */
export function backoffDelay(failures: number, firstDelayMs = FIRST_DELAY_MS, maxDelayMs = MAX_DELAY_MS): number {
  const doublings = Math.max(0, failures - 1);
  // 2 ** 30 and more would only overflow the cap.
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(doublings, 30));
}

/** The kind of a failure from its error's text (Node's and the browsers' wording). */
export function failureKind(message: string): FailureKind {
  if (/ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|refused/i.test(message)) return 'refused';
  if (/ETIMEDOUT|timed? ?out|UND_ERR_CONNECT_TIMEOUT|aborted/i.test(message)) return 'timeout';
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo|name not resolved/i.test(message)) return 'dns';
  return 'other';
}

export class Reachability {
  private current: ReachabilityState = { reachable: true };

  constructor(private readonly options: ReachabilityOptions) {}

  get state(): ReachabilityState {
    return this.current;
  }

  get reachable(): boolean {
    return this.current.reachable;
  }

  /** When the next try is due; undefined while reachable. */
  get nextTryAt(): number | undefined {
    return this.current.reachable ? undefined : this.current.nextTryAt;
  }

  /** Whether a try is due now (always while reachable). */
  due(): boolean {
    return this.current.reachable || this.options.now() >= this.current.nextTryAt;
  }

  /**
   * A request got no answer. True when this made the service unreachable (it
   * was reachable). A failure before the next try is due belongs to the same
   * outage (the requests sent together with the first, a click meanwhile):
   * it does not move the next try, so only the tries back off.
   */
  onFailure(kind: FailureKind): boolean {
    const now = this.options.now();
    const was = this.current;
    if (!was.reachable && now < was.nextTryAt) return false;
    const failures = was.reachable ? 1 : was.failures + 1;
    this.current = {
      reachable: false,
      since: was.reachable ? now : was.since,
      failures,
      lastKind: kind,
      nextTryAt: now + this.delay(failures),
    };
    return was.reachable;
  }

  /** A request got an answer. True when this made the service reachable again. */
  onSuccess(): boolean {
    const was = this.current.reachable;
    this.current = { reachable: true };
    return !was;
  }

  private delay(failures: number): number {
    const base = backoffDelay(failures, this.options.firstDelayMs, this.options.maxDelayMs);
    const jitter = this.options.jitter ?? 0.1;
    if (jitter <= 0) return base;
    const draw = (this.options.random ?? Math.random)();
    return Math.round(base * (1 + jitter * (draw * 2 - 1)));
  }
}
