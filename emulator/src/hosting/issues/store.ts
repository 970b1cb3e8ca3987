// Issues: numbers allocated per repository (shared with pull requests), the
// representation, and the `issues` event.
import { listing, type Db, type Listing } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById } from '../conventions/access';
import { userSummary } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { isoOrNull, isoTime } from '../conventions/time';
import { bases, type Bases } from '../conventions/urls';
import { emitRepoEvent } from '../repos/create';
import type { CommentListSql } from '../comments/list-query';
import type { IssueCommentRow, IssueRow } from './schema';

/** Inserts an open issue with the next number of the repository; call inside a transaction. */
export function insertIssue(db: Db, repoId: number, userId: number, title: string, body: string | null, isPull: boolean, now = isoTime()): IssueRow {
  // The highest number + 1 never gives a number again: no endpoint deletes an
  // issue or a pull request (docs/service-api/decisions §5), they go only with
  // their repository. One that did would need a per-repository counter.
  const next = db.prepare('SELECT coalesce(max(number), 0) + 1 FROM issues WHERE repo_id = ?').pluck().get(repoId) as number;
  const info = db
    .prepare('INSERT INTO issues (repo_id, number, user_id, title, body, state, is_pull, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(repoId, next, userId, title, body, 'open', isPull ? 1 : 0, now, now);
  // Open issues and pull requests both count, as the service family counts them.
  db.prepare('UPDATE repositories SET open_issues_count = open_issues_count + 1 WHERE id = ?').run(repoId);
  return issueById(db, Number(info.lastInsertRowid))!;
}

export function issueById(db: Db, id: number): IssueRow | undefined {
  return db.prepare<[number], IssueRow>('SELECT * FROM issues WHERE id = ?').get(id);
}

export function findIssue(db: Db, repoId: number, number: string | number): IssueRow | undefined {
  if (!/^\d+$/.test(String(number))) return undefined;
  return db.prepare<[number, number], IssueRow>('SELECT * FROM issues WHERE repo_id = ? AND number = ?').get(repoId, Number(number));
}

/** Moves an issue's updated_at (a comment, a new head commit). */
export function touchIssue(db: Db, issueId: number, now = isoTime()): void {
  db.prepare('UPDATE issues SET updated_at = ? WHERE id = ?').run(now, issueId);
}

/** Opens or closes an issue (closed_at set when closed, cleared when opened). */
export function setIssueState(db: Db, issueId: number, state: 'open' | 'closed', now = isoTime()): void {
  db.prepare('UPDATE issues SET state = ?, closed_at = ?, updated_at = ? WHERE id = ?').run(state, state === 'closed' ? now : null, now, issueId);
}

/** Sets the title and/or the body (those given) of an issue or pull request. */
export function updateIssueText(db: Db, issueId: number, f: { title?: string | undefined; body?: string | null | undefined }, now = isoTime()): void {
  db.transaction(() => {
    if (f.title !== undefined) db.prepare('UPDATE issues SET title = ?, updated_at = ? WHERE id = ?').run(f.title, now, issueId);
    if (f.body !== undefined) db.prepare('UPDATE issues SET body = ?, updated_at = ? WHERE id = ?').run(f.body, now, issueId);
  })();
}

/** Writes a comment and moves the issue's updated_at. */
export function insertIssueComment(db: Db, issueId: number, repoId: number, userId: number, body: string, now = isoTime()): IssueCommentRow {
  return db.transaction(() => {
    const info = db
      .prepare('INSERT INTO issue_comments (issue_id, repo_id, user_id, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(issueId, repoId, userId, body, now, now);
    touchIssue(db, issueId, now);
    return db.prepare<[number], IssueCommentRow>('SELECT * FROM issue_comments WHERE id = ?').get(Number(info.lastInsertRowid))!;
  })();
}

/** The comment `id` (as the URL gives it) of a repository, or undefined. */
export function findIssueComment(db: Db, repoId: number, id: string): IssueCommentRow | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  return db.prepare<[number, number], IssueCommentRow>('SELECT * FROM issue_comments WHERE id = ? AND repo_id = ?').get(Number(id), repoId);
}

/** A repository's issues and pull requests in one state, by number. */
export function issuesInState(db: Db, repoId: number, state: 'open' | 'closed'): IssueRow[] {
  return db.prepare<[number, string], IssueRow>('SELECT * FROM issues WHERE repo_id = ? AND state = ? ORDER BY number').all(repoId, state);
}

/** An issue's comments with their authors' logins, oldest first (the web page). */
export function issueCommentLines(db: Db, issueId: number): Array<{ id: number; login: string; body: string; created_at: string }> {
  return db
    .prepare<[number], { id: number; login: string; body: string; created_at: string }>(
      'SELECT c.id, u.login, c.body, c.created_at FROM issue_comments c JOIN users u ON u.id = c.user_id WHERE c.issue_id = ? ORDER BY c.created_at, c.id',
    )
    .all(issueId);
}

export function issueCommentCount(db: Db, issueId: number): number {
  return db.prepare('SELECT count(*) FROM issue_comments WHERE issue_id = ?').pluck().get(issueId) as number;
}

/** An issue's comments, oldest first. */
export function issueComments(db: Db, issueId: number): Listing<IssueCommentRow> {
  return listing(db, {
    count: 'SELECT count(*) FROM issue_comments WHERE issue_id = ?',
    select: 'SELECT * FROM issue_comments WHERE issue_id = ?',
    params: [issueId],
    orderBy: 'id',
  });
}

/** Every issue comment of a repository, filtered and ordered as the list query says (comments aliased `c`). */
export function repoIssueComments(db: Db, repoId: number, q: CommentListSql): Listing<IssueCommentRow> {
  const where = `c.repo_id = ?${q.where}`;
  return listing(db, {
    count: `SELECT count(*) FROM issue_comments c WHERE ${where}`,
    select: `SELECT c.* FROM issue_comments c WHERE ${where}`,
    params: [repoId, ...q.params],
    orderBy: q.orderBy,
  });
}

export function updateIssueCommentBody(db: Db, id: number, body: string, now: string): void {
  db.prepare('UPDATE issue_comments SET body = ?, updated_at = ? WHERE id = ?').run(body, now, id);
}

export function deleteIssueComment(db: Db, id: number): void {
  db.prepare('DELETE FROM issue_comments WHERE id = ?').run(id);
}

export function repoPath(db: Db, repo: RepoRow): string {
  return `${findUserById(db, repo.owner_id)!.login}/${repo.name}`;
}

/** The issue as the service family shows it; pull requests carry `pull_request` links. */
export function issueJson(db: Db, b: Bases, repo: RepoRow, issue: IssueRow): Record<string, unknown> {
  const full = repoPath(db, repo);
  const url = `${b.api}/repos/${full}/issues/${issue.number}`;
  const comments = db.prepare('SELECT count(*) FROM issue_comments WHERE issue_id = ?').pluck().get(issue.id) as number;
  const html = `${b.web}/${full}/${issue.is_pull ? 'pull' : 'issues'}/${issue.number}`;
  return {
    url,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: html,
    id: issue.id,
    number: issue.number,
    title: issue.title,
    user: userSummary(b, findUserById(db, issue.user_id)!),
    labels: [],
    state: issue.state,
    assignee: null,
    milestone: null,
    comments,
    created_at: isoTime(issue.created_at),
    updated_at: isoTime(issue.updated_at),
    closed_at: isoOrNull(issue.closed_at),
    pull_request: issue.is_pull
      ? { url: `${b.api}/repos/${full}/pulls/${issue.number}`, html_url: html, diff_url: `${html}.diff`, patch_url: `${html}.patch` }
      : null,
    body: issue.body,
  };
}

/** Emits `issues` (opened, closed...) with the issue and the repository. */
export function emitIssueEvent(ctx: EmulatorContext, action: string, repo: RepoRow, issue: IssueRow, sender: UserRow): void {
  emitRepoEvent(ctx, 'issues', { action, issue: issueJson(ctx.db, bases(ctx), repo, issue) }, repo, sender);
}
