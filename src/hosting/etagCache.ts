// Conditional-request cache: the last 200 answer of each GET, keyed by URL and
// by a fingerprint of the credentials (never the credentials themselves), so
// one account's data is never served to another.
import { digest } from '../platform/digest';
import { toHex } from '../util/bytes';
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

  constructor(maxEntries = 500) {
    this.entries = lru<CachedResponse>(maxEntries);
  }

  static key(url: string, authorization: string | undefined): string {
    const who = authorization ? toHex(digest('sha256', [authorization])).slice(0, 24) : 'anonymous';
    return `${who} ${url}`;
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
