// The v3 repositories module: lists, create, get, edit, delete, forks,
// stars and collaborators.
import fs from 'node:fs';
import { initBare, repoGitPath } from '../../git';
import type { EmulatorModule } from '../../server';
import { registerRepoRoutes } from './routes';
import { registerSocialRoutes } from './social';
import { repoBranches } from './store';

export const v3ReposModule: EmulatorModule = {
  name: 'v3-repos',
  migrations: [],
  async register(app, ctx) {
    // A crash between a repository's row and its git data leaves a row
    // without a git repository: give it an empty one rather than fail later.
    for (const r of repoBranches(ctx.db)) {
      const gitPath = repoGitPath(ctx.gitDir, r.id);
      if (!fs.existsSync(gitPath)) await initBare(ctx.gitEnv, gitPath, r.default_branch);
    }
    registerRepoRoutes(app, ctx);
    registerSocialRoutes(app, ctx);
  },
};
