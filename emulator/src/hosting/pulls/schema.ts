// Tables of pull requests (their issue side is a row of `issues`) and of
// review comments. A pull request keeps the SHAs of its head and base as last
// seen; open ones follow their branches, closed ones stay where they closed.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const pullMigrations: Migration[] = [
  {
    id: 'v3-pulls/001-pulls',
    sql: `
CREATE TABLE pull_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL UNIQUE REFERENCES issues(id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  head_repo_id INTEGER REFERENCES repositories(id) ON DELETE SET NULL,
  head_owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  head_ref TEXT NOT NULL,
  head_sha TEXT NOT NULL,
  base_ref TEXT NOT NULL,
  base_sha TEXT NOT NULL,
  merged_at TEXT,
  merge_commit_sha TEXT,
  merged_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  UNIQUE (repo_id, number)
);

CREATE TABLE review_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  pull_id INTEGER NOT NULL REFERENCES pull_requests(id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  path TEXT NOT NULL,
  position INTEGER,
  original_position INTEGER NOT NULL,
  commit_id TEXT NOT NULL,
  original_commit_id TEXT NOT NULL,
  diff_hunk TEXT NOT NULL,
  in_reply_to_id INTEGER REFERENCES review_comments(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX review_comments_pull ON review_comments (pull_id);
CREATE INDEX review_comments_repo ON review_comments (repo_id, updated_at);
`,
  },
  // Pull requests go only with their repository, but their ids are global (as for issues).
  idsNeverReused('v3-pulls/002-ids-never-reused', ['pull_requests', 'review_comments']),
];

interface PullRow {
  id: number;
  issue_id: number;
  repo_id: number;
  number: number;
  head_repo_id: number | null;
  head_owner_id: number;
  head_ref: string;
  head_sha: string;
  base_ref: string;
  base_sha: string;
  merged_at: string | null;
  merge_commit_sha: string | null;
  merged_by_id: number | null;
}

/** A pull request with the fields of its issue. */
export interface Pull extends PullRow {
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  user_id: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface ReviewCommentRow {
  id: number;
  pull_id: number;
  repo_id: number;
  user_id: number;
  body: string;
  path: string;
  position: number | null;
  original_position: number;
  commit_id: string;
  original_commit_id: string;
  diff_hunk: string;
  in_reply_to_id: number | null;
  created_at: string;
  updated_at: string;
}

export const PULL_SELECT = `SELECT p.*, i.title, i.body, i.state, i.user_id, i.created_at, i.updated_at, i.closed_at
  FROM pull_requests p JOIN issues i ON i.id = p.issue_id`;
