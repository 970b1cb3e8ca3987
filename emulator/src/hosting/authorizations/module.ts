// The token endpoints (docs/service-api/hosting/auth §11, §12) as an emulator
// module.
import type { EmulatorModule } from '../../server';
import { revocationMigrations } from './revocation';
import { registerAuthorizationRoutes } from './routes';

export const authorizationsModule: EmulatorModule = {
  name: 'hosting-authorizations',
  migrations: revocationMigrations,
  register: (app, ctx) => registerAuthorizationRoutes(app, ctx),
};
