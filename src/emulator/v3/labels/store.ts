// Label rows and their JSON (document 2, "Label": url, name, color).
import type { Db } from '../../db';
import type { RepoRow, UserRow } from '../core/schema';
import { repoApiUrl } from '../core/representations';
import { isoTime } from '../core/time';
import type { Bases } from '../core/urls';
import type { LabelRow } from './schema';

/** 6 hexadecimal digits, no leading `#`. */
export const LABEL_COLOR = /^[0-9a-fA-F]{6}$/;

export function labelJson(b: Bases, owner: UserRow, repo: RepoRow, label: LabelRow): Record<string, unknown> {
  return { url: `${repoApiUrl(b, owner.login, repo.name)}/labels/${encodeURIComponent(label.name)}`, name: label.name, color: label.color };
}

export function findLabel(db: Db, repoId: number, name: string): LabelRow | undefined {
  return db.prepare<[number, string], LabelRow>('SELECT * FROM labels WHERE repo_id = ? AND name = ?').get(repoId, name);
}

export function repoLabels(db: Db, repoId: number): LabelRow[] {
  return db.prepare<[number], LabelRow>('SELECT * FROM labels WHERE repo_id = ? ORDER BY name, id').all(repoId);
}

export function issueLabels(db: Db, issueId: number): LabelRow[] {
  return db.prepare<[number], LabelRow>('SELECT l.* FROM labels l JOIN issue_labels il ON il.label_id = l.id WHERE il.issue_id = ? ORDER BY l.name, l.id').all(issueId);
}

export function insertLabel(db: Db, repoId: number, name: string, color: string): LabelRow {
  const info = db.prepare('INSERT INTO labels (repo_id, name, color, created_at) VALUES (?, ?, ?, ?)').run(repoId, name, color.toLowerCase(), isoTime());
  return db.prepare<[number], LabelRow>('SELECT * FROM labels WHERE id = ?').get(Number(info.lastInsertRowid))!;
}

export function addIssueLabels(db: Db, issueId: number, labels: readonly LabelRow[]): void {
  const add = db.prepare('INSERT OR IGNORE INTO issue_labels (issue_id, label_id) VALUES (?, ?)');
  for (const l of labels) add.run(issueId, l.id);
}
