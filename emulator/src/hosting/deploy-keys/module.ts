// The deploy keys module: its table and its routes.
import type { EmulatorModule } from '../../server';
import { registerDeployKeyRoutes } from './routes';
import { deployKeyMigrations } from './schema';

export const deployKeysModule: EmulatorModule = {
  name: 'hosting-deploy-keys',
  migrations: deployKeyMigrations,
  register(app, ctx) {
    registerDeployKeyRoutes(app, ctx);
  },
};
