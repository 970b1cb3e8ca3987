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
  createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession>;
  createSessionWithMoreScopes(scopes: readonly string[], sessionId: string): Promise<vscode.AuthenticationSession>;
}

const ACCOUNT_KEY = 'repodesk.hosting.currentAccount';
/** The account of the session last found (in any window; none after a sign-out): no secret, only an id. */
const SIGNED_IN_KEY = 'repodesk.hosting.signedInAccount';

export class HostingSession implements vscode.Disposable {
  private session: vscode.AuthenticationSession | undefined;
  private currentClient: HostingClient | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly rateLimitChanged = new vscode.EventEmitter<RateLimitState>();
  private rateLimitSubscription: { dispose(): void } | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private pending: Promise<void> = Promise.resolve();
  /** The settings the current client was built with. */
  private clientSettings: string | undefined;
  private restored = false;
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
      this.changed,
      this.rateLimitChanged,
      provider.onDidChangeSessions(() => void this.refresh()),
      onDidChangeHostingSettings(() => void this.refresh()),
    );
  }

  get account(): vscode.AuthenticationSessionAccountInformation | undefined {
    return this.session?.account;
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
    // Views that drew kept rows for an expected account hear of the session once it is known, whatever it is.
    const drewExpected = this.expectedAccountId !== undefined;
    this.restored = true;
    if (this.state.get<string>(SIGNED_IN_KEY) !== next?.account.id) void this.state.update(SIGNED_IN_KEY, next?.account.id);
    const same = next?.id === this.session?.id && next?.accessToken === this.session?.accessToken && settings === this.clientSettings;
    if (same && !drewExpected) return;
    this.session = next;
    this.clientSettings = settings;
    if (!same) this.log?.info(next ? `Session: ${next.account.label} on ${JSON.parse(settings)[0]} (scopes: ${next.scopes.join(', ') || 'none'})` : 'Signed out');
    this.rebuildClient();
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
    const created = extraScopes.length && current ? await this.provider.createSessionWithMoreScopes(scopes, current.id) : await this.provider.createSession(scopes);
    const missing = extraScopes.filter((s) => !scopesCover(created.scopes, [s]));
    if (missing.length) {
      await this.state.update(ACCOUNT_KEY, created.account.id);
      await this.refresh();
      throw new Error(vscode.l10n.t('The service granted {0}, not {1}. Revoke RepoDesk\'s access on the service\'s settings page, then sign in again.', created.scopes.join(', ') || vscode.l10n.t('no scopes'), missing.join(', ')));
    }
    await this.state.update(ACCOUNT_KEY, created.account.id);
    await this.refresh();
    return created;
  }

  dispose(): void {
    this.rateLimitSubscription?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private rebuildClient(): void {
    this.rateLimitSubscription?.dispose();
    this.rateLimitSubscription = undefined;
    if (!this.session) {
      this.currentClient = undefined;
      return;
    }
    this.currentClient = clientFromSettings(this.version, this.session.accessToken, () => this.backgroundAfter);
    this.rateLimitSubscription = this.currentClient.onDidChangeRateLimit((state) => this.rateLimitChanged.fire(state));
  }
}

/** What the client is built from, besides the session: a change of these needs a new client. */
function clientSettingsKey(): string {
  const s = readHostingSettings();
  return JSON.stringify([s.apiUrl, s.webUrl, s.mediaTypeVendor]);
}
