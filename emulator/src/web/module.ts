// The web pages behind every `html_url` (users, organizations, repositories,
// pull requests, issues, releases), so "Open in Browser" shows a readable
// page. The specification covers only the API; these pages are the
// emulator's own. No tables: they read what the v3 modules store.
import type { EmulatorModule } from '../server';
import { registerWebRoutes } from './routes';

export const webModule: EmulatorModule = {
  name: 'web',
  migrations: [],
  register: (app, ctx) => registerWebRoutes(app, ctx),
};
