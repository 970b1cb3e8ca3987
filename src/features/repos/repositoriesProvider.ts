// The Repositories view: "Your repositories" (with its remembered filter),
// one group per organization of the user, the groups of the root providers
// the wiring root hands it (the user's gists), and "All public repositories".
import * as vscode from 'vscode';
import type { HostingClient, RepositoryMinimal } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';
import { errorText } from '../shared/failure';
import { ErrorNode, RepoDeskNode } from '../shared/tree/nodes';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { RepositoryChildProvider } from '../shared/tree/repositoryLists';
import type { OrganizationChildProvider } from '../shared/tree/organizationLists';
import type { RootGroupProvider } from '../shared/tree/rootGroups';
import { RepositoryGroupNode, type RepositoryChildren } from './repositoryNodes';
import { loadFilter, loadOrgType } from './repositoryFilter';

export function createRepositoriesProvider(session: HostingSession, active: ActiveRepository, state: vscode.Memento, childProviders: readonly RepositoryChildProvider[], orgProviders: readonly OrganizationChildProvider[] = [], rootProviders: readonly RootGroupProvider[] = []): { provider: NodeTreeProvider; subscriptions: vscode.Disposable[] } {
  const provider = new NodeTreeProvider('repodesk.repositories', (p) => {
    const client = session.client;
    return client ? buildRoots(client, p) : [];
  });

  // What a repository node shows when expanded: each provider's lists, in order.
  const childrenOf: RepositoryChildren = (node, onChanged) => {
    const client = session.client;
    if (!client) return [];
    const target = { client, owner: node.repo.owner.login, repo: node.repo.name };
    return childProviders.flatMap((c) => c.children(target, node.repo, node.id, onChanged));
  };

  async function buildRoots(client: HostingClient, p: NodeTreeProvider): Promise<RepoDeskNode[]> {
    const isActive = (r: RepositoryMinimal) => active.value?.owner === r.owner.login && active.value?.name === r.name;
    const onChanged = (n: RepoDeskNode) => p.update(n);
    const filter = loadFilter(state);
    const mine = new RepositoryGroupNode('group:mine', vscode.l10n.t('Your repositories ({0})', filter.type), 'account',
      () => client.repos.listForAuthenticatedUser(filter, { priority: 'background' }), isActive, onChanged, childrenOf,
      vscode.l10n.t('No repositories match this filter.'), 'repositoryGroup:mine');
    // The first page of "Your repositories" is read while the organizations
    // are: the expanded group then draws without a second round trip.
    void mine.list.ensureLoaded();
    const roots: RepoDeskNode[] = [mine];
    const orgGroups: RepositoryGroupNode[] = [];
    try {
      for (const org of await organizations(client)) {
        const type = loadOrgType(state, org);
        // The organization of the active repository starts open, so that the
        // active repository is in sight (VS Code keeps what the user changes).
        const holdsActive = active.value?.owner.toLowerCase() === org.toLowerCase();
        orgGroups.push(new RepositoryGroupNode(`group:org:${org}`, type === 'all' ? org : `${org} (${type})`, 'organization',
          () => client.repos.listForOrg(org, type === 'all' ? {} : { type }, { priority: 'background' }), isActive, onChanged, childrenOf,
          vscode.l10n.t('This organization has no repositories you can see.'), 'repositoryGroup:org', holdsActive, org,
          () => orgProviders.flatMap((o) => o.children({ client, org }, `group:org:${org}`, onChanged))));
      }
      // Each organization's first page is read before the groups are drawn (in
      // parallel, one round trip): a group shows its count at once, not after
      // it is expanded or the view is redrawn.
      await Promise.all(orgGroups.map((g) => g.list.ensureLoaded()));
      roots.push(...orgGroups);
    } catch (err) {
      roots.push(new ErrorNode(vscode.l10n.t('Could not list your organizations: {0}', errorText(err)), () => p.refresh()));
    }
    roots.push(...rootProviders.flatMap((r) => r.roots(client, onChanged)));
    roots.push(new RepositoryGroupNode('group:public', vscode.l10n.t('All public repositories'), 'globe',
      () => client.repos.listPublic({}, { priority: 'background' }), isActive, onChanged, childrenOf,
      vscode.l10n.t('There are no public repositories.'), 'repositoryGroup:public', false));
    return roots;
  }

  return {
    provider,
    // Re-render on a new active repository: its node is marked; lists are kept.
    subscriptions: [session.onDidChange(() => provider.refresh()), active.onDidChange(() => provider.redraw())],
  };
}

/** Organizations of the user, from the teams they belong to (GET /user/teams). */
async function organizations(client: HostingClient): Promise<string[]> {
  const orgs = new Set<string>();
  for await (const team of client.teams.listForAuthenticatedUser({ priority: 'background' })) orgs.add(team.organization.login);
  return [...orgs].sort((a, b) => a.localeCompare(b));
}
