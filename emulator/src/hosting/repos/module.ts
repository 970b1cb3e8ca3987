// The hosting repositories module (and its tables): lists, create, get, edit, delete, forks,
// stars and collaborators.
import fs from 'node:fs';
import path from 'node:path';
import { initBare, repoGitPath } from '../../git';
import type { EmulatorModule } from '../../server';
import { registerRepoRoutes } from './routes';
import { repositoryMigrations } from './schema';
import { registerSocialRoutes } from './social';
import { repoBranches, repoFullNameById } from './store';

/** `/repositories/:id` and the paths under it (where a renamed repository's old name redirects). */
const BY_ID = /^\/repositories\/(\d{1,15})(?=[/?]|$)/;

export const reposModule: EmulatorModule = {
  name: 'hosting-repos',
  migrations: repositoryMigrations,
  async register(app, ctx) {
    // A crash between a repository's row and its git data leaves a row
    // without a git repository: give it an empty one rather than fail later.
    const rows = repoBranches(ctx.db);
    for (const r of rows) {
      const gitPath = repoGitPath(ctx.gitDir, r.id);
      if (!fs.existsSync(gitPath)) await initBare(ctx.gitEnv, gitPath, r.default_branch);
    }
    // The other way round: a kill after a repository's git folder was moved
    // into place but before its row committed leaves a folder without a row,
    // which would block the next repository given that id (the create that
    // was killed did not use the id up).
    const ids = new Set(rows.map((r) => `${r.id}.git`));
    for (const name of fs.readdirSync(ctx.gitDir)) {
      if (/^\d+\.git$/.test(name) && !ids.has(name)) {
        fs.rmSync(path.join(ctx.gitDir, name), { recursive: true, force: true });
        ctx.log(`removed git/${name}: no repository row (left by an interrupted create)`);
      }
    }
    // `/repositories/:id/...` is answered as `/repos/<owner>/<name>/...`; an
    // unknown id is left alone and gets the router's 404.
    ctx.rewritePath((url) => {
      const m = BY_ID.exec(url);
      const fullName = m ? repoFullNameById(ctx.db, Number(m[1])) : undefined;
      return fullName === undefined ? undefined : `/repos/${fullName}${url.slice(m![0].length)}`;
    });
    registerRepoRoutes(app, ctx);
    registerSocialRoutes(app, ctx);
  },
};
