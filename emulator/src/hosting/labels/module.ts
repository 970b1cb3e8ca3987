// Labels of repositories and issues (docs/service-api/hosting/labels §1–§3):
// their tables and routes.
import type { EmulatorModule } from '../../server';
import { registerLabelRoutes } from './routes';
import { labelMigrations } from './schema';

export const labelsModule: EmulatorModule = {
  name: 'hosting-labels',
  migrations: labelMigrations,
  register(app, ctx) {
    registerLabelRoutes(app, ctx);
  },
};
