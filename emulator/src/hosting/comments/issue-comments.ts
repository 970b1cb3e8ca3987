// Issue comments (docs/service-api/hosting/comments §2). Issue comments also
// apply to pull requests: the number may be a pull request's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById, loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody } from '../conventions/conventions';
import { notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { userSummary } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { isoTime } from '../conventions/time';
import { bases, type Bases } from '../conventions/urls';
import { emitRepoEvent } from '../repos/create';
import type { IssueCommentRow, IssueRow } from '../issues/schema';
import {
  deleteIssueComment,
  findIssue,
  findIssueComment,
  insertIssueComment,
  issueById,
  issueComments,
  issueJson,
  repoIssueComments,
  repoPath,
  updateIssueCommentBody,
} from '../issues/store';
import { bodyFields } from './body';
import { commentListSql, type CommentListQuery } from './list-query';
import { requireCommentEditor } from './permissions';

const RESOURCE = 'IssueComment';
const bodyOnly = z.object({ body: z.string().min(1) });

type RepoParams = { Params: { owner: string; repo: string } };
type NumberParams = { Params: { owner: string; repo: string; number: string } };
type IdParams = { Params: { owner: string; repo: string; id: string } };

function issueCommentJson(db: Db, b: Bases, req: FastifyRequest | undefined, vendor: string, repo: RepoRow, c: IssueCommentRow): Record<string, unknown> {
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
  const comment = insertIssueComment(db, issue.id, repo.id, user.id, body, now);
  const b = bases(ctx);
  emitRepoEvent(
    ctx,
    'issue_comment',
    {
      action: 'created',
      issue: issueJson(db, b, repo, issueById(db, issue.id)!),
      comment: issueCommentJson(db, b, undefined, ctx.limits.vendor, repo, comment),
    },
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
    const comment = findIssueComment(db, loaded.repo.id, req.params.id);
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
    const list = issueComments(db, issue.id);
    const rows = paginate(req, reply, list.total, list.page);
    return rows.map((c) => json(req, repo, c));
  });

  app.get<RepoParams & { Querystring: CommentListQuery }>('/repos/:owner/:repo/issues/comments', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const list = repoIssueComments(db, repo.id, commentListSql(RESOURCE, req.query));
    const rows = paginate(req, reply, list.total, list.page);
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
    updateIssueCommentBody(db, comment.id, body, now);
    return json(req, loaded.repo, { ...comment, body, updated_at: now });
  });

  app.delete<IdParams>('/repos/:owner/:repo/issues/comments/:id', async (req, reply) => {
    const user = writer(req, reply);
    const { loaded, comment } = loadComment(req, reply);
    requireCommentEditor(user, comment.user_id, loaded.permission);
    deleteIssueComment(db, comment.id);
    return reply.code(204).send();
  });
}
