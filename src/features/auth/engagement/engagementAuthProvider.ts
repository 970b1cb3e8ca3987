// The `repodesk-engagement` authentication provider: an account per
// engagement service of the settings, its user name, API key and password
// asked once and kept only in SecretStorage; a session's token is renewed
// silently when it expires.
import * as vscode from 'vscode';
import type { Logger } from '../../shared/log/outputLog';
import type { EngagementAccount, EngagementAccountInfo } from './engagementAccount';
import { errorText } from '../../shared/failure';
import { readEngagementServices } from '../../shared/session/settings';

export const ENGAGEMENT_AUTH_PROVIDER_ID = 'repodesk-engagement';
const DEFAULT_SERVICE_URL = 'http://127.0.0.1:7480';

/** The first engagement service of the settings (a client or sign-in asked for no service in particular). */
export function firstEngagementServiceUrl(): string {
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

  /** One session per configured engagement service signed in to. */
  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions = await Promise.all(readEngagementServices().services.map((s) => this.sessionOn(s.apiUrl)));
    return sessions.filter((s): s is vscode.AuthenticationSession => s !== undefined);
  }

  private async sessionOn(serviceUrl: string): Promise<vscode.AuthenticationSession | undefined> {
    try {
      const current = await this.account.current(serviceUrl);
      return current && sessionOf(current);
    } catch (err) {
      // Renewal failed (service down, credentials revoked): no usable session; the stored account stays for a later try.
      this.log.warn(`Engagement token renewal on ${serviceUrl} failed: ${errorText(err)}`);
      return undefined;
    }
  }

  /** Signs in to the only engagement service of the settings, or the one the user picks (VS Code's Accounts menu). */
  createSession(): Promise<vscode.AuthenticationSession> {
    return this.createSessionOn();
  }

  /** Signs in to the engagement service at `serviceUrl` (its user name, API key and password asked); without one, as createSession. */
  async createSessionOn(serviceUrl?: string): Promise<vscode.AuthenticationSession> {
    const target = serviceUrl ?? (await pickService());
    // The questions' code loads with the first sign-in, not at activation.
    const credentials = await (await import('./askCredentials.js')).askCredentials(target);
    if (!credentials) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
    return this.createSessionWith(credentials, target);
  }

  /** Signs in with credentials already known (the input boxes above, or a test), to `serviceUrl` (else the first engagement service). */
  async createSessionWith(
    credentials: { userName: string; apiKey: string; password: string },
    serviceUrl = firstEngagementServiceUrl(),
  ): Promise<vscode.AuthenticationSession> {
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to {0}…', serviceUrl) },
      () => this.account.signIn(serviceUrl, credentials),
    );
    this.log.info(`Signed in to the engagement service ${serviceUrl} as ${info.userName}`);
    const session = sessionOf(info);
    this.changed.fire({ added: [session], removed: [], changed: [] });
    return session;
  }

  /** Signs out of the session's service (its id starts with the service's URL); the other services' accounts stay. */
  async removeSession(sessionId: string): Promise<void> {
    const service = readEngagementServices().services.find((s) => sessionId.startsWith(`${s.apiUrl}#`));
    const serviceUrl = service?.apiUrl ?? sessionId.slice(0, Math.max(0, sessionId.lastIndexOf('#')));
    const current = await this.account.current(serviceUrl).catch(() => undefined);
    await this.account.signOut(serviceUrl);
    this.log.info(`Signed out of the engagement service ${serviceUrl}; its credentials are forgotten`);
    this.changed.fire({ added: [], removed: current ? [sessionOf(current)] : [], changed: [] });
  }

  /** Another window changed the stored account. */
  async reload(): Promise<void> {
    const sessions = await this.getSessions();
    this.changed.fire({ added: [], removed: [], changed: sessions });
  }
}

/** The engagement service sign-in goes to: the only one, or the one the user picks. */
async function pickService(): Promise<string> {
  const services = readEngagementServices().services;
  if (services.length < 2) return services[0]?.apiUrl ?? DEFAULT_SERVICE_URL;
  const picked = await vscode.window.showQuickPick(
    services.map((s) => ({ label: s.name, detail: s.apiUrl, url: s.apiUrl })),
    { title: vscode.l10n.t('Sign in to which engagement service?'), ignoreFocusOut: true },
  );
  if (!picked) throw new Error(vscode.l10n.t('Sign-in was cancelled.'));
  return picked.url;
}
