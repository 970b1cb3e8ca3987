// Minimal gists: the tables, create and get (comments are in ../comments).
import type { EmulatorModule } from '../../server';
import { registerGistRoutes } from './routes';
import { gistMigrations } from './schema';

export const gistsModule: EmulatorModule = {
  name: 'hosting-gists',
  migrations: gistMigrations,
  register(app, ctx) {
    registerGistRoutes(app, ctx);
  },
};
