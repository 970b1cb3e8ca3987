// The signed-in hosting session and the one client every view and command
// shares: rebuilt when the session or the settings change, so that its ETag
// cache and rate-limit state live as long as the session does. RepoDesk owns
// the provider, so it reads its sessions directly rather than through
// `vscode.authentication` (which would prompt RepoDesk to consent to itself).
import * as vscode from 'vscode';
import { HostingClient, type RateLimitState } from '../../../hosting';
import type { Logger } from '../log/outputLog';
import { scopesCover } from '../../../util/scopes';
import { clientFromSettings, onDidChangeHostingSettings, readHostingSettings } from './settings';

/**
 * What the session needs of the sign-in provider (the auth feature's
 * `HostingAuthProvider` is one): the session sits below the features and
 * knows the provider only by this shape.
 */
export interface SessionSource {
  readonly onDidChangeSessions: vscode.Event<unknown>;
  getSessions(): Promise<readonly vscode.AuthenticationSession[]>;
  /** The service a session belongs to (its API URL and name); without it, every session is the first service's. */
  serviceOf?(sessionId: string): Promise<{ name: string; apiUrl: string } | undefined>;
  createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession>;
  /** A new session on the service named `serviceName`, without asking which service; `login` is offered as the user name. */
  createSessionOn?(serviceName: string, scopes: readonly string[], login?: string): Promise<vscode.AuthenticationSession>;
  createSessionWithMoreScopes(scopes: readonly string[], sessionId: string): Promise<vscode.AuthenticationSession>;
}

/** One signed-in account: its newest session, its service and its own client (tokens never cross accounts). */
export interface SignedInAccount {
  /** The account's id as the provider gives it: its service and user id (src/util/accountIds.ts). */
  readonly id: string;
  readonly label: string;
  /** The user's login on the service (the label without the service's name). */
  readonly login: string;
  readonly serviceName: string;
  readonly apiUrl: string;
  readonly session: vscode.AuthenticationSession;
  readonly client: HostingClient;
}

const ACCOUNT_KEY = 'repodesk.hosting.currentAccount';
/** The account chosen per repository (`owner/name` → account id): no secret, only ids. */
const CHOICES_KEY = 'repodesk.accounts.perRepository';
/** The account of the session last found (in any window; none after a sign-out): no secret, only an id. */
const SIGNED_IN_KEY = 'repodesk.hosting.signedInAccount';

export class HostingSession implements vscode.Disposable {
  private session: vscode.AuthenticationSession | undefined;
  private currentClient: HostingClient | undefined;
  private signedInAccounts: SignedInAccount[] = [];
  /** Each account's client's rate-limit changes (the tooltip lists them all) and refused token (markSignedOut). */
  private accountSubscriptions: { dispose(): void }[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly rateLimitChanged = new vscode.EventEmitter<RateLimitState>();
  private readonly accountsChanged = new vscode.EventEmitter<void>();
  private readonly accountsRateLimitChanged = new vscode.EventEmitter<void>();
  /** Fires when an account signs in or out, or its client is rebuilt. */
  readonly onDidChangeAccounts = this.accountsChanged.event;
  private readonly signedOut = new vscode.EventEmitter<string>();
  /**
   * Fires with an account's id once the user signed out of it (its last
   * session removed), after the accounts were updated: its features forget
   * what they keep for it (kept listings, pending reviews), nothing of the others.
   */
  readonly onDidSignOutAccount = this.signedOut.event;
  /** Fires when any account's rate limit changes (the status bar's tooltip lists them all). */
  readonly onDidChangeAnyRateLimit = this.accountsRateLimitChanged.event;
  private rateLimitSubscription: { dispose(): void } | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private pending: Promise<void> = Promise.resolve();
  /** The settings the current client was built with. */
  private clientSettings: string | undefined;
  private restored = false;
  /** Sessions whose token the service refused (markSignedOut). */
  private readonly refusedSessions = new Set<string>();
  /** What runs between a switch of the current client and the views' hearing of it (useAccount). */
  private alongside: (() => Promise<void>) | undefined;
  /** The client's background requests wait for this first (start-up: see holdBackgroundUntil). */
  private backgroundAfter: Promise<void> = Promise.resolve();
  /** Fires when the user signs in or out, switches account, or changes the service settings. */
  readonly onDidChange = this.changed.event;
  readonly onDidChangeRateLimit = this.rateLimitChanged.event;

  constructor(
    private readonly version: string,
    private readonly provider: SessionSource,
    private readonly state: vscode.Memento,
    private readonly log?: Logger,
  ) {
    this.disposables.push(
      this.signedOut,
      this.changed,
      this.rateLimitChanged,
      this.accountsChanged,
      this.accountsRateLimitChanged,
      provider.onDidChangeSessions((e) => void this.afterSessionsChange(e)),
      onDidChangeHostingSettings(() => void this.refresh()),
    );
  }

  get account(): vscode.AuthenticationSessionAccountInformation | undefined {
    return this.session?.account;
  }

  /**
   * The current account's user name on its service: its label without the
   * service's name (the label names it when several services are
   * configured), so that "my" comments, pull requests and gists are found.
   */
  get login(): string | undefined {
    const id = this.session?.account.id;
    return this.signedInAccounts.find((a) => a.id === id)?.login ?? this.session?.account.label;
  }

  /** Every signed-in account, in the provider's order; the current one among them. */
  get accounts(): readonly SignedInAccount[] {
    return this.signedInAccounts;
  }

  /** A change of the provider's sessions: the accounts again, then a sign-out event for each account whose last session went. */
  private async afterSessionsChange(e: unknown): Promise<void> {
    const removed = (e as { removed?: readonly { account?: { id?: unknown } }[] } | undefined)?.removed ?? [];
    const ids = [...new Set(removed.map((r) => r.account?.id).filter((id): id is string => typeof id === 'string'))];
    try {
      await this.refresh();
    } catch {
      return; // Sessions unknown: nothing is known to be signed out.
    }
    for (const id of ids) if (!this.signedInAccounts.some((a) => a.id === id)) this.signedOut.fire(id);
  }

  /**
   * Marks the account signed out: the service refused its token (401, a
   * token revoked there), to a read of any view or an action alike (each
   * account's client says so: updateAccounts). Its group then offers to sign
   * in; the other accounts are left as they are. Signing in again makes a
   * new session.
   */
  private markSignedOut(accountId: string): void {
    const account = this.signedInAccounts.find((a) => a.id === accountId);
    if (!account || this.refusedSessions.has(account.session.id)) return;
    this.refusedSessions.add(account.session.id);
    this.log?.warn(`${account.label}: the service refused the token (signed out)`);
    this.accountsChanged.fire();
  }

  /** Whether the service refused the account's token (markSignedOut). */
  isSignedOut(accountId: string): boolean {
    const account = this.signedInAccounts.find((a) => a.id === accountId);
    return account !== undefined && this.refusedSessions.has(account.session.id);
  }

  /** The client of the account `accountId`: an action on that account's rows uses only it. */
  clientFor(accountId: string): HostingClient | undefined {
    return this.signedInAccounts.find((a) => a.id === accountId)?.client;
  }

  /** The account the user last chose for the repository `owner/name`, if any. */
  rememberedAccountFor(repo: string): string | undefined {
    return this.state.get<Record<string, string>>(CHOICES_KEY, {})[repo];
  }

  /** Remembers the user's choice of account for the repository `owner/name`. */
  async rememberAccountFor(repo: string, accountId: string): Promise<void> {
    await this.state.update(CHOICES_KEY, { ...this.state.get<Record<string, string>>(CHOICES_KEY, {}), [repo]: accountId });
  }

  /**
   * Makes `accountId` the current account (the views and actions without an
   * account of their own use it). `alongside` runs once its client is the
   * current one and before the views hear of the change: a repository chosen
   * with its account is then never read with the account before.
   */
  async useAccount(accountId: string, alongside?: () => Promise<void>): Promise<void> {
    await this.state.update(ACCOUNT_KEY, accountId);
    this.alongside = alongside;
    try {
      await this.refresh();
    } finally {
      // The account was already the current one (or the refresh failed): it runs now.
      const rest = this.alongside;
      this.alongside = undefined;
      await rest?.();
    }
  }

  /** The scopes the current session was granted. */
  get scopes(): readonly string[] {
    return this.session?.scopes ?? [];
  }

  /**
   * Until the stored session has been read: the account that was signed in
   * when a session was last looked for (here or in another window), so that
   * views can draw what they kept for it meanwhile. Undefined after that, and
   * when nobody was signed in.
   */
  get expectedAccountId(): string | undefined {
    return this.restored ? undefined : this.state.get<string>(SIGNED_IN_KEY);
  }

  /**
   * The client's background requests (views' reads; never a user's action)
   * wait until `released` settles: at start-up, until the views have handed
   * VS Code the rows they kept, because the first request costs the extension
   * host a load of the system's certificates (VS Code's proxy support) and
   * the answers' parsing, which delayed those rows' paint.
   */
  holdBackgroundUntil(released: Promise<void>): void {
    this.backgroundAfter = released;
  }

  get signedIn(): boolean {
    return this.session !== undefined;
  }

  /** The client for the current session; undefined while signed out. */
  get client(): HostingClient | undefined {
    return this.currentClient;
  }

  /**
   * Looks for an existing session without prompting, and rebuilds the client
   * only when the session or the service settings really changed: a new
   * client starts with an empty ETag cache (every list costs rate limit
   * again) and makes every view read again. Calls run one after another, so
   * two at once (activation, a settings event) make one change.
   */
  refresh(): Promise<void> {
    const run = this.pending.then(() => this.update());
    this.pending = run.catch(() => undefined);
    return run;
  }

  private async update(): Promise<void> {
    // Every session of this server counts, also one whose user granted fewer
    // scopes than asked: the service then answers what those scopes allow.
    let sessions: readonly vscode.AuthenticationSession[];
    try {
      sessions = await this.provider.getSessions();
    } catch (err) {
      // Unknown, so not the expected account's either: views drop what they drew for it.
      if (this.expectedAccountId !== undefined) {
        this.restored = true;
        this.changed.fire();
      }
      // No session can be used: the views offer to sign in.
      await this.publishSignedIn();
      throw err;
    }
    const preferred = this.state.get<string>(ACCOUNT_KEY);
    // The newest session of the chosen account (a sign-in for more scopes adds one).
    const next = [...sessions].reverse().find((s) => s.account.id === preferred) ?? sessions[0];
    const settings = clientSettingsKey();
    await this.updateAccounts(sessions, next, settings);
    // Views that drew kept rows for an expected account hear of the session once it is known, whatever it is.
    const drewExpected = this.expectedAccountId !== undefined;
    this.restored = true;
    if (this.state.get<string>(SIGNED_IN_KEY) !== next?.account.id) void this.state.update(SIGNED_IN_KEY, next?.account.id);
    // A second service renames the accounts (their labels then name the service): a change too.
    const same =
      next?.id === this.session?.id &&
      next?.accessToken === this.session?.accessToken &&
      next?.account.id === this.session?.account.id &&
      next?.account.label === this.session?.account.label &&
      settings === this.clientSettings;
    if (same && !drewExpected) return;
    this.session = next;
    this.clientSettings = settings;
    if (!same)
      this.log?.info(next ? `Session: ${next.account.label} on ${JSON.parse(settings)[0]} (scopes: ${next.scopes.join(', ') || 'none'})` : 'Signed out');
    this.rebuildClient();
    const alongside = this.alongside;
    this.alongside = undefined;
    await alongside?.();
    // Views reset first: the context key switches their welcome content to
    // the tree, which asks for nodes at once; resetting after that would
    // build every view twice.
    this.changed.fire();
    await this.publishSignedIn();
  }

  /**
   * The context keys of the views' welcome text and title actions. Before the
   * stored session has been read neither is set, so a window that starts
   * (VS Code draws the views before RepoDesk activates) shows a signed-in
   * user no Sign In welcome: `repodesk.signedOut` is set only once no session
   * was found.
   */
  private async publishSignedIn(): Promise<void> {
    await Promise.all([
      vscode.commands.executeCommand('setContext', 'repodesk.signedIn', this.signedIn),
      vscode.commands.executeCommand('setContext', 'repodesk.signedOut', !this.signedIn),
    ]);
  }

  /**
   * Signs in (a new session, possibly another account) and makes it the
   * current one. `extraScopes` asks for more than the settings' scopes (and
   * keeps the current session's), for a change the service refused.
   */
  async signIn(extraScopes: readonly string[] = []): Promise<vscode.AuthenticationSession> {
    const scopes = [...new Set([...readHostingSettings().scopes, ...(extraScopes.length ? this.scopes : []), ...extraScopes])];
    const current = this.session;
    const created =
      extraScopes.length && current ? await this.provider.createSessionWithMoreScopes(scopes, current.id) : await this.provider.createSession(scopes);
    return this.afterSignIn(created, extraScopes);
  }

  /**
   * Signs in again the account `accountId` (its token was refused): on its
   * own service, without asking which, its login offered as the user name.
   */
  async signInAgain(accountId: string): Promise<vscode.AuthenticationSession> {
    const account = this.signedInAccounts.find((a) => a.id === accountId);
    if (!account || !this.provider.createSessionOn) return this.signIn();
    return this.afterSignIn(await this.provider.createSessionOn(account.serviceName, readHostingSettings().scopes, account.login), []);
  }

  /** The new session becomes the current one (a step-up that was not granted says which scopes are missing). */
  private async afterSignIn(created: vscode.AuthenticationSession, extraScopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const missing = extraScopes.filter((s) => !scopesCover(created.scopes, [s]));
    if (missing.length) {
      await this.state.update(ACCOUNT_KEY, created.account.id);
      await this.refresh();
      throw new Error(
        vscode.l10n.t(
          "The service granted {0}, not {1}. Revoke RepoDesk's access on the service's settings page, then sign in again.",
          created.scopes.join(', ') || vscode.l10n.t('no scopes'),
          missing.join(', '),
        ),
      );
    }
    await this.state.update(ACCOUNT_KEY, created.account.id);
    await this.refresh();
    return created;
  }

  dispose(): void {
    this.rateLimitSubscription?.dispose();
    for (const d of this.accountSubscriptions) d.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private rebuildClient(): void {
    this.rateLimitSubscription?.dispose();
    this.rateLimitSubscription = undefined;
    if (!this.session) {
      this.currentClient = undefined;
      return;
    }
    const id = this.session.id;
    // The current account's client is its entry's: one client (one ETag cache, one rate limit) per account.
    this.currentClient =
      this.signedInAccounts.find((a) => a.session.id === id)?.client ?? clientFromSettings(this.version, this.session.accessToken, () => this.backgroundAfter);
    this.rateLimitSubscription = this.currentClient.onDidChangeRateLimit((state) => this.rateLimitChanged.fire(state));
  }

  /**
   * One entry per account (its newest session), each with its own client on
   * its own service; an account whose session, token and settings did not
   * change keeps its client (and so its ETag cache and rate limit).
   */
  private async updateAccounts(
    sessions: readonly vscode.AuthenticationSession[],
    current: vscode.AuthenticationSession | undefined,
    settings: string,
  ): Promise<void> {
    const newest = new Map<string, vscode.AuthenticationSession>();
    for (const s of sessions) newest.set(s.account.id, s);
    // The current session is its account's even when an older one was chosen.
    if (current) newest.set(current.account.id, current);
    const before = this.signedInAccounts;
    const next: SignedInAccount[] = [];
    for (const session of newest.values()) {
      const service = this.provider.serviceOf ? await this.provider.serviceOf(session.id) : firstService();
      if (!service) continue;
      const kept = before.find((a) => a.session.id === session.id && a.session.accessToken === session.accessToken && a.apiUrl === service.apiUrl);
      const client =
        kept && settings === this.clientSettings
          ? kept.client
          : clientFromSettings(this.version, session.accessToken, () => this.backgroundAfter, service.apiUrl);
      const suffix = ` (${service.name})`;
      const login = session.account.label.endsWith(suffix) ? session.account.label.slice(0, -suffix.length) : session.account.label;
      next.push({ id: session.account.id, label: session.account.label, login, serviceName: service.name, apiUrl: service.apiUrl, session, client });
    }
    this.signedInAccounts = next;
    for (const d of this.accountSubscriptions) d.dispose();
    this.accountSubscriptions = next.flatMap((a) => [
      a.client.onDidChangeRateLimit(() => this.accountsRateLimitChanged.fire()),
      // One place sees every 401 to the account's token, whichever view or action read.
      a.client.onDidRefuseCredentials(() => this.markSignedOut(a.id)),
    ]);
    if (before.length !== next.length || before.some((a, i) => a !== next[i] && (a.id !== next[i]?.id || a.client !== next[i]?.client)))
      this.accountsChanged.fire();
  }
}

function firstService(): { name: string; apiUrl: string } {
  const { apiUrl } = readHostingSettings();
  return { name: apiUrl, apiUrl };
}

/** What the client is built from, besides the session: a change of these needs a new client. */
function clientSettingsKey(): string {
  const s = readHostingSettings();
  return JSON.stringify([s.apiUrl, s.webUrl, s.mediaTypeVendor]);
}
