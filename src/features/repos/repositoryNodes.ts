// Nodes of the Repositories view: groups (yours, each organization, all
// public; an organization's group shows its members after its repositories,
// from the organization providers the wiring root hands the view) and
// repositories. A repository node is collapsed by default; its
// children (labels, deploy keys, teams) come from the `childrenOf` function
// the view is built with (the providers the wiring root hands it).
import * as vscode from 'vscode';
import type { RepositoryMinimal, RepositorySummary } from '../../hosting';
import { PagedList } from '../../util/pagedList';
import { escapeMarkdown } from '../../util/viewFormat';
import { errorText } from '../shared/failure';
import { ErrorNode, LoadMoreNode, MessageNode, RepoDeskNode } from '../shared/tree/nodes';
import { isUnreachable, nothingReadYet } from '../shared/tree/offlineRows';

/** The nodes under a repository node; `onChanged` redraws one of them. */
export type RepositoryChildren = (node: RepositoryNode, onChanged: (node: RepoDeskNode) => void) => RepoDeskNode[] | Promise<RepoDeskNode[]>;

export class RepositoryNode extends RepoDeskNode {
  private kids: Promise<RepoDeskNode[]> | undefined;

  constructor(
    readonly repo: RepositorySummary | RepositoryMinimal,
    public active: boolean,
    /** The id of the group that lists it: the same repository may be listed in several groups, and tree ids are unique. */
    private readonly groupId: string,
    private readonly onChanged: (node: RepoDeskNode) => void,
    private readonly childrenOf: RepositoryChildren,
    /** Under its owner's own group the owner is said once, by the group: the label is the name alone. */
    private readonly underOwner = false,
  ) {
    super();
  }

  /** The tree id; its children's ids start with it. */
  get id(): string {
    return `${this.groupId}/repo:${this.repo.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const r = this.repo;
    const summary = 'stargazers_count' in r ? r : undefined;
    const item = new vscode.TreeItem(this.underOwner ? r.name : r.full_name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const parts = [
      r.private ? vscode.l10n.t('private') : undefined,
      r.fork ? vscode.l10n.t('fork') : undefined,
      summary?.language ?? undefined,
      summary ? `★ ${summary.stargazers_count}` : undefined,
    ].filter(Boolean);
    item.description = parts.join(' · ');
    item.iconPath = new vscode.ThemeIcon(r.private ? 'lock' : r.fork ? 'repo-forked' : 'repo', this.active ? new vscode.ThemeColor('charts.green') : undefined);
    item.contextValue = `repository${r.private ? ':private' : ''}${this.active ? ':active' : ''}`;
    item.command = { command: 'repodesk.repos.select', title: vscode.l10n.t('Select Repository'), arguments: [this] };
    item.accessibilityInformation = { label: [r.full_name, ...parts, this.active ? vscode.l10n.t('active') : undefined].filter(Boolean).join(', ') };
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const r = this.repo;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**${escapeMarkdown(r.full_name)}**${this.active ? ` — ${vscode.l10n.t('active')}` : ''}\n\n`);
    tooltip.appendText(r.description ?? vscode.l10n.t('No description'));
    return tooltip;
  }

  /** Read once per node (its lists keep what they loaded while the view redraws); errors show as an error node. */
  override children(): Promise<RepoDeskNode[]> {
    this.kids ??= (async () => {
      try {
        const nodes = await this.childrenOf(this, this.onChanged);
        for (const n of nodes) n.parent = this;
        return nodes;
      } catch (err) {
        this.kids = undefined;
        const node = isUnreachable(err) ? nothingReadYet() : new ErrorNode(errorText(err), () => this.onChanged(this));
        node.parent = this;
        return [node];
      }
    })();
    return this.kids;
  }
}

/** A group whose children come from a paginated list, with Load more and errors. */
export class RepositoryGroupNode extends RepoDeskNode {
  list: PagedList<RepositorySummary | RepositoryMinimal>;
  private readonly nodes = new Map<number, RepositoryNode>();
  private trailingNodes: RepoDeskNode[] | undefined;
  /**
   * Set while the group shows the last listing kept from an earlier session
   * (rows at once after a reload): its rows are marked as updating until the
   * service's answer replaces them; `more` says the service had more.
   */
  stale: { more: boolean } | undefined;

  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    open: () => AsyncIterable<RepositorySummary | RepositoryMinimal>,
    private readonly isActive: (r: RepositoryMinimal) => boolean,
    private readonly onChanged: (node: RepoDeskNode) => void,
    private readonly childrenOf: RepositoryChildren,
    private readonly emptyText: string,
    readonly contextValue = 'repositoryGroup',
    private readonly expanded = true,
    /** The organization of an organization's group. */
    readonly org?: string,
    /**
     * Nodes shown after the repositories (an organization's members), made once
     * per group node: the repositories come first, as users come for them.
     */
    private readonly trailing?: () => RepoDeskNode[],
  ) {
    super();
    this.list = new PagedList(open, 100);
  }

  /** Shows rows kept from an earlier session, marked as updating, until the service's answer replaces the group. */
  showKept(rows: readonly (RepositorySummary | RepositoryMinimal)[], more: boolean): void {
    // One chunk past the rows: the list knows it has them all.
    this.list = new PagedList(async function* () {
      yield* rows;
    }, rows.length + 1);
    this.stale = { more };
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, this.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = this.contextValue;
    const more = this.stale ? this.stale.more : this.list.hasMore;
    const count = this.list.loaded.length > 0 ? `${this.list.loaded.length}${more ? '+' : ''}` : undefined;
    item.description = this.stale ? [count, vscode.l10n.t('updating…')].filter(Boolean).join(' · ') : count;
    return item;
  }

  override async children(): Promise<RepoDeskNode[]> {
    // The same trailing nodes across redraws: what their lists loaded stays.
    this.trailingNodes ??= (this.trailing?.() ?? []).map((n) => this.adopt(n));
    const repositories = await this.repositoryNodes();
    // Load more stays the last row of the repositories it loads.
    return [...repositories, ...this.trailingNodes];
  }

  private async repositoryNodes(): Promise<RepoDeskNode[]> {
    await this.list.ensureLoaded();
    if (this.list.error) {
      const error = this.list.error;
      // Unreachable: read again (the list forgets its failure) once the service answers and the views refresh.
      if (isUnreachable(error)) {
        this.list.reset();
        return [this.adopt(nothingReadYet())];
      }
      return [
        this.adopt(
          new ErrorNode(errorText(error), () => {
            this.list.reset();
            this.onChanged(this);
          }),
        ),
      ];
    }
    // The same node for the same loaded repository across redraws (Load more,
    // a new active repository): what its children loaded stays.
    const known = new Map(this.nodes);
    this.nodes.clear();
    const nodes: RepoDeskNode[] = this.list.loaded.map((r) => {
      const previous = known.get(r.id);
      const underOwner = this.org !== undefined && r.owner.login.toLowerCase() === this.org.toLowerCase();
      const node = previous?.repo === r ? previous : this.adopt(new RepositoryNode(r, false, this.id, this.onChanged, this.childrenOf, underOwner));
      node.active = this.isActive(r);
      this.nodes.set(r.id, node);
      return node;
    });
    if (nodes.length === 0) return [this.adopt(new MessageNode(this.emptyText))];
    if (this.list.hasMore && !this.stale) {
      nodes.push(
        this.adopt(
          new LoadMoreNode(async () => {
            await this.list.loadMore();
            this.onChanged(this);
          }),
        ),
      );
    }
    return nodes;
  }

  private adopt<T extends RepoDeskNode>(node: T): T {
    node.parent = this;
    return node;
  }
}
