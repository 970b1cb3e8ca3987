// Tables of releases and their assets (the asset bytes live in the database,
// so an upload and its row are written, or not, together).
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const releaseMigrations: Migration[] = [
  {
    id: 'v3-releases/001-releases',
    sql: `
CREATE TABLE releases (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  tag_name TEXT NOT NULL,
  target_commitish TEXT NOT NULL,
  name TEXT,
  body TEXT,
  draft INTEGER NOT NULL DEFAULT 0,
  prerelease INTEGER NOT NULL DEFAULT 0,
  author_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  published_at TEXT,
  UNIQUE (repo_id, tag_name)
);
CREATE TABLE release_assets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  label TEXT,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  content BLOB NOT NULL,
  uploader_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (release_id, name)
);
`,
  },
  idsNeverReused('v3-releases/002-ids-never-reused', ['releases', 'release_assets']),
];

export interface ReleaseRow {
  id: number;
  repo_id: number;
  tag_name: string;
  target_commitish: string;
  name: string | null;
  body: string | null;
  draft: number;
  prerelease: number;
  author_id: number;
  created_at: string;
  published_at: string | null;
}

/** An asset without its bytes (the JSON never needs them). */
export interface AssetRow {
  id: number;
  release_id: number;
  name: string;
  label: string | null;
  content_type: string;
  size: number;
  download_count: number;
  uploader_id: number;
  created_at: string;
  updated_at: string;
}

export const ASSET_COLUMNS = 'id, release_id, name, label, content_type, size, download_count, uploader_id, created_at, updated_at';
