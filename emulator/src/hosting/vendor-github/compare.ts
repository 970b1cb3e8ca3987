// Comparing two commits: outside the documents; the vendor's clients call it
// (octokit repos.compareCommits / compareCommitsWithBasehead, PyGithub
// Repository.compare). `base...head` from their merge base, as a pull
// request's diff is (the commits and files come from the same cached git
// questions, pulls/git.ts). Either side may be `owner:branch`, a branch of
// that owner's repository in the same network (a fork, or the fork's
// source), as the vendor documents for comparisons across forks: the
// comparison then runs in this repository with the other one's objects
// readable (git/alternates), writing nothing to either.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { repoGitPath, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { effectivePermission, findUser } from '../conventions/access';
import { ApiError, notFound } from '../conventions/errors';
import { fileJson } from '../pulls/git-json';
import { PullGit } from '../pulls/git';
import { networkRepoOwnedBy } from '../repos/store';
import type { RepoRow } from '../repos/schema';
import { commitObject, type Open, type Opened, type RestParams } from './common';
import { withoutNullPatch } from './commits';
import { aheadBehind, logOne, mergeBase, resolveCommit, withObjectsOf } from './git';
import { compareStatus, MAX_COMPARE_COMMITS, MAX_DIFF_FILES, splitBaseHead, splitOwnerRef } from './rules';

/** One side of the comparison: the repository its ref lives in, its owner's login, and the commit. */
interface Side {
  repo: RepoRow;
  login: string;
  sha: string;
}

/**
 * `branch` (this repository) or `owner:branch` (the owner's repository of
 * this one's network, which the caller can read); undefined, a 404, for an
 * unknown owner, an owner with no repository in the network, one hidden from
 * the caller, or a ref that names no commit there.
 */
async function resolveSide(ctx: EmulatorContext, req: FastifyRequest, o: Opened, repositories: Repositories, text: string): Promise<Side | undefined> {
  const side = splitOwnerRef(text);
  if (!side) return undefined;
  let repo = o.loaded.repo;
  let login = o.loaded.owner.login;
  if (side.owner !== undefined) {
    const owner = findUser(ctx.db, side.owner);
    if (!owner) return undefined;
    if (owner.id !== repo.owner_id) {
      const other = networkRepoOwnedBy(ctx.db, owner.id, repo.source_id ?? repo.id);
      if (!other || effectivePermission(ctx.db, req, other) === null) return undefined;
      repo = other;
    }
    login = owner.login;
  }
  const git = repo.id === o.loaded.repo.id ? o.git : repositories.get(repoGitPath(ctx.gitDir, repo.id));
  const sha = await resolveCommit(git, side.ref);
  return sha === undefined ? undefined : { repo, login, sha };
}

export function registerCompareRoutes(app: FastifyInstance, ctx: EmulatorContext, open: Open, repositories: Repositories): void {
  app.get<RestParams>('/repos/:owner/:repo/compare/*', async (req, reply) => {
    const o = open(req, reply, req.params);
    const spec = splitBaseHead(req.params['*']);
    if (!spec) throw notFound();
    const [baseSide, headSide] = await Promise.all([resolveSide(ctx, req, o, repositories, spec.base), resolveSide(ctx, req, o, repositories, spec.head)]);
    if (baseSide === undefined || headSide === undefined) throw notFound();
    const others = [...new Set([baseSide.repo.id, headSide.repo.id])].filter((id) => id !== o.loaded.repo.id);
    const { runner, variables } = withObjectsOf(
      o.git,
      others.map((id) => repoGitPath(ctx.gitDir, id)),
    );
    const git = others.length > 0 ? runner : o.git;
    const [base, head] = [baseSide.sha, headSide.sha];
    const mergeBaseSha = await mergeBase(git, base, head);
    if (mergeBaseSha === undefined) throw new ApiError(404, `No common ancestor between ${spec.base} and ${spec.head}.`, undefined, '/v3');
    const pull = PullGit.of(ctx, o.loaded.repo.id, others.length > 0 ? variables : undefined);
    const [counts, commits, files, baseCommit, mergeBaseCommit] = await Promise.all([
      aheadBehind(git, base, head),
      pull.commits(base, head),
      pull.files(base, head),
      logOne(git, base),
      logOne(git, mergeBaseSha),
    ]);
    const html = `${o.b.web}/${o.full}/compare/${req.params['*']}`;
    return {
      url: `${o.api}/compare/${req.params['*']}`,
      html_url: html,
      permalink_url: `${o.b.web}/${o.full}/compare/${baseSide.login}:${base}...${headSide.login}:${head}`,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      base_commit: commitObject(ctx, o, baseCommit),
      merge_base_commit: commitObject(ctx, o, mergeBaseCommit),
      status: compareStatus(counts.ahead, counts.behind),
      ahead_by: counts.ahead,
      behind_by: counts.behind,
      total_commits: counts.ahead,
      commits: commits.slice(0, MAX_COMPARE_COMMITS).map((c) => commitObject(ctx, o, c)),
      files: files.slice(0, MAX_DIFF_FILES).map((f) => withoutNullPatch(fileJson(o.b, o.full, head, f))),
    };
  });
}
