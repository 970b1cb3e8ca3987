// The minimal issues module: the issues table (numbers shared with pull
// requests) and its comments table, with create and get.
import type { EmulatorModule } from '../../server';
import { registerIssueRoutes } from './routes';
import { issueMigrations } from './schema';

export const v3IssuesModule: EmulatorModule = {
  name: 'v3-issues',
  migrations: issueMigrations,
  register(app, ctx) {
    registerIssueRoutes(app, ctx);
  },
};
