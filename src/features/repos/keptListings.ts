// Where the Repositories view keeps its last listing for the next session's
// first look (workspace state; src/listings/repositorySnapshot.ts), and how.
import type * as vscode from 'vscode';
import { snapshotKey, takeSnapshot } from '../../listings/repositorySnapshot';
import type { SignedInAccount } from '../shared/session/hostingSession';
import type { RepoDeskNode } from '../shared/tree/nodes';
import { RepositoryGroupNode } from './repositoryNodes';
import { loadFilter } from './repositoryFilter';

/** Where the last listing is kept (workspace state). */
export const REPOSITORY_SNAPSHOT_KEY = 'repodesk.repositories.lastListing';

/** The first pages just read, for the next session's first look (in `slot`; group ids without the account's `prefix`). */
export async function keep(workspaceState: vscode.Memento, slot: string, key: string, roots: RepoDeskNode[], prefix = ''): Promise<void> {
  const groups = roots.filter((r): r is RepositoryGroupNode => r instanceof RepositoryGroupNode && r.id !== `${prefix}group:public`);
  // "Your repositories" is read while the organizations are: wait for it.
  await Promise.all(groups.map((g) => g.list.ensureLoaded()));
  // An error row instead of the groups (the service down) keeps what was kept before.
  if (!groups.length || groups.some((g) => g.list.error)) return;
  const snapshot = takeSnapshot(
    key,
    groups.map((g) => ({ id: g.id.slice(prefix.length), repositories: g.list.loaded, more: g.list.hasMore })),
    Date.now(),
  );
  await workspaceState.update(slot, snapshot);
}

/** Where an account's group keeps its listing: a slot of its own, named by its service and account. */
export function groupSlot(a: SignedInAccount): string {
  return `${REPOSITORY_SNAPSHOT_KEY}/${encodeURIComponent(snapshotKey(a.apiUrl, a.id))}`;
}

/** The key of an account's group's listing: its service, its account and the filters (rows kept under another filter are not these). */
export function groupKey(state: vscode.Memento, a: SignedInAccount): string {
  return `${snapshotKey(a.apiUrl, a.id)} ${JSON.stringify(loadFilter(state))}`;
}
