// The demo repository's extras, written through each module's store: labels
// on its plain issues and a milestone gathering them, two deploy keys, the
// old package downloads (no endpoint creates downloads), and releases on the
// tags of the demo history (published v1.0.0 with two assets, prerelease
// v1.1.0-rc.1, draft v1.1.0).
import type { Db } from '../db';
import { findUser } from '../v3/core/access';
import { isoTime } from '../v3/core/time';
import { insertDeployKey } from '../v3/deploy-keys/store';
import { insertDownload } from '../v3/downloads/store';
import { plainIssueIds } from '../v3/issues/store';
import { addIssueLabels, addMilestoneIssue, insertLabel, insertMilestone } from '../v3/labels/store';
import { insertAsset, insertRelease } from '../v3/releases/store';

/** Two ed25519 keys made once with ssh-keygen for the demo (private halves discarded). */
export const DEMO_DEPLOY_KEYS = [
  { title: 'build-server', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ9koJFnjqaEmyJ6kLDXXTx4ELrGI2x6GyltOr7vMU+h' },
  { title: 'docs-publisher', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGtVwF8X5+Ma/bj3W0ZFbkbnnP652w5qf4nSVjhxveQF' },
];

/** bug / enhancement / question; milestone 1 gathers the plain issues (seeded with the pull requests), labelled bug and question. */
export function seedLabels(db: Db, repoId: number): void {
  db.transaction(() => {
    const bug = insertLabel(db, repoId, 'bug', 'fc2929');
    insertLabel(db, repoId, 'enhancement', '84b6eb');
    const question = insertLabel(db, repoId, 'question', 'cc317c');
    const milestone = insertMilestone(db, repoId, 1, 'Engine of 1842');
    for (const id of plainIssueIds(db, repoId)) {
      addIssueLabels(db, id, [bug, question]);
      addMilestoneIssue(db, milestone, id);
    }
  })();
}

export function seedDeployKeys(db: Db, repoId: number): void {
  db.transaction(() => {
    for (const k of DEMO_DEPLOY_KEYS) insertDeployKey(db, repoId, k.title, k.key);
  })();
}

export function seedDownloads(db: Db, repoId: number): void {
  db.transaction(() => {
    insertDownload(db, repoId, {
      name: 'difference-engine-0.8.tar.gz',
      description: 'Tables of the 0.8 engine (before releases)',
      size: 48_213,
      download_count: 42,
      content_type: 'application/x-gzip',
      created_at: isoTime('2012-10-02T09:30:00Z'),
    });
    insertDownload(db, repoId, {
      name: 'printed-tables-1834.pdf',
      description: 'Scans of the printed tables',
      size: 1_204_551,
      download_count: 7,
      content_type: 'application/pdf',
      created_at: isoTime('2012-11-20T16:05:00Z'),
    });
  })();
}

/** Authored by ada; nothing when she is missing. */
export function seedReleases(db: Db, repoId: number): void {
  const ada = findUser(db, 'ada');
  if (!ada) return;
  const now = isoTime();
  db.transaction(() => {
    const stable = insertRelease(
      db,
      repoId,
      ada.id,
      {
        tag_name: 'v1.0.0',
        target_commitish: 'master',
        name: 'Difference Engine 1.0',
        body: 'Tabulates any polynomial of the sixth degree.',
        draft: false,
        prerelease: false,
      },
      now,
    );
    insertAsset(db, stable, ada.id, {
      name: 'difference-engine-1.0.0.tar.gz',
      label: 'Source and drawings',
      contentType: 'application/gzip',
      content: Buffer.from('1f8b0800000000000003', 'hex'),
    });
    insertAsset(db, stable, ada.id, { name: 'tables.csv', label: null, contentType: 'text/csv', content: Buffer.from('x,x^2+x+41\n0,41\n1,43\n2,47\n3,53\n') });
    insertRelease(
      db,
      repoId,
      ada.id,
      {
        tag_name: 'v1.1.0-rc.1',
        target_commitish: 'master',
        name: 'Difference Engine 1.1 (release candidate 1)',
        body: 'Printing unit, for testing.',
        draft: false,
        prerelease: true,
      },
      now,
    );
    // A draft: its tag is created when it is published.
    insertRelease(
      db,
      repoId,
      ada.id,
      { tag_name: 'v1.1.0', target_commitish: 'master', name: 'Difference Engine 1.1', body: 'The printing unit.', draft: true, prerelease: false },
      now,
    );
  })();
}
