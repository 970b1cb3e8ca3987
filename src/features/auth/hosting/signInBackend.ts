// The real sign-in backend: the OAuth web flow (src/oauth) through a loopback
// receiver or VS Code's URI handler, a pasted token checked with GET /user,
// and password sign-in through POST /authorizations.
import * as vscode from 'vscode';
import { BadCredentialsError, HostingClient, LoginLockedOutError, resolveAddresses } from '../../../hosting';
import { clientFromSettings, readHostingSettings, type HostingService } from '../../shared/session/settings';
import type { HostingAuthBackend, NewSession } from './backend';
import type { ClientSecretStore } from './clientSecret';
import { CALLBACK_PATHS, type UriCallbacks } from './uriCallbacks';
import { backendHostLabel, backendServices } from './lazyBackend';
import { LOOPBACK_RECEIVER } from '../../../platform/host';

// The OAuth flows (a loopback HTTP receiver among them) load with the first sign-in, not at activation.
const oauth = () => import('../../../oauth/index.js');

export interface BackendDeps {
  version: string;
  secrets: ClientSecretStore;
  uriCallbacks: UriCallbacks;
  /** Opens the authorize page; `vscode.env.openExternal` unless a test replaces it. */
  openBrowser(url: string): Promise<void>;
}

export class SignInBackend implements HostingAuthBackend {
  /** The browser flow under way: a new sign-in replaces it (its callback port is needed again). */
  private pendingBrowserFlow: AbortController | undefined;

  constructor(private readonly deps: BackendDeps) {}

  services(): HostingService[] {
    return backendServices();
  }

  hostLabel(service: HostingService): string {
    return backendHostLabel(service);
  }

  async browserSignIn(service: HostingService, scopes: readonly string[], token: vscode.CancellationToken): Promise<NewSession> {
    const s = { ...readHostingSettings(), oauthClientId: service.oauthClientId };
    if (!s.oauthClientId) {
      throw new Error(
        vscode.l10n.t(
          'No OAuth application is configured for {0}: set its oauthClientId ("repodesk.hosting.services" or "repodesk.hosting.oauthClientId") and run "RepoDesk: Set OAuth Client Secret", or sign in with a token.',
          service.name,
        ),
      );
    }
    const clientSecret = await this.deps.secrets.get(s.oauthClientId);
    if (!clientSecret) {
      throw new Error(vscode.l10n.t('The OAuth client secret is not set: run "RepoDesk: Set OAuth Client Secret".'));
    }
    // Only the first service's web address can be set apart; the others' follow from their API URL.
    const webUrl = resolveAddresses(service.apiUrl, service.apiUrl === s.apiUrl ? s.webUrl : undefined).webUrl;
    this.pendingBrowserFlow?.abort();
    const abort = (this.pendingBrowserFlow = new AbortController());
    const cancel = token.onCancellationRequested(() => abort.abort());
    try {
      // In the browser (no loopback receiver) the redirect always comes back through the workbench and the UriHandler.
      const exchanged =
        !LOOPBACK_RECEIVER || s.oauthCallbackUrl.startsWith('vscode:') || s.oauthCallbackUrl.startsWith(`${vscode.env.uriScheme}:`)
          ? await this.viaUriHandler(webUrl, s.oauthClientId, clientSecret, scopes, abort.signal)
          : await (
              await oauth()
            ).signInWithBrowser({
              webUrl,
              clientId: s.oauthClientId,
              clientSecret,
              callbackUrl: s.oauthCallbackUrl,
              scopes,
              openBrowser: (url) => this.deps.openBrowser(url),
              userAgentVersion: this.deps.version,
              signal: abort.signal,
            });
      const who = await this.whoAmI(service.apiUrl, exchanged.accessToken);
      return { accessToken: exchanged.accessToken, login: who.login, userId: who.id, scopes: exchanged.scopes, method: 'browser', clientId: s.oauthClientId };
    } finally {
      cancel.dispose();
      if (this.pendingBrowserFlow === abort) this.pendingBrowserFlow = undefined;
    }
  }

  async tokenSignIn(service: HostingService, token: string): Promise<NewSession> {
    const { user, scopes } = await this.client(service.apiUrl, token).users.getAuthenticated();
    return { accessToken: token, login: user.login, userId: user.id, scopes, method: 'token' };
  }

  async passwordSignIn(service: HostingService, login: string, password: string, scopes: readonly string[]): Promise<NewSession> {
    const s = { oauthClientId: service.oauthClientId };
    const clientSecret = s.oauthClientId ? await this.deps.secrets.get(s.oauthClientId) : undefined;
    let created;
    try {
      // Bound to RepoDesk's application when it is configured, so that
      // sign-out can revoke it with the application's credentials.
      created = await this.client(service.apiUrl).authorizations.create(
        { username: login, password },
        { note: (await oauth()).tokenNote(), scopes: [...scopes], ...(clientSecret ? { client_id: s.oauthClientId, client_secret: clientSecret } : {}) },
      );
    } catch (err) {
      if (err instanceof BadCredentialsError) throw new Error(vscode.l10n.t('The user name or password is wrong ({0}).', err.message));
      if (err instanceof LoginLockedOutError)
        throw new Error(vscode.l10n.t('Sign-in is blocked for "{0}" after too many failed attempts: {1}', login, err.message));
      throw err;
    }
    const who = await this.whoAmI(service.apiUrl, created.token);
    return {
      accessToken: created.token,
      login: who.login,
      userId: who.id,
      scopes: created.scopes,
      method: 'password',
      authorizationId: created.id,
      ...(clientSecret ? { clientId: s.oauthClientId } : {}),
    };
  }

  async revoke(session: { accessToken: string; method: string; apiUrl: string; clientId?: string }): Promise<void> {
    if (session.method === 'token' || !session.clientId) return;
    const clientSecret = await this.deps.secrets.get(session.clientId);
    if (!clientSecret) throw new Error(vscode.l10n.t('the OAuth client secret is not set'));
    await this.client(session.apiUrl).authorizations.revokeToken({ clientId: session.clientId, clientSecret }, session.accessToken);
  }

  private async whoAmI(apiUrl: string, token: string) {
    return (await this.client(apiUrl, token).users.getAuthenticated()).user;
  }

  private client(apiUrl: string, token?: string): HostingClient {
    return clientFromSettings(this.deps.version, token, undefined, apiUrl);
  }

  /** The web flow with a `vscode:` callback: VS Code's URI handler receives the code. */
  private async viaUriHandler(webUrl: string, clientId: string, clientSecret: string, scopes: readonly string[], signal: AbortSignal) {
    const state = (await oauth()).createState();
    // In the browser: the workbench's callback page (`asExternalUri`), which hands the answer on to the UriHandler.
    const path = LOOPBACK_RECEIVER ? CALLBACK_PATHS.desktop : CALLBACK_PATHS.browser;
    const callback = await vscode.env.asExternalUri(vscode.Uri.parse(`${vscode.env.uriScheme}://repodesk.repodesk${path}`));
    const redirectUri = callback.toString(true);
    const pending = this.deps.uriCallbacks.waitFor(state, signal);
    await this.deps.openBrowser((await oauth()).buildAuthorizeUrl({ webUrl, clientId, redirectUri, scopes, state }));
    const code = await pending;
    return (await oauth()).exchangeCode({ webUrl, clientId, clientSecret, code, redirectUri, userAgentVersion: this.deps.version });
  }
}
