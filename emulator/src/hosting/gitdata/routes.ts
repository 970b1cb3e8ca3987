// docs/service-api/hosting/git-data §1–§8:
// every row on the repository's real bare git repository through the git
// data library (emulator/src/git), whose typed errors become the 404/422 bodies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import {
  createBlob,
  createCommit,
  createRef,
  createTree,
  deleteRef,
  findRef,
  listRefs,
  readBlob,
  readCommit,
  readTag,
  readTree,
  updateRef,
  createTagObject,
  GitDataError,
  repoGitPath,
  Repositories,
  type GitRepository,
} from '../../git';
import { loadRepo, type LoadedRepo } from '../conventions/access';
import { currentUser } from '../conventions/auth';
import { created, parseBody, bodyHash } from '../conventions/conventions';
import { ApiError, notFound } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import { bases } from '../conventions/urls';
import { markPushed } from '../repos/store';
import { emitRefEvents } from './events';
import { commitResource, refResource, refUrl, tagResource, treeResource, type GitDataUrls } from './representation';
import { hasNul } from '../conventions/git-input';

/** A NUL byte in a string, or in a string field of an object (author, committer). */
const nulInside = (v: unknown): boolean =>
  typeof v === 'string' ? hasNul(v) : typeof v === 'object' && v !== null && Object.values(v).some((x) => typeof x === 'string' && hasNul(x));

const ZERO_SHA = '0'.repeat(40);

type RepoParams = { Params: { owner: string; repo: string } };
type ShaParams = { Params: { owner: string; repo: string; sha: string } };
type RefParams = { Params: { owner: string; repo: string; '*': string } };

/** Library errors carry the status and message of the spec's answer. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof GitDataError)) return error;
  if (error.status === 404) return notFound();
  // git's own failures stay 500s: the error handler logs them and answers without git's stderr.
  if (error.status === 500) return error;
  return new ApiError(error.status, error.message, undefined, '/v3');
}

async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}

/** What every git data route starts with: the repository (checked for access) and its git data. */
function gitDataHelpers(ctx: EmulatorContext, repositories: Repositories) {
  const open = (
    req: FastifyRequest,
    reply: FastifyReply,
    params: RepoParams['Params'],
    need: 'pull' | 'push' = 'pull',
  ): { loaded: LoadedRepo; git: GitRepository; u: GitDataUrls } => {
    const loaded = loadRepo(ctx.db, req, reply, params.owner, params.repo, need);
    const git = repositories.get(repoGitPath(ctx.gitDir, loaded.repo.id));
    return { loaded, git, u: { git: `${bases(ctx, req).api}/repos/${loaded.owner.login}/${loaded.repo.name}/git` } };
  };
  /** A ref change through the API counts as a push: pushed_at, and the push/create/delete events. */
  const pushed = (
    req: FastifyRequest,
    loaded: LoadedRepo,
    git: GitRepository,
    change: { ref: string; before: string; after: string; forced: boolean },
  ): void => {
    markPushed(ctx.db, loaded.repo.id);
    const sender = currentUser(req);
    if (sender) emitRefEvents(ctx, git, loaded.repo, loaded.owner, sender, change);
  };
  return { open, pushed };
}

type GitDataHelpers = ReturnType<typeof gitDataHelpers>;

export function registerGitDataRoutes(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories): void {
  const helpers = gitDataHelpers(ctx, repositories);
  registerBlobAndCommitRoutes(app, ctx, helpers);
  registerTagRoutes(app, ctx, helpers);
  registerTreeRoutes(app, helpers);
  registerReferenceRoutes(app, helpers);
}

/** Blobs and commits: read and create. */
function registerBlobAndCommitRoutes(app: FastifyInstance, ctx: EmulatorContext, { open }: GitDataHelpers): void {
  // Blobs (docs/service-api/hosting/git-data §8)
  app.post<RepoParams>('/repos/:owner/:repo/git/blobs', async (req, reply) => {
    const { git, u } = open(req, reply, req.params, 'push');
    const body = parseBody(req, 'Blob', z.object({ content: z.string(), encoding: z.string().optional() }));
    const blob = await translated(() => createBlob(git, body.content, body.encoding ?? 'utf-8'));
    const url = `${u.git}/blobs/${blob.sha}`;
    return created(reply, url, { url, sha: blob.sha });
  });
  app.get<ShaParams>('/repos/:owner/:repo/git/blobs/:sha', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    const blob = await translated(() => readBlob(git, req.params.sha));
    return { content: blob.content, encoding: blob.encoding, url: `${u.git}/blobs/${blob.sha}`, sha: blob.sha, size: blob.size };
  });

  // Git commits
  app.get<ShaParams>('/repos/:owner/:repo/git/commits/:sha', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    return commitResource(u, await translated(() => readCommit(git, req.params.sha)));
  });
  app.post<RepoParams>('/repos/:owner/:repo/git/commits', async (req, reply) => {
    const { git, u } = open(req, reply, req.params, 'push');
    const body = bodyHash(req, 'Commit');
    if (typeof body.message !== 'string')
      throw new ApiError(422, 'message is required', [{ resource: 'Commit', field: 'message', code: 'missing_field' }], '/v3');
    if (typeof body.tree !== 'string') throw new ApiError(422, 'tree is required', [{ resource: 'Commit', field: 'tree', code: 'missing_field' }], '/v3');
    for (const [field, value] of [
      ['message', body.message],
      ['author', body.author],
      ['committer', body.committer],
    ] as const) {
      if (nulInside(value)) throw new ApiError(422, 'Validation Failed', [{ resource: 'Commit', field, code: 'invalid' }], '/v3');
    }
    // Without an author: the authenticated user, named as auto_init commits name them.
    const user = currentUser(req);
    const login = user?.login ?? 'unknown';
    const defaults = {
      user: { name: user?.name ?? login, email: user?.email ?? `${login}@users.noreply.${new URL(ctx.baseUrl()).hostname}` },
      now: new Date(),
    };
    const commit = await translated(() =>
      createCommit(git, { message: body.message, tree: body.tree, parents: body.parents, author: body.author, committer: body.committer }, defaults),
    );
    const resource = commitResource(u, commit);
    return created(reply, resource.url, resource);
  });
}

/** Annotated tag objects (docs/service-api/hosting/git-data §9). */
function registerTagRoutes(app: FastifyInstance, ctx: EmulatorContext, { open }: GitDataHelpers): void {
  // Annotated tags: where a tag reference's object.url points
  // (docs/service-api/hosting/git-data §9).
  app.get<ShaParams>('/repos/:owner/:repo/git/tags/:sha', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    return tagResource(u, await translated(() => readTag(git, req.params.sha)));
  });

  // Creating one: beyond the documents, as the service family has it (docs/EMULATOR.md). Only the
  // object is written; a tag reference (POST .../git/refs, refs/tags/<tag>) makes it visible.
  app.post<RepoParams>('/repos/:owner/:repo/git/tags', async (req, reply) => {
    const { git, u } = open(req, reply, req.params, 'push');
    const body = bodyHash(req, 'Tag');
    for (const field of ['tag', 'message', 'object'] as const) {
      if (typeof body[field] !== 'string') throw new ApiError(422, `${field} is required`, [{ resource: 'Tag', field, code: 'missing_field' }], '/v3');
    }
    for (const [field, value] of [
      ['tag', body.tag],
      ['message', body.message],
      ['tagger', body.tagger],
    ] as const) {
      if (nulInside(value)) throw new ApiError(422, 'Validation Failed', [{ resource: 'Tag', field, code: 'invalid' }], '/v3');
    }
    // Without a tagger: the authenticated user, now, as a commit without an author.
    const user = currentUser(req);
    const login = user?.login ?? 'unknown';
    const given = typeof body.tagger === 'object' && body.tagger !== null ? (body.tagger as Record<string, unknown>) : {};
    const tagger = {
      name: typeof given.name === 'string' ? given.name : (user?.name ?? login),
      email: typeof given.email === 'string' ? given.email : (user?.email ?? `${login}@users.noreply.${new URL(ctx.baseUrl()).hostname}`),
      date: typeof given.date === 'string' ? given.date : new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    const tag = await translated(() =>
      createTagObject(git, { tag: body.tag as string, message: body.message as string, object: body.object as string, tagger }),
    );
    const resource = tagResource(u, tag);
    return created(reply, resource.url, resource);
  });
}

/** Trees: read (recursive or not) and create. */
function registerTreeRoutes(app: FastifyInstance, { open }: GitDataHelpers): void {
  // Trees
  app.get<ShaParams & { Querystring: { recursive?: string } }>('/repos/:owner/:repo/git/trees/:sha', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    const recursive = req.query.recursive !== undefined && req.query.recursive !== '0' && req.query.recursive !== 'false';
    return treeResource(u, await translated(() => readTree(git, req.params.sha, { recursive, limit: 100_000 })));
  });
  app.post<RepoParams>('/repos/:owner/:repo/git/trees', async (req, reply) => {
    const { git, u } = open(req, reply, req.params, 'push');
    const body = bodyHash(req, 'Tree');
    if (body.tree === undefined) throw new ApiError(422, 'tree is required', [{ resource: 'Tree', field: 'tree', code: 'missing_field' }], '/v3');
    const resource = treeResource(u, await translated(() => createTree(git, { tree: body.tree, base_tree: body.base_tree })));
    return created(reply, resource.url, resource);
  });
}

/** References: list, read, match, create, move, delete (a change through the API counts as a push). */
function registerReferenceRoutes(app: FastifyInstance, { open, pushed }: GitDataHelpers): void {
  // References
  app.get<RepoParams>('/repos/:owner/:repo/git/refs', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    return paginateArray(
      req,
      reply,
      (await listRefs(git)).map((r) => refResource(u, r)),
    );
  });
  app.get<RefParams>('/repos/:owner/:repo/git/refs/*', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    const name = req.params['*'].replace(/\/+$/, '');
    // `heads/feature/a` is one reference; `tags` or `heads/feature` (no such ref) lists that namespace.
    const exact = await findRef(git, `refs/${name}`);
    if (exact) return refResource(u, exact);
    const matching = await listRefs(git, name);
    if (matching.length === 0) throw notFound();
    return paginateArray(
      req,
      reply,
      matching.map((r) => refResource(u, r)),
    );
  });
  // Today's client paths (octokit git.getRef / git.listMatchingRefs, PyGithub get_git_ref), served in
  // every mode: `git/ref/<ref>` is one reference only; `git/matching-refs/<prefix>` lists every ref whose
  // name starts with that text (`heads/feat` matches `heads/feature`), [] when none.
  app.get<RefParams>('/repos/:owner/:repo/git/ref/*', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    const exact = await findRef(git, `refs/${req.params['*'].replace(/\/+$/, '')}`);
    if (!exact) throw notFound();
    return refResource(u, exact);
  });
  app.get<RefParams>('/repos/:owner/:repo/git/matching-refs/*', async (req, reply) => {
    const { git, u } = open(req, reply, req.params);
    const prefix = `refs/${req.params['*']}`;
    const matching = (await listRefs(git)).filter((r) => r.ref.startsWith(prefix));
    return paginateArray(
      req,
      reply,
      matching.map((r) => refResource(u, r)),
    );
  });
  app.post<RepoParams>('/repos/:owner/:repo/git/refs', async (req, reply) => {
    const { loaded, git, u } = open(req, reply, req.params, 'push');
    const body = parseBody(req, 'Reference', z.object({ ref: z.string(), sha: z.string() }));
    const ref = await translated(() => createRef(git, body.ref, body.sha));
    pushed(req, loaded, git, { ref: ref.ref, before: ZERO_SHA, after: ref.sha, forced: false });
    return created(reply, refUrl(u, ref.ref), refResource(u, ref));
  });
  app.patch<RefParams>('/repos/:owner/:repo/git/refs/*', async (req, reply) => {
    const { loaded, git, u } = open(req, reply, req.params, 'push');
    const body = parseBody(req, 'Reference', z.object({ sha: z.string(), force: z.boolean().optional() }));
    const name = `refs/${req.params['*']}`;
    const change = await translated(() => updateRef(git, name, body.sha, body.force ?? false));
    pushed(req, loaded, git, { ref: name, before: change.before, after: change.ref.sha, forced: change.forced });
    return refResource(u, change.ref);
  });
  app.delete<RefParams>('/repos/:owner/:repo/git/refs/*', async (req, reply) => {
    const { loaded, git } = open(req, reply, req.params, 'push');
    const change = await translated(() => deleteRef(git, `refs/${req.params['*']}`));
    pushed(req, loaded, git, { ref: change.ref.ref, before: change.before, after: ZERO_SHA, forced: false });
    return reply.code(204).send();
  });
}
