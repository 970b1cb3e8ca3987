// Minimal gists (a target for gist comments): owner, public flag,
// description and files kept as JSON; and their comments.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const gistMigrations: Migration[] = [
  {
    id: 'v3-gists/001-gists',
    sql: `
CREATE TABLE gists (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public INTEGER NOT NULL DEFAULT 0,
  description TEXT,
  files TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE gist_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  gist_id INTEGER NOT NULL REFERENCES gists(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX gist_comments_gist ON gist_comments (gist_id);
`,
  },
  // Gists are never deleted (no endpoint does, and their owners stay), so their ids cannot come back.
  idsNeverReused('v3-gists/002-ids-never-reused', ['gist_comments']),
];

export interface GistRow {
  id: number;
  owner_id: number;
  public: number;
  description: string | null;
  /** JSON object: file name → content. */
  files: string;
  created_at: string;
  updated_at: string;
}

export interface GistCommentRow {
  id: number;
  gist_id: number;
  user_id: number;
  body: string;
  created_at: string;
  updated_at: string;
}
