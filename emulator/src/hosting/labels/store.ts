// Label rows and their JSON (docs/service-api/hosting/labels §1: url, name,
// color).
import type { Db } from '../../db';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { repoApiUrl } from '../conventions/representations';
import { isoTime } from '../conventions/time';
import type { Bases } from '../conventions/urls';
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
  return db
    .prepare<[number], LabelRow>('SELECT l.* FROM labels l JOIN issue_labels il ON il.label_id = l.id WHERE il.issue_id = ? ORDER BY l.name, l.id')
    .all(issueId);
}

export function insertLabel(db: Db, repoId: number, name: string, color: string): LabelRow {
  const info = db.prepare('INSERT INTO labels (repo_id, name, color, created_at) VALUES (?, ?, ?, ?)').run(repoId, name, color.toLowerCase(), isoTime());
  return db.prepare<[number], LabelRow>('SELECT * FROM labels WHERE id = ?').get(Number(info.lastInsertRowid))!;
}

export function updateLabel(db: Db, labelId: number, name: string, color: string): void {
  db.prepare('UPDATE labels SET name = ?, color = ? WHERE id = ?').run(name, color.toLowerCase(), labelId);
}

export function deleteLabel(db: Db, labelId: number): void {
  db.prepare('DELETE FROM labels WHERE id = ?').run(labelId);
}

export function addIssueLabels(db: Db, issueId: number, labels: readonly LabelRow[]): void {
  const add = db.prepare('INSERT OR IGNORE INTO issue_labels (issue_id, label_id) VALUES (?, ?)');
  for (const l of labels) add.run(issueId, l.id);
}

/** Takes one label off an issue; false when the issue did not have it. */
export function removeIssueLabel(db: Db, issueId: number, labelId: number): boolean {
  return db.prepare('DELETE FROM issue_labels WHERE issue_id = ? AND label_id = ?').run(issueId, labelId).changes > 0;
}

export function clearIssueLabels(db: Db, issueId: number): void {
  db.prepare('DELETE FROM issue_labels WHERE issue_id = ?').run(issueId);
}

/** The id of milestone `number` (as the URL gives it) of a repository, or undefined. */
export function findMilestoneId(db: Db, repoId: number, number: string): number | undefined {
  if (!/^\d+$/.test(number)) return undefined;
  return db.prepare('SELECT id FROM milestones WHERE repo_id = ? AND number = ?').pluck().get(repoId, Number(number)) as number | undefined;
}

/** The labels of the issues of a milestone, each once. */
export function milestoneLabels(db: Db, milestoneId: number): LabelRow[] {
  return db
    .prepare<[number], LabelRow>(
      `SELECT DISTINCT l.* FROM labels l JOIN issue_labels il ON il.label_id = l.id JOIN milestone_issues mi ON mi.issue_id = il.issue_id
       WHERE mi.milestone_id = ? ORDER BY l.name, l.id`,
    )
    .all(milestoneId);
}

export function insertMilestone(db: Db, repoId: number, number: number, title: string): number {
  return Number(
    db.prepare('INSERT INTO milestones (repo_id, number, title, created_at) VALUES (?, ?, ?, ?)').run(repoId, number, title, isoTime()).lastInsertRowid,
  );
}

export function addMilestoneIssue(db: Db, milestoneId: number, issueId: number): void {
  db.prepare('INSERT INTO milestone_issues (milestone_id, issue_id) VALUES (?, ?)').run(milestoneId, issueId);
}
