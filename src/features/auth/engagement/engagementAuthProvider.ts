// The `repodesk-engagement` authentication provider: user name, API key and
// password asked once, kept only in SecretStorage; the session's token is
// renewed silently when it expires.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import type { EngagementAccount, EngagementAccountInfo } from './engagementAccount';
import { errorText } from '../../shared/failure';
import { readEngagementServices } from '../../shared/session/settings';

export const ENGAGEMENT_AUTH_PROVIDER_ID = 'repodesk-engagement';
const DEFAULT_SERVICE_URL = 'http://127.0.0.1:7480';

/** Where sign-in goes: the first engagement service of the settings. */
function engagementServiceUrl(): string {
  return readEngagementServices().services[0]?.apiUrl ?? DEFAULT_SERVICE_URL;
}

/** Whether `serviceUrl` is a configured engagement service: an account of another is kept but not offered (as the hosting sessions). */
export function engagementServiceOffered(serviceUrl: string): boolean {
  return readEngagementServices().services.some((s) => s.apiUrl === serviceUrl.replace(/\/+$/, ''));
}

const sessionOf = (a: EngagementAccountInfo): vscode.AuthenticationSession => ({
  id: `${a.serviceUrl}#${a.userName}`,
  accessToken: a.accessToken,
  account: { id: a.userName, label: a.userName },
  scopes: [],
});

export class EngagementAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;

  constructor(
    private readonly account: EngagementAccount,
    private readonly log: Logger,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    try {
      const current = await this.account.current(engagementServiceOffered);
      return current ? [sessionOf(current)] : [];
    } catch (err) {
      // Renewal failed (service down, credentials revoked): no usable session; the stored account stays for a later try.
      this.log.warn(`Engagement token renewal failed: ${errorText(err)}`);
      return [];
    }
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const serviceUrl = engagementServiceUrl();
    const ask = (step: number, prompt: string, password: boolean) =>
      vscode.window.showInputBox({
        title: vscode.l10n.t('Sign in to the engagement service ({0}/3)', step),
        prompt,
        password,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('This cannot be empty.')),
      });
    const userName = await ask(1, vscode.l10n.t('User name on {0}', serviceUrl), false);
    const apiKey = userName && (await ask(2, vscode.l10n.t('API key of {0}', userName), true));
    const password = apiKey && (await ask(3, vscode.l10n.t('Password of {0}', userName!), true));
    if (!userName || !apiKey || !password) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
    return this.createSessionWith({ userName: userName.trim(), apiKey: apiKey.trim(), password });
  }

  /** Signs in with credentials already known (the input boxes above, or a test). */
  async createSessionWith(credentials: { userName: string; apiKey: string; password: string }): Promise<vscode.AuthenticationSession> {
    const serviceUrl = engagementServiceUrl();
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to {0}…', serviceUrl) },
      () => this.account.signIn(serviceUrl, credentials),
    );
    this.log.info(`Signed in to the engagement service ${serviceUrl} as ${info.userName}`);
    const session = sessionOf(info);
    this.changed.fire({ added: [session], removed: [], changed: [] });
    return session;
  }

  async removeSession(): Promise<void> {
    const current = await this.account.current().catch(() => undefined);
    await this.account.signOut();
    this.log.info('Signed out of the engagement service; its credentials are forgotten');
    if (current) this.changed.fire({ added: [], removed: [sessionOf(current)], changed: [] });
  }

  /** Another window changed the stored account. */
  async reload(): Promise<void> {
    const sessions = await this.getSessions();
    this.changed.fire({ added: [], removed: [], changed: sessions });
  }
}
