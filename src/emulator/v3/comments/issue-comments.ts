// Issue comments (document 2, 6 rows). Issue comments also apply to pull
// requests: the number may be a pull request's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById, loadRepo, type LoadedRepo } from '../core/access';
import { currentUser } from '../core/auth';
import { created, parseBody } from '../core/conventions';
import { notFound, requiresAuthentication } from '../core/errors';
import { paginate } from '../core/pagination';
import { userSummary } from '../core/representations';
import type { RepoRow, UserRow } from '../core/schema';
import { requireScope } from '../core/scopes';
import { isoTime } from '../core/time';
import { bases, type Bases } from '../core/urls';
import { emitRepoEvent } from '../repos/create';
import type { IssueCommentRow, IssueRow } from '../issues/schema';
import { findIssue, issueById, issueJson, repoPath } from '../issues/store';
import { bodyFields } from './body';
import { commentListSql, type CommentListQuery } from './list-query';
import { requireCommentEditor } from './permissions';

const RESOURCE = 'IssueComment';
const bodyOnly = z.object({ body: z.string().min(1) });

type RepoParams = { Params: { owner: string; repo: string } };
type NumberParams = { Params: { owner: string; repo: string; number: string } };
type IdParams = { Params: { owner: string; repo: string; id: string } };

export function issueCommentJson(db: Db, b: Bases, req: FastifyRequest | undefined, vendor: string, repo: RepoRow, c: IssueCommentRow): Record<string, unknown> {
  const issue = issueById(db, c.issue_id)!;
  const full = repoPath(db, repo);
  return {
    id: c.id,
    url: `${b.api}/repos/${full}/issues/comments/${c.id}`,
    html_url: `${b.web}/${full}/${issue.is_pull ? 'pull' : 'issues'}/${issue.number}#issuecomment-${c.id}`,
    issue_url: `${b.api}/repos/${full}/issues/${issue.number}`,
    ...bodyFields(req, vendor, c.body),
    user: userSummary(b, findUserById(db, c.user_id)!),
    created_at: isoTime(c.created_at),
    updated_at: isoTime(c.updated_at),
  };
}

/** Writes a comment on an issue or pull request and emits `issue_comment` (created). */
export function createIssueComment(ctx: EmulatorContext, repo: RepoRow, issue: IssueRow, user: UserRow, body: string, now = isoTime()): IssueCommentRow {
  const { db } = ctx;
  const comment = db.transaction(() => {
    const info = db
      .prepare('INSERT INTO issue_comments (issue_id, repo_id, user_id, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(issue.id, repo.id, user.id, body, now, now);
    db.prepare('UPDATE issues SET updated_at = ? WHERE id = ?').run(now, issue.id);
    return db.prepare<[number], IssueCommentRow>('SELECT * FROM issue_comments WHERE id = ?').get(Number(info.lastInsertRowid))!;
  })();
  const b = bases(ctx);
  emitRepoEvent(
    ctx,
    'issue_comment',
    { action: 'created', issue: issueJson(db, b, repo, issueById(db, issue.id)!), comment: issueCommentJson(db, b, undefined, ctx.limits.vendor, repo, comment) },
    repo,
    user,
  );
  return comment;
}

export function registerIssueCommentRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const vendor = ctx.limits.vendor;
  const json = (req: FastifyRequest, repo: RepoRow, c: IssueCommentRow) => issueCommentJson(db, bases(ctx, req), req, vendor, repo, c);

  function loadComment(req: FastifyRequest<IdParams>, reply: FastifyReply): { loaded: LoadedRepo; comment: IssueCommentRow } {
    const loaded = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const comment = /^\d+$/.test(req.params.id)
      ? db.prepare<[number, number], IssueCommentRow>('SELECT * FROM issue_comments WHERE id = ? AND repo_id = ?').get(Number(req.params.id), loaded.repo.id)
      : undefined;
    if (!comment) throw notFound();
    return { loaded, comment };
  }

  /** Writers must be signed in, and tokens need a scope that writes the repository. */
  function writer(req: FastifyRequest, reply: FastifyReply): UserRow {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['public_repo', 'repo']);
    return user;
  }

  app.get<NumberParams>('/repos/:owner/:repo/issues/:number/comments', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const issue = findIssue(db, repo.id, req.params.number);
    if (!issue) throw notFound();
    const total = db.prepare('SELECT count(*) FROM issue_comments WHERE issue_id = ?').pluck().get(issue.id) as number;
    const rows = paginate(req, reply, total, (limit, offset) =>
      db.prepare<[number, number, number], IssueCommentRow>('SELECT * FROM issue_comments WHERE issue_id = ? ORDER BY id LIMIT ? OFFSET ?').all(issue.id, limit, offset),
    );
    return rows.map((c) => json(req, repo, c));
  });

  app.get<RepoParams & { Querystring: CommentListQuery }>('/repos/:owner/:repo/issues/comments', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const q = commentListSql(RESOURCE, req.query);
    const where = `c.repo_id = ?${q.where}`;
    const total = db.prepare(`SELECT count(*) FROM issue_comments c WHERE ${where}`).pluck().get(repo.id, ...q.params) as number;
    const rows = paginate(req, reply, total, (limit, offset) =>
      db.prepare(`SELECT c.* FROM issue_comments c WHERE ${where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`).all(repo.id, ...q.params, limit, offset) as IssueCommentRow[],
    );
    return rows.map((c) => json(req, repo, c));
  });

  app.get<IdParams>('/repos/:owner/:repo/issues/comments/:id', async (req, reply) => {
    const { loaded, comment } = loadComment(req, reply);
    return json(req, loaded.repo, comment);
  });

  app.post<NumberParams>('/repos/:owner/:repo/issues/:number/comments', async (req, reply) => {
    const user = writer(req, reply);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const issue = findIssue(db, repo.id, req.params.number);
    if (!issue) throw notFound();
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const comment = createIssueComment(ctx, repo, issue, user, body);
    const out = json(req, repo, comment);
    return created(reply, out.url as string, out);
  });

  app.patch<IdParams>('/repos/:owner/:repo/issues/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { loaded, comment } = loadComment(req, reply);
    requireCommentEditor(user, comment.user_id, loaded.permission);
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const now = isoTime();
    db.prepare('UPDATE issue_comments SET body = ?, updated_at = ? WHERE id = ?').run(body, now, comment.id);
    return json(req, loaded.repo, { ...comment, body, updated_at: now });
  });

  app.delete<IdParams>('/repos/:owner/:repo/issues/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { loaded, comment } = loadComment(req, reply);
    requireCommentEditor(user, comment.user_id, loaded.permission);
    db.prepare('DELETE FROM issue_comments WHERE id = ?').run(comment.id);
    return reply.code(204).send();
  });
}
