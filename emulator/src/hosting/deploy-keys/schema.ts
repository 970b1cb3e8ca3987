// The table of deploy keys: one row per key, and a key (its type and data,
// comment dropped) serves one repository only.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const deployKeyMigrations: Migration[] = [
  {
    id: 'v3-deploy-keys/001-keys',
    sql: `CREATE TABLE deploy_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  title TEXT,
  key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
)`,
  },
  idsNeverReused('v3-deploy-keys/002-ids-never-reused', ['deploy_keys']),
];

export interface DeployKeyRow {
  id: number;
  repo_id: number;
  title: string | null;
  key: string;
  created_at: string;
}
