// The token endpoints (docs/service-api/hosting/auth §11, §12) as an emulator
// module, with the tables of applications and tokens.
import type { EmulatorModule } from '../../server';
import { revocationMigrations } from './revocation';
import { registerAuthorizationRoutes } from './routes';
import { authorizationMigrations } from './schema';

export const authorizationsModule: EmulatorModule = {
  name: 'hosting-authorizations',
  migrations: [...authorizationMigrations, ...revocationMigrations],
  register: (app, ctx) => registerAuthorizationRoutes(app, ctx),
};
