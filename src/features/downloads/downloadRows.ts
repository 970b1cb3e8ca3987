// A download's row (name, size, how often downloaded). Loaded with the
// Downloads group's first list (downloadNodes.ts).
import * as vscode from 'vscode';
import type { Download } from '../../hosting';
import { escapeMarkdown, formatSize } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RepositoryListNode } from '../shared/tree/repositoryLists';

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
