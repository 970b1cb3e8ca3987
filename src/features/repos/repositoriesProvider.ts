// The Repositories view: "Your repositories" (with its remembered filter),
// one group per organization of the user, the groups of the root providers
// the wiring root hands it (the user's gists), and "All public repositories".
// After a reload it draws the last listing of the workspace at once (first
// pages, marked as updating; src/listings/repositorySnapshot.ts) while the
// service is asked again, then the answer replaces it.
import * as vscode from 'vscode';
import { BadCredentialsError, NetworkError, ServerError, type HostingClient, type RepositoryMinimal } from '../../hosting';
import { keptFor, keptForAccount, readSnapshot, snapshotKey, takeSnapshot, type CachedGroup, type RepositorySnapshot } from '../../listings/repositorySnapshot';
import { readHostingSettings } from '../shared/session/settings';
import type { HostingSession, SignedInAccount } from '../shared/session/hostingSession';
import { errorText } from '../shared/failure';
import { ErrorNode, RepoDeskNode } from '../shared/tree/nodes';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { RepositoryChildProvider } from '../shared/tree/repositoryLists';
import type { OrganizationChildProvider } from '../shared/tree/organizationLists';
import type { RootGroupProvider } from '../shared/tree/rootGroups';
import { RepositoryGroupNode, type RepositoryChildren } from './repositoryNodes';
import type { Gate } from '../../util/gate';
import { loadFilter, loadOrgType } from './repositoryFilter';
import { AccountGroupNode } from './accountGroupNode';

/** Where the last listing is kept (workspace state). */
export const REPOSITORY_SNAPSHOT_KEY = 'repodesk.repositories.lastListing';
/** How long the fresh listing waits for VS Code to draw the kept rows (a hidden view never asks). */
const KEPT_ROWS_DRAWN_WITHIN_MS = 1000;

/**
 * How long after the kept rows are handed to VS Code the start-up gate
 * (`firstPaint`, which the views' background reads wait for) opens: the workbench
 * draws them meanwhile, rather than sharing the machine with the first
 * request's certificate load and the answers' parsing (profiled under load:
 * 50–100 ms of the extension host).
 */
const KEPT_ROWS_DRAW_MS = 100;

/** How long the other accounts' groups wait at most for the first group's first page (several accounts). */
const FIRST_GROUP_FIRST_MS = 1500;

/** How long the organizations' first pages wait at most for VS Code to ask for an expanded group's rows (every group may be collapsed). */
const ORG_COUNTS_AFTER_MS = 300;

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
  // A build replaced by a newer one (a refresh) must not put its roots back.
  let generation = 0;
  /** The last listing's write to the workspace state (the next session's first look reads it). */
  let lastKept: Promise<void> = Promise.resolve();
  /** With a group per account: the writes of the groups read so far (a collapsed group is never read). */
  let groupKeeps: Promise<void>[] = [];
  // Only the first look of a session draws the kept listing: after that the
  // view shows what it read (a refresh or a new filter must not bring back
  // older rows).
  let firstLook = true;
  /** Whether the view shows a group per account. */
  let grouped = false;
  const provider = new NodeTreeProvider('repodesk.repositories', (p) => {
    const client = session.client;
    const account = session.account;
    const keeping = vscode.workspace.getConfiguration('repodesk.views').get<boolean>('keepLastListing', true);
    // Several accounts: a group per account, each read with its own client,
    // each drawn first from the listing it kept (its own slot, keyed by
    // service and account) while its service is asked again.
    if (client && account && session.accounts.length > 1) {
      const drawKept = firstLook && keeping;
      firstLook = false;
      const built = ++generation;
      const keeps: Promise<void>[] = [];
      groupKeeps = keeps;
      const handed = drawKept ? childrenHanded(p, KEPT_ROWS_DRAWN_WITHIN_MS) : undefined;
      if (handed) void handed.then(() => firstPaint?.openAfter(KEPT_ROWS_DRAW_MS));
      else firstPaint?.open();
      // The first group's first rows come first: the other groups are read
      // once its "Your repositories" has its first page (or after
      // FIRST_GROUP_FIRST_MS: it may be collapsed, and never asked for), so
      // that more accounts never delay it (test/bench/accounts.mjs).
      let releaseOthers!: () => void;
      const firstRead = new Promise<void>((resolve) => {
        releaseOthers = resolve;
      });
      const timer = setTimeout(releaseOthers, FIRST_GROUP_FIRST_MS);
      void firstRead.then(() => clearTimeout(timer));
      const groups = session.accounts.map((a, i) => {
        const signedOut = session.isSignedOut(a.id);
        if (i === 0 && signedOut) releaseOthers();
        const prefix = `account:${a.id}/`;
        const fresh =
          i === 0
            ? async () => {
                const roots = await accountRoots(a, p);
                const mine = roots.find((r): r is RepositoryGroupNode => r instanceof RepositoryGroupNode);
                void (mine ? mine.list.ensureLoaded() : Promise.resolve()).finally(releaseOthers);
                return roots;
              }
            : async () => {
                await firstRead;
                return accountRoots(a, p);
              };
        const slot = groupSlot(a);
        const key = groupKey(a);
        /** The fresh roots, kept for the next session's first look while they are drawn. */
        const freshKept = () => {
          const roots = fresh();
          if (keeping) keeps.push(roots.then((r) => keep(slot, key, r, prefix)).catch(() => undefined));
          return roots;
        };
        // Kept under the account's id, else under an id it had in an earlier version (read once: the fresh rows are kept under its id).
        const kept =
          drawKept && !signedOut
            ? [a.id, ...session.formerIdsOf(a.id)].map((id) => readSnapshot(workspaceState.get(groupSlot(a, id)), groupKey(a, id))).find((k) => k)
            : undefined;
        const build = kept
          ? async () => {
              // The service's answer replaces the kept rows once they are on screen (as with one account).
              void Promise.all([freshKept(), handed]).then(([roots]) => {
                if (built === generation) node.replaceChildren(roots, p);
              });
              return keptRoots(a.client, p, kept, prefix);
            }
          : freshKept;
        const node: AccountGroupNode = new AccountGroupNode(a, build, a.id === account.id, signedOut);
        return node;
      });
      if (!keeping) for (const a of session.accounts) if (workspaceState.get(groupSlot(a)) !== undefined) void workspaceState.update(groupSlot(a), undefined);
      // As one account's roots are (prefetch): the first group's reads start before VS Code asks for its rows.
      groups[0]?.prefetch();
      return groups;
    }
    // The filters are part of the key: rows kept under another filter are not these.
    const keyOf = (accountId: string) => `${snapshotKey(readHostingSettings().apiUrl, accountId)} ${JSON.stringify(loadFilter(state))}`;
    /** The listing kept for the account, also one kept under an id it had in an earlier version. */
    const keptOf = (accountId: string) =>
      [accountId, ...session.formerIdsOf(accountId)].map((id) => readSnapshot(workspaceState.get(REPOSITORY_SNAPSHOT_KEY), keyOf(id))).find((k) => k);
    if (!client || !account) {
      // While the stored session is still being read (SecretStorage, a round
      // trip to the workbench), the rows kept for the account that was signed
      // in last, if it still was when it was last seen: they are replaced (or
      // removed) as soon as the session is known.
      const expected = session.expectedAccountId;
      const early = firstLook && keeping && expected ? keptOf(expected) : undefined;
      return early ? keptRoots(undefined, p, early) : [];
    }
    const key = keyOf(account.id);
    const built = ++generation;
    const fresh = buildRoots(client, p).then((roots) => {
      // Kept for the next session while the rows are drawn: the write is a
      // round trip to the workbench that the rows need not wait for.
      if (keeping) lastKept = keep(REPOSITORY_SNAPSHOT_KEY, key, roots).catch(() => undefined);
      else if (workspaceState.get(REPOSITORY_SNAPSHOT_KEY) !== undefined) void workspaceState.update(REPOSITORY_SNAPSHOT_KEY, undefined);
      return roots;
    });
    const kept = firstLook && keeping ? keptOf(account.id) : undefined;
    firstLook = false;
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
    fresh.then(
      async (roots) => {
        await keptShown;
        if (built === generation) p.replaceRoots(Promise.resolve(roots));
      },
      (err: unknown) => {
        if (built === generation) p.replaceRoots(Promise.resolve([new ErrorNode(errorText(err), () => p.refresh())]));
      },
    );
    return keptRoots(client, p, kept);
  });

  /** The first pages just read, for the next session's first look (in `slot`; group ids without the account's `prefix`). */
  async function keep(slot: string, key: string, roots: RepoDeskNode[], prefix = ''): Promise<void> {
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
  function groupSlot(a: SignedInAccount, id = a.id): string {
    return `${REPOSITORY_SNAPSHOT_KEY}/${encodeURIComponent(snapshotKey(a.apiUrl, id))}`;
  }

  /** The key of an account's group's listing: its service, its account and the filters (rows kept under another filter are not these). */
  function groupKey(a: SignedInAccount, id = a.id): string {
    return `${snapshotKey(a.apiUrl, id)} ${JSON.stringify(loadFilter(state))}`;
  }

  // What a repository node shows when expanded: each provider's lists, in
  // order, read with the client of the group it is in (kept rows drawn
  // before the session was known: the session's).
  const childrenOf =
    (groupClient: HostingClient | undefined): RepositoryChildren =>
    (node, onChanged) => {
      const client = groupClient ?? session.client;
      if (!client) return [];
      const target = { client, owner: node.repo.owner.login, repo: node.repo.name };
      return childProviders.flatMap((c) => c.children(target, node.repo, node.id, onChanged));
    };

  const isActive = (r: RepositoryMinimal) => active.value?.owner === r.owner.login && active.value?.name === r.name;

  /** The client a group reads with: the one it was built with, or (kept rows drawn before the session was known) the session's. */
  const reader = (client: HostingClient | undefined): HostingClient => {
    const c = client ?? session.client;
    if (!c) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    return c;
  };

  function mineGroup(client: HostingClient | undefined, onChanged: (n: RepoDeskNode) => void, prefix = ''): RepositoryGroupNode {
    const filter = loadFilter(state);
    return new RepositoryGroupNode(
      `${prefix}group:mine`,
      vscode.l10n.t('Your repositories ({0})', filter.type),
      'account',
      () => reader(client).repos.listForAuthenticatedUser(filter, { priority: 'background' }),
      isActive,
      onChanged,
      childrenOf(client),
      vscode.l10n.t('No repositories match this filter.'),
      'repositoryGroup:mine',
    );
  }

  function orgGroup(client: HostingClient | undefined, org: string, onChanged: (n: RepoDeskNode) => void, prefix = ''): RepositoryGroupNode {
    const type = loadOrgType(state, org);
    // The organization of the active repository starts open, so that the
    // active repository is in sight (VS Code keeps what the user changes).
    const holdsActive = active.value?.owner.toLowerCase() === org.toLowerCase();
    return new RepositoryGroupNode(
      `${prefix}group:org:${org}`,
      type === 'all' ? org : `${org} (${type})`,
      'organization',
      () => reader(client).repos.listForOrg(org, type === 'all' ? {} : { type }, { priority: 'background' }),
      isActive,
      onChanged,
      childrenOf(client),
      vscode.l10n.t('This organization has no repositories you can see.'),
      'repositoryGroup:org',
      holdsActive,
      org,
      () => (client || session.client ? orgProviders.flatMap((o) => o.children({ client: reader(client), org }, `${prefix}group:org:${org}`, onChanged)) : []),
    );
  }

  function publicGroup(client: HostingClient, onChanged: (n: RepoDeskNode) => void, prefix = ''): RepositoryGroupNode {
    return new RepositoryGroupNode(
      `${prefix}group:public`,
      vscode.l10n.t('All public repositories'),
      'globe',
      () => client.repos.listPublic({}, { priority: 'background' }),
      isActive,
      onChanged,
      childrenOf(client),
      vscode.l10n.t('There are no public repositories.'),
      'repositoryGroup:public',
      false,
    );
  }

  /**
   * One account's groups. A refused token (401) has marked the account signed
   * out (the session hears it from the account's client, whichever view
   * read; the group is drawn again with a Sign In row); a service that cannot
   * be reached, or fails, gives one error row in its group: the other
   * accounts' groups are read on their own.
   */
  async function accountRoots(a: SignedInAccount, p: NodeTreeProvider): Promise<RepoDeskNode[]> {
    try {
      return await buildRoots(a.client, p, `account:${a.id}/`, true);
    } catch (err) {
      return [new ErrorNode(vscode.l10n.t('{0}: {1}', a.serviceName, errorText(err)), () => p.refresh())];
    }
  }

  /**
   * The groups of one account; `prefix` keeps their ids apart from another
   * account's. `strict`: the organizations' failure fails the whole build
   * (a group per account says it once).
   */
  async function buildRoots(client: HostingClient, p: NodeTreeProvider, prefix = '', strict = false): Promise<RepoDeskNode[]> {
    const onChanged = (n: RepoDeskNode) => p.update(n);
    const mine = mineGroup(client, onChanged, prefix);
    // The first page of "Your repositories" is read while the organizations
    // are: the expanded group then draws without a second round trip.
    void mine.list.ensureLoaded();
    const roots: RepoDeskNode[] = [mine];
    try {
      const orgGroups = (await organizations(client)).map((org) => orgGroup(client, org, onChanged, prefix));
      // Each organization's first page is read (in parallel) once VS Code
      // has the rows of an expanded group, and the group is drawn again with
      // its count when it comes, collapsed or not: the groups, and the rows
      // of "Your repositories", are drawn without waiting for it. Read at
      // once, its answer redrew a group while VS Code was still drawing the
      // groups, and it asked for the expanded group's rows 85–150 ms after
      // them instead of ~30 (a cold start's phases, `test/bench/views.mjs`).
      const groupsDrawn = childrenHanded(p, ORG_COUNTS_AFTER_MS);
      for (const g of orgGroups) void groupsDrawn.then(() => g.list.ensureLoaded()).then(() => onChanged(g));
      roots.push(...orgGroups);
    } catch (err) {
      if (strict && (err instanceof BadCredentialsError || err instanceof NetworkError || err instanceof ServerError)) throw err;
      roots.push(new ErrorNode(vscode.l10n.t('Could not list your organizations: {0}', errorText(err)), () => p.refresh()));
    }
    // The root providers' groups (the user's gists) have one id each: the first account's only.
    if (!prefix || prefix === `account:${session.accounts[0]?.id}/`) roots.push(...rootProviders.flatMap((r) => r.roots(client, onChanged)));
    roots.push(publicGroup(client, onChanged, prefix));
    return roots;
  }

  /** The kept listing as the same groups (ids with `prefix`: an account's group's), their rows from the snapshot, marked as updating. */
  async function keptRoots(client: HostingClient | undefined, p: NodeTreeProvider, kept: RepositorySnapshot, prefix = ''): Promise<RepoDeskNode[]> {
    const onChanged = (n: RepoDeskNode) => p.update(n);
    const stale = (group: RepositoryGroupNode, cached: CachedGroup): RepositoryGroupNode => {
      // A row needs only the fields the snapshot keeps (its children ask by owner and name).
      group.showKept(cached.repositories as unknown as RepositoryMinimal[], cached.more);
      return group;
    };
    const groups = new Map(kept.groups.map((g) => [g.id, g]));
    const roots: RepoDeskNode[] = [];
    const mine = groups.get('group:mine');
    if (mine) roots.push(stale(mineGroup(client, onChanged, prefix), mine));
    for (const g of kept.groups) {
      if (g.id.startsWith('group:org:')) roots.push(stale(orgGroup(client, g.id.slice('group:org:'.length), onChanged, prefix), g));
    }
    // The other groups read from the service: they come with the session (the root providers' with the first account's only).
    if (client) {
      if (!prefix || prefix === `account:${session.accounts[0]?.id}/`) roots.push(...rootProviders.flatMap((r) => r.roots(client, onChanged)));
      roots.push(publicGroup(client, onChanged, prefix));
    }
    // Drawn from memory: every kept row is there before the first paint.
    await Promise.all(roots.map((r) => (r instanceof RepositoryGroupNode && r.stale ? r.list.ensureLoaded() : undefined)));
    return roots;
  }

  return {
    provider,
    whenKept: () => Promise.all([lastKept, ...groupKeeps]).then(() => undefined),
    showKeptNext: () => {
      firstLook = true;
    },
    // Re-render on a new active repository: its node is marked; lists are kept.
    subscriptions: [
      session.onDidChange(() => provider.refresh()),
      // An account signed in or out beside the current one changes the account groups (one account: none, onDidChange says it all).
      session.onDidChangeAccounts(() => {
        const several = session.accounts.length > 1;
        if (several || grouped) provider.refresh();
        grouped = several;
      }),
      active.onDidChange(() => provider.redraw()),
      // Signed out of an account: its kept listings go (the one account's slot, and its group's), nothing of the others'.
      // What is still kept under an id it had in an earlier version goes too.
      session.onDidSignOutAccount((account) => {
        const ids = [account, ...session.formerIdsOf(account)];
        if (ids.some((id) => keptFor(workspaceState.get(REPOSITORY_SNAPSHOT_KEY), readHostingSettings().apiUrl, id)))
          void workspaceState.update(REPOSITORY_SNAPSHOT_KEY, undefined);
        for (const slot of workspaceState.keys())
          if (slot.startsWith(`${REPOSITORY_SNAPSHOT_KEY}/`) && ids.some((id) => keptForAccount(workspaceState.get(slot), id)))
            void workspaceState.update(slot, undefined);
      }),
    ],
  };
}

/** Resolves once `p` has handed VS Code a node's children (it asks for an expanded node's once it has drawn the node), or after `ms`. */
function childrenHanded(p: NodeTreeProvider, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    const asked = p.onDidProvideChildren(done);
    function done() {
      clearTimeout(timer);
      asked.dispose();
      resolve();
    }
  });
}

/** Organizations of the user, from the teams they belong to (GET /user/teams). */
async function organizations(client: HostingClient): Promise<string[]> {
  const orgs = new Set<string>();
  for await (const team of client.teams.listForAuthenticatedUser({ priority: 'background' })) orgs.add(team.organization.login);
  return [...orgs].sort((a, b) => a.localeCompare(b));
}
