// Answers at once from what is known and refreshes in the background: a
// completion list must come fast, and a list read a minute ago is good enough
// to start typing with. Concurrent reads of one key share one request.
export class StaleCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value (refreshed in the background when older than maxAgeMs), or the first read. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      if (this.now() - hit.at > this.maxAgeMs) void this.load(key, load).catch(() => undefined);
      return hit.value;
    }
    return this.load(key, load);
  }

  clear(): void {
    this.entries.clear();
  }

  private load(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.pending.get(key);
    if (!p) {
      p = load()
        .then((value) => {
          this.entries.set(key, { value, at: this.now() });
          return value;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }
}
