// The Repositories view: "Your repositories" (with its remembered filter),
// one group per organization of the user, and "All public repositories".
import * as vscode from 'vscode';
import type { HostingClient, RepositoryMinimal } from '../../hosting';
import type { HostingSession } from '../hosting/hostingSession';
import { ErrorNode, RepoDeskNode, errorText } from '../views/nodes';
import type { ActiveRepository } from './activeRepository';
import { RepositoryGroupNode } from './repositoryNodes';
import { loadFilter } from './repositoryFilter';

export class RepositoriesProvider implements vscode.TreeDataProvider<RepoDeskNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RepoDeskNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: RepoDeskNode[] | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: HostingSession,
    private readonly active: ActiveRepository,
    private readonly state: vscode.Memento,
  ) {
    this.subscriptions = [
      session.onDidChange(() => this.refresh()),
      active.onDidChange(() => this.changed.fire(undefined)),
    ];
  }

  refresh(): void {
    this.roots = undefined;
    this.changed.fire(undefined);
  }

  /** Re-renders one node (after Load more or a retry). */
  update(node: RepoDeskNode): void {
    this.changed.fire(node);
  }

  getTreeItem(node: RepoDeskNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  getParent(node: RepoDeskNode): RepoDeskNode | undefined {
    return node.parent;
  }

  async getChildren(node?: RepoDeskNode): Promise<RepoDeskNode[]> {
    if (node) return node.children();
    const client = this.session.client;
    if (!client) return [];
    this.roots ??= await this.buildRoots(client);
    return this.roots;
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private async buildRoots(client: HostingClient): Promise<RepoDeskNode[]> {
    const isActive = (r: RepositoryMinimal) => this.active.value?.owner === r.owner.login && this.active.value?.name === r.name;
    const onChanged = (n: RepoDeskNode) => this.update(n);
    const filter = loadFilter(this.state);
    const roots: RepoDeskNode[] = [
      new RepositoryGroupNode('group:mine', vscode.l10n.t('Your repositories ({0})', filter.type), 'account',
        () => client.repos.listForAuthenticatedUser(filter, { priority: 'background' }), isActive, onChanged,
        vscode.l10n.t('No repositories match this filter.'), 'repositoryGroup:mine'),
    ];
    try {
      for (const org of await this.organizations(client)) {
        roots.push(new RepositoryGroupNode(`group:org:${org}`, org, 'organization',
          () => client.repos.listForOrg(org, {}, { priority: 'background' }), isActive, onChanged,
          vscode.l10n.t('This organization has no repositories you can see.'), 'repositoryGroup:org', false));
      }
    } catch (err) {
      roots.push(new ErrorNode(vscode.l10n.t('Could not list your organizations: {0}', errorText(err)), () => this.refresh()));
    }
    roots.push(new RepositoryGroupNode('group:public', vscode.l10n.t('All public repositories'), 'globe',
      () => client.repos.listPublic({}, { priority: 'background' }), isActive, onChanged,
      vscode.l10n.t('There are no public repositories.'), 'repositoryGroup:public', false));
    return roots;
  }

  /** Organizations of the user, from the teams they belong to (GET /user/teams). */
  private async organizations(client: HostingClient): Promise<string[]> {
    const orgs = new Set<string>();
    for await (const team of client.teams.listForAuthenticatedUser({ priority: 'background' })) orgs.add(team.organization.login);
    return [...orgs].sort((a, b) => a.localeCompare(b));
  }
}
