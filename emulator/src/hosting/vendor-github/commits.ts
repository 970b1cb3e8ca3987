// Repository commits: outside the documents (they have git commits only,
// docs/service-api/hosting/git-data §2); the vendor's clients call them
// (octokit repos.listCommits / getCommit, PyGithub get_commits /
// get_commit). `git log` on the real repository, with the vendor's filters
// (sha, path, author, committer, since, until) and its pages (Link header).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../server';
import { findUser } from '../conventions/access';
import { ApiError, notFound, validationFailed } from '../conventions/errors';
import { hasNul } from '../conventions/git-input';
import { linkHeader, pageParams } from '../conventions/pagination';
import { fileJson } from '../pulls/git-json';
import { commitObject, type Open, type Opened, type RepoParams, type RestParams } from './common';
import { commitFiles, countCommits, hasBranches, logOne, logPage, resolveCommit, type LogFilters } from './git';
import { contentPath } from './contents';
import { MAX_DIFF_FILES, timeFilter } from './rules';

interface ListQuery {
  sha?: string;
  path?: string;
  author?: string;
  committer?: string;
  since?: string;
  until?: string;
}

/**
 * `author` / `committer`: a login stands for its account's e-mail (as the vendor matches it), anything else is matched as text.
 * It reaches git as an argument, which cannot hold a NUL byte: 422, as a path with one is.
 */
function identityFilter(ctx: EmulatorContext, field: 'author' | 'committer', value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (hasNul(value)) throw validationFailed({ resource: 'Commit', field, code: 'invalid', message: `${field} must not contain a NUL byte` });
  const user = findUser(ctx.db, value);
  return user?.email ?? value;
}

function listFilters(ctx: EmulatorContext, q: ListQuery): LogFilters {
  const since = timeFilter(q.since);
  const until = timeFilter(q.until);
  for (const [field, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value === undefined)
      throw validationFailed({ resource: 'Commit', field, code: 'invalid', message: `${field} must be an ISO 8601 time (YYYY-MM-DDTHH:MM:SSZ)` });
  }
  // The path filter reaches git as a pathspec: it is checked as a contents path is (no `..`, no NUL).
  const path = typeof q.path === 'string' ? contentPath(q.path.replace(/^\/+/, ''), true).path : undefined;
  return { path, since, until, author: identityFilter(ctx, 'author', q.author), committer: identityFilter(ctx, 'committer', q.committer) };
}

/** The commit a route's `ref` names; 422 `No commit found for SHA: <ref>` as the vendor answers a ref it cannot find. */
async function commitOf(o: Opened, ref: string): Promise<string> {
  const sha = await resolveCommit(o.git, ref);
  if (sha === undefined) throw new ApiError(422, `No commit found for SHA: ${ref}`, undefined, '/v3');
  return sha;
}

async function listCommits(ctx: EmulatorContext, o: Opened, req: FastifyRequest<{ Querystring: ListQuery }>, reply: FastifyReply) {
  if (!(await hasBranches(o.git))) throw new ApiError(409, 'Git Repository is empty.', undefined, '/v3');
  const filters = listFilters(ctx, req.query);
  const from = await resolveCommit(o.git, req.query.sha ?? o.loaded.repo.default_branch);
  if (from === undefined) throw notFound();
  const p = pageParams(req);
  const total = await countCommits(o.git, from, filters);
  const link = linkHeader(req, p, total);
  if (link) reply.header('Link', link);
  if (p.offset >= total) return [];
  const page = await logPage(o.git, from, filters, p.offset, p.perPage);
  return page.map((c) => commitObject(ctx, o, c));
}

export function registerCommitRoutes(app: FastifyInstance, ctx: EmulatorContext, open: Open): void {
  app.get<RepoParams & { Querystring: ListQuery }>('/repos/:owner/:repo/commits', async (req, reply) => {
    return listCommits(ctx, open(req, reply, req.params), req, reply);
  });

  // The ref may be a branch with slashes (`feature/a`): the rest of the path.
  app.get<RestParams>('/repos/:owner/:repo/commits/*', async (req, reply) => {
    const o = open(req, reply, req.params);
    const commit = await logOne(o.git, await commitOf(o, req.params['*']));
    const files = await commitFiles(o.git, commit);
    const additions = files.reduce((n, f) => n + f.additions, 0);
    const deletions = files.reduce((n, f) => n + f.deletions, 0);
    return {
      ...commitObject(ctx, o, commit),
      stats: { total: additions + deletions, additions, deletions },
      files: files.slice(0, MAX_DIFF_FILES).map((f) => withoutNullPatch(fileJson(o.b, o.full, commit.sha, f))),
    };
  });
}

/** A binary file has no patch: the vendor leaves the field out rather than sending null. */
export function withoutNullPatch(file: Record<string, unknown>): Record<string, unknown> {
  if (file.patch !== null) return file;
  const { patch: _patch, ...rest } = file;
  return rest;
}
