// Sign in, sign out and the OAuth client secret, from the palette and the
// views. Loaded on first use (registerHostingAuth.ts registers them).
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import { HostingSession } from '../../shared/session/hostingSession';
import { readHostingSettings } from '../../shared/session/settings';
import { ClientSecretStore } from './clientSecret';
import { HostingAuthProvider, SignInCancelled } from './provider';
import { errorText } from '../../shared/failure';
import type { CommandHandler } from '../../shared/lazyCommands';
import type { HostingAuthCommandId } from './registerHostingAuth';
import type { HostingAuthBackend } from './backend';

export function hostingAuthCommands(
  provider: HostingAuthProvider,
  session: HostingSession,
  backend: HostingAuthBackend,
  secrets: ClientSecretStore,
  log: Logger,
): Record<HostingAuthCommandId, CommandHandler> {
  return {
    // With an account's id (its group's Sign In row, its token refused): that account's service and login, nothing asked about them.
    'repodesk.signIn': async (accountId?: unknown) => {
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
    },
    'repodesk.signOut': async () => {
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
    },
    'repodesk.setOAuthClientSecret': async (clientIdArg?: string, secretArg?: string) => {
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
    },
  };
}
