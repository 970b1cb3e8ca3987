// The Labels group under a repository node and its label rows (color swatch).
import * as vscode from 'vscode';
import type { Label } from '../../hosting';
import { colorSwatchDataUri } from '../../util/viewFormat';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';

export function labelsGroup(target: RepoTarget, baseId: string, onChanged: (node: RepoDeskNode) => void, refused: RefusedLists): RepositoryListNode<Label> {
  return new RepositoryListNode<Label>(target, refused, {
    id: `${baseId}/labels`,
    label: vscode.l10n.t('Labels'),
    icon: 'tag',
    contextValue: 'labels',
    onChanged,
    open: () => target.client.labels.listForRepo(target.owner, target.repo, { priority: 'background' }),
    toNodes: (items, group) => [...items].sort((a, b) => a.name.localeCompare(b.name)).map((l) => new LabelNode(l, group)),
    emptyText: vscode.l10n.t('No labels yet.'),
  });
}

export class LabelNode extends RepoDeskNode {
  constructor(
    readonly label: Label,
    readonly group: RepositoryListNode<Label>,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const l = this.label;
    const item = new vscode.TreeItem(l.name, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.group.id}/${l.name}`;
    item.description = `#${l.color.toLowerCase()}`;
    item.iconPath = vscode.Uri.parse(colorSwatchDataUri(l.color));
    item.contextValue = 'label';
    item.accessibilityInformation = { label: vscode.l10n.t('Label {0}, color #{1}', l.name, l.color.toLowerCase()) };
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const l = this.label;
    return new vscode.MarkdownString().appendText(vscode.l10n.t('Label {0}, color #{1}', l.name, l.color.toLowerCase()));
  }
}
