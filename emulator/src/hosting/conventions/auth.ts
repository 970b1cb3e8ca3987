// Authentication of v3 requests (docs/service-api/hosting/auth §1–§5): Basic
// with login and password, `Authorization: token`, `?access_token=`, and
// application credentials (`?client_id=&client_secret=`, or Basic with them).
import type { FastifyRequest } from 'fastify';
import { dataVersion, type Db } from '../../db';
import { ApiError, badCredentials } from './errors';
import type { ApplicationRow, AuthorizationRow } from '../authorizations/schema';
import type { UserRow } from '../accounts/schema';
import { hashPassword, newToken, safeEqual, sha256Hex, verifyPassword } from './secrets';

export type Auth =
  | { kind: 'anonymous' }
  /** Basic with login and password (or a signed-in OAuth page session): every scope. */
  | { kind: 'basic'; user: UserRow }
  | { kind: 'token'; user: UserRow; authorization: AuthorizationRow; scopes: string[] }
  /** Application credentials: no user, the application's rate limit. */
  | { kind: 'application'; application: ApplicationRow };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; `anonymous` until the v3 hooks ran. */
    auth: Auth;
  }
}

/** The authenticated user, or undefined for anonymous and application callers. */
export function currentUser(req: FastifyRequest): UserRow | undefined {
  return req.auth.kind === 'basic' || req.auth.kind === 'token' ? req.auth.user : undefined;
}

export const LOCKED_OUT_MESSAGE = 'Maximum number of login attempts exceeded. Please try again later.';

export interface AuthenticatorOptions {
  lockoutThreshold: number;
  lockoutWindowMs: number;
  /** The clock of the lockout window (the emulator's `clock` option; default `Date.now`). */
  now?: () => number;
  /** The password check (scrypt); tests hand in a spy to see which hash a login was compared against. */
  verify?: (password: string, hash: string) => boolean;
}

/** Entries of the per-pair password cache and of the token cache kept at most. */
const MAX_CACHED = 1000;

/**
 * What a password is compared against when the login is unknown (or has no
 * password): a real scrypt hash of a random value, so that a failed login
 * costs the same for an unknown account as for an existing one.
 */
export const DUMMY_PASSWORD_HASH = hashPassword(newToken());

/** The password that marks the login part of Basic as a token (`<token>:x-oauth-basic`). */
const TOKEN_BASIC_PASSWORD = 'x-oauth-basic';

export class Authenticator {
  private readonly failures = new Map<string, number[]>();
  /** sha256(login:password) → password hash it was checked against: scrypt once per pair. */
  private readonly verified = new Map<string, string>();
  /**
   * sha256(token) → what it resolved to, at a data version: a request with a
   * token reads the database only after something was written (a revoked
   * token or a changed user moves the version, so nothing stale is served).
   */
  private readonly tokens = new Map<string, { version: number; found: { authorization: AuthorizationRow; user: UserRow } | undefined }>();
  private readonly byLogin;
  private readonly byToken;
  private readonly appByClientId;

  constructor(
    private readonly db: Db,
    private readonly opts: AuthenticatorOptions,
  ) {
    this.byLogin = db.prepare<[string], UserRow>("SELECT * FROM users WHERE login = ? AND type = 'User'");
    this.byToken = db.prepare<[string], AuthorizationRow & { u_id: number }>('SELECT a.*, a.user_id AS u_id FROM authorizations a WHERE a.token_hash = ?');
    this.appByClientId = db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE client_id = ?');
  }

  /** Resolves the caller from the request's credentials; throws 401/403 for bad ones. */
  authenticate(req: FastifyRequest): Auth {
    const header = req.headers.authorization;
    const query = req.query as Record<string, unknown> | undefined;
    if (header) {
      const [scheme, ...rest] = header.trim().split(/\s+/);
      const value = rest.join(' ');
      const lower = scheme?.toLowerCase();
      if (lower === 'basic') return this.basic(value);
      if (lower === 'token' || lower === 'bearer') return this.token(value);
      throw badCredentials();
    }
    const accessToken = query?.access_token;
    if (typeof accessToken === 'string') return this.token(accessToken);
    const clientId = query?.client_id;
    const clientSecret = query?.client_secret;
    if (typeof clientId === 'string' && typeof clientSecret === 'string') {
      const app = this.application(clientId, clientSecret);
      if (!app) throw badCredentials();
      return { kind: 'application', application: app };
    }
    return { kind: 'anonymous' };
  }

  /** The application with these credentials, or undefined. */
  application(clientId: string, clientSecret: string): ApplicationRow | undefined {
    const app = this.appByClientId.get(clientId);
    if (!app || !safeEqual(app.client_secret_hash, sha256Hex(clientSecret))) return undefined;
    return app;
  }

  /** The authorization of a token value, with its user, or undefined. */
  lookupToken(token: string): { authorization: AuthorizationRow; user: UserRow } | undefined {
    const hash = sha256Hex(token);
    const version = dataVersion(this.db);
    const cached = this.tokens.get(hash);
    if (cached && cached.version === version) return cached.found;
    const authorization = this.byToken.get(hash);
    const user = authorization && this.db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(authorization.user_id);
    const found = authorization && user ? { authorization, user } : undefined;
    if (this.tokens.size >= MAX_CACHED) this.tokens.clear();
    this.tokens.set(hash, { version, found });
    return found;
  }

  isLockedOut(login: string): boolean {
    const now = this.now();
    const recent = (this.failures.get(login.toLowerCase()) ?? []).filter((t) => now - t < this.opts.lockoutWindowMs);
    return recent.length >= this.opts.lockoutThreshold;
  }

  /** Logins with failures still inside the window (tests: expired ones do not pile up). */
  get failureCount(): number {
    return this.failures.size;
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private recordFailure(login: string): void {
    const key = login.toLowerCase();
    const now = this.now();
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.opts.lockoutWindowMs);
    // Only the failures that can still count are kept: threshold many.
    recent.push(now);
    if (recent.length > this.opts.lockoutThreshold) recent.splice(0, recent.length - this.opts.lockoutThreshold);
    // Re-inserted last, so the map is in order of the latest failure: expired logins are at the front.
    this.failures.delete(key);
    this.failures.set(key, recent);
    for (const [oldKey, times] of this.failures) {
      if (now - times[times.length - 1]! < this.opts.lockoutWindowMs) break;
      this.failures.delete(oldKey);
    }
  }

  private token(value: string): Auth {
    const found = value ? this.lookupToken(value) : undefined;
    if (!found) throw badCredentials();
    return this.tokenAuth(found);
  }

  private basic(encoded: string): Auth {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw badCredentials();
    const login = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    // Basic with an application's client id and secret (the /applications endpoints).
    if (/^[0-9a-f]{20}$/.test(login)) {
      const app = this.application(login, password);
      if (app) return { kind: 'application', application: app };
    }
    // A token in either position (as the real service accepts, beyond the
    // spec's table): `<token>:x-oauth-basic`, or `<login>:<token>` with the
    // token of that login. Like a token in its own header, it works during a
    // lockout of the account's password.
    if (password === TOKEN_BASIC_PASSWORD && login) {
      const found = this.lookupToken(login);
      if (found) return this.tokenAuth(found);
    }
    const user = this.byLogin.get(login);
    if (user && password) {
      const found = this.lookupToken(password);
      if (found && found.user.id === user.id) return this.tokenAuth(found);
    }
    if (this.isLockedOut(login)) throw new ApiError(403, LOCKED_OUT_MESSAGE, undefined, '/v3');
    const key = sha256Hex(`${login.toLowerCase()}:${password}`);
    if (user && user.password_hash && this.verified.get(key) === user.password_hash) return { kind: 'basic', user };
    // Always one scrypt comparison, against a dummy hash when there is no account to compare with.
    const hash = user?.password_hash ?? DUMMY_PASSWORD_HASH;
    const verify = this.opts.verify ?? verifyPassword;
    if (verify(password, hash) && user && hash !== DUMMY_PASSWORD_HASH) {
      if (this.verified.size >= MAX_CACHED) this.verified.clear();
      this.verified.set(key, hash);
      return { kind: 'basic', user };
    }
    this.recordFailure(login);
    throw badCredentials();
  }

  private tokenAuth(found: { authorization: AuthorizationRow; user: UserRow }): Auth {
    return { kind: 'token', user: found.user, authorization: found.authorization, scopes: JSON.parse(found.authorization.scopes) as string[] };
  }
}
