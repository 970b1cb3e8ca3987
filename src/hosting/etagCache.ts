// Conditional-request cache: the last 200 answer of each GET, keyed by URL and
// by the caller (a number given to each set of credentials the cache has
// seen, never the credentials themselves), so one account's data is never
// served to another. The cache lives in memory only, beside the client that
// holds the same credentials; a number needs no hashing at activation (the
// browser build has no synchronous SHA-256 of its own).
// tiny-lru: a few hundred bytes where lru-cache costs 18 KB of what activation loads.
import { lru, type LRU } from 'tiny-lru';

export interface CachedResponse {
  etag: string;
  status: number;
  headers: Record<string, string>;
  data: unknown;
}

export class EtagCache {
  private readonly entries: LRU<CachedResponse>;
  /** The caller's number by credentials. */
  private readonly callers = new Map<string, number>();

  constructor(maxEntries = 500) {
    this.entries = lru<CachedResponse>(maxEntries);
  }

  key(url: string, authorization: string | undefined): string {
    if (!authorization) return `anonymous ${url}`;
    let caller = this.callers.get(authorization);
    if (caller === undefined) this.callers.set(authorization, (caller = this.callers.size + 1));
    return `caller-${caller} ${url}`;
  }

  get(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: CachedResponse): void {
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
