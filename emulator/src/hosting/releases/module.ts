// Releases and their assets (docs/service-api/hosting/releases §1–§6): their
// tables, the release and asset routes and the tarball/zipball archives.
import { repositoriesOf } from '../conventions/repositories';
import type { EmulatorModule } from '../../server';
import { registerArchiveRoutes } from './archives';
import { registerAssetRoutes } from './assets';
import { registerReleaseRoutes } from './routes';
import { releaseMigrations } from './schema';

export const releasesModule: EmulatorModule = {
  name: 'hosting-releases',
  migrations: releaseMigrations,
  register(app, ctx) {
    const repositories = repositoriesOf(ctx);
    registerReleaseRoutes(app, ctx, repositories);
    registerAssetRoutes(app, ctx);
    registerArchiveRoutes(app, ctx, repositories);
  },
};
