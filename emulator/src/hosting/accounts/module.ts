// The hosting service's accounts: users, organizations, organization members,
// teams (and their tables).
import type { EmulatorModule } from '../../server';
import { registerAvatarRoutes } from './avatars';
import { accountMigrations } from './schema';
import { registerOrgMemberRoutes } from './org-members';
import { registerTeamRoutes } from './teams';
import { registerUserRoutes } from './users';

export const accountsModule: EmulatorModule = {
  name: 'hosting-accounts',
  migrations: accountMigrations,
  register(app, ctx) {
    registerUserRoutes(app, ctx);
    registerOrgMemberRoutes(app, ctx);
    registerTeamRoutes(app, ctx);
    registerAvatarRoutes(app, ctx);
  },
};
