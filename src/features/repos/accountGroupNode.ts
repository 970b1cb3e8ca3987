// With several accounts signed in, the Repositories view's top rows: one per
// account ("service · login"), holding that account's groups, each read with
// that account's own client.
import * as vscode from 'vscode';
import { RepoDeskNode } from '../shared/tree/nodes';
import { adopt } from '../shared/tree/treeBase';
import type { SignedInAccount } from '../shared/session/hostingSession';

export class AccountGroupNode extends RepoDeskNode {
  private built: Promise<RepoDeskNode[]> | undefined;

  constructor(
    readonly account: SignedInAccount,
    /** The account's groups, built once per node (a refresh makes new nodes). */
    private readonly build: () => Promise<RepoDeskNode[]>,
    /** The account the views and actions without a row of their own use. */
    private readonly current: boolean,
  ) {
    super();
  }

  get id(): string {
    return `account:${this.account.id}`;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(`${this.account.serviceName} · ${this.account.login}`, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('account');
    item.contextValue = 'accountGroup';
    item.description = this.current ? vscode.l10n.t('in use') : undefined;
    item.tooltip = vscode.l10n.t('{0} on {1} ({2})', this.account.login, this.account.serviceName, this.account.apiUrl);
    return item;
  }

  override async children(): Promise<RepoDeskNode[]> {
    this.built ??= this.build();
    return adopt(this, await this.built);
  }
}
