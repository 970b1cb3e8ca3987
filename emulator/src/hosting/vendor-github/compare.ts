// Comparing two commits: outside the documents; the vendor's clients call it
// (octokit repos.compareCommits / compareCommitsWithBasehead, PyGithub
// Repository.compare). `base...head` from their merge base, as a pull
// request's diff is (the commits and files come from the same cached git
// questions, pulls/git.ts).
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../../server';
import { ApiError, notFound } from '../conventions/errors';
import { fileJson } from '../pulls/git-json';
import { PullGit } from '../pulls/git';
import { commitObject, type Open, type RestParams } from './common';
import { withoutNullPatch } from './commits';
import { aheadBehind, logOne, mergeBase, resolveCommit } from './git';
import { compareStatus, MAX_COMPARE_COMMITS, MAX_DIFF_FILES, splitBaseHead } from './rules';

export function registerCompareRoutes(app: FastifyInstance, ctx: EmulatorContext, open: Open): void {
  app.get<RestParams>('/repos/:owner/:repo/compare/*', async (req, reply) => {
    const o = open(req, reply, req.params);
    const spec = splitBaseHead(req.params['*']);
    if (!spec) throw notFound();
    const [base, head] = await Promise.all([resolveCommit(o.git, spec.base), resolveCommit(o.git, spec.head)]);
    if (base === undefined || head === undefined) throw notFound();
    const mergeBaseSha = await mergeBase(o.git, base, head);
    if (mergeBaseSha === undefined) throw new ApiError(404, `No common ancestor between ${spec.base} and ${spec.head}.`, undefined, '/v3');
    const pull = PullGit.of(ctx, o.loaded.repo.id);
    const [counts, commits, files, baseCommit, mergeBaseCommit] = await Promise.all([
      aheadBehind(o.git, base, head),
      pull.commits(base, head),
      pull.files(base, head),
      logOne(o.git, base),
      logOne(o.git, mergeBaseSha),
    ]);
    const html = `${o.b.web}/${o.full}/compare/${req.params['*']}`;
    return {
      url: `${o.api}/compare/${req.params['*']}`,
      html_url: html,
      permalink_url: `${o.b.web}/${o.full}/compare/${o.loaded.owner.login}:${base}...${o.loaded.owner.login}:${head}`,
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
