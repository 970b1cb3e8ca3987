// State of the web flow: page sessions (a cookie after login) and the
// temporary codes of step 1. Only SHA-256 hashes of both are stored.
import { randomBytes } from 'node:crypto';
import type { Db, Migration } from '../db';
import { sha256Hex } from '../hosting/conventions/secrets';

declare module '../options' {
  interface EmulatorOptions {
    /** Lifetime of an authorization code (default 10 minutes). */
    oauthCodeTtlMs?: number | undefined;
  }
}

export const CODE_TTL_MS = 10 * 60_000;
const SESSION_TTL_MS = 8 * 3600_000;
export const SESSION_COOKIE = 'repodesk_session';

export const oauthMigrations: Migration[] = [
  {
    id: 'oauth/001-sessions-and-codes',
    sql: `CREATE TABLE oauth_sessions (
      id_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      csrf_token TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE oauth_codes (
      code_hash TEXT PRIMARY KEY,
      app_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      scopes TEXT NOT NULL,
      redirect_uri TEXT,
      expires_at INTEGER NOT NULL
    );`,
  },
];

export interface Session {
  userId: number;
  csrfToken: string;
}

export interface CodeRow {
  code_hash: string;
  app_id: number;
  user_id: number;
  scopes: string;
  redirect_uri: string | null;
  expires_at: number;
}

export class OAuthStore {
  constructor(
    private readonly db: Db,
    private readonly codeTtlMs: number,
  ) {}

  /** A new page session; returns the cookie value (shown once, stored hashed). */
  createSession(userId: number): { id: string; csrfToken: string } {
    const id = randomBytes(32).toString('hex');
    const csrfToken = randomBytes(20).toString('hex');
    this.db.prepare('DELETE FROM oauth_sessions WHERE expires_at < ?').run(Date.now());
    this.db
      .prepare('INSERT INTO oauth_sessions (id_hash, user_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)')
      .run(sha256Hex(id), userId, csrfToken, Date.now() + SESSION_TTL_MS);
    return { id, csrfToken };
  }

  session(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const row = this.db.prepare('SELECT user_id, csrf_token FROM oauth_sessions WHERE id_hash = ? AND expires_at >= ?').get(sha256Hex(id), Date.now()) as
      { user_id: number; csrf_token: string } | undefined;
    return row && { userId: row.user_id, csrfToken: row.csrf_token };
  }

  /** A new single-use code for step 2. */
  issueCode(appId: number, userId: number, scopes: string[], redirectUri: string | undefined): string {
    const code = randomBytes(10).toString('hex');
    this.db.prepare('DELETE FROM oauth_codes WHERE expires_at < ?').run(Date.now());
    this.db
      .prepare('INSERT INTO oauth_codes (code_hash, app_id, user_id, scopes, redirect_uri, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(sha256Hex(code), appId, userId, JSON.stringify(scopes), redirectUri ?? null, Date.now() + this.codeTtlMs);
    return code;
  }

  /** The live code of this application, or undefined (unknown, used or expired). */
  findCode(code: string, appId: number): CodeRow | undefined {
    return this.db.prepare('SELECT * FROM oauth_codes WHERE code_hash = ? AND app_id = ? AND expires_at >= ?').get(sha256Hex(code), appId, Date.now()) as
      CodeRow | undefined;
  }

  /** Uses a code up; false when another request used it first. */
  consumeCode(codeHash: string): boolean {
    return this.db.prepare('DELETE FROM oauth_codes WHERE code_hash = ?').run(codeHash).changes === 1;
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
