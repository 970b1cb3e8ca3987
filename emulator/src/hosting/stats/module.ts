// The statistics module (docs/service-api/hosting/statistics §1–§6): the
// routes, the cache of results and the object readers they compute from, both
// closed with the server.
import { repositoriesOf } from '../conventions/repositories';
import type { EmulatorModule } from '../../server';
import { StatisticsCache } from './job';
import { registerStatisticsRoutes } from './routes';

export const statisticsModule: EmulatorModule = {
  name: 'hosting-statistics',
  migrations: [],
  register(app, ctx) {
    const repositories = repositoriesOf(ctx);
    const cache = new StatisticsCache(ctx.log);
    // Registered after the shared repositories' own closer, so it runs before it.
    ctx.onClose(() => cache.settle());
    registerStatisticsRoutes(app, ctx, repositories, cache);
  },
};
