// The Downloads group under a repository node
// (docs/service-api/hosting/releases §7, deprecated) and a download row: name,
// size and download count.
import * as vscode from 'vscode';
import type { Download } from '../../hosting';
import { escapeMarkdown, formatSize } from '../../util/viewFormat';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

export function downloadsGroup(
  target: RepoTarget,
  baseId: string,
  onChanged: (node: RepoDeskNode) => void,
  refused: RefusedLists,
): RepositoryListNode<Download> {
  return new RepositoryListNode<Download>(target, refused, {
    id: `${baseId}/downloads`,
    label: vscode.l10n.t('Downloads'),
    icon: 'cloud-download',
    contextValue: 'downloads',
    onChanged,
    open: () => target.client.downloads.list(target.owner, target.repo, { priority: 'background' }),
    toNodes: (items, group) => items.map((d) => new DownloadNode(d, group)),
    emptyText: vscode.l10n.t('No downloads (releases replace them).'),
  });
}

function downloadCountText(n: number): string {
  return n === 1 ? vscode.l10n.t('1 download') : vscode.l10n.t('{0} downloads', n);
}

export class DownloadNode extends RepoDeskNode {
  constructor(
    readonly download: Download,
    readonly group: RepositoryListNode<Download>,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const d = this.download;
    const item = new vscode.TreeItem(d.name, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.group.id}/${d.id}`;
    item.description = `${formatSize(d.size)} · ${downloadCountText(d.download_count)}`;
    item.resourceUri = vscode.Uri.file(`/${d.name}`);
    item.iconPath = vscode.ThemeIcon.File;
    item.contextValue = 'download';
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const d = this.download;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(d.name)}** · ${escapeMarkdown(d.content_type)}\n\n`);
    tooltip.appendText(`${d.description ?? vscode.l10n.t('No description')}\n${formatSize(d.size)} · ${downloadCountText(d.download_count)}`);
    return tooltip;
  }
}
