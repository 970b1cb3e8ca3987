// The signed-in engagement accounts, one per engagement service, kept only in
// SecretStorage: the service URL, user name, API key, password and the
// current access token, one secret per service. Plain TypeScript over a
// SecretStorage-like interface, so it is tested in Node.
import { loadEngagementClient, parseEngagementDate, type EngagementClient, type EngagementCredentials, type EngagementToken } from '../../../engagement';

/** The part of vscode.SecretStorage this needs. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

/** What every engagement account's secret key starts with. */
export const ENGAGEMENT_SECRET_KEY = 'repodesk.engagement.account';

/** The secret of the account on the engagement service at `serviceUrl`. */
export function engagementSecretKey(serviceUrl: string): string {
  return `${ENGAGEMENT_SECRET_KEY}/${encodeURIComponent(trimUrl(serviceUrl))}`;
}

const trimUrl = (url: string) => url.replace(/\/+$/, '');

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
    /**
     * The client's module, loaded with the first request to an engagement
     * service, not at activation (unit tests hand it over: their TypeScript
     * loader reads modules through `require` only).
     */
    private readonly clientModule: () => Promise<{ EngagementClient: typeof EngagementClient }> = loadEngagementClient,
  ) {}

  /** The account of `serviceUrl`. */
  private async read(serviceUrl: string): Promise<StoredAccount | undefined> {
    return parse(await this.secrets.get(engagementSecretKey(serviceUrl)));
  }

  private async write(account: StoredAccount): Promise<void> {
    await this.secrets.store(engagementSecretKey(account.serviceUrl), JSON.stringify(account));
  }

  /** Checks the credentials against the service; keeps them (and the token) only when they work, beside the other services' accounts. */
  async signIn(serviceUrl: string, credentials: EngagementCredentials): Promise<EngagementAccountInfo> {
    const { EngagementClient } = await this.clientModule();
    const client = new EngagementClient({ baseUrl: serviceUrl, credentials });
    const token = await client.authenticate();
    await this.write({ serviceUrl, ...credentials, token: { accessToken: token.accessToken, expires: token.expires.text } });
    return { serviceUrl, userName: credentials.userName, accessToken: token.accessToken };
  }

  /** The account of `serviceUrl`, with a token renewed silently when it has expired (or is about to). */
  async current(serviceUrl: string): Promise<EngagementAccountInfo | undefined> {
    const account = await this.read(serviceUrl);
    if (!account) return undefined;
    const expires = account.token ? parseEngagementDate(account.token.expires) : undefined;
    let accessToken = account.token?.accessToken;
    if (!accessToken || !expires || expires.instant.getTime() - RENEW_MARGIN_MS <= this.now()) {
      const client = await this.client(serviceUrl);
      accessToken = (await client!.authenticate()).accessToken;
    }
    return { serviceUrl: account.serviceUrl, userName: account.userName, accessToken };
  }

  /** A client on the account of `serviceUrl`; every token it gets (renewals too) is kept for the next session. */
  async client(serviceUrl: string): Promise<EngagementClient | undefined> {
    const account = await this.read(serviceUrl);
    if (!account) return undefined;
    const expires = account.token ? parseEngagementDate(account.token.expires) : undefined;
    const token: EngagementToken | undefined = account.token && expires ? { accessToken: account.token.accessToken, expires } : undefined;
    const { EngagementClient } = await this.clientModule();
    return new EngagementClient({
      baseUrl: account.serviceUrl,
      credentials: { userName: account.userName, apiKey: account.apiKey, password: account.password },
      token,
      onToken: async (t) => {
        const latest = await this.read(account.serviceUrl);
        // Signed out meanwhile: don't bring the account back.
        if (latest && latest.userName === account.userName && latest.serviceUrl === account.serviceUrl) {
          await this.write({ ...latest, token: { accessToken: t.accessToken, expires: t.expires.text } });
        }
      },
    });
  }

  /** Forgets the account of `serviceUrl`: credentials and token (the other services' accounts stay). */
  async signOut(serviceUrl: string): Promise<void> {
    await this.secrets.delete(engagementSecretKey(serviceUrl));
  }
}

function parse(text: string | undefined): StoredAccount | undefined {
  if (!text) return undefined;
  try {
    const account = JSON.parse(text) as StoredAccount;
    return typeof account?.serviceUrl === 'string' ? account : undefined;
  } catch {
    return undefined;
  }
}
