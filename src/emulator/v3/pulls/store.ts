// Pull request rows (a pull_requests row joined with its issue) and their
// review comments: the SQL of the pull request and review comment routes.
import { listing, type Db, type Listing } from '../../db';
import type { CommentListSql } from '../comments/list-query';
import { PULL_SELECT, type Pull, type ReviewCommentRow } from './schema';

/** Pull request `number` (as the URL gives it) of a repository, or undefined. */
export function findPull(db: Db, repoId: number, number: string | number): Pull | undefined {
  if (!/^\d+$/.test(String(number))) return undefined;
  return db.prepare<[number, number], Pull>(`${PULL_SELECT} WHERE p.repo_id = ? AND p.number = ?`).get(repoId, Number(number));
}

export function pullById(db: Db, id: number): Pull | undefined {
  return db.prepare<[number], Pull>(`${PULL_SELECT} WHERE p.id = ?`).get(id);
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
  if (f.state !== 'all') { where.push('i.state = ?'); params.push(f.state); }
  if (f.head !== undefined) {
    const colon = f.head.indexOf(':');
    if (colon >= 0) {
      where.push('p.head_owner_id = (SELECT id FROM users WHERE login = ?) AND p.head_ref = ?');
      params.push(f.head.slice(0, colon), f.head.slice(colon + 1));
    } else { where.push('p.head_ref = ?'); params.push(f.head); }
  }
  if (f.base !== undefined) { where.push('p.base_ref = ?'); params.push(f.base); }
  if (f.updatedSince !== undefined) { where.push('i.updated_at >= ?'); params.push(f.updatedSince); }
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
