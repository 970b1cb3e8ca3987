// A list that is read lazily from an async iterator, one chunk at a time, for
// tree views with a "Load more" node. The iterator follows the service's Link
// headers itself; this only decides how much of it has been pulled.
export class PagedList<T> {
  private readonly items: T[] = [];
  private iterator: AsyncIterator<T> | undefined;
  private done = false;
  private loading: Promise<void> | undefined;
  private lastError: unknown;
  /** Moves on with every reset or replace: a read begun before is dropped (it would bring back older rows). */
  private generation = 0;
  /**
   * The rows shown were given (replace) before the list was read: they hold
   * no place in the service's pages, so the next read starts at the first
   * page and takes their place rather than adding to them (a row twice).
   */
  private unread = false;

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
    if (this.loading) return this.loading;
    const loading: Promise<void> = this.pull().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  /** Forgets everything: the next `ensureLoaded` starts from the first page. */
  reset(): void {
    this.generation++;
    this.loading = undefined;
    this.items.length = 0;
    this.iterator = undefined;
    this.done = false;
    this.lastError = undefined;
    this.unread = false;
  }

  /**
   * Shows `items` as the list's rows now (a write's answer applied to what
   * was loaded), until the list is read again; a read under way is dropped.
   */
  replace(items: readonly T[]): void {
    // Not read yet, or its read dropped: the rows are not at a place in the pages.
    if (this.loading || (!this.iterator && !this.done)) {
      this.iterator = undefined;
      this.done = false;
      this.unread = true;
    }
    this.generation++;
    this.loading = undefined;
    this.items.splice(0, this.items.length, ...items);
    this.lastError = undefined;
  }

  /**
   * Shows `read`'s rows and goes on from where it stopped: a list read anew
   * (after a write) in place of this one, its Load more and "+" its own.
   */
  replaceWith(read: PagedList<T>): void {
    this.generation++;
    this.loading = undefined;
    this.items.splice(0, this.items.length, ...read.items);
    this.iterator = read.iterator;
    this.done = read.done;
    this.lastError = read.lastError;
    this.unread = false;
  }

  private async pull(): Promise<void> {
    const generation = this.generation;
    this.lastError = undefined;
    const restart = this.unread;
    const iterator = (this.iterator ??= this.open()[Symbol.asyncIterator]());
    try {
      for (let n = 0; n < this.chunkSize; n++) {
        const next = await iterator.next();
        if (generation !== this.generation) return;
        if (restart && n === 0) {
          this.items.length = 0;
          this.unread = false;
        }
        if (next.done) {
          this.done = true;
          return;
        }
        this.items.push(next.value);
      }
    } catch (err) {
      if (generation !== this.generation) return;
      // The view shows the error with a retry, which starts from the first page.
      this.lastError = err;
      this.iterator = undefined;
      this.items.length = 0;
      this.unread = false;
    }
  }
}
