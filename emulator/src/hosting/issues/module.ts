// The minimal issues module: the issues table (numbers shared with pull
// requests) and its comments table, with create and get.
import type { EmulatorModule } from '../../server';
import { registerIssueRoutes } from './routes';
import { issueMigrations } from './schema';

export const issuesModule: EmulatorModule = {
  name: 'hosting-issues',
  migrations: issueMigrations,
  register(app, ctx) {
    registerIssueRoutes(app, ctx);
  },
};
