// Tables of labels: a repository's labels (names unique ignoring case), the
// labels on issues, and minimal milestones (no endpoint of their own in
// docs/service-api/hosting/labels §2) so that the milestone-labels row has
// something to read. Their ids may be reused after a delete (plain INTEGER
// PRIMARY KEY, unlike the tables of ids-never-reused.ts): a label is known by
// its name (docs/service-api/hosting/labels §1), its id is never shown, and
// its rows in issue_labels go with it; a milestone (known by its number) goes
// only with its repository.
import type { Migration } from '../../db';

export const labelMigrations: Migration[] = [
  {
    id: 'v3-labels/001-labels',
    sql: `
CREATE TABLE labels (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  color TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (repo_id, name)
);
CREATE TABLE issue_labels (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (issue_id, label_id)
);
CREATE TABLE milestones (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (repo_id, number)
);
CREATE TABLE milestone_issues (
  milestone_id INTEGER NOT NULL REFERENCES milestones(id) ON DELETE CASCADE,
  issue_id INTEGER NOT NULL UNIQUE REFERENCES issues(id) ON DELETE CASCADE,
  PRIMARY KEY (milestone_id, issue_id)
);
`,
  },
];

export interface LabelRow {
  id: number;
  repo_id: number;
  name: string;
  color: string;
  created_at: string;
}
