// API users and their access tokens. Secrets and tokens are stored only as
// SHA-256; a token is valid until its expiry.
import crypto from 'node:crypto';
import type { EngagementContext, EngagementUser } from './context';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Creates (or replaces the secrets of) an API user. */
export function putUser(ctx: EngagementContext, userName: string, apiKey: string, password: string): void {
  ctx.db
    .prepare(
      `INSERT INTO v2_users (user_name, api_key_sha256, password_sha256) VALUES (?, ?, ?)
       ON CONFLICT (user_name) DO UPDATE SET api_key_sha256 = excluded.api_key_sha256, password_sha256 = excluded.password_sha256`,
    )
    .run(userName, sha256(apiKey), sha256(password));
}

/** The user whose api key and password these are, or undefined (whichever of the three is wrong). */
export function checkCredentials(ctx: EngagementContext, userName: string, apiKey: string, password: string): { id: number } | undefined {
  const user = ctx.db.prepare('SELECT id, api_key_sha256, password_sha256 FROM v2_users WHERE user_name = ?').get(userName) as
    { id: number; api_key_sha256: string; password_sha256: string } | undefined;
  if (!user || user.api_key_sha256 !== sha256(apiKey) || user.password_sha256 !== sha256(password)) return undefined;
  return { id: user.id };
}

/** Stores a new token of the user valid until `expiresMs`, dropping the expired ones. */
export function storeToken(ctx: EngagementContext, userId: number, token: string, expiresMs: number): void {
  ctx.db.prepare('DELETE FROM v2_tokens WHERE expires_ms <= ?').run(ctx.now());
  ctx.db.prepare('INSERT INTO v2_tokens (token_sha256, user_id, expires_ms) VALUES (?, ?, ?)').run(sha256(token), userId, expiresMs);
}

/** The user of a token that has not expired. */
export function userOfToken(ctx: EngagementContext, token: string): EngagementUser | undefined {
  return ctx.db
    .prepare('SELECT u.id, u.user_name AS userName FROM v2_tokens t JOIN v2_users u ON u.id = t.user_id WHERE t.token_sha256 = ? AND t.expires_ms > ?')
    .get(sha256(token), ctx.now()) as EngagementUser | undefined;
}
