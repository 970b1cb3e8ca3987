// The Repositories view's groups of one account ("Your repositories", one per
// organization, the root providers' groups, "All public repositories"), read
// from the service or drawn from a kept listing.
import * as vscode from 'vscode';
import { BadCredentialsError, NetworkError, ServerError, type HostingClient, type RepositoryMinimal } from '../../hosting';
import type { CachedGroup, RepositorySnapshot } from '../../listings/repositorySnapshot';
import type { HostingSession, SignedInAccount } from '../shared/session/hostingSession';
import { errorText } from '../shared/failure';
import { ErrorNode, RepoDeskNode } from '../shared/tree/nodes';
import { isUnreachable, nothingReadYet } from '../shared/tree/offlineRows';
import type { NodeTreeProvider } from '../shared/tree/treeBase';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { RepositoryChildProvider } from '../shared/tree/repositoryLists';
import type { OrganizationChildProvider } from '../shared/tree/organizationLists';
import type { RootGroupProvider } from '../shared/tree/rootGroups';
import { RepositoryGroupNode, type RepositoryChildren } from './repositoryNodes';
import { loadFilter, loadOrgType } from './repositoryFilter';

/** How long the organizations' first pages wait at most for VS Code to ask for an expanded group's rows (every group may be collapsed). */
const ORG_COUNTS_AFTER_MS = 300;

/** What the groups are built from: the session, the active repository, the filters (`state`) and the other features' lists. */
export interface RootsContext {
  session: HostingSession;
  active: ActiveRepository;
  state: vscode.Memento;
  childProviders: readonly RepositoryChildProvider[];
  orgProviders: readonly OrganizationChildProvider[];
  rootProviders: readonly RootGroupProvider[];
}

/**
 * One account's groups. A refused token (401) has marked the account signed
 * out (the session hears it from the account's client, whichever view
 * read; the group is drawn again with a Sign In row); a service that cannot
 * be reached, or fails, gives one error row in its group: the other
 * accounts' groups are read on their own.
 */
export async function accountRoots(ctx: RootsContext, a: SignedInAccount, p: NodeTreeProvider): Promise<RepoDeskNode[]> {
  try {
    return await buildRoots(ctx, a.client, p, `account:${a.id}/`, true);
  } catch (err) {
    // Unreachable: the reachability item says so; the group says only that it has read nothing yet.
    if (isUnreachable(err)) return [nothingReadYet()];
    return [new ErrorNode(vscode.l10n.t('{0}: {1}', a.serviceName, errorText(err)), () => p.refresh())];
  }
}

/**
 * The groups of one account; `prefix` keeps their ids apart from another
 * account's. `strict`: the organizations' failure fails the whole build
 * (a group per account says it once).
 */
export async function buildRoots(ctx: RootsContext, client: HostingClient, p: NodeTreeProvider, prefix = '', strict = false): Promise<RepoDeskNode[]> {
  const onChanged = (n: RepoDeskNode) => p.update(n);
  const mine = mineGroup(ctx, client, onChanged, prefix);
  // The first page of "Your repositories" is read while the organizations
  // are: the expanded group then draws without a second round trip.
  void mine.list.ensureLoaded();
  const roots: RepoDeskNode[] = [mine];
  try {
    const orgGroups = (await organizations(client)).map((org) => orgGroup(ctx, client, org, onChanged, prefix));
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
    roots.push(
      isUnreachable(err) ? nothingReadYet() : new ErrorNode(vscode.l10n.t('Could not list your organizations: {0}', errorText(err)), () => p.refresh()),
    );
  }
  // The root providers' groups (the user's gists) have one id each: the first account's only.
  if (!prefix || prefix === `account:${ctx.session.accounts[0]?.id}/`) roots.push(...ctx.rootProviders.flatMap((r) => r.roots(client, onChanged)));
  roots.push(publicGroup(ctx, client, onChanged, prefix));
  return roots;
}

/** The kept listing as the same groups (ids with `prefix`: an account's group's), their rows from the snapshot, marked as updating. */
export async function keptRoots(
  ctx: RootsContext,
  client: HostingClient | undefined,
  p: NodeTreeProvider,
  kept: RepositorySnapshot,
  prefix = '',
): Promise<RepoDeskNode[]> {
  const onChanged = (n: RepoDeskNode) => p.update(n);
  const stale = (group: RepositoryGroupNode, cached: CachedGroup): RepositoryGroupNode => {
    // A row needs only the fields the snapshot keeps (its children ask by owner and name).
    group.showKept(cached.repositories as unknown as RepositoryMinimal[], cached.more);
    return group;
  };
  const groups = new Map(kept.groups.map((g) => [g.id, g]));
  const roots: RepoDeskNode[] = [];
  const mine = groups.get('group:mine');
  if (mine) roots.push(stale(mineGroup(ctx, client, onChanged, prefix), mine));
  for (const g of kept.groups) {
    if (g.id.startsWith('group:org:')) roots.push(stale(orgGroup(ctx, client, g.id.slice('group:org:'.length), onChanged, prefix), g));
  }
  // The other groups read from the service: they come with the session (the root providers' with the first account's only).
  if (client) {
    if (!prefix || prefix === `account:${ctx.session.accounts[0]?.id}/`) roots.push(...ctx.rootProviders.flatMap((r) => r.roots(client, onChanged)));
    roots.push(publicGroup(ctx, client, onChanged, prefix));
  }
  // Drawn from memory: every kept row is there before the first paint.
  await Promise.all(roots.map((r) => (r instanceof RepositoryGroupNode && r.stale ? r.list.ensureLoaded() : undefined)));
  return roots;
}

/** Resolves once `p` has handed VS Code a node's children (it asks for an expanded node's once it has drawn the node), or after `ms`. */
export function childrenHanded(p: NodeTreeProvider, ms: number): Promise<void> {
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

function mineGroup(ctx: RootsContext, client: HostingClient | undefined, onChanged: (n: RepoDeskNode) => void, prefix = ''): RepositoryGroupNode {
  const filter = loadFilter(ctx.state);
  return new RepositoryGroupNode(
    `${prefix}group:mine`,
    vscode.l10n.t('Your repositories ({0})', filter.type),
    'account',
    () => reader(ctx, client).repos.listForAuthenticatedUser(filter, { priority: 'background' }),
    isActive(ctx),
    onChanged,
    childrenOf(ctx, client),
    vscode.l10n.t('No repositories match this filter.'),
    'repositoryGroup:mine',
  );
}

function orgGroup(ctx: RootsContext, client: HostingClient | undefined, org: string, onChanged: (n: RepoDeskNode) => void, prefix = ''): RepositoryGroupNode {
  const type = loadOrgType(ctx.state, org);
  // The organization of the active repository starts open, so that the
  // active repository is in sight (VS Code keeps what the user changes).
  const holdsActive = ctx.active.value?.owner.toLowerCase() === org.toLowerCase();
  return new RepositoryGroupNode(
    `${prefix}group:org:${org}`,
    type === 'all' ? org : `${org} (${type})`,
    'organization',
    () => reader(ctx, client).repos.listForOrg(org, type === 'all' ? {} : { type }, { priority: 'background' }),
    isActive(ctx),
    onChanged,
    childrenOf(ctx, client),
    vscode.l10n.t('This organization has no repositories you can see.'),
    'repositoryGroup:org',
    holdsActive,
    org,
    () =>
      client || ctx.session.client
        ? ctx.orgProviders.flatMap((o) => o.children({ client: reader(ctx, client), org }, `${prefix}group:org:${org}`, onChanged))
        : [],
  );
}

function publicGroup(ctx: RootsContext, client: HostingClient, onChanged: (n: RepoDeskNode) => void, prefix = ''): RepositoryGroupNode {
  return new RepositoryGroupNode(
    `${prefix}group:public`,
    vscode.l10n.t('All public repositories'),
    'globe',
    () => client.repos.listPublic({}, { priority: 'background' }),
    isActive(ctx),
    onChanged,
    childrenOf(ctx, client),
    vscode.l10n.t('There are no public repositories.'),
    'repositoryGroup:public',
    false,
  );
}

// What a repository node shows when expanded: each provider's lists, in
// order, read with the client of the group it is in (kept rows drawn
// before the session was known: the session's).
function childrenOf(ctx: RootsContext, groupClient: HostingClient | undefined): RepositoryChildren {
  return (node, onChanged) => {
    const client = groupClient ?? ctx.session.client;
    if (!client) return [];
    const target = { client, owner: node.repo.owner.login, repo: node.repo.name };
    return ctx.childProviders.flatMap((c) => c.children(target, node.repo, node.id, onChanged));
  };
}

function isActive(ctx: RootsContext): (r: RepositoryMinimal) => boolean {
  return (r) => ctx.active.value?.owner === r.owner.login && ctx.active.value?.name === r.name;
}

/** The client a group reads with: the one it was built with, or (kept rows drawn before the session was known) the session's. */
function reader(ctx: RootsContext, client: HostingClient | undefined): HostingClient {
  const c = client ?? ctx.session.client;
  if (!c) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
  return c;
}

/** Organizations of the user, from the teams they belong to (GET /user/teams). */
async function organizations(client: HostingClient): Promise<string[]> {
  const orgs = new Set<string>();
  for await (const team of client.teams.listForAuthenticatedUser({ priority: 'background' })) orgs.add(team.organization.login);
  return [...orgs].sort((a, b) => a.localeCompare(b));
}
