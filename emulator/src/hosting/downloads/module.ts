// The downloads module: its table and its routes.
import type { EmulatorModule } from '../../server';
import { registerDownloadRoutes } from './routes';
import { downloadMigrations } from './schema';

export const downloadsModule: EmulatorModule = {
  name: 'hosting-downloads',
  migrations: downloadMigrations,
  register(app, ctx) {
    registerDownloadRoutes(app, ctx);
  },
};
