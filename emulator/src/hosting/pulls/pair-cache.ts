// What git answers about a pair of commits (the diff `base...head`, the
// commits `base..head`) depends only on the two SHAs: git objects never
// change. So it is computed once per (repository, base, head) and kept,
// bounded in bytes, least recently used first out; requests that come while
// it is computed share the one git run. A moved head or base is another key.
// Without it every page of a large pull request's files (and every 304, whose
// ETag needs the answer) ran the whole diff again.

export interface PairCacheLimits {
  /** Bytes kept at most (an estimate: string lengths × 2 plus a little per item). */
  maxBytes: number;
}

/** 16 MB: a pull request of 3,000 changed files and 1,000 commits keeps about 3 MB. */
const DEFAULT_LIMITS: PairCacheLimits = { maxBytes: 16 * 1024 * 1024 };

export class PairCache<T> {
  private readonly kept = new Map<string, { value: T; bytes: number }>();
  private readonly running = new Map<string, Promise<T>>();
  private total = 0;

  constructor(
    private readonly sizeOf: (value: T) => number,
    private readonly limits: PairCacheLimits = DEFAULT_LIMITS,
  ) {}

  /** The kept answer for `key`, else the one being computed, else `compute()`'s (kept when it fits). */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.kept.get(key);
    if (hit) {
      // Map order is recency: the one asked goes to the end.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return Promise.resolve(hit.value);
    }
    const running = this.running.get(key);
    if (running) return running;
    const job = compute().then(
      (value) => {
        this.running.delete(key);
        this.keep(key, value);
        return value;
      },
      (err: unknown) => {
        // A failure is not kept: the next request runs git again.
        this.running.delete(key);
        throw err;
      },
    );
    this.running.set(key, job);
    return job;
  }

  /** Bytes kept now. */
  bytes(): number {
    return this.total;
  }

  private keep(key: string, value: T): void {
    const bytes = 2 * key.length + this.sizeOf(value);
    if (bytes > this.limits.maxBytes) return;
    for (const [oldest, entry] of this.kept) {
      if (this.total + bytes <= this.limits.maxBytes) break;
      this.kept.delete(oldest);
      this.total -= entry.bytes;
    }
    this.kept.set(key, { value, bytes });
    this.total += bytes;
  }
}

/** A string's bytes as the cache counts them (UTF-16). */
export const textBytes = (s: string | null): number => 2 * (s?.length ?? 0);
