// A list read when its node is expanded, under a repository node or an
// organization's group: the service's refusal (no admin rights, not a member)
// is remembered so a background refresh does not ask again, and the list can
// be read again after a change.
import { ForbiddenError, NotFoundError } from '../../../hosting';
import { errorText } from '../failure';
import { ErrorNode, type RepoDeskNode } from './nodes';
import { sameItems, type ListEdit } from '../../../util/listEdits';
import { PagedList } from '../../../util/pagedList';
import { PagedGroupNode, type PagedGroupOptions } from './treeBase';

/**
 * The list node last made for each tree id. A view redrawn or read again
 * (a background refresh, the kept rows replaced by the service's) makes new
 * nodes: a command run on a row drawn before holds an older one, and a
 * change shown only on it would reach no row on screen.
 */
const latest = new Map<string, WeakRef<TargetListNode<unknown, unknown>>>();

/**
 * Lists the service refused (404 or 403: no admin rights on the repository,
 * not a member of the team). The refusal is remembered, by the group's id,
 * until the user retries that node or refreshes the view themselves, so a
 * background refresh does not spend rate limit asking again: a list answers
 * 304 to a conditional request when unchanged, a refusal never does.
 */
export class RefusedLists {
  private readonly refused = new Map<string, unknown>();

  open<T>(key: string, open: () => AsyncIterable<T>): () => AsyncIterable<T> {
    return () => this.read(key, open);
  }

  forget(key: string): void {
    this.refused.delete(key);
  }

  clear(): void {
    this.refused.clear();
  }

  private async *read<T>(key: string, open: () => AsyncIterable<T>): AsyncIterable<T> {
    if (this.refused.has(key)) throw this.refused.get(key);
    try {
      yield* open();
    } catch (err) {
      if (err instanceof NotFoundError || err instanceof ForbiddenError) this.refused.set(key, err);
      throw err;
    }
  }
}

type GroupOptions<Target, T> = Omit<PagedGroupOptions<T>, 'toNodes'> & {
  toNodes: (items: readonly T[], group: TargetListNode<Target, T>) => RepoDeskNode[] | Promise<RepoDeskNode[]>;
};

/** A list of `target` (a repository, an organization) that can read itself again. */
export class TargetListNode<Target, T> extends PagedGroupNode<T> {
  constructor(
    readonly target: Target,
    readonly refused: RefusedLists,
    options: GroupOptions<Target, T>,
  ) {
    super({ ...options, open: refused.open(options.id, options.open), toNodes: (items, group) => options.toNodes(items, group as TargetListNode<Target, T>) });
    latest.set(options.id, new WeakRef(this as TargetListNode<unknown, unknown>));
  }

  /** This node and, when the view has made a newer one of the same list since, that one too. */
  private copies(): TargetListNode<Target, T>[] {
    const newer = latest.get(this.id)?.deref() as TargetListNode<Target, T> | undefined;
    return newer && newer !== this ? [this, newer] : [this];
  }

  /**
   * Shows a write's change at once, from its answer (on every node of this
   * list the view may be showing), then reads the list again to confirm it.
   */
  showChange(edit: ListEdit<T>): Promise<void> {
    const copies = this.copies();
    for (const node of copies) {
      node.revision++;
      node.list.replace(edit(node.list.loaded));
      node.options.onChanged(node);
    }
    return Promise.all(copies.map((node) => node.revalidate())).then(() => undefined);
  }

  private revision = 0;

  /** Reads the list into a new one and shows it when read: the rows shown stay meanwhile (and when the read fails, or a newer change came). */
  private async revalidate(): Promise<void> {
    const revision = ++this.revision;
    this.refused.forget(this.id);
    const fresh = new PagedList(this.options.open, this.options.chunkSize ?? 50);
    await fresh.ensureLoaded();
    if (fresh.error || revision !== this.revision) return;
    // Unchanged since the write's answer: not drawn again (a redraw under the mouse can swallow a click).
    const unchanged = sameItems(fresh.loaded, this.list.loaded) && fresh.hasMore === this.list.hasMore;
    // The read's paging too: a list not read before the write knows now whether it has more ("1+" and a Load more that read the row again).
    this.list.replaceWith(fresh);
    if (!unchanged) this.options.onChanged(this);
  }

  get id(): string {
    return this.options.id;
  }

  /** Reads the list again from the first page (asking the service even after a refusal), then redraws the group. */
  async reload(): Promise<void> {
    this.refused.forget(this.id);
    this.list.reset();
    await this.list.ensureLoaded();
    this.options.onChanged(this);
  }

  /** As PagedGroupNode's, but the error's retry asks the service again even after a refusal. */
  override async listNodes(): Promise<RepoDeskNode[]> {
    if (!this.list.error) return super.listNodes();
    return [
      new ErrorNode(errorText(this.list.error), () => {
        this.refused.forget(this.id);
        this.list.reset();
        this.options.onChanged(this);
      }),
    ];
  }
}
