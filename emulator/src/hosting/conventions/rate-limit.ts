// Rate limits of docs/service-api/hosting/conventions §13: a fixed window per
// caller — the user for Basic and tokens, the application for client
// credentials, the address for anonymous calls. Every v3 response carries the
// X-RateLimit-* headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../options';
import { ApiError } from './errors';

interface Window {
  limit: number;
  used: number;
  /** Epoch milliseconds when the window resets. */
  resetAt: number;
}

export interface RateStatus {
  limit: number;
  remaining: number;
  /** UTC epoch seconds. */
  reset: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 1024;
  private nextSweep = 0;

  constructor(
    private readonly limits: RateLimits,
    private readonly windowMs: number,
    /** Distinguishes the buckets of a second limiter (the search one). */
    private readonly keyPrefix = '',
    /** The clock (the emulator's `clock` option). */
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Windows held (tests: expired ones do not pile up). */
  get size(): number {
    return this.windows.size;
  }

  /** Drops every expired window: one per address or user ever seen would otherwise stay forever. */
  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  /** The bucket key and limit of a request's caller. */
  bucketOf(req: FastifyRequest): { key: string; limit: number; who: string } {
    const auth = req.auth;
    const p = this.keyPrefix;
    if (auth.kind === 'basic' || auth.kind === 'token')
      return { key: `${p}user:${auth.user.id}`, limit: this.limits.authenticated, who: `user ID ${auth.user.id}` };
    if (auth.kind === 'application')
      return { key: `${p}app:${auth.application.id}`, limit: this.limits.application, who: `application ${auth.application.client_id}` };
    return { key: `${p}ip:${req.ip}`, limit: this.limits.unauthenticated, who: req.ip };
  }

  private window(key: string, limit: number): Window {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      // Amortized: a sweep once a window length, or when the map has doubled since the last one.
      if (now >= this.nextSweep || this.windows.size >= this.sweepAt) {
        this.sweep(now);
        this.nextSweep = now + this.windowMs;
        this.sweepAt = Math.max(1024, 2 * this.windows.size);
      }
      w = { limit, used: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    return w;
  }

  status(req: FastifyRequest): RateStatus {
    const { key, limit } = this.bucketOf(req);
    const w = this.window(key, limit);
    return { limit: w.limit, remaining: Math.max(0, w.limit - w.used), reset: Math.ceil(w.resetAt / 1000) };
  }

  /**
   * Counts the request; sets the headers; throws 403 past the limit. A read
   * (GET, HEAD) is counted by `settle` once its answer is known, as a 304, a
   * web page and GET /rate_limit cost nothing: counted now and given back
   * then, its count would show for a moment in the headers of the caller's
   * other answers (read in parallel, they named a count the service then
   * lowered).
   */
  consume(req: FastifyRequest, reply: FastifyReply): void {
    const { key, limit, who } = this.bucketOf(req);
    const w = this.window(key, limit);
    const exceeded = w.used >= w.limit;
    const deferred = !exceeded && isRead(req);
    if (!exceeded && !deferred) w.used++;
    setHeaders(reply, { limit: w.limit, remaining: Math.max(0, w.limit - w.used), reset: Math.ceil(w.resetAt / 1000) });
    const counted = req as CountedRequest;
    counted.rateBucket = exceeded || deferred ? undefined : key;
    counted.deferredBucket = deferred ? key : undefined;
    if (exceeded) {
      const hint =
        req.auth.kind === 'anonymous'
          ? " (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)"
          : '';
      throw new ApiError(403, `API rate limit exceeded for ${who}.${hint}`, undefined, '/v3/#rate-limiting');
    }
  }

  /** A read's count, once answered: none for a 304, one for any other answer; the headers say the count then. */
  settle(req: FastifyRequest, reply: FastifyReply): void {
    const counted = req as CountedRequest;
    const key = counted.deferredBucket;
    if (key === undefined) return;
    counted.deferredBucket = undefined;
    const w = this.windows.get(key);
    if (!w) return;
    if (reply.statusCode !== 304) {
      w.used = Math.min(w.limit, w.used + 1);
      counted.rateBucket = key;
    }
    setHeaders(reply, { limit: w.limit, remaining: w.limit - w.used, reset: Math.ceil(w.resetAt / 1000) });
  }

  /** The bucket this limiter counted a request in (and did not give back), or undefined. */
  countedBucket(req: FastifyRequest): { key: string; limit: number } | undefined {
    const counted = (req as CountedRequest).rateBucket;
    const { key, limit } = this.bucketOf(req);
    return counted === key ? { key, limit } : undefined;
  }

  /**
   * The count of `consume` then, for a 304, `refund`, for a caller whose
   * bucket is known (the response cache's fast path): the status to show, or
   * undefined past the limit, where nothing is counted (`consume` answers that).
   */
  take(bucket: { key: string; limit: number }, notModified: boolean): RateStatus | undefined {
    const w = this.window(bucket.key, bucket.limit);
    if (w.used >= w.limit) return undefined;
    if (!notModified) w.used++;
    return { limit: w.limit, remaining: w.limit - w.used, reset: Math.ceil(w.resetAt / 1000) };
  }

  /** Gives a counted request back (a 304, a web page and GET /rate_limit do not count); a read not settled yet is then not counted at all. */
  refund(req: FastifyRequest, reply: FastifyReply): void {
    const counted = req as CountedRequest;
    if (counted.deferredBucket !== undefined) {
      const deferred = this.windows.get(counted.deferredBucket);
      counted.deferredBucket = undefined;
      if (deferred) setHeaders(reply, { limit: deferred.limit, remaining: deferred.limit - deferred.used, reset: Math.ceil(deferred.resetAt / 1000) });
      return;
    }
    const key = counted.rateBucket;
    const w = key ? this.windows.get(key) : undefined;
    if (!w || w.used === 0) return;
    w.used--;
    (req as CountedRequest).rateBucket = undefined;
    setHeaders(reply, { limit: w.limit, remaining: w.limit - w.used, reset: Math.ceil(w.resetAt / 1000) });
  }
}

type CountedRequest = FastifyRequest & { rateBucket?: string | undefined; deferredBucket?: string | undefined };

/** A GET or HEAD: counted once answered (`consume`). */
function isRead(req: FastifyRequest): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

function setHeaders(reply: FastifyReply, s: RateStatus): void {
  reply.header('X-RateLimit-Limit', String(s.limit));
  reply.header('X-RateLimit-Remaining', String(s.remaining));
  reply.header('X-RateLimit-Reset', String(s.reset));
}
