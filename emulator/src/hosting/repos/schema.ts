// Tables of the repositories module: repositories, the old names of renamed
// ones, team access, collaborators and stars. Registered after the accounts
// module (owners and members are users). Timestamps are stored as text in the API's
// own form (YYYY-MM-DDTHH:MM:SSZ), booleans as 0/1.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const repositoryMigrations: Migration[] = [
  {
    id: 'hosting/002-repositories',
    // Made by 'v3/001-accounts' in data folders from before the tables were split by module.
    madeBy: 'v3/001-accounts',
    sql: `
CREATE TABLE repositories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
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
CREATE INDEX repositories_parent ON repositories(parent_id);
`,
  },
  // A deleted repository's id (in /repositories/:id and its git folder's name) is not given again.
  idsNeverReused('hosting/005-repository-ids-never-reused', ['repositories']),
];

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
