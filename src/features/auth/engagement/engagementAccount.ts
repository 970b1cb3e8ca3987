// The signed-in engagement account, kept only in SecretStorage: the service
// URL, user name, API key, password and the current access token. Plain
// TypeScript over a SecretStorage-like interface, so it is tested in Node.
import { EngagementClient, parseEngagementDate, type EngagementCredentials, type EngagementToken } from '../../../engagement';

/** The part of vscode.SecretStorage this needs. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

export const ENGAGEMENT_SECRET_KEY = 'repodesk.engagement.account';

interface StoredAccount extends EngagementCredentials {
  serviceUrl: string;
  token?: { accessToken: string; expires: string } | undefined;
}

export interface EngagementAccountInfo {
  serviceUrl: string;
  userName: string;
  accessToken: string;
}

/** Renew a little before the service would refuse the token. */
const RENEW_MARGIN_MS = 30_000;

export class EngagementAccount {
  constructor(
    private readonly secrets: SecretStore,
    /** The clock the token's expiry is compared with (tests move one on by hand). */
    private readonly now: () => number = Date.now,
  ) {}

  private async read(): Promise<StoredAccount | undefined> {
    const text = await this.secrets.get(ENGAGEMENT_SECRET_KEY);
    if (!text) return undefined;
    try {
      return JSON.parse(text) as StoredAccount;
    } catch {
      return undefined;
    }
  }

  private write(account: StoredAccount): PromiseLike<void> {
    return this.secrets.store(ENGAGEMENT_SECRET_KEY, JSON.stringify(account));
  }

  /** Checks the credentials against the service; keeps them (and the token) only when they work. */
  async signIn(serviceUrl: string, credentials: EngagementCredentials): Promise<EngagementAccountInfo> {
    const client = new EngagementClient({ baseUrl: serviceUrl, credentials });
    const token = await client.authenticate();
    await this.write({ serviceUrl, ...credentials, token: { accessToken: token.accessToken, expires: token.expires.text } });
    return { serviceUrl, userName: credentials.userName, accessToken: token.accessToken };
  }

  /** The account, with a token renewed silently when it has expired (or is about to); none when its service is not `offered`. */
  async current(offered?: (serviceUrl: string) => boolean): Promise<EngagementAccountInfo | undefined> {
    const account = await this.read();
    if (!account || (offered && !offered(account.serviceUrl))) return undefined;
    const expires = account.token ? parseEngagementDate(account.token.expires) : undefined;
    let accessToken = account.token?.accessToken;
    if (!accessToken || !expires || expires.instant.getTime() - RENEW_MARGIN_MS <= this.now()) {
      const client = await this.client();
      accessToken = (await client!.authenticate()).accessToken;
    }
    return { serviceUrl: account.serviceUrl, userName: account.userName, accessToken };
  }

  /** A client on the stored account (none when its service is not `offered`); every token it gets (renewals too) is kept for the next session. */
  async client(offered?: (serviceUrl: string) => boolean): Promise<EngagementClient | undefined> {
    const account = await this.read();
    if (!account || (offered && !offered(account.serviceUrl))) return undefined;
    const expires = account.token ? parseEngagementDate(account.token.expires) : undefined;
    const token: EngagementToken | undefined = account.token && expires ? { accessToken: account.token.accessToken, expires } : undefined;
    return new EngagementClient({
      baseUrl: account.serviceUrl,
      credentials: { userName: account.userName, apiKey: account.apiKey, password: account.password },
      token,
      onToken: async (t) => {
        const latest = await this.read();
        // Signed out meanwhile: don't bring the account back.
        if (latest && latest.userName === account.userName && latest.serviceUrl === account.serviceUrl) {
          await this.write({ ...latest, token: { accessToken: t.accessToken, expires: t.expires.text } });
        }
      },
    });
  }

  /** Forgets all of it: credentials and token. */
  async signOut(): Promise<void> {
    await this.secrets.delete(ENGAGEMENT_SECRET_KEY);
  }
}
