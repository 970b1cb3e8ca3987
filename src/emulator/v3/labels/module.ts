// Labels of repositories and issues (document 2, "Labels"), with the demo
// seed's bug / enhancement / question and a milestone.
import type { EmulatorModule } from '../../server';
import { findRepo } from '../core/access';
import { isoTime } from '../core/time';
import { DEMO_ORG } from '../../seed/demo';
import { registerLabelRoutes } from './routes';
import { labelMigrations } from './schema';
import { addIssueLabels, insertLabel } from './store';

export const labelsModule: EmulatorModule = {
  name: 'v3-labels',
  migrations: labelMigrations,
  register(app, ctx) {
    registerLabelRoutes(app, ctx);
  },
  seed(ctx, seed) {
    const found = seed === 'demo' ? findRepo(ctx.db, DEMO_ORG, 'difference-engine') : undefined;
    if (!found) return;
    const { db } = ctx;
    db.transaction(() => {
      const bug = insertLabel(db, found.repo.id, 'bug', 'fc2929');
      insertLabel(db, found.repo.id, 'enhancement', '84b6eb');
      const question = insertLabel(db, found.repo.id, 'question', 'cc317c');
      // Milestone 1 gathers the repository's plain issues (seeded by the conversations module).
      const milestone = db.prepare("INSERT INTO milestones (repo_id, number, title, created_at) VALUES (?, 1, 'Engine of 1842', ?)").run(found.repo.id, isoTime()).lastInsertRowid;
      const issues = db.prepare('SELECT id FROM issues WHERE repo_id = ? AND is_pull = 0 ORDER BY number').pluck().all(found.repo.id) as number[];
      for (const id of issues) {
        addIssueLabels(db, id, [bug, question]);
        db.prepare('INSERT INTO milestone_issues (milestone_id, issue_id) VALUES (?, ?)').run(milestone, id);
      }
    })();
  },
};
