// Tables of the v3 account side. Timestamps are stored as text in the API's
// own form (YYYY-MM-DDTHH:MM:SSZ), booleans as 0/1.
import type { Migration } from '../../db';

export const accountMigrations: Migration[] = [
  {
    id: 'v3/001-accounts',
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
  id INTEGER PRIMARY KEY,
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

CREATE TABLE repositories (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  description TEXT,
  homepage TEXT,
  private INTEGER NOT NULL DEFAULT 0,
  fork INTEGER NOT NULL DEFAULT 0,
  parent_id INTEGER REFERENCES repositories(id) ON DELETE SET NULL,
  source_id INTEGER REFERENCES repositories(id) ON DELETE SET NULL,
  default_branch TEXT NOT NULL DEFAULT 'master',
  has_issues INTEGER NOT NULL DEFAULT 1,
  has_wiki INTEGER NOT NULL DEFAULT 1,
  has_downloads INTEGER NOT NULL DEFAULT 1,
  language TEXT,
  forks_count INTEGER NOT NULL DEFAULT 0,
  stargazers_count INTEGER NOT NULL DEFAULT 0,
  watchers_count INTEGER NOT NULL DEFAULT 0,
  subscribers_count INTEGER NOT NULL DEFAULT 0,
  open_issues_count INTEGER NOT NULL DEFAULT 0,
  size INTEGER NOT NULL DEFAULT 0,
  pushed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (owner_id, name)
);

-- Old names of renamed repositories: requests there are redirected.
CREATE TABLE repository_redirects (
  owner_login TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL COLLATE NOCASE,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  PRIMARY KEY (owner_login, name)
);

CREATE TABLE team_repos (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, repo_id)
);

CREATE TABLE collaborators (
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (repo_id, user_id)
);

CREATE TABLE stars (
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (repo_id, user_id)
);

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
  id INTEGER PRIMARY KEY,
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
CREATE INDEX repositories_parent ON repositories(parent_id);
CREATE INDEX team_members_user ON team_members(user_id);
`,
  },
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

export interface RepoRow {
  id: number;
  owner_id: number;
  name: string;
  description: string | null;
  homepage: string | null;
  private: number;
  fork: number;
  parent_id: number | null;
  source_id: number | null;
  default_branch: string;
  has_issues: number;
  has_wiki: number;
  has_downloads: number;
  language: string | null;
  forks_count: number;
  stargazers_count: number;
  watchers_count: number;
  subscribers_count: number;
  open_issues_count: number;
  size: number;
  pushed_at: string | null;
  created_at: string;
  updated_at: string;
}

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
