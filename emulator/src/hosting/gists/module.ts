// Minimal gists: the tables, create and get (comments are in ../comments).
import type { EmulatorModule } from '../../server';
import { registerGistRoutes } from './routes';
import { gistMigrations } from './schema';

export const v3GistsModule: EmulatorModule = {
  name: 'v3-gists',
  migrations: gistMigrations,
  register(app, ctx) {
    registerGistRoutes(app, ctx);
  },
};
