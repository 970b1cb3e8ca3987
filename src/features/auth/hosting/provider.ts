// The `repodesk` authentication provider: sessions for the hosting service,
// created through the browser (OAuth web flow), a pasted token, or a user
// name and password, and kept only in SecretStorage.
import * as vscode from 'vscode';
import { scopesCover } from '../../../util/scopes';
import type { Logger } from '../../shared/log/outputLog';
import type { HostingAuthBackend, NewSession } from './backend';
import { SessionStore, type SignInMethod, type StoredSession } from './sessionStore';
import { errorText } from '../../shared/failure';
import type { HostingService } from '../../shared/session/settings';
import { accountId } from '../../../util/accountIds';

export const HOSTING_AUTH_PROVIDER_ID = 'repodesk';

/** The user closed a sign-in question: nothing went wrong, so no error is shown for it. */
export class SignInCancelled extends Error {
  constructor() {
    super(vscode.l10n.t('Sign-in was cancelled.'));
  }
}

export class HostingAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** How many times the choice of sign-in method was on screen with a choice active (a test waits for it, as a person looks). */
  methodsShown = 0;

  constructor(
    private readonly store: SessionStore,
    private readonly backend: HostingAuthBackend,
    private readonly log: Logger,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  /**
   * Every session of every configured service, each with its account; a
   * session of a service no longer in the settings is kept but not offered.
   */
  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const services = this.backend.services();
    const mine = (await this.store.all()).filter((s) => services.some((svc) => svc.apiUrl === s.apiUrl));
    return mine.filter((s) => !scopes || scopesCover(s.scopes, scopes)).map((s) => this.toVsSession(s, services));
  }

  /** The service a session of getSessions belongs to. */
  async serviceOf(sessionId: string): Promise<HostingService | undefined> {
    const stored = (await this.store.all()).find((s) => s.id === sessionId);
    return stored && this.backend.services().find((svc) => svc.apiUrl === stored.apiUrl);
  }

  /** A new session: on the one service, or on the one the user picks when there are several. */
  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const service = await this.pickService();
    return this.create(service, scopes);
  }

  /** A new session on the service named `serviceName` (any case); `login` is offered as the user name (password sign-in). */
  async createSessionOn(serviceName: string, scopes: readonly string[], login?: string): Promise<vscode.AuthenticationSession> {
    const service = this.backend.services().find((s) => s.name.toLowerCase() === serviceName.toLowerCase());
    if (!service) throw new Error(vscode.l10n.t('No service named "{0}" is in "repodesk.hosting.services".', serviceName));
    return this.create(service, scopes, undefined, login);
  }

  /** A session from a personal access token on the service named `serviceName`, without asking anything (tests, scripts). */
  async signInWithToken(serviceName: string, token: string): Promise<vscode.AuthenticationSession> {
    const service = this.backend.services().find((s) => s.name.toLowerCase() === serviceName.toLowerCase());
    if (!service) throw new Error(vscode.l10n.t('No service named "{0}" is in "repodesk.hosting.services".', serviceName));
    return this.keep(service, await this.backend.tokenSignIn(service, token.trim()));
  }

  private async pickService(): Promise<HostingService> {
    const services = this.backend.services();
    if (services.length === 0)
      throw new Error(vscode.l10n.t('No hosting service is configured: check "repodesk.hosting.services" (the RepoDesk log says what is wrong).'));
    if (services.length === 1) return services[0]!;
    const picked = await vscode.window.showQuickPick(
      services.map((service) => ({ label: service.name, detail: service.apiUrl, service })),
      { title: vscode.l10n.t('Sign in to which service?'), ignoreFocusOut: true },
    );
    if (!picked) throw new SignInCancelled();
    return picked.service;
  }

  /**
   * The session as VS Code shows it: the account id holds the service (the
   * same user id can exist on two services) however many are configured, so
   * that what is kept under it stays when a service is added
   * (src/util/accountIds.ts); with several services the label names it.
   */
  private toVsSession(s: StoredSession, services: readonly HostingService[]): vscode.AuthenticationSession {
    const service = services.find((svc) => svc.apiUrl === s.apiUrl);
    const label = services.length < 2 || !service ? s.account.label : `${s.account.label} (${service.name})`;
    return { ...toVsSession(s), account: { id: accountId(s.apiUrl, s.account.id), label } };
  }

  /**
   * A new session with more scopes for the account of `sessionId`. The web
   * flow completes with the scopes approved before while the user holds a
   * valid token of the application (docs/service-api/hosting/oauth §2), so a
   * browser sign-in first signs that session out, which revokes its token.
   */
  async createSessionWithMoreScopes(scopes: readonly string[], sessionId: string): Promise<vscode.AuthenticationSession> {
    // The account that needs the scopes signs in again, on its own service.
    const service = (await this.serviceOf(sessionId)) ?? (await this.pickService());
    return this.create(service, scopes, async (method) => {
      const current = (await this.store.all()).find((s) => s.id === sessionId);
      if (method === 'browser' && current?.method === 'browser') await this.removeSession(current.id);
    });
  }

  private async create(
    service: HostingService,
    scopes: readonly string[],
    beforeSignIn?: (method: SignInMethod) => Promise<void>,
    login?: string,
  ): Promise<vscode.AuthenticationSession> {
    // The question's code loads with the first sign-in, not at activation.
    const method = await (await import('./pickMethod.js')).pickMethod(this.backend.hostLabel(service), () => this.methodsShown++);
    if (!method) throw new SignInCancelled();
    await beforeSignIn?.(method);
    return this.keep(service, await this.run(service, method, scopes, login));
  }

  private async keep(service: HostingService, created: NewSession): Promise<vscode.AuthenticationSession> {
    const method = created.method;
    const stored: StoredSession = {
      id: globalThis.crypto.randomUUID(),
      accessToken: created.accessToken,
      account: { id: String(created.userId), label: created.login },
      scopes: created.scopes,
      method: created.method,
      apiUrl: service.apiUrl,
      ...(created.authorizationId !== undefined ? { authorizationId: created.authorizationId } : {}),
      ...(created.clientId !== undefined ? { clientId: created.clientId } : {}),
      createdAt: new Date().toISOString(),
    };
    await this.store.add(stored);
    this.log.info(`Signed in to ${this.backend.hostLabel(service)} as ${created.login} (${method}; scopes: ${created.scopes.join(', ') || 'none'})`);
    const session = this.toVsSession(stored, this.backend.services());
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
      void vscode.window.showWarningMessage(vscode.l10n.t('Signed out of {0}, but the token could not be revoked: {1}', removed.account.label, errorText(err)));
    }
    this.log.info(`Signed out ${removed.account.label}`);
    this.changed.fire({ added: [], removed: [this.toVsSession(removed, this.backend.services())], changed: [] });
  }

  /** Re-reads SecretStorage after another window changed it. */
  async reload(): Promise<void> {
    this.store.invalidate();
    const services = this.backend.services();
    const sessions = (await this.store.all()).map((s) => this.toVsSession(s, services));
    this.changed.fire({ added: [], removed: [], changed: sessions });
  }

  private async run(service: HostingService, method: SignInMethod, scopes: readonly string[], knownLogin?: string): Promise<NewSession> {
    const host = this.backend.hostLabel(service);
    switch (method) {
      case 'browser':
        return vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to {0} in your browser…', host), cancellable: true },
          (_progress, token) => this.backend.browserSignIn(service, scopes, token),
        );
      case 'token': {
        const token = await vscode.window.showInputBox({
          title: vscode.l10n.t('Sign in with a token'),
          prompt: vscode.l10n.t('Paste a personal access token for {0}', host),
          password: true,
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The token cannot be empty.')),
        });
        if (!token) throw new SignInCancelled();
        return withSpinner(vscode.l10n.t('Checking the token…'), () => this.backend.tokenSignIn(service, token.trim()));
      }
      case 'password': {
        // The questions' code loads with the first such sign-in, not at activation.
        const answers = await (await import('./askPassword.js')).askLoginAndPassword(host, knownLogin);
        if (!answers) throw new SignInCancelled();
        return withSpinner(vscode.l10n.t('Creating a token…'), () => this.backend.passwordSignIn(service, answers.login, answers.password, scopes));
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
