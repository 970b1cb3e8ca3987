// Seeds the demo repository beyond its git history, through the modules'
// own functions: pull requests, issues, comments and a gist (pulls.ts), then
// labels, deploy keys, downloads and releases (repo-extras.ts). Listed after
// the modules whose tables these are; it runs after the history seed (the
// pull requests branch from its master, the releases name its tags).
import type { EmulatorModule } from '../server';
import { findRepo } from '../v3/core/access';
import { DEMO_ORG } from './demo';
import { DEMO_HISTORY_REPO } from './history-module';
import { seedPulls } from './pulls';
import { seedDeployKeys, seedDownloads, seedLabels, seedReleases } from './repo-extras';

export const demoRepoSeedModule: EmulatorModule = {
  name: 'seed-demo-repo',
  migrations: [],
  register() {},
  async seed(ctx, seed) {
    if (seed !== 'demo') return;
    const found = findRepo(ctx.db, DEMO_ORG, DEMO_HISTORY_REPO);
    if (!found) return;
    await seedPulls(ctx, found.repo);
    seedLabels(ctx.db, found.repo.id);
    seedDeployKeys(ctx.db, found.repo.id);
    seedDownloads(ctx.db, found.repo.id);
    seedReleases(ctx.db, found.repo.id);
  },
};
