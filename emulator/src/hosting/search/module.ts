// Legacy search (docs/service-api/hosting/search §1–§3, deprecated): routes
// only, over the other modules' tables; the core counts `/legacy/` paths
// against the search rate limit (searchRateLimit).
import type { EmulatorModule } from '../../server';
import { registerSearchRoutes } from './routes';

export const searchModule: EmulatorModule = {
  name: 'hosting-legacy-search',
  migrations: [],
  register: registerSearchRoutes,
};
