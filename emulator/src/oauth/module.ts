// The OAuth pages (/login/oauth/) as an emulator module.
import type { EmulatorModule } from '../server';
import { registerOAuthRoutes } from './routes';
import { oauthMigrations } from './store';

export const oauthModule: EmulatorModule = {
  name: 'oauth',
  migrations: oauthMigrations,
  register: (app, ctx) => registerOAuthRoutes(app, ctx),
};
