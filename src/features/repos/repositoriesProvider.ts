// The Repositories view: "Your repositories" (with its remembered filter),
// one group per organization of the user, the groups of the root providers
// the wiring root hands it (the user's gists), and "All public repositories".
// After a reload it draws the last listing of the workspace at once (first
// pages, marked as updating; src/listings/repositorySnapshot.ts) while the
// service is asked again, then the answer replaces it.
import * as vscode from 'vscode';
import { keptFor, keptForAccount, readSnapshot, snapshotKey } from '../../listings/repositorySnapshot';
import { readHostingSettings } from '../shared/session/settings';
import type { HostingSession } from '../shared/session/hostingSession';
import type { RepoDeskNode } from '../shared/tree/nodes';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { RepositoryChildProvider } from '../shared/tree/repositoryLists';
import type { OrganizationChildProvider } from '../shared/tree/organizationLists';
import type { RootGroupProvider } from '../shared/tree/rootGroups';
import type { Gate } from '../../util/gate';
import { loadFilter } from './repositoryFilter';
import { accountGroups, KEPT_ROWS_DRAW_MS, KEPT_ROWS_DRAWN_WITHIN_MS, type ListingContext, type ListingState } from './accountGroups';
import { buildRoots, childrenHanded, keptRoots } from './repositoryRoots';
import { keep, REPOSITORY_SNAPSHOT_KEY } from './keptListings';

export { REPOSITORY_SNAPSHOT_KEY };

export function createRepositoriesProvider(
  session: HostingSession,
  active: ActiveRepository,
  state: vscode.Memento,
  workspaceState: vscode.Memento,
  childProviders: readonly RepositoryChildProvider[],
  orgProviders: readonly OrganizationChildProvider[] = [],
  rootProviders: readonly RootGroupProvider[] = [],
  firstPaint?: Gate,
): { provider: NodeTreeProvider; subscriptions: vscode.Disposable[]; showKeptNext(): void; whenKept(): Promise<void> } {
  const ctx: ListingContext = { session, active, state, workspaceState, childProviders, orgProviders, rootProviders, firstPaint };
  const view: ListingState = { generation: 0, lastKept: Promise.resolve(), groupKeeps: [], firstLook: true };
  const provider = new NodeTreeProvider('repodesk.repositories', (p) => {
    const client = session.client;
    const account = session.account;
    const keeping = vscode.workspace.getConfiguration('repodesk.views').get<boolean>('keepLastListing', true);
    if (client && account && session.accounts.length > 1) return accountGroups(ctx, view, p, account, keeping);
    return oneAccountRoots(ctx, view, p, keeping);
  });
  return {
    provider,
    whenKept: () => Promise.all([view.lastKept, ...view.groupKeeps]).then(() => undefined),
    showKeptNext: () => {
      view.firstLook = true;
    },
    subscriptions: viewSubscriptions(ctx, provider),
  };
}

/** One build of the groups for the one account (or none) signed in: the kept listing first, on the session's first look. */
function oneAccountRoots(ctx: ListingContext, view: ListingState, p: NodeTreeProvider, keeping: boolean): RepoDeskNode[] | Promise<RepoDeskNode[]> {
  const { session, state, workspaceState, firstPaint } = ctx;
  const client = session.client;
  const account = session.account;
  // The filters are part of the key: rows kept under another filter are not these.
  const keyOf = (accountId: string) => `${snapshotKey(readHostingSettings().apiUrl, accountId)} ${JSON.stringify(loadFilter(state))}`;
  /** The listing kept for the account. */
  const keptOf = (accountId: string) => readSnapshot(workspaceState.get(REPOSITORY_SNAPSHOT_KEY), keyOf(accountId));
  if (!client || !account) {
    // While the stored session is still being read (SecretStorage, a round
    // trip to the workbench), the rows kept for the account that was signed
    // in last, if it still was when it was last seen: they are replaced (or
    // removed) as soon as the session is known.
    const expected = session.expectedAccountId;
    const early = view.firstLook && keeping && expected ? keptOf(expected) : undefined;
    return early ? keptRoots(ctx, undefined, p, early) : [];
  }
  const key = keyOf(account.id);
  const built = ++view.generation;
  const fresh = buildRoots(ctx, client, p).then((roots) => {
    // Kept for the next session while the rows are drawn: the write is a
    // round trip to the workbench that the rows need not wait for.
    if (keeping) view.lastKept = keep(workspaceState, REPOSITORY_SNAPSHOT_KEY, key, roots).catch(() => undefined);
    else if (workspaceState.get(REPOSITORY_SNAPSHOT_KEY) !== undefined) void workspaceState.update(REPOSITORY_SNAPSHOT_KEY, undefined);
    return roots;
  });
  const kept = view.firstLook && keeping ? keptOf(account.id) : undefined;
  view.firstLook = false;
  if (!kept) {
    // Nothing to draw first: the rows come from the service.
    firstPaint?.open();
    return fresh;
  }
  // Rows at once: the kept listing now, the service's answer when it comes,
  // but not before the kept rows are on screen: VS Code asks for an
  // expanded group's rows once it has drawn the group, and a change of the
  // roots before that makes it start over.
  const keptShown = childrenHanded(p, KEPT_ROWS_DRAWN_WITHIN_MS);
  void keptShown.then(() => firstPaint?.openAfter(KEPT_ROWS_DRAW_MS));
  const later = p.laterRoots();
  fresh.then(
    async (roots) => {
      await keptShown;
      if (built === view.generation) later(Promise.resolve(roots));
    },
    (err: unknown) => {
      // No answer: the rows drawn before, marked offline (failedRoots); else the error with a retry.
      if (built === view.generation) later(Promise.resolve(p.failedRoots(err)));
    },
  );
  return keptRoots(ctx, client, p, kept);
}

/** Re-render on a new active repository: its node is marked; lists are kept. */
function viewSubscriptions(ctx: ListingContext, provider: NodeTreeProvider): vscode.Disposable[] {
  const { session, active, workspaceState } = ctx;
  /** Whether the view shows a group per account. */
  let grouped = false;
  return [
    session.onDidChange(() => provider.refresh()),
    // An account signed in or out beside the current one changes the account groups (one account: none, onDidChange says it all).
    session.onDidChangeAccounts(() => {
      const several = session.accounts.length > 1;
      if (several || grouped) provider.refresh();
      grouped = several;
    }),
    active.onDidChange(() => provider.redraw()),
    // Signed out of an account: its kept listings go (the one account's slot, and its group's), nothing of the others'.
    session.onDidSignOutAccount((account) => {
      if (keptFor(workspaceState.get(REPOSITORY_SNAPSHOT_KEY), readHostingSettings().apiUrl, account))
        void workspaceState.update(REPOSITORY_SNAPSHOT_KEY, undefined);
      for (const slot of workspaceState.keys())
        if (slot.startsWith(`${REPOSITORY_SNAPSHOT_KEY}/`) && keptForAccount(workspaceState.get(slot), account)) void workspaceState.update(slot, undefined);
    }),
  ];
}
