// An organization member's row (name, public or concealed, you). Loaded with
// the Members groups' first list (memberNodes.ts).
import * as vscode from 'vscode';
import { RepoDeskNode } from '../shared/tree/nodes';
import { OrganizationListNode } from '../shared/tree/organizationLists';
import type { MemberLists, MemberRow } from './memberNodes';

export class MemberNode extends RepoDeskNode {
  constructor(
    readonly row: MemberRow,
    readonly lists: MemberLists,
    readonly group: OrganizationListNode<MemberRow>,
    private readonly me: () => string | undefined,
  ) {
    super();
  }

  get login(): string {
    return this.row.user.login;
  }

  get isMe(): boolean {
    return this.login.toLowerCase() === this.me()?.toLowerCase();
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.login, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.group.id}/${this.login}`;
    item.description = [this.row.public ? vscode.l10n.t('public') : vscode.l10n.t('concealed'), this.isMe ? vscode.l10n.t('you') : undefined]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(this.row.public ? 'person' : 'eye-closed');
    item.tooltip = this.row.public
      ? vscode.l10n.t('{0} is a public member of {1}.', this.login, this.group.target.org)
      : vscode.l10n.t('{0} is a member of {1}; the membership is concealed (only members see it).', this.login, this.group.target.org);
    // orgMember:<self|other>:<public|concealed>
    item.contextValue = `orgMember:${this.isMe ? 'self' : 'other'}:${this.row.public ? 'public' : 'concealed'}`;
    return item;
  }
}
