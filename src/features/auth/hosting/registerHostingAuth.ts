// Registers the `repodesk` authentication provider and the sign-in commands.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import { HostingSession } from '../../shared/session/hostingSession';
import { readHostingSettings } from '../../shared/session/settings';
import { ClientSecretStore } from './clientSecret';
import { HostingAuthProvider, HOSTING_AUTH_PROVIDER_ID } from './provider';
import { SessionStore, SESSIONS_SECRET_KEY } from './sessionStore';
import { lazyBackend } from './lazyBackend';
import { UriCallbacks } from './uriCallbacks';
import { registerLazyCommands } from '../../shared/lazyCommands';
import { WindowFirstMemento } from '../../../util/windowFirstMemento';

const HOSTING_AUTH_COMMANDS = ['repodesk.signIn', 'repodesk.signOut', 'repodesk.setOAuthClientSecret'] as const;
export type HostingAuthCommandId = (typeof HOSTING_AUTH_COMMANDS)[number];

export interface HostingAuthHandle {
  provider: HostingAuthProvider;
  /** Replaces how the authorize page is opened (tests approve it over HTTP). */
  setBrowserOpener(open: ((url: string) => Promise<void>) | undefined): void;
}

export function registerHostingAuth(context: vscode.ExtensionContext, log: Logger): HostingAuthHandle & { session: HostingSession } {
  const secrets = new ClientSecretStore(context.secrets);
  const uriCallbacks = new UriCallbacks();
  let opener: ((url: string) => Promise<void>) | undefined;
  const backend = lazyBackend(async () => {
    const { SignInBackend } = await import('./signInBackend.js');
    return new SignInBackend({
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
  });
  const provider = new HostingAuthProvider(new SessionStore(context.secrets), backend, log);
  // The account in use and the choices per repository read back as this window wrote them (windowFirstMemento.ts says why).
  const session = new HostingSession(context.extension.packageJSON.version as string, provider, new WindowFirstMemento(context.globalState), log);
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
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, HOSTING_AUTH_COMMANDS, () =>
    import('./hostingAuthCommands.js').then((m) => m.hostingAuthCommands(provider, session, backend, secrets, log)),
  );

  return { provider, session, setBrowserOpener: (open) => (opener = open) };
}
