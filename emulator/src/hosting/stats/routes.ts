// The five statistics endpoints of docs/service-api/hosting/statistics §1–§6:
// 202 while a background job computes them from the git history, then 200 with
// the cached result until the default branch moves.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { repoGitPath, runGitText, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { findUser, loadRepo } from '../conventions/access';
import { userSummary } from '../conventions/representations';
import { bases } from '../conventions/urls';
import { isGithubVendor } from '../conventions/vendor';
import { loginsByEmail } from '../accounts/store';
import { historyOf, statisticsOf, type RepositoryStatistics, type StatisticsCache } from './job';

type RepoParams = { Params: { owner: string; repo: string } };

export function registerStatisticsRoutes(app: FastifyInstance, ctx: EmulatorContext, repositories: Repositories, cache: StatisticsCache): void {
  /** The cached statistics, or undefined once a 202 has been sent. */
  const statistics = async (req: FastifyRequest<RepoParams>, reply: FastifyReply): Promise<RepositoryStatistics | undefined> => {
    const { repo, owner } = loadRepo(ctx.db, req, reply, req.params.owner, req.params.repo);
    const gitPath = repoGitPath(ctx.gitDir, repo.id);
    // An unborn default branch has an empty history: key it by the empty string.
    const sha = (
      await runGitText(ctx.gitEnv, gitPath, ['rev-parse', '--verify', '--quiet', `refs/heads/${repo.default_branch}^{commit}`]).catch(() => '')
    ).trim();
    const result = cache.lookup(repo.id, sha, async () => {
      if (ctx.limits.statisticsDelayMs > 0) await new Promise((r) => setTimeout(r, ctx.limits.statisticsDelayMs));
      const commits = sha === '' ? [] : await historyOf(repositories.get(gitPath), sha, loginsByEmail(ctx.db));
      return statisticsOf(commits, owner.login, Math.floor(Date.now() / 1000));
    });
    if (!result) reply.code(202);
    return result;
  };

  app.get<RepoParams>('/repos/:owner/:repo/stats/contributors', async (req, reply) => {
    const stats = await statistics(req, reply);
    if (!stats) return {};
    const b = bases(ctx, req);
    return stats.contributors.map((c) => {
      const user = findUser(ctx.db, c.authorKey);
      // The documents give `w` as a string; the real service sends a number (and clients expect one).
      const weeks = isGithubVendor(ctx.limits.vendor) ? c.weeks.map((w) => ({ ...w, w: Number(w.w) })) : c.weeks;
      return { author: user ? userSummary(b, user) : null, total: c.total, weeks };
    });
  });
  app.get<RepoParams>('/repos/:owner/:repo/stats/commit_activity', async (req, reply) => (await statistics(req, reply))?.commitActivity ?? {});
  app.get<RepoParams>('/repos/:owner/:repo/stats/code_frequency', async (req, reply) => (await statistics(req, reply))?.codeFrequency ?? {});
  app.get<RepoParams>('/repos/:owner/:repo/stats/participation', async (req, reply) => (await statistics(req, reply))?.participation ?? {});
  app.get<RepoParams>('/repos/:owner/:repo/stats/punch_card', async (req, reply) => (await statistics(req, reply))?.punchCard ?? {});
}
