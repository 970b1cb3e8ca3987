// The v3 git data module: blobs, trees, commits and references of document 2
// on real bare repositories, with one long-lived object reader per
// repository, all closed when the server closes; and clone_url over smart HTTP.
import path from 'node:path';
import type { EmulatorModule } from '../../server';
import { Repositories } from '../../git';
import { registerGitDataRoutes } from './routes';
import { registerSmartHttp } from './smart-http';

export const v3GitDataModule: EmulatorModule = {
  name: 'v3-git-data',
  migrations: [],
  register(app, ctx) {
    // git's HOME is the data folder (a `home` inside it), so no user configuration applies.
    const repositories = new Repositories(path.join(ctx.options.dataDir, 'git-home'));
    ctx.onClose(() => repositories.closeAll());
    registerGitDataRoutes(app, ctx, repositories);
    registerSmartHttp(app, ctx, repositories);
  },
};
