// The v3 account side: users, organizations, organization members, teams.
import type { EmulatorModule } from '../../server';
import { registerAvatarRoutes } from './avatars';
import { registerOrgMemberRoutes } from './org-members';
import { registerTeamRoutes } from './teams';
import { registerUserRoutes } from './users';

export const accountsModule: EmulatorModule = {
  name: 'hosting-accounts',
  migrations: [],
  register(app, ctx) {
    registerUserRoutes(app, ctx);
    registerOrgMemberRoutes(app, ctx);
    registerTeamRoutes(app, ctx);
    registerAvatarRoutes(app, ctx);
  },
};
