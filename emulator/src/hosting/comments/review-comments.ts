// Review comments (docs/service-api/hosting/pulls §8): comments on a line of a
// pull request's diff, placed by `position` (lines below the file's first `@@`
// header), or replies through `in_reply_to`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db';
import type { EmulatorContext } from '../../server';
import { findUserById, loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { bodyHash, created, parseBody } from '../conventions/conventions';
import { notFound, requiresAuthentication } from '../conventions/errors';
import { paginate } from '../conventions/pagination';
import { userSummary } from '../conventions/representations';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { isoTime } from '../conventions/time';
import { bases, type Bases } from '../conventions/urls';
import { emitRepoEvent } from '../repos/create';
import { repoPath } from '../issues/store';
import { pullSummary } from '../pulls/representation';
import { createReviewComment, type NewReviewComment } from '../pulls/review-placement';
import type { Pull, ReviewCommentRow } from '../pulls/schema';
import {
  deleteReviewComment,
  findPull,
  findReviewComment,
  pullById,
  pullNumber,
  pullReviewComments,
  repoReviewComments,
  updateReviewCommentBody,
} from '../pulls/store';
import { refreshRepoPulls } from '../pulls/sync';
import { bodyFields } from './body';
import { commentListSql, type CommentListQuery } from './list-query';
import { requireCommentEditor } from './permissions';

const RESOURCE = 'PullRequestReviewComment';
const lineComment = z.object({ body: z.string().min(1), commit_id: z.string().min(1), path: z.string().min(1), position: z.number().int() });
const reply = z.object({ body: z.string().min(1), in_reply_to: z.number().int() });
const bodyOnly = z.object({ body: z.string().min(1) });

type RepoParams = { Params: { owner: string; repo: string } };
type PullParams = { Params: { owner: string; repo: string; number: string } };

function reviewCommentJson(db: Db, b: Bases, req: FastifyRequest | undefined, vendor: string, repo: RepoRow, c: ReviewCommentRow): Record<string, unknown> {
  const full = repoPath(db, repo);
  const number = pullNumber(db, c.pull_id);
  const url = `${b.api}/repos/${full}/pulls/comments/${c.id}`;
  const html = `${b.web}/${full}/pull/${number}#discussion_r${c.id}`;
  const pullUrl = `${b.api}/repos/${full}/pulls/${number}`;
  return {
    url,
    id: c.id,
    diff_hunk: c.diff_hunk,
    path: c.path,
    position: c.position,
    original_position: c.original_position,
    commit_id: c.commit_id,
    original_commit_id: c.original_commit_id,
    // Only on replies: the service leaves it out of a root comment.
    ...(c.in_reply_to_id !== null ? { in_reply_to_id: c.in_reply_to_id } : {}),
    user: userSummary(b, findUserById(db, c.user_id)!),
    ...bodyFields(req, vendor, c.body),
    created_at: isoTime(c.created_at),
    updated_at: isoTime(c.updated_at),
    html_url: html,
    pull_request_url: pullUrl,
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pullUrl } },
  };
}

/** Writes a review comment (or reply) and emits `pull_request_review_comment` (created). */
export async function addReviewComment(
  ctx: EmulatorContext,
  repo: RepoRow,
  pull: Pull,
  user: UserRow,
  input: NewReviewComment,
  now = isoTime(),
): Promise<ReviewCommentRow> {
  const comment = await createReviewComment(ctx, pull, user, input, now);
  const b = bases(ctx);
  const payload = {
    action: 'created',
    comment: reviewCommentJson(ctx.db, b, undefined, ctx.limits.vendor, repo, comment),
    pull_request: pullSummary(ctx.db, b, pullById(ctx.db, pull.id)!),
  };
  emitRepoEvent(ctx, 'pull_request_review_comment', payload, repo, user);
  return comment;
}

export function registerReviewCommentRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const vendor = ctx.limits.vendor;
  const json = (req: FastifyRequest, repo: RepoRow, c: ReviewCommentRow) => reviewCommentJson(db, bases(ctx, req), req, vendor, repo, c);

  function writer(req: FastifyRequest, res: FastifyReply): UserRow {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, res, ['public_repo', 'repo']);
    return user;
  }

  /** Positions follow the head: bring the repository's open pull requests up to date before reading. */
  async function loadFresh(req: FastifyRequest<RepoParams>, res: FastifyReply): Promise<LoadedRepo> {
    const loaded = loadRepo(db, req, res, req.params.owner, req.params.repo);
    await refreshRepoPulls(ctx, loaded.repo.id);
    return loaded;
  }

  async function loadComment(req: FastifyRequest<PullParams>, res: FastifyReply): Promise<{ loaded: LoadedRepo; comment: ReviewCommentRow }> {
    const loaded = await loadFresh(req, res);
    const comment = findReviewComment(db, loaded.repo.id, req.params.number);
    if (!comment) throw notFound();
    return { loaded, comment };
  }

  app.get<PullParams>('/repos/:owner/:repo/pulls/:number/comments', async (req, res) => {
    const { repo } = await loadFresh(req, res);
    const pull = findPull(db, repo.id, req.params.number);
    if (!pull) throw notFound();
    const list = pullReviewComments(db, pull.id);
    const rows = paginate(req, res, list.total, list.page);
    return rows.map((c) => json(req, repo, c));
  });

  app.get<RepoParams & { Querystring: CommentListQuery }>('/repos/:owner/:repo/pulls/comments', async (req, res) => {
    const q = commentListSql(RESOURCE, req.query);
    const { repo } = await loadFresh(req, res);
    const list = repoReviewComments(db, repo.id, q);
    const rows = paginate(req, res, list.total, list.page);
    return rows.map((c) => json(req, repo, c));
  });

  app.get<PullParams>('/repos/:owner/:repo/pulls/comments/:number', async (req, res) => {
    const { loaded, comment } = await loadComment(req, res);
    return json(req, loaded.repo, comment);
  });

  app.post<PullParams>('/repos/:owner/:repo/pulls/:number/comments', async (req, res) => {
    const user = writer(req, res);
    const { repo } = await loadFresh(req, res);
    const found = findPull(db, repo.id, req.params.number);
    if (!found) throw notFound();
    const isReply = bodyHash(req).in_reply_to !== undefined;
    const input: NewReviewComment = isReply ? parseBody(req, RESOURCE, reply) : parseBody(req, RESOURCE, lineComment);
    const comment = await addReviewComment(ctx, repo, pullById(db, found.id)!, user, input);
    const out = json(req, repo, comment);
    return created(res, out.url as string, out);
  });

  app.patch<PullParams>('/repos/:owner/:repo/pulls/comments/:number', async (req, res) => {
    const user = writer(req, res);
    const { loaded, comment } = await loadComment(req, res);
    requireCommentEditor(user, comment.user_id, loaded.permission);
    const { body } = parseBody(req, RESOURCE, bodyOnly);
    const now = isoTime();
    updateReviewCommentBody(db, comment.id, body, now);
    return json(req, loaded.repo, { ...comment, body, updated_at: now });
  });

  app.delete<PullParams>('/repos/:owner/:repo/pulls/comments/:number', async (req, res) => {
    const user = writer(req, res);
    const { loaded, comment } = await loadComment(req, res);
    requireCommentEditor(user, comment.user_id, loaded.permission);
    deleteReviewComment(db, comment.id);
    return res.code(204).send();
  });
}
