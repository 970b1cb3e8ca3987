// Pull request rows (a pull_requests row joined with its issue) and their
// review comments: the SQL of the pull request and review comment routes.
import { listing, type Db, type Listing } from '../../db';
import type { CommentListSql } from '../comments/list-query';
import { touchIssue } from '../issues/store';
import { PULL_SELECT, type Pull, type ReviewCommentRow } from './schema';

/** Pull request `number` (as the URL gives it) of a repository, or undefined. */
export function findPull(db: Db, repoId: number, number: string | number): Pull | undefined {
  if (!/^\d+$/.test(String(number))) return undefined;
  return db.prepare<[number, number], Pull>(`${PULL_SELECT} WHERE p.repo_id = ? AND p.number = ?`).get(repoId, Number(number));
}

export function pullById(db: Db, id: number): Pull | undefined {
  return db.prepare<[number], Pull>(`${PULL_SELECT} WHERE p.id = ?`).get(id);
}

/** A repository's open pull requests. */
export function openPulls(db: Db, repoId: number): Pull[] {
  return db.prepare<[number], Pull>(`${PULL_SELECT} WHERE p.repo_id = ? AND i.state = 'open'`).all(repoId);
}

/** A repository's open pull requests, newest first (the web page). */
export function openPullsNewestFirst(db: Db, repoId: number): Pull[] {
  return db.prepare<[number], Pull>(`${PULL_SELECT} WHERE p.repo_id = ? AND i.state = 'open' ORDER BY p.number DESC`).all(repoId);
}

/** The repositories with an open pull request whose base or head is `repoId`. */
export function reposWithOpenPullsOn(db: Db, repoId: number): number[] {
  return db
    .prepare(
      `SELECT DISTINCT p.repo_id FROM pull_requests p JOIN issues i ON i.id = p.issue_id WHERE i.state = 'open' AND (p.repo_id = ? OR p.head_repo_id = ?)`,
    )
    .pluck()
    .all(repoId, repoId) as number[];
}

/** Whether an open pull request of the repository already asks to merge this head into this base. */
export function openPullExists(db: Db, repoId: number, headRepoId: number, headRef: string, baseRef: string): boolean {
  return !!db
    .prepare(
      `SELECT 1 FROM pull_requests p JOIN issues i ON i.id = p.issue_id WHERE p.repo_id = ? AND i.state = 'open' AND p.head_repo_id = ? AND p.head_ref = ? AND p.base_ref = ?`,
    )
    .get(repoId, headRepoId, headRef, baseRef);
}

export interface NewPull {
  issueId: number;
  repoId: number;
  number: number;
  headRepoId: number;
  headOwnerId: number;
  headRef: string;
  headSha: string;
  baseRef: string;
  baseSha: string;
}

/** The pull_requests row of an issue just inserted with is_pull; returns its id. */
export function insertPull(db: Db, p: NewPull): number {
  const info = db
    .prepare(
      'INSERT INTO pull_requests (issue_id, repo_id, number, head_repo_id, head_owner_id, head_ref, head_sha, base_ref, base_sha) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(p.issueId, p.repoId, p.number, p.headRepoId, p.headOwnerId, p.headRef, p.headSha, p.baseRef, p.baseSha);
  return Number(info.lastInsertRowid);
}

/** The branch tips a pull request compares. */
export function setPullTips(db: Db, pullId: number, headSha: string, baseSha: string): void {
  db.prepare('UPDATE pull_requests SET head_sha = ?, base_sha = ? WHERE id = ?').run(headSha, baseSha, pullId);
}

export function recordMerge(db: Db, pullId: number, mergedAt: string, sha: string, userId: number): void {
  db.prepare('UPDATE pull_requests SET merged_at = ?, merge_commit_sha = ?, merged_by_id = ? WHERE id = ?').run(mergedAt, sha, userId, pullId);
}

export function pullNumber(db: Db, pullId: number): number {
  return db.prepare('SELECT number FROM pull_requests WHERE id = ?').pluck().get(pullId) as number;
}

/** The list filters, checked by the route. `long-running` lists those updated since `updatedSince`. */
export interface PullFilter {
  state: 'open' | 'closed' | 'all';
  /** A branch of the repository, or `owner:branch` for a fork's. */
  head?: string | undefined;
  base?: string | undefined;
  sort: PullSort;
  direction: 'asc' | 'desc';
  updatedSince?: string | undefined;
}

const SORTS = {
  created: 'i.created_at',
  updated: 'i.updated_at',
  popularity: '((SELECT count(*) FROM issue_comments ic WHERE ic.issue_id = p.issue_id) + (SELECT count(*) FROM review_comments rc WHERE rc.pull_id = p.id))',
  // Age: ordered by when the pull request was opened.
  'long-running': 'i.created_at',
};
export type PullSort = keyof typeof SORTS;
export const isPullSort = (sort: string): sort is PullSort => sort in SORTS;

export function repoPulls(db: Db, repoId: number, f: PullFilter): Listing<Pull> {
  const where: string[] = [];
  const params: Array<string | number> = [repoId];
  if (f.state !== 'all') {
    where.push('i.state = ?');
    params.push(f.state);
  }
  if (f.head !== undefined) {
    const colon = f.head.indexOf(':');
    if (colon >= 0) {
      where.push('p.head_owner_id = (SELECT id FROM users WHERE login = ?) AND p.head_ref = ?');
      params.push(f.head.slice(0, colon), f.head.slice(colon + 1));
    } else {
      where.push('p.head_ref = ?');
      params.push(f.head);
    }
  }
  if (f.base !== undefined) {
    where.push('p.base_ref = ?');
    params.push(f.base);
  }
  if (f.updatedSince !== undefined) {
    where.push('i.updated_at >= ?');
    params.push(f.updatedSince);
  }
  const filter = `WHERE p.repo_id = ?${where.map((w) => ` AND ${w}`).join('')}`;
  return listing(db, {
    count: `SELECT count(*) FROM pull_requests p JOIN issues i ON i.id = p.issue_id ${filter}`,
    select: `${PULL_SELECT} ${filter}`,
    params,
    orderBy: `${SORTS[f.sort]} ${f.direction}, p.number ${f.direction}`,
  });
}

export function commentCount(db: Db, pull: Pull): { comments: number; review_comments: number } {
  return {
    comments: db.prepare('SELECT count(*) FROM issue_comments WHERE issue_id = ?').pluck().get(pull.issue_id) as number,
    review_comments: db.prepare('SELECT count(*) FROM review_comments WHERE pull_id = ?').pluck().get(pull.id) as number,
  };
}

/** Where a review comment stands on the diff, and the thread it answers. */
export type ReviewPlacement = Pick<
  ReviewCommentRow,
  'path' | 'position' | 'original_position' | 'commit_id' | 'original_commit_id' | 'diff_hunk' | 'in_reply_to_id'
>;

/** Writes a review comment and moves the pull request's updated_at. */
export function insertReviewComment(db: Db, pull: Pull, userId: number, body: string, place: ReviewPlacement, now: string): ReviewCommentRow {
  return db.transaction(() => {
    const info = db
      .prepare(
        `INSERT INTO review_comments (pull_id, repo_id, user_id, body, path, position, original_position, commit_id, original_commit_id, diff_hunk, in_reply_to_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        pull.id,
        pull.repo_id,
        userId,
        body,
        place.path,
        place.position,
        place.original_position,
        place.commit_id,
        place.original_commit_id,
        place.diff_hunk,
        place.in_reply_to_id,
        now,
        now,
      );
    touchIssue(db, pull.issue_id, now);
    return db.prepare<[number], ReviewCommentRow>('SELECT * FROM review_comments WHERE id = ?').get(Number(info.lastInsertRowid))!;
  })();
}

/** A review comment of this pull request by id (the comment a reply answers). */
export function pullReviewComment(db: Db, pullId: number, id: number): ReviewCommentRow | undefined {
  return db.prepare<[number, number], ReviewCommentRow>('SELECT * FROM review_comments WHERE id = ? AND pull_id = ?').get(id, pullId);
}

/** The review comments of a pull request still placed on its diff. */
export function placedReviewComments(db: Db, pullId: number): ReviewCommentRow[] {
  return db.prepare<[number], ReviewCommentRow>('SELECT * FROM review_comments WHERE pull_id = ? AND position IS NOT NULL').all(pullId);
}

/** Places a review comment on the diff of `commitId`, or marks it outdated (position null, commit kept). */
export function placeReviewComment(db: Db, id: number, position: number | null, commitId: string): void {
  if (position === null) db.prepare('UPDATE review_comments SET position = NULL WHERE id = ?').run(id);
  else db.prepare('UPDATE review_comments SET position = ?, commit_id = ? WHERE id = ?').run(position, commitId, id);
}

/** The review comment `id` (as the URL gives it) of a repository, or undefined. */
export function findReviewComment(db: Db, repoId: number, id: string): ReviewCommentRow | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  return db.prepare<[number, number], ReviewCommentRow>('SELECT * FROM review_comments WHERE id = ? AND repo_id = ?').get(Number(id), repoId);
}

/** A pull request's review comments, oldest first. */
export function pullReviewComments(db: Db, pullId: number): Listing<ReviewCommentRow> {
  return listing(db, {
    count: 'SELECT count(*) FROM review_comments WHERE pull_id = ?',
    select: 'SELECT * FROM review_comments WHERE pull_id = ?',
    params: [pullId],
    orderBy: 'id',
  });
}

/** Every review comment of a repository, filtered and ordered as the list query says (comments aliased `c`). */
export function repoReviewComments(db: Db, repoId: number, q: CommentListSql): Listing<ReviewCommentRow> {
  const where = `c.repo_id = ?${q.where}`;
  return listing(db, {
    count: `SELECT count(*) FROM review_comments c WHERE ${where}`,
    select: `SELECT c.* FROM review_comments c WHERE ${where}`,
    params: [repoId, ...q.params],
    orderBy: q.orderBy,
  });
}

export function updateReviewCommentBody(db: Db, id: number, body: string, now: string): void {
  db.prepare('UPDATE review_comments SET body = ?, updated_at = ? WHERE id = ?').run(body, now, id);
}

export function deleteReviewComment(db: Db, id: number): void {
  db.prepare('DELETE FROM review_comments WHERE id = ?').run(id);
}
