// Authorization records (OAuth tokens): creation, reset and the JSON of
// docs/service-api/hosting/auth §10–§13. Token values are returned once and
// stored only as SHA-256.
import type { Db } from '../../db';
import { userSummary } from '../conventions/representations';
import type { ApplicationRow, AuthorizationRow } from './schema';
import type { UserRow } from '../accounts/schema';
import { newToken, sha256Hex } from '../conventions/secrets';
import { isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';

/** The client_id shown in the `app` of a personal token (no application). */
const PERSONAL_CLIENT_ID = '00000000000000000000';

export interface NewAuthorization {
  userId: number;
  appId: number | null;
  scopes: string[];
  note?: string | null | undefined;
  noteUrl?: string | null | undefined;
  /** The token value a scenario file gives; a new random one otherwise. */
  token?: string | undefined;
}

/** Inserts an authorization; returns the row and the token value (shown once). */
export function createAuthorization(db: Db, a: NewAuthorization): { row: AuthorizationRow; token: string } {
  const token = a.token ?? newToken();
  const now = isoTime();
  const info = db
    .prepare(
      `INSERT INTO authorizations (user_id, app_id, token_hash, token_last_eight, scopes, note, note_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.userId, a.appId, sha256Hex(token), token.slice(-8), JSON.stringify(a.scopes), a.note ?? null, a.noteUrl ?? null, now, now);
  return { row: findAuthorization(db, Number(info.lastInsertRowid))!, token };
}

/** Replaces the token value at once: the old value stops working with this write. */
export function resetAuthorization(db: Db, id: number): { row: AuthorizationRow; token: string } {
  const token = newToken();
  db.prepare('UPDATE authorizations SET token_hash = ?, token_last_eight = ?, updated_at = ? WHERE id = ?').run(
    sha256Hex(token),
    token.slice(-8),
    isoTime(),
    id,
  );
  return { row: findAuthorization(db, id)!, token };
}

export function findAuthorization(db: Db, id: number): AuthorizationRow | undefined {
  return db.prepare<[number], AuthorizationRow>('SELECT * FROM authorizations WHERE id = ?').get(id);
}

export function countAuthorizations(db: Db, userId: number): number {
  return db.prepare('SELECT count(*) FROM authorizations WHERE user_id = ?').pluck().get(userId) as number;
}

/** One page of a user's authorizations, oldest first. */
export function authorizationsPage(db: Db, userId: number, limit: number, offset: number): AuthorizationRow[] {
  return db
    .prepare<[number, number, number], AuthorizationRow>('SELECT * FROM authorizations WHERE user_id = ? ORDER BY id LIMIT ? OFFSET ?')
    .all(userId, limit, offset);
}

export function updateAuthorization(db: Db, id: number, scopes: string[], note: string | null, noteUrl: string | null): void {
  db.prepare('UPDATE authorizations SET scopes = ?, note = ?, note_url = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(scopes),
    note,
    noteUrl,
    isoTime(),
    id,
  );
}

export function deleteAuthorization(db: Db, id: number): void {
  db.prepare('DELETE FROM authorizations WHERE id = ?').run(id);
}

export function findByToken(db: Db, appId: number, token: string): AuthorizationRow | undefined {
  return db.prepare<[string, number], AuthorizationRow>('SELECT * FROM authorizations WHERE token_hash = ? AND app_id = ?').get(sha256Hex(token), appId);
}

/** The user's most recent authorization for an application (the one "already held"). */
export function latestForApp(db: Db, userId: number, appId: number): AuthorizationRow | undefined {
  return db
    .prepare<[number, number], AuthorizationRow>('SELECT * FROM authorizations WHERE user_id = ? AND app_id = ? ORDER BY id DESC LIMIT 1')
    .get(userId, appId);
}

export interface NewApplication {
  ownerId: number;
  name: string;
  url: string;
  clientId: string;
  /** Stored as its SHA-256 only. */
  clientSecret: string;
  callbackUrl: string;
}

export function insertApplication(db: Db, a: NewApplication, now = isoTime()): void {
  db.prepare(
    `INSERT INTO applications (owner_id, name, url, client_id, client_secret_hash, callback_url, suspended, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  ).run(a.ownerId, a.name, a.url, a.clientId, sha256Hex(a.clientSecret), a.callbackUrl, now, now);
}

function findApplication(db: Db, id: number): ApplicationRow | undefined {
  return db.prepare<[number], ApplicationRow>('SELECT * FROM applications WHERE id = ?').get(id);
}

export function findApplicationByClientId(db: Db, clientId: string): ApplicationRow | undefined {
  return db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE client_id = ?').get(clientId);
}

export interface RenderOptions {
  bases: Bases;
  docsUrl: string;
  /** The token value, when it was just created or reset; otherwise the field is empty. */
  token?: string | undefined;
  /** Check and reset include the user summary. */
  user?: UserRow | undefined;
}

/** The authorization record of docs/service-api/hosting/auth §10; every field present, null when empty. */
export function renderAuthorization(db: Db, row: AuthorizationRow, o: RenderOptions): Record<string, unknown> {
  const app = row.app_id === null ? undefined : findApplication(db, row.app_id);
  const body: Record<string, unknown> = {
    id: row.id,
    url: `${o.bases.api}/authorizations/${row.id}`,
    scopes: JSON.parse(row.scopes) as string[],
    token: o.token ?? '',
    token_last_eight: row.token_last_eight,
    hashed_token: row.token_hash,
    app: app
      ? { url: app.url, name: app.name, client_id: app.client_id }
      : { url: `${o.docsUrl}/v3/oauth_authorizations/`, name: row.note, client_id: PERSONAL_CLIENT_ID },
    note: row.note,
    note_url: row.note_url,
    updated_at: isoTime(row.updated_at),
    created_at: isoTime(row.created_at),
  };
  if (o.user) body.user = userSummary(o.bases, o.user);
  return body;
}
