// What every route of the vendor module starts with: the repository checked
// for access (conventions/access.ts: a private one needs a token that can
// read it, a write push access), its real git repository, and the URL bases;
// plus the commit JSON the routes share (a pull request's commit shape,
// pulls/git-json.ts, with the vendor's node_id).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GitDataError, repoGitPath, type GitRepository, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { loadRepo, type LoadedRepo } from '../conventions/access';
import { ApiError, notFound } from '../conventions/errors';
import { bases, type Bases } from '../conventions/urls';
import { commitJson } from '../pulls/git-json';
import type { CommitInfo } from '../pulls/git';

export type RepoParams = { Params: { owner: string; repo: string } };
export type RestParams = { Params: { owner: string; repo: string; '*': string } };

export interface Opened {
  loaded: LoadedRepo;
  git: GitRepository;
  b: Bases;
  /** `owner/name` */
  full: string;
  /** `<api>/repos/owner/name` */
  api: string;
}

export function opener(ctx: EmulatorContext, repositories: Repositories) {
  return (req: FastifyRequest, reply: FastifyReply, params: RepoParams['Params'], need: 'pull' | 'push' = 'pull'): Opened => {
    const loaded = loadRepo(ctx.db, req, reply, params.owner, params.repo, need);
    const git = repositories.get(repoGitPath(ctx.gitDir, loaded.repo.id));
    const b = bases(ctx, req);
    const full = `${loaded.owner.login}/${loaded.repo.name}`;
    return { loaded, git, b, full, api: `${b.api}/repos/${full}` };
  };
}

export type Open = ReturnType<typeof opener>;

/** The git library's typed errors as the API's bodies (404 `Not Found`, 422 with the library's message); git's own failures stay 500s. */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof GitDataError) || error.status === 500) return error;
  if (error.status === 404) return notFound();
  return new ApiError(422, error.message, undefined, '/v3');
}

export async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}

/** The vendor's commit object (octokit `repos.getCommit` without files): a pull request's commit JSON plus node_id. */
export function commitObject(ctx: EmulatorContext, o: Opened, c: CommitInfo): Record<string, unknown> {
  const json = commitJson(ctx.db, o.b, o.full, c);
  // The vendor's global id; clients keep it as an opaque string.
  const nodeId = Buffer.from(`04:Commit${o.loaded.repo.id}:${c.sha}`).toString('base64');
  return { sha: c.sha, node_id: nodeId, ...json };
}
