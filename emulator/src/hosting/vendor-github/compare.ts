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
// types answer with git's own text, as the vendor documents for comparisons
// (the same text as the `.diff` / `.patch` web addresses, diff-pages.ts).
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
import { aheadBehind, logOne, mergeBase, resolveCommit, withObjectsOf, type GitRunner } from './git';
import { compareListsFiles, comparePaged, compareStatus, MAX_COMPARE_COMMITS, MAX_DIFF_FILES, splitBaseHead, splitOwnerRef, type DiffMedia } from './rules';

/** One side of the comparison: the repository its ref lives in, its owner's login, and the commit. */
interface Side {
  repo: RepoRow;
  login: string;
  sha: string;
}

/** The repository a comparison is asked of: the API opens it (common.ts), the web addresses read it as the pages do. */
export type Home = Pick<Opened, 'loaded' | 'git'>;

/**
 * `branch` (this repository) or `owner:branch` (the owner's repository of
 * this one's network, which the caller can read); undefined, a 404, for an
 * unknown owner, an owner with no repository in the network, one hidden from
 * the caller, or a ref that names no commit there.
 */
async function resolveSide(ctx: EmulatorContext, req: FastifyRequest, o: Home, repositories: Repositories, text: string): Promise<Side | undefined> {
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
 * comparison: the newest of them, oldest first, as the vendor documents it
 * ("the last commit in the list is the most recent of the entire
 * comparison"). With either, that page of all the commits (oldest first, with
 * a Link header as every list has), so past that limit too, and the files on
 * page 1 only: the vendor documents that when paging "the list of changed
 * files is only shown on the first page of results".
 */
function shown(req: FastifyRequest, reply: FastifyReply, commits: readonly CommitInfo[], files: readonly FileDiff[]) {
  const paged = comparePaged(req.query);
  const listed = paged ? paginateArray(req, reply, commits) : commits.slice(-MAX_COMPARE_COMMITS);
  return { commits: listed, files: compareListsFiles(paged, pageParams(req).page) ? files.slice(0, MAX_DIFF_FILES) : [] };
}

/** `base...head` resolved: each side, and git on the home repository with the other sides' objects readable. */
export interface Comparison {
  base: Side;
  head: Side;
  git: GitRunner;
  /** The pull requests' cached git questions (pulls/git.ts), reading the same objects. */
  pull: PullGit;
  /** Undefined for unrelated histories. */
  mergeBase: string | undefined;
}

/**
 * The comparison `spec` asks of `home`; undefined, a 404, when either side
 * does not resolve (resolveSide). It runs in `home`'s repository, a fork's
 * objects readable through alternates, writing nothing to either.
 */
export async function resolveComparison(
  ctx: EmulatorContext,
  req: FastifyRequest,
  home: Home,
  repositories: Repositories,
  spec: { base: string; head: string },
): Promise<Comparison | undefined> {
  const [base, head] = await Promise.all([resolveSide(ctx, req, home, repositories, spec.base), resolveSide(ctx, req, home, repositories, spec.head)]);
  if (base === undefined || head === undefined) return undefined;
  const others = [...new Set([base.repo.id, head.repo.id])].filter((id) => id !== home.loaded.repo.id);
  const { runner, variables } = withObjectsOf(
    home.git,
    others.map((id) => repoGitPath(ctx.gitDir, id)),
  );
  const git = others.length > 0 ? runner : home.git;
  const pull = PullGit.of(ctx, home.loaded.repo.id, others.length > 0 ? variables : undefined);
  return { base, head, git, pull, mergeBase: await mergeBase(git, base.sha, head.sha) };
}

/** As a pull request's (pulls/routes.ts): `git diff base...head`, or `git format-patch` of base..head, the commits since the merge base. */
export function comparisonText(c: Comparison, media: DiffMedia): Promise<string> {
  return media === 'diff' ? c.pull.diff(c.base.sha, c.head.sha) : c.pull.formatPatch(c.base.sha, c.head.sha);
}

export function registerCompareRoutes(app: FastifyInstance, ctx: EmulatorContext, open: Open, repositories: Repositories): void {
  app.get<RestParams>('/repos/:owner/:repo/compare/*', async (req, reply) => {
    const o = open(req, reply, req.params);
    const spec = splitBaseHead(req.params['*']);
    if (!spec) throw notFound();
    const c = await resolveComparison(ctx, req, o, repositories, spec);
    if (c === undefined) throw notFound();
    const { git, pull, mergeBase: mergeBaseSha } = c;
    if (mergeBaseSha === undefined) throw new ApiError(404, `No common ancestor between ${spec.base} and ${spec.head}.`, undefined, '/v3');
    const [base, head] = [c.base.sha, c.head.sha];
    const media = mediaTypeParam(req, ctx.limits.vendor);
    if (media === 'diff' || media === 'patch') {
      return reply.type(`application/vnd.${ctx.limits.vendor}.v3.${media}; charset=utf-8`).send(await comparisonText(c, media));
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
      permalink_url: `${o.b.web}/${o.full}/compare/${c.base.login}:${base}...${c.head.login}:${head}`,
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
