// The statistics module (document 2, "Statistics"): the routes, the cache of
// results and the object readers they compute from, both closed with the server.
import { Repositories } from '../../git';
import type { EmulatorModule } from '../../server';
import { StatisticsCache } from './job';
import { registerStatisticsRoutes } from './routes';

export const statisticsModule: EmulatorModule = {
  name: 'v3-statistics',
  migrations: [],
  register(app, ctx) {
    const repositories = new Repositories(ctx.gitEnv.homeDir);
    const cache = new StatisticsCache(ctx.log);
    ctx.onClose(async () => {
      await cache.settle();
      await repositories.closeAll();
    });
    registerStatisticsRoutes(app, ctx, repositories, cache);
  },
};
