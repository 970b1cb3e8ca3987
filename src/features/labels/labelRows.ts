// A label's row (name and colour). Loaded with the Labels group's first list
// (labelNodes.ts).
import * as vscode from 'vscode';
import type { Label } from '../../hosting';
import { colorSwatchDataUri } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RepositoryListNode } from '../shared/tree/repositoryLists';

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
