// What the RepoDesk views share:
// a provider whose roots are built on demand (with progress in the view), a
// node drawn from a TreeItem factory, and a group whose children come from a
// paginated list with Load more and an error node with retry.
import * as vscode from 'vscode';
import { clickedRow, type ClickedView } from '../../../util/clickedRow';
import { sameItems, type ListEdit } from '../../../util/listEdits';
import { PagedList } from '../../../util/pagedList';
import { ageParts, formatExactDate } from '../../../util/viewFormat';
import { errorText } from '../failure';
import { ErrorNode, LoadMoreNode, MessageNode, RepoDeskNode } from './nodes';
import { groupReads, isUnreachable, nothingReadYet, offlineMark } from './offlineRows';

export class NodeTreeProvider implements vscode.TreeDataProvider<RepoDeskNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RepoDeskNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly provided = new vscode.EventEmitter<number>();
  /** How many roots VS Code was handed, each time it asked for them. */
  readonly onDidProvideRoots = this.provided.event;
  private readonly askedRoots = new vscode.EventEmitter<void>();
  /** VS Code asked for the roots (before they are built). */
  readonly onWillProvideRoots = this.askedRoots.event;
  private readonly providedChildren = new vscode.EventEmitter<RepoDeskNode>();
  /** A node's children were handed to VS Code (it asks for those of an expanded node once it has drawn the node). */
  readonly onDidProvideChildren = this.providedChildren.event;
  private roots: Promise<RepoDeskNode[]> | undefined;
  /** The list the roots are drawn from (pagedRoots), for a write to show its change in. */
  private rootList: RootList | undefined;
  private revision = 0;
  /** The view a row's click is read from (createNodeTreeView), and what each drawn row's click runs. */
  private view: vscode.TreeView<RepoDeskNode> | undefined;
  private readonly clicks = new WeakMap<RepoDeskNode, vscode.Command>();
  private readonly owned: vscode.Disposable[] = [];
  /** The roots last read, and when: shown, marked, while the service does not answer (offlineRoots). */
  private kept: { nodes: RepoDeskNode[]; at: number } | undefined;
  /** The roots being built are offline ones (offlineRoots was asked during the build). */
  private builtOffline = false;
  /** The view's message saying its rows are offline, while it does. */
  private offlineMessage: string | undefined;

  constructor(
    readonly viewId: string,
    private readonly build: (provider: NodeTreeProvider) => Promise<RepoDeskNode[]> | RepoDeskNode[],
  ) {}

  /**
   * Forgets every node; the next look re-reads (conditional requests make an unchanged list free).
   * `subjectChanged`: another account or repository, so the rows kept for an offline look (read
   * for the one before: its rows, its "own" comments) are forgotten too.
   */
  refresh(subjectChanged?: boolean): void {
    this.refreshes++;
    if (subjectChanged) this.kept = undefined;
    this.roots = undefined;
    this.rootList = undefined;
    this.changed.fire(undefined);
  }

  /** How many times the view was refreshed (laterRoots). */
  private refreshes = 0;

  /**
   * How to hand roots read now in later (the service's answer after rows
   * drawn at once): a no-op once the view was refreshed since, whose next
   * look reads anew (another repository, say). Else an answer that came
   * before VS Code asked again would stand in for that read.
   */
  laterRoots(): (roots: Promise<RepoDeskNode[]>) => void {
    const at = this.refreshes;
    return (roots) => {
      if (at === this.refreshes) this.replaceRoots(roots);
    };
  }

  /** New roots without re-reading (after Load more at the top level). */
  replaceRoots(roots: Promise<RepoDeskNode[]>): void {
    this.roots = roots;
    this.changed.fire(undefined);
  }

  /** pagedRoots hands the list its roots are drawn from. */
  holdRootList(root: RootList): void {
    this.rootList = root;
  }

  /**
   * A write's change shown at once in the view's list (from the write's
   * answer), then the list read again behind it and drawn when read (a
   * newer change, or a refresh, wins). A view not drawn yet is read again.
   */
  async showChange<T>(edit: ListEdit<T>): Promise<void> {
    const root = this.rootList as RootList<T> | undefined;
    if (!root) {
      this.refresh();
      return;
    }
    const revision = ++this.revision;
    root.list.replace(edit(root.list.loaded));
    this.replaceRoots(root.render());
    const fresh = new PagedList(root.open, 50);
    await fresh.ensureLoaded();
    if (fresh.error || revision !== this.revision || this.rootList !== root) return;
    // Unchanged since the write's answer: not drawn again (a redraw under the mouse can swallow a click).
    const unchanged = sameItems(fresh.loaded, root.list.loaded) && fresh.hasMore === root.list.hasMore;
    // The read's paging too (its Load more goes on from it, not from before the write).
    root.list.replaceWith(fresh);
    if (!unchanged) this.replaceRoots(root.render());
  }

  update(node: RepoDeskNode): void {
    this.changed.fire(node);
  }

  /** Draws every node again from what is loaded, without re-reading. */
  redraw(): void {
    this.changed.fire(undefined);
  }

  /**
   * A row's click goes through its view's argument-free command, which runs
   * the selected row's own command. VS Code keeps a command with arguments
   * under an id it makes for the drawn row and drops when the row is drawn
   * again, so a click that lands during a redraw (rows read in the
   * background, a count arriving) failed with "Actual command not found";
   * the click selects the row before its command runs, and an id without
   * arguments is never dropped.
   */
  getTreeItem(node: RepoDeskNode): vscode.TreeItem {
    const item = node.toTreeItem();
    const command = item.command;
    if (this.view && command?.arguments?.length) {
      this.clicks.set(node, command);
      item.command = { command: clickCommandOf(this.viewId), title: command.title, ...(command.tooltip ? { tooltip: command.tooltip } : {}) };
    }
    return item;
  }

  /** Selects a row as a click does (test seam). */
  async select(node: RepoDeskNode): Promise<void> {
    await this.view?.reveal(node, { select: true, focus: true });
  }

  /** Shows the provider in a view whose row clicks survive a redraw (getTreeItem). */
  attach(view: vscode.TreeView<RepoDeskNode>): void {
    this.view = view;
    // The rows as selected: a redraw between the click's selection and its
    // command leaves VS Code's selection empty until the rows are read again.
    let selected: readonly RepoDeskNode[] = [];
    this.owned.push(
      view.onDidChangeSelection((e) => {
        selected = e.selection;
      }),
      vscode.commands.registerCommand(clickCommandOf(this.viewId), async () => {
        // A click that landed while the rows were drawn again selects a row VS Code maps to no node
        // until the rows are handed to it: the click waits for them (never running another row's command),
        // and draws the view again if they do not come (clickedRow.ts).
        const node =
          view.selection[0] ??
          selected[0] ??
          (await clickedRow(
            this.clickedView(view, () => selected),
            CLICK_ROW_WAIT_MS,
          ));
        const command = node && (this.clicks.get(node) ?? node.toTreeItem().command);
        if (command) return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
        if (!node) lostClick?.(this.viewId);
        return undefined;
      }),
    );
  }

  /** The view as a click reads its row: its selection (else the last one it told), its rows handed, a redraw. */
  private clickedView(view: vscode.TreeView<RepoDeskNode>, selected: () => readonly RepoDeskNode[]): ClickedView<RepoDeskNode> {
    return {
      selection: () => (view.selection.length ? view.selection : selected()),
      onRowsHanded: (listener) => {
        const handed = [this.onDidProvideChildren(listener), this.onDidProvideRoots(listener)];
        return () => handed.forEach((d) => d.dispose());
      },
      onSelection: (listener) => {
        const changed = view.onDidChangeSelection((e) => listener(e.selection));
        return () => changed.dispose();
      },
      redraw: () => this.redraw(),
    };
  }

  /** VS Code asks on hover for the tooltip a row was handed without (RepoDeskNode.tooltip). */
  resolveTreeItem(item: vscode.TreeItem, node: RepoDeskNode): vscode.TreeItem {
    item.tooltip ??= node.tooltip();
    return item;
  }

  getParent(node: RepoDeskNode): RepoDeskNode | undefined {
    return node.parent;
  }

  /**
   * Starts reading the roots now rather than when VS Code asks: after a
   * session change the workbench may take a while to ask back (at start-up
   * it is busy), and the requests can be under way meanwhile.
   */
  prefetch(): void {
    void this.loadRoots();
  }

  async getChildren(node?: RepoDeskNode): Promise<RepoDeskNode[]> {
    if (node) {
      const kids = await withViewProgress(this.viewId, () => Promise.resolve(node.children()));
      this.providedChildren.fire(node);
      return kids;
    }
    this.askedRoots.fire();
    const roots = await this.loadRoots();
    this.provided.fire(roots.length);
    return roots;
  }

  private loadRoots(): Promise<RepoDeskNode[]> {
    this.roots ??= withViewProgress(this.viewId, async () => {
      this.builtOffline = false;
      let nodes: RepoDeskNode[];
      try {
        nodes = await this.build(this);
      } catch (err) {
        nodes = this.failedRoots(err);
      }
      // Fresh rows: kept for a later read that gets no answer, and the view's mark goes.
      if (!this.builtOffline) {
        if (!nodes.some((n) => n instanceof ErrorNode)) this.kept = { nodes, at: Date.now() };
        this.markOffline(undefined);
      }
      return nodes;
    });
    return this.roots;
  }

  /**
   * The roots to show when the view's read got no answer: those last read
   * (the view is marked "offline · read 5 min ago"), or one row saying that
   * nothing was read yet. No error row: the status bar says the service is
   * unreachable, once for every view.
   */
  offlineRoots(): RepoDeskNode[] {
    this.builtOffline = true;
    this.markOffline(this.kept?.at);
    return this.kept?.nodes ?? [nothingReadYet()];
  }

  /** The roots after a read of them failed: offlineRoots when the service did not answer, else the error with a retry. */
  failedRoots(err: unknown): RepoDeskNode[] {
    return isUnreachable(err) ? this.offlineRoots() : [new ErrorNode(errorText(err), () => this.refresh())];
  }

  /** The view's offline mark (its message), or undefined while its rows are fresh (test seam). */
  get offlineText(): string | undefined {
    return this.offlineMessage;
  }

  private markOffline(readAt: number | undefined): void {
    const text = readAt === undefined ? undefined : offlineMark(readAt, ageText);
    if (text === this.offlineMessage) return;
    this.offlineMessage = text;
    if (this.view) this.view.message = text;
  }

  dispose(): void {
    for (const d of this.owned) d.dispose();
    this.provided.dispose();
    this.askedRoots.dispose();
    this.providedChildren.dispose();
    this.changed.dispose();
  }
}

/** How long a click waits for its row to be known, then as long again once its view is drawn again. */
const CLICK_ROW_WAIT_MS = 3000;

let lostClick: ((viewId: string) => void) | undefined;

/** Told of a click whose row was not known, even once its view was drawn again: it opened nothing, and nothing on screen says why. */
export function onLostClick(listener: (viewId: string) => void): void {
  lostClick = listener;
}

/** The command a row's click runs in a view (NodeTreeProvider.getTreeItem). */
function clickCommandOf(viewId: string): string {
  return `${viewId}.click`;
}

/** A tree view of a NodeTreeProvider, its rows' clicks safe from redraws. */
export function createNodeTreeView(
  viewId: string,
  provider: NodeTreeProvider,
  options: Omit<vscode.TreeViewOptions<RepoDeskNode>, 'treeDataProvider'> = {},
): vscode.TreeView<RepoDeskNode> {
  const view = vscode.window.createTreeView(viewId, { ...options, treeDataProvider: provider });
  provider.attach(view);
  return view;
}

/** A view's read shows the view's progress bar only once it has taken this long. */
const PROGRESS_AFTER_MS = 150;

function withViewProgress<T>(viewId: string, task: () => Promise<T>): Promise<T> {
  const running = Promise.resolve().then(task);
  // A quick read (kept rows, a list already loaded) would only flash the bar,
  // and every bar is two messages to the workbench and a redraw while it is
  // busy drawing the rows.
  const timer = setTimeout(() => void vscode.window.withProgress({ location: { viewId } }, () => running.catch(() => undefined)), PROGRESS_AFTER_MS);
  return running.finally(() => clearTimeout(timer));
}

/** A node whose TreeItem and children are given as functions. */
export class ItemNode extends RepoDeskNode {
  constructor(
    private readonly item: () => vscode.TreeItem,
    private readonly kids?: () => Promise<RepoDeskNode[]> | RepoDeskNode[],
  ) {
    super();
  }
  toTreeItem(): vscode.TreeItem {
    return this.item();
  }
  override children(): Promise<RepoDeskNode[]> | RepoDeskNode[] {
    return this.kids ? this.kids() : [];
  }
}

export function adopt<T extends RepoDeskNode>(parent: RepoDeskNode, nodes: T[]): T[] {
  for (const n of nodes) n.parent = parent;
  return nodes;
}

export interface PagedGroupOptions<T> {
  id: string;
  label: string;
  icon?: string | undefined;
  open: () => AsyncIterable<T>;
  toNodes: (items: readonly T[], group: PagedGroupNode<T>) => RepoDeskNode[] | Promise<RepoDeskNode[]>;
  emptyText: string;
  onChanged: (node: RepoDeskNode) => void;
  expanded?: boolean;
  contextValue?: string;
  chunkSize?: number;
}

/** A group whose children come from a paginated list. */
export class PagedGroupNode<T> extends RepoDeskNode {
  readonly list: PagedList<T>;

  constructor(readonly options: PagedGroupOptions<T>) {
    super();
    this.list = new PagedList(options.open, options.chunkSize ?? 50);
  }

  toTreeItem(): vscode.TreeItem {
    const o = this.options;
    const item = new vscode.TreeItem(o.label, o.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = o.id;
    if (o.icon) item.iconPath = new vscode.ThemeIcon(o.icon);
    item.contextValue = o.contextValue ?? 'group';
    if (this.list.loaded.length > 0) item.description = `${this.list.loaded.length}${this.list.hasMore ? '+' : ''}`;
    if (this.offlineAt !== undefined) item.description = offlineMark(this.offlineAt, ageText);
    return item;
  }

  /** When the items shown offline were read (listNodes); undefined while they are fresh. */
  private offlineAt: number | undefined;
  /** How many items were last remembered for an offline look (groupReads). */
  private remembered = -1;

  override async children(): Promise<RepoDeskNode[]> {
    await this.list.ensureLoaded();
    if (!this.list.error && this.list.loaded.length !== this.remembered) {
      this.remembered = this.list.loaded.length;
      groupReads.remember(this.options.id, this.list.loaded);
    }
    return adopt(this, await this.listNodes());
  }

  /** The loaded items as nodes, then Load more; or the error with retry; or the empty text. */
  async listNodes(): Promise<RepoDeskNode[]> {
    if (this.list.error && isUnreachable(this.list.error)) return this.offlineNodes();
    if (this.list.error) {
      return [
        new ErrorNode(errorText(this.list.error), () => {
          this.list.reset();
          this.options.onChanged(this);
        }),
      ];
    }
    const nodes = [...(await this.options.toNodes(this.list.loaded, this))];
    if (nodes.length === 0) return [new MessageNode(this.options.emptyText)];
    if (this.list.hasMore) {
      nodes.push(
        new LoadMoreNode(async () => {
          await this.list.loadMore();
          this.options.onChanged(this);
        }),
      );
    }
    return nodes;
  }

  /** No answer from the service: the items this group last read, its row marked with their age; no error row. */
  private async offlineNodes(): Promise<RepoDeskNode[]> {
    const kept = groupReads.get(this.options.id);
    if (!kept) return [nothingReadYet()];
    const nodes = [...(await this.options.toNodes(kept.items as T[], this))];
    if (this.offlineAt === undefined) {
      this.offlineAt = kept.at;
      // The group's row again, now with its mark (its children are these again: the error stays until a refresh).
      setTimeout(() => this.options.onChanged(this), 0);
    }
    return nodes.length ? nodes : [new MessageNode(this.options.emptyText)];
  }
}

/** The list a view's roots are drawn from, and how they are drawn. */
export interface RootList<T = unknown> {
  list: PagedList<T>;
  open: () => AsyncIterable<T>;
  render: () => Promise<RepoDeskNode[]>;
}

/** The roots of a view as one paged list: Load more re-renders the whole view; a write shows its change in it (NodeTreeProvider.showChange). */
export async function pagedRoots<T>(
  provider: NodeTreeProvider,
  open: () => AsyncIterable<T>,
  toNodes: (items: readonly T[]) => RepoDeskNode[] | Promise<RepoDeskNode[]>,
  emptyText: string,
): Promise<RepoDeskNode[]> {
  const list = new PagedList(open, 50);
  await list.ensureLoaded();
  const render = async (): Promise<RepoDeskNode[]> => {
    if (list.error && isUnreachable(list.error)) return provider.offlineRoots();
    if (list.error) return [new ErrorNode(errorText(list.error), () => provider.refresh())];
    const nodes = [...(await toNodes(list.loaded))];
    if (nodes.length === 0) return [new MessageNode(emptyText)];
    if (list.hasMore) {
      nodes.push(
        new LoadMoreNode(async () => {
          await list.loadMore();
          current = render();
          provider.replaceRoots(current);
        }),
      );
    }
    return nodes;
  };
  let current = render();
  provider.holdRootList({ list, open, render: () => (current = render()) } as RootList<unknown>);
  return current;
}

/** How long ago, worded for the user ("5 min ago"); rows that show it give the exact date on hover (exactDate). */
export function ageText(iso: string): string {
  const { n, unit } = ageParts(iso);
  switch (unit) {
    case 'now':
      return vscode.l10n.t('just now');
    case 'min':
      return vscode.l10n.t('{0} min ago', n);
    case 'h':
      return vscode.l10n.t('{0} h ago', n);
    case 'd':
      return vscode.l10n.t('{0} d ago', n);
    case 'mo':
      return vscode.l10n.t('{0} mo ago', n);
    default:
      return vscode.l10n.t('{0} y ago', n);
  }
}

/** The exact date and time in the display language, for a hover. */
export function exactDate(iso: string): string {
  return formatExactDate(iso, vscode.env.language);
}
