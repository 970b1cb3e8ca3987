// The Deploy Keys group under a repository node and its key rows (type and
// SHA256 fingerprint).
import * as vscode from 'vscode';
import type { DeployKey } from '../../hosting';
import { shortFingerprint, sshKeyInfo } from '../../util/sshKey';
import { escapeMarkdown } from '../../util/viewFormat';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

export function deployKeysGroup(
  target: RepoTarget,
  baseId: string,
  onChanged: (node: RepoDeskNode) => void,
  refused: RefusedLists,
): RepositoryListNode<DeployKey> {
  return new RepositoryListNode<DeployKey>(target, refused, {
    id: `${baseId}/deployKeys`,
    label: vscode.l10n.t('Deploy Keys'),
    icon: 'key',
    contextValue: 'deployKeys',
    onChanged,
    open: () => target.client.deployKeys.list(target.owner, target.repo, { priority: 'background' }),
    toNodes: (items, group) => items.map((k) => new DeployKeyNode(k, group)),
    emptyText: vscode.l10n.t('No deploy keys.'),
  });
}

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
