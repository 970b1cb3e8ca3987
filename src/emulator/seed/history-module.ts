// Grows the demo repository analytical-engines/difference-engine a real
// history (see history.ts). Listed right after the demo seed, before the
// modules whose seeds point at its tags (releases).
import { repoGitPath } from '../git';
import type { EmulatorModule } from '../server';
import { findRepo } from '../v3/core/access';
import { isoTime } from '../v3/core/time';
import { markPushed } from '../v3/repos/store';
import { DEMO_ORG } from './demo';
import { writeHistory } from './history';

export const DEMO_HISTORY_REPO = 'difference-engine';

export const historySeedModule: EmulatorModule = {
  name: 'seed-history',
  migrations: [],
  register() {},
  async seed(ctx, seed) {
    if (seed !== 'demo') return;
    const found = findRepo(ctx.db, DEMO_ORG, DEMO_HISTORY_REPO);
    if (!found) return;
    const seededAt = Math.floor(Date.now() / 1000);
    await writeHistory(ctx.gitEnv, repoGitPath(ctx.gitDir, found.repo.id), seededAt);
    markPushed(ctx.db, found.repo.id, isoTime(seededAt * 1000));
  },
};
