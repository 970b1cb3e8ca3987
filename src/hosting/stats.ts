import type { CallOptions, HostingCore, StatisticsProgress } from './transport';
import { codeFrequencySchema, commitActivitySchema, contributorStatsSchema, participationSchema, punchCardSchema } from './schemas/stats';

export const STATS_ROUTES = {
  contributors: 'GET /repos/{owner}/{repo}/stats/contributors',
  commitActivity: 'GET /repos/{owner}/{repo}/stats/commit_activity',
  codeFrequency: 'GET /repos/{owner}/{repo}/stats/code_frequency',
  participation: 'GET /repos/{owner}/{repo}/stats/participation',
  punchCard: 'GET /repos/{owner}/{repo}/stats/punch_card',
} as const;

export type StatsOptions = CallOptions & { onProgress?: (progress: StatisticsProgress) => void };

/** Repository statistics; a 202 ("computing") is retried with backoff, reporting progress. */
export class StatsApi {
  constructor(private readonly core: HostingCore) {}

  contributors(owner: string, repo: string, options: StatsOptions = {}) {
    return this.core.statistics(STATS_ROUTES.contributors, { owner, repo }, contributorStatsSchema, options.onProgress, options);
  }

  commitActivity(owner: string, repo: string, options: StatsOptions = {}) {
    return this.core.statistics(STATS_ROUTES.commitActivity, { owner, repo }, commitActivitySchema, options.onProgress, options);
  }

  codeFrequency(owner: string, repo: string, options: StatsOptions = {}) {
    return this.core.statistics(STATS_ROUTES.codeFrequency, { owner, repo }, codeFrequencySchema, options.onProgress, options);
  }

  participation(owner: string, repo: string, options: StatsOptions = {}) {
    return this.core.statistics(STATS_ROUTES.participation, { owner, repo }, participationSchema, options.onProgress, options);
  }

  punchCard(owner: string, repo: string, options: StatsOptions = {}) {
    return this.core.statistics(STATS_ROUTES.punchCard, { owner, repo }, punchCardSchema, options.onProgress, options);
  }
}
