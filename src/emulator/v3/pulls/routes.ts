// Pull request endpoints: document 2's list and single pull request, and the
// README's create, edit (close/reopen), files, commits, merge and the diff
// and patch media types.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { atLeast, loadRepo, type LoadedRepo } from '../core/access';
import { currentUser } from '../core/auth';
import { created, mediaTypeParam, parseBody } from '../core/conventions';
import { forbidden, invalidField, notFound, requiresAuthentication, validationFailed } from '../core/errors';
import { paginate, paginateArray } from '../core/pagination';
import type { UserRow } from '../core/schema';
import { requireScope } from '../core/scopes';
import { isSafeRefName } from '../core/git-input';
import { isoTime } from '../core/time';
import { bases } from '../core/urls';
import { PullGit } from './git';
import { commitJson, fileJson } from './git-json';
import { mergePull, openPull, setPullState } from './lifecycle';
import { findPull, pullById, pullDetailed, pullSummary } from './representation';
import { PULL_SELECT, type Pull } from './schema';
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

const SORTS: Record<string, string> = {
  created: 'i.created_at',
  updated: 'i.updated_at',
  popularity: '((SELECT count(*) FROM issue_comments ic WHERE ic.issue_id = p.issue_id) + (SELECT count(*) FROM review_comments rc WHERE rc.pull_id = p.id))',
  // Age: ordered by when the pull request was opened.
  'long-running': 'i.created_at',
};

const MONTH_MS = 30 * 24 * 3600 * 1000;

function listSql(q: ListQuery['Querystring']): { where: string; params: Array<string | number>; orderBy: string } {
  const where: string[] = [];
  const params: Array<string | number> = [];
  const state = q.state ?? 'open';
  if (state !== 'open' && state !== 'closed' && state !== 'all') throw invalidField(RESOURCE, 'state');
  if (state !== 'all') { where.push('i.state = ?'); params.push(state); }
  if (q.head !== undefined) {
    const colon = q.head.indexOf(':');
    if (colon >= 0) {
      where.push('p.head_owner_id = (SELECT id FROM users WHERE login = ?) AND p.head_ref = ?');
      params.push(q.head.slice(0, colon), q.head.slice(colon + 1));
    } else { where.push('p.head_ref = ?'); params.push(q.head); }
  }
  if (q.base !== undefined) { where.push('p.base_ref = ?'); params.push(q.base); }
  const sort = q.sort ?? 'created';
  const column = SORTS[sort];
  if (!column) throw invalidField(RESOURCE, 'sort');
  const direction = q.direction ?? (sort === 'created' ? 'desc' : 'asc');
  if (direction !== 'asc' && direction !== 'desc') throw invalidField(RESOURCE, 'direction');
  if (sort === 'long-running') { where.push('i.updated_at >= ?'); params.push(isoTime(Date.now() - MONTH_MS)); }
  return { where: where.map((w) => ` AND ${w}`).join(''), params, orderBy: `${column} ${direction}, p.number ${direction}` };
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
    const q = listSql(req.query);
    await refreshRepoPulls(ctx, repo.id);
    const from = `FROM pull_requests p JOIN issues i ON i.id = p.issue_id WHERE p.repo_id = ?${q.where}`;
    const total = db.prepare(`SELECT count(*) ${from}`).pluck().get(repo.id, ...q.params) as number;
    const rows = paginate(req, reply, total, (limit, offset) =>
      db.prepare(`${PULL_SELECT} WHERE p.repo_id = ?${q.where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`).all(repo.id, ...q.params, limit, offset) as Pull[],
    );
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
    if (f.state === 'open' && pull.merged_at !== null) throw validationFailed({ resource: RESOURCE, field: 'state', code: 'invalid', message: 'A merged pull request cannot be reopened' });
    const now = isoTime();
    db.transaction(() => {
      if (f.title !== undefined) db.prepare('UPDATE issues SET title = ?, updated_at = ? WHERE id = ?').run(f.title, now, pull.issue_id);
      if (f.body !== undefined) db.prepare('UPDATE issues SET body = ?, updated_at = ? WHERE id = ?').run(f.body, now, pull.issue_id);
    })();
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
