// A deploy key's row (title, kind and fingerprint, read-only or not). Loaded
// with the Deploy Keys group's first list (deployKeyNodes.ts).
import * as vscode from 'vscode';
import type { DeployKey } from '../../hosting';
import { shortFingerprint, sshKeyInfo } from '../../util/sshKey';
import { escapeMarkdown } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RepositoryListNode } from '../shared/tree/repositoryLists';

export class DeployKeyNode extends RepoDeskNode {
  constructor(
    readonly key: DeployKey,
    readonly group: RepositoryListNode<DeployKey>,
  ) {
    super();
  }

  get title(): string {
    return this.key.title ?? vscode.l10n.t('untitled');
  }

  toTreeItem(): vscode.TreeItem {
    const k = this.key;
    const info = sshKeyInfo(k.key);
    const item = new vscode.TreeItem(this.title, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.group.id}/${k.id}`;
    item.description = info ? `${info.type} ${shortFingerprint(info.fingerprint)}` : `${k.key.slice(0, 24)}…`;
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = 'deployKey';
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const k = this.key;
    const info = sshKeyInfo(k.key);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(this.title)}**\n\n`);
    if (info) tooltip.appendText(`${info.type}\n${info.fingerprint}${info.comment ? `\n${info.comment}` : ''}`);
    else tooltip.appendText(k.key);
    return tooltip;
  }
}
