// Tables of the authorizations module: OAuth applications and the tokens
// (authorizations) users give them. Timestamps are stored as text in the API's
// own form (YYYY-MM-DDTHH:MM:SSZ), booleans as 0/1.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const authorizationMigrations: Migration[] = [
  {
    id: 'hosting/003-authorizations',
    // Made by 'v3/001-accounts' in data folders from before the tables were split by module.
    madeBy: 'v3/001-accounts',
    sql: `
CREATE TABLE applications (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  url TEXT,
  client_id TEXT NOT NULL UNIQUE CHECK (length(client_id) = 20),
  -- SHA-256 hex of the 40-character secret; the secret itself is never stored.
  client_secret_hash TEXT NOT NULL,
  callback_url TEXT NOT NULL,
  suspended INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE authorizations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id INTEGER REFERENCES applications(id) ON DELETE CASCADE,
  -- SHA-256 hex of the token; the token itself is shown once and never stored.
  token_hash TEXT NOT NULL UNIQUE,
  token_last_eight TEXT NOT NULL,
  scopes TEXT NOT NULL DEFAULT '[]',
  note TEXT,
  note_url TEXT,
  fingerprint TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX authorizations_user ON authorizations(user_id);
CREATE INDEX authorizations_app ON authorizations(app_id);
`,
  },
  // A revoked authorization's id is not given again: a client may hold its
  // URL, and a revoke-all job (revocation.ts) revokes the ids up to the highest
  // when it was asked, so a later token must get a higher one. Applications are
  // never deleted (no endpoint does), so their ids cannot come back.
  idsNeverReused('hosting/006-authorization-ids-never-reused', ['authorizations']),
];

export interface ApplicationRow {
  id: number;
  owner_id: number;
  name: string;
  url: string | null;
  client_id: string;
  client_secret_hash: string;
  callback_url: string;
  suspended: number;
  created_at: string;
  updated_at: string;
}

export interface AuthorizationRow {
  id: number;
  user_id: number;
  app_id: number | null;
  token_hash: string;
  token_last_eight: string;
  /** JSON array of scope names. */
  scopes: string;
  note: string | null;
  note_url: string | null;
  fingerprint: string | null;
  created_at: string;
  updated_at: string;
}
