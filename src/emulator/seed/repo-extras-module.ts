// Seeds the demo repository's labels, deploy keys, downloads and releases
// (see repo-extras.ts). Listed after the modules whose tables these are, so
// it runs after the pull request seed (the labels go on its issues) and the
// history seed (the releases name its tags).
import type { EmulatorModule } from '../server';
import { findRepo } from '../v3/core/access';
import { DEMO_ORG } from './demo';
import { DEMO_HISTORY_REPO } from './history-module';
import { seedDeployKeys, seedDownloads, seedLabels, seedReleases } from './repo-extras';

export const repoExtrasSeedModule: EmulatorModule = {
  name: 'seed-repo-extras',
  migrations: [],
  register() {},
  seed(ctx, seed) {
    if (seed !== 'demo') return;
    const found = findRepo(ctx.db, DEMO_ORG, DEMO_HISTORY_REPO);
    if (!found) return;
    seedLabels(ctx.db, found.repo.id);
    seedDeployKeys(ctx.db, found.repo.id);
    seedDownloads(ctx.db, found.repo.id);
    seedReleases(ctx.db, found.repo.id);
  },
};
