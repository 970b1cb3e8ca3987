// The table of downloads (docs/service-api/hosting/releases §7; deprecated
// since 11 December 2012, releases replace them). No endpoint creates them:
// rows come from a seed.
import type { Migration } from '../../db';

export const downloadMigrations: Migration[] = [
  {
    id: 'v3-downloads/001-downloads',
    sql: `CREATE TABLE downloads (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  size INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL,
  created_at TEXT NOT NULL
)`,
  },
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
