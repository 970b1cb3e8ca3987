// Grows the demo repository analytical-engines/difference-engine a real
// history (see history.ts). Listed right after the demo seed, before the
// modules whose seeds point at its tags (releases).
import { repoGitPath } from '../git';
import type { EmulatorModule } from '../server';
import { findRepo } from '../v3/core/access';
import { isoTime } from '../v3/core/time';
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
    ctx.db.prepare('UPDATE repositories SET pushed_at = ? WHERE id = ?').run(isoTime(seededAt * 1000), found.repo.id);
  },
};
