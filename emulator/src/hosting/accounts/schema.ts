// Tables of the accounts module: users (and organizations), organization
// memberships, teams and their members. Timestamps are stored as text in the API's
// own form (YYYY-MM-DDTHH:MM:SSZ), booleans as 0/1.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const accountMigrations: Migration[] = [
  {
    id: 'hosting/001-accounts',
    // Made by 'v3/001-accounts' in data folders from before the tables were split by module.
    madeBy: 'v3/001-accounts',
    sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  login TEXT NOT NULL UNIQUE COLLATE NOCASE,
  type TEXT NOT NULL DEFAULT 'User' CHECK (type IN ('User', 'Organization')),
  name TEXT, email TEXT, company TEXT, blog TEXT, location TEXT, bio TEXT,
  description TEXT,
  billing_email TEXT,
  password_hash TEXT,
  site_admin INTEGER NOT NULL DEFAULT 0,
  gravatar_id TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Membership of an organization is derived from teams (docs/service-api/hosting/organizations §5); this row
-- keeps whether it is public, and exists while the user is in any team.
CREATE TABLE org_memberships (
  org_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (org_id, user_id)
);

CREATE TABLE teams (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT,
  permission TEXT NOT NULL DEFAULT 'pull' CHECK (permission IN ('pull', 'push', 'admin')),
  is_owners INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (org_id, name COLLATE NOCASE)
);

CREATE TABLE team_members (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members(user_id);
`,
  },
  // Teams are deleted (DELETE /teams/:id), their ids are in URLs. Users are
  // never deleted (no endpoint does), so their ids cannot come back.
  idsNeverReused('hosting/004-team-ids-never-reused', ['teams']),
];

export interface UserRow {
  id: number;
  login: string;
  type: 'User' | 'Organization';
  name: string | null;
  email: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  bio: string | null;
  description: string | null;
  billing_email: string | null;
  password_hash: string | null;
  site_admin: number;
  gravatar_id: string;
  created_at: string;
  updated_at: string;
}

export interface TeamRow {
  id: number;
  org_id: number;
  name: string;
  slug: string;
  description: string | null;
  permission: 'pull' | 'push' | 'admin';
  is_owners: number;
  created_at: string;
  updated_at: string;
}
