// Comparing two commits: outside the documents; the vendor's clients call it
// (octokit repos.compareCommits / compareCommitsWithBasehead, PyGithub
// Repository.compare). `base...head` from their merge base, as a pull
// request's diff is (the commits and files come from the same cached git
// questions, pulls/git.ts). Either side may be `owner:branch`, a branch of
// that owner's repository in the same network (a fork, or the fork's
// source), as the vendor documents for comparisons across forks: the
// comparison then runs in this repository with the other one's objects
// readable (git/alternates), writing nothing to either. The commits are
// paged when `page` or `per_page` is given, and the diff and patch media
// types answer with git's own text, as the vendor documents for comparisons.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { repoGitPath, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { effectivePermission, findUser } from '../conventions/access';
import { mediaTypeParam } from '../conventions/conventions';
import { ApiError, notFound } from '../conventions/errors';
import { pageParams, paginateArray } from '../conventions/pagination';
import { fileJson } from '../pulls/git-json';
import { PullGit, type CommitInfo } from '../pulls/git';
import type { FileDiff } from '../pulls/diff';
import { networkRepoOwnedBy } from '../repos/store';
import type { RepoRow } from '../repos/schema';
import { commitObject, type Open, type Opened, type RestParams } from './common';
import { withoutNullPatch } from './commits';
import { aheadBehind, logOne, mergeBase, resolveCommit, withObjectsOf } from './git';
import { compareListsFiles, comparePaged, compareStatus, MAX_COMPARE_COMMITS, MAX_DIFF_FILES, splitBaseHead, splitOwnerRef } from './rules';

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

/**
 * The commits and files one answer holds. Without `page` or `per_page`, at
 * most MAX_COMPARE_COMMITS commits, the vendor's limit of an unpaged
 * comparison. With either, that page of all the commits (oldest first, with
 * a Link header as every list has), so past that limit too, and the files on
 * page 1 only: the vendor documents that when paging "the list of changed
 * files is only shown on the first page of results".
 */
function shown(req: FastifyRequest, reply: FastifyReply, commits: readonly CommitInfo[], files: readonly FileDiff[]) {
  const paged = comparePaged(req.query);
  const listed = paged ? paginateArray(req, reply, commits) : commits.slice(0, MAX_COMPARE_COMMITS);
  return { commits: listed, files: compareListsFiles(paged, pageParams(req).page) ? files.slice(0, MAX_DIFF_FILES) : [] };
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
    const media = mediaTypeParam(req, ctx.limits.vendor);
    if (media === 'diff' || media === 'patch') {
      // As a pull request's (pulls/routes.ts): `git diff base...head`, or `git format-patch` of base..head, the commits since the merge base.
      const text = media === 'diff' ? await pull.diff(base, head) : await pull.formatPatch(base, head);
      return reply.type(`application/vnd.${ctx.limits.vendor}.v3.${media}; charset=utf-8`).send(text);
    }
    const [counts, commits, files, baseCommit, mergeBaseCommit] = await Promise.all([
      aheadBehind(git, base, head),
      pull.commits(base, head),
      pull.files(base, head),
      logOne(git, base),
      logOne(git, mergeBaseSha),
    ]);
    const page = shown(req, reply, commits, files);
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
      commits: page.commits.map((c) => commitObject(ctx, o, c)),
      files: page.files.map((f) => withoutNullPatch(fileJson(o.b, o.full, head, f))),
    };
  });
}
