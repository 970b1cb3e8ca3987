// A list that is read lazily from an async iterator, one chunk at a time, for
// tree views with a "Load more" node. The iterator follows the service's Link
// headers itself; this only decides how much of it has been pulled.
export class PagedList<T> {
  private readonly items: T[] = [];
  private iterator: AsyncIterator<T> | undefined;
  private done = false;
  private loading: Promise<void> | undefined;
  private lastError: unknown;

  constructor(
    private readonly open: () => AsyncIterable<T>,
    private readonly chunkSize = 100,
  ) {}

  /** Items loaded so far. */
  get loaded(): readonly T[] {
    return this.items;
  }

  /** True when the server may have more items than loaded. */
  get hasMore(): boolean {
    return !this.done;
  }

  get error(): unknown {
    return this.lastError;
  }

  /** Loads the first chunk if nothing was loaded yet (or waits for the load under way). */
  async ensureLoaded(): Promise<void> {
    if (this.loading) return this.loading;
    if (this.items.length === 0 && !this.done && !this.lastError) await this.loadMore();
  }

  /** Pulls up to one more chunk; concurrent calls share the same load. */
  loadMore(): Promise<void> {
    this.loading ??= this.pull().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Forgets everything: the next `ensureLoaded` starts from the first page. */
  reset(): void {
    this.items.length = 0;
    this.iterator = undefined;
    this.done = false;
    this.lastError = undefined;
  }

  private async pull(): Promise<void> {
    this.lastError = undefined;
    this.iterator ??= this.open()[Symbol.asyncIterator]();
    try {
      for (let n = 0; n < this.chunkSize; n++) {
        const next = await this.iterator.next();
        if (next.done) {
          this.done = true;
          return;
        }
        this.items.push(next.value);
      }
    } catch (err) {
      // The view shows the error with a retry, which starts from the first page.
      this.lastError = err;
      this.iterator = undefined;
      this.items.length = 0;
    }
  }
}
