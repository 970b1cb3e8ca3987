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
    /** The service refused the account's token: the group offers to sign in instead of rows. */
    private readonly signedOut = false,
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
    item.contextValue = this.signedOut ? 'accountGroup:signedOut' : 'accountGroup';
    item.description = this.signedOut ? vscode.l10n.t('signed out') : this.current ? vscode.l10n.t('in use') : undefined;
    item.tooltip = vscode.l10n.t('{0} on {1} ({2})', this.account.login, this.account.serviceName, this.account.apiUrl);
    return item;
  }

  /** Starts reading the groups now rather than when VS Code asks (after it has drawn this row). */
  prefetch(): void {
    if (!this.signedOut) this.built ??= this.build();
  }

  /** The groups read again replace the ones drawn (the kept rows): `provider` draws this row's children anew. */
  replaceChildren(roots: RepoDeskNode[], provider: { update(node: RepoDeskNode): void }): void {
    this.built = Promise.resolve(roots);
    provider.update(this);
  }

  override async children(): Promise<RepoDeskNode[]> {
    if (this.signedOut) return adopt(this, [new SignInNode(this.account)]);
    this.built ??= this.build();
    return adopt(this, await this.built);
  }
}

/** The row of a signed-out account's group: signs in again, on that account's service (nothing asked about which). */
class SignInNode extends RepoDeskNode {
  constructor(private readonly account: SignedInAccount) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const title = vscode.l10n.t('Sign in to {0} again', this.account.serviceName);
    const item = new vscode.TreeItem(title, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('sign-in');
    item.contextValue = 'signIn';
    item.tooltip = vscode.l10n.t("{0} refused this account's token (revoked or expired).", this.account.serviceName);
    item.command = { command: 'repodesk.signIn', title, arguments: [this.account.id] };
    return item;
  }
}
