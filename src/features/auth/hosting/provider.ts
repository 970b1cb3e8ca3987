// The `repodesk` authentication provider: sessions for the hosting service,
// created through the browser (OAuth web flow), a pasted token, or a user
// name and password, and kept only in SecretStorage.
import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import { scopesCover } from '../../../util/scopes';
import type { Logger } from '../../shared/log/outputLog';
import type { HostingAuthBackend, NewSession } from './backend';
import { SessionStore, type SignInMethod, type StoredSession } from './sessionStore';
import { errorText } from '../../shared/failure';

export const HOSTING_AUTH_PROVIDER_ID = 'repodesk';

export class HostingAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;

  constructor(
    private readonly store: SessionStore,
    private readonly backend: HostingAuthBackend,
    private readonly log: Logger,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const apiUrl = this.backend.apiUrl();
    const mine = (await this.store.all()).filter((s) => s.apiUrl === apiUrl);
    return mine.filter((s) => !scopes || scopesCover(s.scopes, scopes)).map(toVsSession);
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    return this.create(scopes);
  }

  /**
   * A new session with more scopes for the account of `sessionId`. The web
   * flow completes with the scopes approved before while the user holds a
   * valid token of the application (docs/service-api/hosting/oauth §2), so a
   * browser sign-in first signs that session out, which revokes its token.
   */
  async createSessionWithMoreScopes(scopes: readonly string[], sessionId: string): Promise<vscode.AuthenticationSession> {
    return this.create(scopes, async (method) => {
      const current = (await this.store.all()).find((s) => s.id === sessionId);
      if (method === 'browser' && current?.method === 'browser') await this.removeSession(current.id);
    });
  }

  private async create(scopes: readonly string[], beforeSignIn?: (method: SignInMethod) => Promise<void>): Promise<vscode.AuthenticationSession> {
    const method = await pickMethod(this.backend.hostLabel());
    if (!method) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
    await beforeSignIn?.(method);
    const created = await this.run(method, scopes);
    const stored: StoredSession = {
      id: randomUUID(),
      accessToken: created.accessToken,
      account: { id: String(created.userId), label: created.login },
      scopes: created.scopes,
      method: created.method,
      apiUrl: this.backend.apiUrl(),
      ...(created.authorizationId !== undefined ? { authorizationId: created.authorizationId } : {}),
      ...(created.clientId !== undefined ? { clientId: created.clientId } : {}),
      createdAt: new Date().toISOString(),
    };
    await this.store.add(stored);
    this.log.info(`Signed in to ${this.backend.hostLabel()} as ${created.login} (${method}; scopes: ${created.scopes.join(', ') || 'none'})`);
    const session = toVsSession(stored);
    this.changed.fire({ added: [session], removed: [], changed: [] });
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    const removed = await this.store.remove(sessionId);
    if (!removed) return;
    try {
      await this.backend.revoke(removed);
    } catch (err) {
      // The session is forgotten either way; the user is told the token may still be valid.
      this.log.warn(`Could not revoke the token of ${removed.account.label}: ${errorText(err)}`);
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Signed out of {0}, but the token could not be revoked: {1}', removed.account.label, errorText(err)),
      );
    }
    this.log.info(`Signed out ${removed.account.label}`);
    this.changed.fire({ added: [], removed: [toVsSession(removed)], changed: [] });
  }

  /** Re-reads SecretStorage after another window changed it. */
  async reload(): Promise<void> {
    this.store.invalidate();
    const sessions = (await this.store.all()).map(toVsSession);
    this.changed.fire({ added: [], removed: [], changed: sessions });
  }

  private async run(method: SignInMethod, scopes: readonly string[]): Promise<NewSession> {
    switch (method) {
      case 'browser':
        return vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to {0} in your browser…', this.backend.hostLabel()), cancellable: true },
          (_progress, token) => this.backend.browserSignIn(scopes, token),
        );
      case 'token': {
        const token = await vscode.window.showInputBox({
          title: vscode.l10n.t('Sign in with a token'),
          prompt: vscode.l10n.t('Paste a personal access token for {0}', this.backend.hostLabel()),
          password: true,
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The token cannot be empty.')),
        });
        if (!token) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
        return withSpinner(vscode.l10n.t('Checking the token…'), () => this.backend.tokenSignIn(token.trim()));
      }
      case 'password': {
        const login = await vscode.window.showInputBox({ title: vscode.l10n.t('Sign in with user name and password (1/2)'), prompt: vscode.l10n.t('User name on {0}', this.backend.hostLabel()), ignoreFocusOut: true });
        if (!login) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
        const password = await vscode.window.showInputBox({ title: vscode.l10n.t('Sign in with user name and password (2/2)'), prompt: vscode.l10n.t('Password of {0}', login), password: true, ignoreFocusOut: true });
        if (!password) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
        return withSpinner(vscode.l10n.t('Creating a token…'), () => this.backend.passwordSignIn(login.trim(), password, scopes));
      }
    }
  }
}

function toVsSession(s: StoredSession): vscode.AuthenticationSession {
  return { id: s.id, accessToken: s.accessToken, account: s.account, scopes: s.scopes };
}

function withSpinner<T>(title: string, fn: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, fn);
}

interface MethodItem extends vscode.QuickPickItem {
  method: SignInMethod;
}

async function pickMethod(host: string): Promise<SignInMethod | undefined> {
  const items: MethodItem[] = [
    { method: 'browser', label: `$(globe) ${vscode.l10n.t('Sign in with your browser')}`, detail: vscode.l10n.t('Approve RepoDesk on the service\'s page in your browser; recommended.') },
    { method: 'token', label: `$(key) ${vscode.l10n.t('Sign in with a token')}`, detail: vscode.l10n.t('Paste a personal access token.') },
    { method: 'password', label: `$(person) ${vscode.l10n.t('Sign in with user name and password')}`, detail: vscode.l10n.t('RepoDesk creates a token for itself and revokes it when you sign out.') },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Sign in to {0}', host), ignoreFocusOut: true });
  return picked?.method;
}
