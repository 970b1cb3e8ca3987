// Releases and their assets (document 2, "Releases"), with the demo seed's
// published v1.0.0 (two assets), prerelease v1.1.0-rc.1 and draft v1.1.0 on
// the tags of the demo history.
import { Repositories } from '../../git';
import type { EmulatorModule } from '../../server';
import { findRepo, findUser } from '../core/access';
import { isoTime } from '../core/time';
import { DEMO_ORG } from '../../seed/demo';
import { registerArchiveRoutes } from './archives';
import { registerAssetRoutes } from './assets';
import { registerReleaseRoutes } from './routes';
import { releaseMigrations } from './schema';
import { insertAsset } from './store';

export const releasesModule: EmulatorModule = {
  name: 'v3-releases',
  migrations: releaseMigrations,
  register(app, ctx) {
    const repositories = new Repositories(ctx.gitEnv.homeDir);
    ctx.onClose(() => repositories.closeAll());
    registerReleaseRoutes(app, ctx, repositories);
    registerAssetRoutes(app, ctx);
    registerArchiveRoutes(app, ctx, repositories);
  },
  seed(ctx, seed) {
    const found = seed === 'demo' ? findRepo(ctx.db, DEMO_ORG, 'difference-engine') : undefined;
    const ada = findUser(ctx.db, 'ada');
    if (!found || !ada) return;
    const { db } = ctx;
    const now = isoTime();
    const insert = db.prepare(
      'INSERT INTO releases (repo_id, tag_name, target_commitish, name, body, draft, prerelease, author_id, created_at, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      const stable = Number(insert.run(found.repo.id, 'v1.0.0', 'master', 'Difference Engine 1.0', 'Tabulates any polynomial of the sixth degree.', 0, 0, ada.id, now, now).lastInsertRowid);
      insertAsset(db, stable, ada.id, { name: 'difference-engine-1.0.0.tar.gz', label: 'Source and drawings', contentType: 'application/gzip', content: Buffer.from('1f8b0800000000000003', 'hex') });
      insertAsset(db, stable, ada.id, { name: 'tables.csv', label: null, contentType: 'text/csv', content: Buffer.from('x,x^2+x+41\n0,41\n1,43\n2,47\n3,53\n') });
      insert.run(found.repo.id, 'v1.1.0-rc.1', 'master', 'Difference Engine 1.1 (release candidate 1)', 'Printing unit, for testing.', 0, 1, ada.id, now, now);
      // A draft: its tag is created when it is published.
      insert.run(found.repo.id, 'v1.1.0', 'master', 'Difference Engine 1.1', 'The printing unit.', 1, 0, ada.id, now, null);
    })();
  },
};
