// Tables of the minimal issues: an issue (or the issue side of a pull
// request; both share one number sequence per repository, as the service
// family does) and its comments.
import type { Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';

export const issueMigrations: Migration[] = [
  {
    id: 'v3-issues/001-issues',
    sql: `
CREATE TABLE issues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  body TEXT,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  is_pull INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  closed_at TEXT,
  UNIQUE (repo_id, number)
);

CREATE TABLE issue_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX issue_comments_issue ON issue_comments (issue_id);
CREATE INDEX issue_comments_repo ON issue_comments (repo_id, updated_at);
`,
  },
  // Issues go only with their repository, but their ids are global: the next
  // issue of another repository must not get the id of the last one deleted.
  idsNeverReused('v3-issues/002-ids-never-reused', ['issues', 'issue_comments']),
];

export interface IssueRow {
  id: number;
  repo_id: number;
  number: number;
  user_id: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  is_pull: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface IssueCommentRow {
  id: number;
  issue_id: number;
  repo_id: number;
  user_id: number;
  body: string;
  created_at: string;
  updated_at: string;
}
