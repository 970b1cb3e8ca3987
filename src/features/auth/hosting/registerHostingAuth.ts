// Registers the `repodesk` authentication provider and the sign-in commands.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import { HostingSession } from '../../shared/session/hostingSession';
import { readHostingSettings } from '../../shared/session/settings';
import { ClientSecretStore } from './clientSecret';
import { HostingAuthProvider, HOSTING_AUTH_PROVIDER_ID, SignInCancelled } from './provider';
import { SessionStore, SESSIONS_SECRET_KEY } from './sessionStore';
import { SignInBackend } from './signInBackend';
import { UriCallbacks } from './uriCallbacks';
import { errorText } from '../../shared/failure';

export interface HostingAuthHandle {
  provider: HostingAuthProvider;
  /** Replaces how the authorize page is opened (tests approve it over HTTP). */
  setBrowserOpener(open: ((url: string) => Promise<void>) | undefined): void;
}

export function registerHostingAuth(context: vscode.ExtensionContext, log: Logger): HostingAuthHandle & { session: HostingSession } {
  const secrets = new ClientSecretStore(context.secrets);
  const uriCallbacks = new UriCallbacks();
  let opener: ((url: string) => Promise<void>) | undefined;
  const backend = new SignInBackend({
    version: context.extension.packageJSON.version as string,
    secrets,
    uriCallbacks,
    openBrowser: async (url) => {
      if (opener) return opener(url);
      // As a string, which VS Code opens as given: a Uri's round trip decodes the query's %26 and %3D, and the
      // redirect_uri of the browser's callback page (its own query, `?vscode-reqid=…&vscode-scheme=…`) fell apart.
      const opened = await vscode.env.openExternal(url as unknown as vscode.Uri);
      if (!opened) throw new Error(vscode.l10n.t('The browser could not be opened.'));
    },
  });
  const provider = new HostingAuthProvider(new SessionStore(context.secrets), backend, log);
  const session = new HostingSession(context.extension.packageJSON.version as string, provider, context.globalState, log);
  context.subscriptions.push(
    provider,
    session,
    vscode.authentication.registerAuthenticationProvider(HOSTING_AUTH_PROVIDER_ID, readHostingSettings().authLabel, provider, {
      supportsMultipleAccounts: true,
    }),
    vscode.window.registerUriHandler(uriCallbacks),
    context.secrets.onDidChange((e) => {
      if (e.key === SESSIONS_SECRET_KEY) void provider.reload();
    }),
    // Another service list offers other sessions and names the accounts anew (VS Code's Accounts menu too).
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('repodesk.hosting.services') || e.affectsConfiguration('repodesk.hosting.apiUrl')) void provider.reload();
    }),
    // With an account's id (its group's Sign In row, its token refused): that account's service and login, nothing asked about them.
    vscode.commands.registerCommand('repodesk.signIn', async (accountId?: unknown) => {
      try {
        await (typeof accountId === 'string' ? session.signInAgain(accountId) : session.signIn());
      } catch (err) {
        if (err instanceof SignInCancelled) {
          log.info('Sign-in cancelled');
          return;
        }
        const message = errorText(err);
        log.error('Sign-in failed', err);
        void vscode.window.showErrorMessage(vscode.l10n.t('RepoDesk sign-in failed: {0}', message));
      }
    }),
    vscode.commands.registerCommand('repodesk.signOut', async () => {
      const sessions = await provider.getSessions();
      if (sessions.length === 0) {
        const first = backend.services()[0];
        void vscode.window.showInformationMessage(
          vscode.l10n.t('You are not signed in to {0}.', first ? backend.hostLabel(first) : readHostingSettings().authLabel),
        );
        return;
      }
      const pick =
        sessions.length === 1
          ? sessions[0]
          : (
              await vscode.window.showQuickPick(
                sessions.map((s) => ({ label: s.account.label, description: s.scopes.join(', '), session: s })),
                { title: vscode.l10n.t('Sign out of which account?') },
              )
            )?.session;
      if (pick) await provider.removeSession(pick.id);
    }),
    vscode.commands.registerCommand('repodesk.setOAuthClientSecret', async (clientIdArg?: string, secretArg?: string) => {
      const clientId = clientIdArg ?? readHostingSettings().oauthClientId;
      if (!clientId) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Set "repodesk.hosting.oauthClientId" first.'));
        return;
      }
      const secret =
        secretArg ??
        (await vscode.window.showInputBox({
          title: vscode.l10n.t('OAuth client secret'),
          prompt: vscode.l10n.t('Client secret of the OAuth application {0}; kept in the OS keychain only.', clientId),
          password: true,
          ignoreFocusOut: true,
          validateInput: (v) => (/^[0-9a-zA-Z]{40}$/.test(v.trim()) ? undefined : vscode.l10n.t('A client secret is 40 letters and digits.')),
        }));
      if (!secret) return;
      await secrets.set(clientId, secret.trim());
      log.info(`OAuth client secret stored for application ${clientId}`);
    }),
  );
  return { provider, session, setBrowserOpener: (open) => (opener = open) };
}
