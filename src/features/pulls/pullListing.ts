// The Pull Requests view's rows: the active repository's pull requests under
// the filter, read a page at a time. Rows at once: the first look of a
// session draws the listing kept from the last one (marked as updating)
// while the service is asked again; a build replaced by a newer one (a
// refresh) does not put its rows back.
import * as vscode from 'vscode';
import type { AvatarCache } from '../../util/avatars';
import { pullSnapshotKey, readPullSnapshot, takePullSnapshot } from '../../listings/pullSnapshot';
import type { HostingSession } from '../shared/session/hostingSession';
import { readHostingSettings } from '../shared/session/settings';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { NodeTreeProvider, pagedRoots } from '../shared/tree/treeBase';
import type { ViewedFilesStore } from '../review/stores/viewedFilesStore';
import { KeptPullNode } from './keptPullNodes';
import { loadPullFilter, toQuery } from './pullFilter';
import { pullNodes } from './pullNodes';

/** Where the last listing is kept (workspace state). */
export const PULL_SNAPSHOT_KEY = 'repodesk.pullRequests.lastListing';

export function createPullListing(
  session: HostingSession,
  active: ActiveRepository,
  state: vscode.Memento,
  avatars: AvatarCache,
  viewed: ViewedFilesStore | undefined,
): { provider: NodeTreeProvider; showKeptNext(): void } {
  let firstLook = true;
  const provider = new NodeTreeProvider('repodesk.pullRequests', (p) => {
    const client = session.client;
    const repo = active.value;
    const account = session.account;
    if (!client || !repo || !account) return [];
    const filter = loadPullFilter(state);
    const key = pullSnapshotKey(readHostingSettings().apiUrl, account.id, repo.owner, repo.name, filter);
    const keeping = vscode.workspace.getConfiguration('repodesk.views').get<boolean>('keepLastListing', true);
    const fresh = pagedRoots(
      p,
      () => client.pulls.list(repo.owner, repo.name, toQuery(filter), { priority: 'background' }),
      (pulls) => {
        void state.update(PULL_SNAPSHOT_KEY, keeping ? takePullSnapshot(key, pulls, pulls.length >= 50, Date.now()) : undefined);
        return pullNodes(repo.owner, repo.name, pulls, client, session.login, (n) => p.update(n), avatars, viewed);
      },
      vscode.l10n.t('No pull requests match this filter.'),
    );
    const kept = firstLook && keeping ? readPullSnapshot(state.get(PULL_SNAPSHOT_KEY), key) : undefined;
    firstLook = false;
    if (!kept || kept.pulls.length === 0) return fresh;
    const later = p.laterRoots();
    // laterRoots drops the answer once the view was refreshed (another repository or filter): its next look reads anew.
    fresh.then(
      (roots) => later(Promise.resolve(roots)),
      (err: unknown) => later(Promise.resolve(p.failedRoots(err))),
    );
    return kept.pulls.map((k) => new KeptPullNode(repo.owner, repo.name, k));
  });
  return {
    provider,
    // The next look is drawn as the first of a session (after a window reload).
    showKeptNext: () => {
      firstLook = true;
    },
  };
}
