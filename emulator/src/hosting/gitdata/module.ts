// The v3 git data module: blobs, trees, commits and references of
// docs/service-api/hosting/git-data §1–§8 on real bare repositories, with one
// long-lived object reader per repository, all closed when the server closes;
// and clone_url over smart HTTP.
import type { EmulatorModule } from '../../server';
import { repositoriesOf } from '../conventions/repositories';
import { registerGitDataRoutes } from './routes';
import { pushJournalMigrations, recoverPushes } from './push-journal';
import { registerSmartHttp } from './smart-http';

export const gitDataModule: EmulatorModule = {
  name: 'hosting-git-data',
  migrations: pushJournalMigrations,
  register(app, ctx) {
    const repositories = repositoriesOf(ctx);
    registerGitDataRoutes(app, ctx, repositories);
    registerSmartHttp(app, ctx, repositories);
  },
  ready: (ctx) => recoverPushes(ctx, repositoriesOf(ctx)),
};
