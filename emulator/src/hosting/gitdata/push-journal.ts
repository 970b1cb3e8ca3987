// The journal of pushes in flight. git updates a repository's references on
// its own, outside the database, and the push's events (push, create,
// delete: docs/service-api/hosting/webhooks §7) are built after it, so a kill
// between the two would leave a push that landed — and may have been
// acknowledged — without its events and without pushed_at. Before git runs,
// the references as they were are written here; once the events of what moved
// are recorded, in the same transaction, the row goes. At start-up
// (`recoverPushes`) a row left by a killed run is finished the same way:
// what moved since is compared with the references as they are now.
import type { Db, Migration } from '../../db';
import { listRefs, repoGitPath, type GitRepository, type Repositories } from '../../git';
import type { EmulatorContext } from '../../server';
import { findUserById } from '../conventions/access';
import type { RepoRow } from '../repos/schema';
import type { UserRow } from '../accounts/schema';
import { emitRepoEvent } from '../repos/create';
import { markPushed, repoById } from '../repos/store';
import { refEventsOf, type PendingRefEvent } from './events';
import { lastHookId } from '../hooks/store';

const ZERO = '0'.repeat(40);

export const pushJournalMigrations: Migration[] = [
  {
    id: 'v3/gitdata/001-pushes-in-flight',
    sql: `CREATE TABLE pushes_in_flight (
      id INTEGER PRIMARY KEY,
      repo_id INTEGER NOT NULL,
      sender_id INTEGER,
      refs_before TEXT NOT NULL
    )`,
  },
];

/** References by name: their commit (or tag object). */
type RefMap = Map<string, string>;

/** Writes the references as they are before a push; returns the journal row. */
export function beginPush(db: Db, repoId: number, senderId: number | null, before: RefMap): number {
  return Number(
    db.prepare('INSERT INTO pushes_in_flight (repo_id, sender_id, refs_before) VALUES (?, ?, ?)').run(repoId, senderId, JSON.stringify([...before]))
      .lastInsertRowid,
  );
}

export async function currentRefs(git: GitRepository): Promise<RefMap> {
  return new Map((await listRefs(git)).map((r) => [r.ref, r.sha]));
}

/**
 * Records what a push moved — pushed_at and the events of every moved
 * reference — and removes its journal row, in one transaction.
 */
export async function finishPush(
  ctx: EmulatorContext,
  git: GitRepository,
  journalId: number,
  repo: RepoRow,
  owner: UserRow,
  sender: UserRow | undefined,
  before: RefMap,
): Promise<void> {
  // The hooks there were when the push ended get its events, built after it.
  const hooksUpTo = lastHookId(ctx.db);
  const after = await currentRefs(git);
  const moved = [...new Set([...before.keys(), ...after.keys()])].filter((ref) => before.get(ref) !== after.get(ref));
  const events: PendingRefEvent[] = [];
  if (sender) {
    for (const ref of moved) {
      const old = before.get(ref) ?? ZERO;
      const now = after.get(ref) ?? ZERO;
      const forced = old !== ZERO && now !== ZERO && (await git.run(['merge-base', '--is-ancestor', old, now], { okCodes: [1, 128] })).code !== 0;
      events.push(...(await refEventsOf(ctx, git, repo, owner, sender, { ref, before: old, after: now, forced })));
    }
  }
  ctx.db.transaction(() => {
    if (moved.length > 0) markPushed(ctx.db, repo.id);
    if (sender) for (const e of events) emitRepoEvent(ctx, e.name, e.extra, repo, sender, hooksUpTo);
    ctx.db.prepare('DELETE FROM pushes_in_flight WHERE id = ?').run(journalId);
  })();
}

/** Finishes the pushes a killed run left in the journal (before the server is ready). */
export async function recoverPushes(ctx: EmulatorContext, repositories: Repositories): Promise<void> {
  const rows = ctx.db.prepare('SELECT * FROM pushes_in_flight ORDER BY id').all() as Array<{
    id: number;
    repo_id: number;
    sender_id: number | null;
    refs_before: string;
  }>;
  for (const row of rows) {
    const repo = repoById(ctx.db, row.repo_id);
    const owner = repo && findUserById(ctx.db, repo.owner_id);
    if (!repo || !owner) {
      ctx.db.prepare('DELETE FROM pushes_in_flight WHERE id = ?').run(row.id);
      continue;
    }
    const sender = row.sender_id === null ? undefined : findUserById(ctx.db, row.sender_id);
    const git = repositories.get(repoGitPath(ctx.gitDir, repo.id));
    try {
      await finishPush(ctx, git, row.id, repo, owner, sender, new Map(JSON.parse(row.refs_before) as Array<[string, string]>));
      ctx.log(`finished a push to ${owner.login}/${repo.name} that an earlier run was stopped during`);
    } catch (error) {
      // The folder must start whatever happened: the row stays for the next start.
      ctx.log(`could not finish a push to ${owner.login}/${repo.name} left by an earlier run: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
