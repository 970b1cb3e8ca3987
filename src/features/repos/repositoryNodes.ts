// Nodes of the Repositories view: groups (yours, each organization, all
// public) and repositories.
import * as vscode from 'vscode';
import type { RepositoryMinimal, RepositorySummary } from '../../hosting';
import { PagedList } from '../../util/pagedList';
import { ErrorNode, LoadMoreNode, MessageNode, RepoDeskNode, errorText } from '../views/nodes';

export class RepositoryNode extends RepoDeskNode {
  constructor(readonly repo: RepositorySummary | RepositoryMinimal, private readonly active: boolean) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const r = this.repo;
    const summary = 'stargazers_count' in r ? r : undefined;
    const item = new vscode.TreeItem(r.full_name, vscode.TreeItemCollapsibleState.None);
    item.id = `repo:${r.id}`;
    const parts = [
      r.private ? vscode.l10n.t('private') : undefined,
      r.fork ? vscode.l10n.t('fork') : undefined,
      summary?.language ?? undefined,
      summary ? `★ ${summary.stargazers_count}` : undefined,
    ].filter(Boolean);
    item.description = parts.join(' · ');
    item.iconPath = new vscode.ThemeIcon(r.private ? 'lock' : r.fork ? 'repo-forked' : 'repo', this.active ? new vscode.ThemeColor('charts.green') : undefined);
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**${escape(r.full_name)}**${this.active ? ` — ${vscode.l10n.t('active')}` : ''}\n\n`);
    tooltip.appendText(r.description ?? vscode.l10n.t('No description'));
    item.tooltip = tooltip;
    item.contextValue = `repository${r.private ? ':private' : ''}${this.active ? ':active' : ''}`;
    item.command = { command: 'repodesk.repos.select', title: vscode.l10n.t('Select Repository'), arguments: [this] };
    item.accessibilityInformation = { label: `${r.full_name}, ${parts.join(', ')}` };
    return item;
  }
}

/** A group whose children come from a paginated list, with Load more and errors. */
export class RepositoryGroupNode extends RepoDeskNode {
  readonly list: PagedList<RepositorySummary | RepositoryMinimal>;

  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    open: () => AsyncIterable<RepositorySummary | RepositoryMinimal>,
    private readonly isActive: (r: RepositoryMinimal) => boolean,
    private readonly onChanged: (node: RepoDeskNode) => void,
    private readonly emptyText: string,
    readonly contextValue = 'repositoryGroup',
    private readonly expanded = true,
  ) {
    super();
    this.list = new PagedList(open, 100);
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, this.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = this.contextValue;
    if (this.list.loaded.length > 0) item.description = `${this.list.loaded.length}${this.list.hasMore ? '+' : ''}`;
    return item;
  }

  override async children(): Promise<RepoDeskNode[]> {
    await this.list.ensureLoaded();
    if (this.list.error) {
      return [this.adopt(new ErrorNode(errorText(this.list.error), () => {
        this.list.reset();
        this.onChanged(this);
      }))];
    }
    const nodes: RepoDeskNode[] = this.list.loaded.map((r) => this.adopt(new RepositoryNode(r, this.isActive(r))));
    if (nodes.length === 0) return [this.adopt(new MessageNode(this.emptyText))];
    if (this.list.hasMore) {
      nodes.push(this.adopt(new LoadMoreNode(async () => {
        await this.list.loadMore();
        this.onChanged(this);
      })));
    }
    return nodes;
  }

  private adopt<T extends RepoDeskNode>(node: T): T {
    node.parent = this;
    return node;
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
