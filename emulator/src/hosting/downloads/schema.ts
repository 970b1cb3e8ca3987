// The table of downloads (docs/service-api/hosting/releases §7; deprecated
// since 11 December 2012, releases replace them). No endpoint creates them:
// rows come from a seed.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const downloadMigrations: Migration[] = [
  {
    id: 'v3-downloads/001-downloads',
    sql: `CREATE TABLE downloads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  size INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL,
  created_at TEXT NOT NULL
)`,
  },
  // Downloads are deleted through the API even though only a seed makes them.
  idsNeverReused('v3-downloads/002-ids-never-reused', ['downloads']),
];

export interface DownloadRow {
  id: number;
  repo_id: number;
  name: string;
  description: string | null;
  size: number;
  download_count: number;
  content_type: string;
  created_at: string;
}
