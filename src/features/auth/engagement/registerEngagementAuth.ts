// Registers the `repodesk-engagement` authentication provider. The lead wires
// it from src/extension.ts; features get their client from the handle.
import * as vscode from 'vscode';
import type { EngagementClient } from '../../../engagement';
import type { Logger } from '../../shared/log/outputLog';
import { EngagementAccount, ENGAGEMENT_SECRET_KEY } from './engagementAccount';
import { EngagementAuthProvider, ENGAGEMENT_AUTH_PROVIDER_ID, engagementServiceOffered, firstEngagementServiceUrl } from './engagementAuthProvider';
import { errorText } from '../../shared/failure';
import { confirmDone } from '../../shared/confirmation';
import { givenAnswers } from '../../shared/commandArgs';
import type { EngagementSession } from '../../shared/session/engagementSession';

export interface EngagementAuthHandle {
  provider: EngagementAuthProvider;
  /** A client on the account signed in to the engagement service at `serviceUrl` (else the first), renewing its token silently; undefined when signed out. */
  client(serviceUrl?: string): Promise<EngagementClient | undefined>;
  /** The same, as the features that show cases see it (handed to them by the wiring root). */
  session: EngagementSession;
}

export function registerEngagementAuth(context: vscode.ExtensionContext, log: Logger): EngagementAuthHandle {
  const account = new EngagementAccount(context.secrets);
  const provider = new EngagementAuthProvider(account, log);
  context.subscriptions.push(
    provider,
    // One account per engagement service.
    vscode.authentication.registerAuthenticationProvider(ENGAGEMENT_AUTH_PROVIDER_ID, 'RepoDesk Engagement', provider, { supportsMultipleAccounts: true }),
    context.secrets.onDidChange((e) => {
      if (e.key.startsWith(ENGAGEMENT_SECRET_KEY)) void provider.reload();
    }),
    // Credentials given as a plain object (a script, a test) skip the three input boxes; a service URL alone (the
    // Insights panel's Sign In) asks them for that service.
    vscode.commands.registerCommand('repodesk.engagement.signIn', async (arg?: unknown) => {
      const given = givenAnswers<{ userName: string; apiKey: string; password: string; serviceUrl?: string }>(arg);
      const serviceUrl = typeof arg === 'string' ? arg : given?.serviceUrl;
      try {
        const session = await (given?.userName ? provider.createSessionWith(given, serviceUrl) : provider.createSessionOn(serviceUrl));
        confirmDone(vscode.l10n.t('Signed in to the engagement service as {0}.', session.account.label));
      } catch (err) {
        log.error('Engagement sign-in failed', err);
        void vscode.window.showErrorMessage(vscode.l10n.t('Sign-in to the engagement service failed: {0}', errorText(err)));
      }
    }),
    vscode.commands.registerCommand('repodesk.engagement.signOut', async () => {
      const sessions = await provider.getSessions();
      const pick =
        sessions.length < 2
          ? sessions[0]
          : (
              await vscode.window.showQuickPick(
                sessions.map((s) => ({ label: s.account.label, detail: s.id.slice(0, s.id.lastIndexOf('#')), session: s })),
                { title: vscode.l10n.t('Sign out of which engagement service?') },
              )
            )?.session;
      if (pick) await provider.removeSession(pick.id);
    }),
    // The session follows the engagement services of the settings.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('repodesk.engagement')) void provider.reload();
    }),
  );
  // An account of a service no longer in the settings is kept but not offered.
  const client = async (serviceUrl = firstEngagementServiceUrl()) => (engagementServiceOffered(serviceUrl) ? account.client(serviceUrl) : undefined);
  const signIn = (serviceUrl?: string) => vscode.commands.executeCommand('repodesk.engagement.signIn', serviceUrl);
  return { provider, client, session: { client, onDidChange: provider.onDidChangeSessions, signIn } };
}
