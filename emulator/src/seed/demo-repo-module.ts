// Seeds the demo repository analytical-engines/difference-engine beyond its
// row, through the modules' own functions: a real git history (history.ts),
// pull requests, issues, comments and a gist (pulls.ts), then labels, deploy
// keys, downloads and releases (repo-extras.ts), in that order: the pull
// requests branch from the history's master, the releases name its tags.
// Listed after the modules whose tables these are.
import { repoGitPath } from '../git';
import type { EmulatorModule } from '../server';
import { findRepo } from '../v3/core/access';
import { isoTime } from '../v3/core/time';
import { markPushed } from '../v3/repos/store';
import { DEMO_ORG } from './demo';
import { writeHistory } from './history';
import { seedPulls } from './pulls';
import { seedDeployKeys, seedDownloads, seedLabels, seedReleases } from './repo-extras';

const DEMO_REPO = 'difference-engine';

export const demoRepoSeedModule: EmulatorModule = {
  name: 'seed-demo-repo',
  migrations: [],
  register() {},
  async seed(ctx, seed) {
    if (seed !== 'demo') return;
    const found = findRepo(ctx.db, DEMO_ORG, DEMO_REPO);
    if (!found) return;
    const seededAt = Math.floor(Date.now() / 1000);
    await writeHistory(ctx.gitEnv, repoGitPath(ctx.gitDir, found.repo.id), seededAt);
    ctx.seedPoint('demo history');
    markPushed(ctx.db, found.repo.id, isoTime(seededAt * 1000));
    await seedPulls(ctx, found.repo);
    ctx.seedPoint('demo pull requests');
    seedLabels(ctx.db, found.repo.id);
    ctx.seedPoint('demo labels');
    seedDeployKeys(ctx.db, found.repo.id);
    seedDownloads(ctx.db, found.repo.id);
    ctx.seedPoint('demo deploy keys and downloads');
    seedReleases(ctx.db, found.repo.id);
  },
};
