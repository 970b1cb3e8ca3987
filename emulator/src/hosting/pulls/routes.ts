// Pull request endpoints: the list and single pull request of
// docs/service-api/hosting/pulls §3, §4, and the create of §5, edit
// (close/reopen), files, commits, merge and the diff and patch media types.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { atLeast, loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, mediaTypeParam, parseBody } from '../conventions/conventions';
import { forbidden, invalidField, notFound, requiresAuthentication, validationFailed } from '../conventions/errors';
import { paginate, paginateArray } from '../conventions/pagination';
import type { UserRow } from '../accounts/schema';
import { requireScope } from '../conventions/scopes';
import { isSafeRefName } from '../conventions/git-input';
import { isoTime } from '../conventions/time';
import { bases } from '../conventions/urls';
import { PullGit } from './git';
import { commitJson, fileJson } from './git-json';
import { mergePull, openPull, setPullState } from './lifecycle';
import { updateIssueText } from '../issues/store';
import { pullDetailed, pullSummary } from './representation';
import type { Pull } from './schema';
import { findPull, isPullSort, pullById, repoPulls, type PullFilter } from './store';
import { refreshRepoPulls } from './sync';

type RepoParams = { Params: { owner: string; repo: string } };
type PullParams = { Params: { owner: string; repo: string; number: string } };
type ListQuery = { Querystring: { state?: string; head?: string; base?: string; sort?: string; direction?: string } };

const RESOURCE = 'PullRequest';
/** `head` may name a fork's branch as `owner:branch`. */
const headName = (v: string) => isSafeRefName(v.includes(':') ? v.slice(v.indexOf(':') + 1) : v);
const createBody = z.object({
  title: z.string().min(1),
  head: z.string().min(1).refine(headName),
  base: z.string().min(1).refine(isSafeRefName),
  body: z.string().nullable().optional(),
});
const editBody = z.object({ title: z.string().min(1).optional(), body: z.string().nullable().optional(), state: z.enum(['open', 'closed']).optional() });
const mergeBody = z.object({ commit_message: z.string().optional(), sha: z.string().optional() });

const MONTH_MS = 30 * 24 * 3600 * 1000;

/** The list filters: state open by default; sort created (newest first) by default, the others oldest first. */
function listFilter(q: ListQuery['Querystring']): PullFilter {
  const state = q.state ?? 'open';
  if (state !== 'open' && state !== 'closed' && state !== 'all') throw invalidField(RESOURCE, 'state');
  const sort = q.sort ?? 'created';
  if (!isPullSort(sort)) throw invalidField(RESOURCE, 'sort');
  const direction = q.direction ?? (sort === 'created' ? 'desc' : 'asc');
  if (direction !== 'asc' && direction !== 'desc') throw invalidField(RESOURCE, 'direction');
  // Long-running: still active within the last month.
  const updatedSince = sort === 'long-running' ? isoTime(Date.now() - MONTH_MS) : undefined;
  return { state, head: q.head, base: q.base, sort, direction, updatedSince };
}

export function registerPullRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;

  function writer(req: FastifyRequest, reply: FastifyReply): UserRow {
    const user = currentUser(req);
    if (!user) throw requiresAuthentication();
    requireScope(req, reply, ['public_repo', 'repo']);
    return user;
  }

  /** The repository and the pull request, brought up to date with its branches. */
  async function loadPull(req: FastifyRequest<PullParams>, reply: FastifyReply, need: 'pull' | 'push' = 'pull'): Promise<{ loaded: LoadedRepo; pull: Pull }> {
    const loaded = loadRepo(db, req, reply, req.params.owner, req.params.repo, need);
    const found = findPull(db, loaded.repo.id, req.params.number);
    if (!found) throw notFound();
    if (found.state === 'open') await refreshRepoPulls(ctx, loaded.repo.id);
    return { loaded, pull: pullById(db, found.id)! };
  }

  const fullName = (l: LoadedRepo) => `${l.owner.login}/${l.repo.name}`;

  app.get<RepoParams & ListQuery>('/repos/:owner/:repo/pulls', async (req, reply) => {
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const filter = listFilter(req.query);
    await refreshRepoPulls(ctx, repo.id);
    const list = repoPulls(db, repo.id, filter);
    const rows = paginate(req, reply, list.total, list.page);
    const b = bases(ctx, req);
    return rows.map((p) => pullSummary(db, b, p));
  });

  app.get<PullParams>('/repos/:owner/:repo/pulls/:number', async (req, reply) => {
    const { pull } = await loadPull(req, reply);
    const media = mediaTypeParam(req, ctx.limits.vendor);
    if (media === 'diff' || media === 'patch') {
      const git = PullGit.of(ctx, pull.repo_id);
      const text = media === 'diff' ? await git.diff(pull.base_sha, pull.head_sha) : await git.formatPatch(pull.base_sha, pull.head_sha);
      return reply.type(`application/vnd.${ctx.limits.vendor}.v3.${media}; charset=utf-8`).send(text);
    }
    return pullDetailed(ctx, bases(ctx, req), pull);
  });

  app.post<RepoParams>('/repos/:owner/:repo/pulls', async (req, reply) => {
    const user = writer(req, reply);
    const { repo } = loadRepo(db, req, reply, req.params.owner, req.params.repo);
    const f = parseBody(req, RESOURCE, createBody);
    const pull = await openPull(ctx, repo, user, f);
    const out = await pullDetailed(ctx, bases(ctx, req), pull);
    return created(reply, out.url as string, out);
  });

  app.patch<PullParams>('/repos/:owner/:repo/pulls/:number', async (req, reply) => {
    const user = writer(req, reply);
    const { loaded, pull } = await loadPull(req, reply);
    if (user.id !== pull.user_id && !atLeast(loaded.permission, 'push')) throw forbidden('Must have push access to edit the pull requests of other users');
    const f = parseBody(req, RESOURCE, editBody);
    // Every check before any write: a merged pull request stays closed.
    if (f.state === 'open' && pull.merged_at !== null)
      throw validationFailed({ resource: RESOURCE, field: 'state', code: 'invalid', message: 'A merged pull request cannot be reopened' });
    updateIssueText(db, pull.issue_id, f);
    const updated = f.state ? await setPullState(ctx, pullById(db, pull.id)!, f.state, user) : pullById(db, pull.id)!;
    return pullDetailed(ctx, bases(ctx, req), updated);
  });

  app.get<PullParams>('/repos/:owner/:repo/pulls/:number/files', async (req, reply) => {
    const { loaded, pull } = await loadPull(req, reply);
    const files = await PullGit.of(ctx, pull.repo_id).files(pull.base_sha, pull.head_sha);
    const b = bases(ctx, req);
    return paginateArray(req, reply, files).map((f) => fileJson(b, fullName(loaded), pull.head_sha, f));
  });

  app.get<PullParams>('/repos/:owner/:repo/pulls/:number/commits', async (req, reply) => {
    const { loaded, pull } = await loadPull(req, reply);
    const commits = await PullGit.of(ctx, pull.repo_id).commits(pull.base_sha, pull.head_sha);
    const b = bases(ctx, req);
    return paginateArray(req, reply, commits).map((c) => commitJson(db, b, fullName(loaded), c));
  });

  app.get<PullParams>('/repos/:owner/:repo/pulls/:number/merge', async (req, reply) => {
    const { pull } = await loadPull(req, reply);
    if (pull.merged_at === null) throw notFound();
    return reply.code(204).send();
  });

  app.put<PullParams>('/repos/:owner/:repo/pulls/:number/merge', async (req, reply) => {
    const user = writer(req, reply);
    const { pull } = await loadPull(req, reply, 'push');
    const f = parseBody(req, RESOURCE, mergeBody);
    const sha = await mergePull(ctx, pull, user, f.commit_message, f.sha);
    return { sha, merged: true, message: 'Pull Request successfully merged' };
  });
}
