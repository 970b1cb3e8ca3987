// Registers the `repodesk-engagement` authentication provider. The lead wires
// it from src/extension.ts; features get their client from the handle.
import * as vscode from 'vscode';
import type { EngagementClient } from '../../../engagement';
import type { Logger } from '../../shared/log/outputLog';
import { EngagementAccount, ENGAGEMENT_SECRET_KEY } from './engagementAccount';
import { EngagementAuthProvider, ENGAGEMENT_AUTH_PROVIDER_ID, engagementServiceOffered } from './engagementAuthProvider';
import { errorText } from '../../shared/failure';
import { confirmDone } from '../../shared/confirmation';
import { givenAnswers } from '../../shared/commandArgs';
import type { EngagementSession } from '../../shared/session/engagementSession';

export interface EngagementAuthHandle {
  provider: EngagementAuthProvider;
  /** A client on the signed-in account (renewing its token silently), or undefined when signed out. */
  client(): Promise<EngagementClient | undefined>;
  /** The same, as the features that show cases see it (handed to them by the wiring root). */
  session: EngagementSession;
}

export function registerEngagementAuth(context: vscode.ExtensionContext, log: Logger): EngagementAuthHandle {
  const account = new EngagementAccount(context.secrets);
  const provider = new EngagementAuthProvider(account, log);
  context.subscriptions.push(
    provider,
    vscode.authentication.registerAuthenticationProvider(ENGAGEMENT_AUTH_PROVIDER_ID, 'RepoDesk Engagement', provider, { supportsMultipleAccounts: false }),
    context.secrets.onDidChange((e) => {
      if (e.key === ENGAGEMENT_SECRET_KEY) void provider.reload();
    }),
    // Credentials given as a plain object (a script, a test) skip the three input boxes.
    vscode.commands.registerCommand('repodesk.engagement.signIn', async (arg?: unknown) => {
      const given = givenAnswers<{ userName: string; apiKey: string; password: string }>(arg);
      try {
        const session = await (given ? provider.createSessionWith(given) : provider.createSession());
        confirmDone(vscode.l10n.t('Signed in to the engagement service as {0}.', session.account.label));
      } catch (err) {
        log.error('Engagement sign-in failed', err);
        void vscode.window.showErrorMessage(vscode.l10n.t('Sign-in to the engagement service failed: {0}', errorText(err)));
      }
    }),
    vscode.commands.registerCommand('repodesk.engagement.signOut', () => provider.removeSession()),
    // The session follows the engagement services of the settings.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('repodesk.engagement')) void provider.reload();
    }),
  );
  const client = () => account.client(engagementServiceOffered);
  const signIn = () => vscode.commands.executeCommand('repodesk.engagement.signIn');
  return { provider, client, session: { client, onDidChange: provider.onDidChangeSessions, signIn } };
}
