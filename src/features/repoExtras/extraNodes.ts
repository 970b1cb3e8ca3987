// The children of a repository node in the Repositories view: Labels, Deploy
// Keys and (for an organization's repository) Teams. Each group reads its
// list only when expanded, with Load more, an error node with the service's
// message and a retry, and an empty text (PagedGroupNode). The commands on
// these nodes are in registerRepoExtras.ts; the operations in repoExtras.ts.
import * as vscode from 'vscode';
import { ForbiddenError, NotFoundError, type DeployKey, type Label, type TeamSummary, type UserSummary } from '../../hosting';
import { shortFingerprint, sshKeyInfo } from '../../util/sshKey';
import { colorSwatchDataUri } from '../../util/viewFormat';
import { ErrorNode, RepoDeskNode, errorText } from '../views/nodes';
import { PagedGroupNode, type PagedGroupOptions } from '../views/treeBase';
import { isOwnersTeam, teamAccess, type RepoTarget, type TeamAccess } from './repoExtras';


/** What a repository node tells its children about itself. */
export interface RepositoryOfNode {
  owner: { login: string; type: string };
  name: string;
}

/**
 * Lists the service refused (404 or 403: no admin rights on the repository,
 * not a member of the team). The refusal is remembered, by the group's id,
 * until the user retries that node or refreshes the view themselves, so a
 * background refresh does not spend rate limit asking again: a list answers
 * 304 to a conditional request when unchanged, a refusal never does.
 */
export class RefusedLists {
  private readonly refused = new Map<string, unknown>();

  open<T>(key: string, open: () => AsyncIterable<T>): () => AsyncIterable<T> {
    return () => this.read(key, open);
  }

  forget(key: string): void {
    this.refused.delete(key);
  }

  clear(): void {
    this.refused.clear();
  }

  private async *read<T>(key: string, open: () => AsyncIterable<T>): AsyncIterable<T> {
    if (this.refused.has(key)) throw this.refused.get(key);
    try {
      yield* open();
    } catch (err) {
      if (err instanceof NotFoundError || err instanceof ForbiddenError) this.refused.set(key, err);
      throw err;
    }
  }
}

type GroupOptions<T> = Omit<PagedGroupOptions<T>, 'toNodes'> & { toNodes: (items: readonly T[], group: ExtrasGroupNode<T>) => RepoDeskNode[] | Promise<RepoDeskNode[]> };

/** A group of a repository's extras: knows its repository and can read its list again. */
export class ExtrasGroupNode<T> extends PagedGroupNode<T> {
  constructor(readonly target: RepoTarget, readonly refused: RefusedLists, options: GroupOptions<T>) {
    super({ ...options, open: refused.open(options.id, options.open), toNodes: (items, group) => options.toNodes(items, group as ExtrasGroupNode<T>) });
  }

  get id(): string {
    return this.options.id;
  }

  /** Reads the list again from the first page (asking the service even after a refusal), then redraws the group. */
  async reload(): Promise<void> {
    this.refused.forget(this.id);
    this.list.reset();
    await this.list.ensureLoaded();
    this.options.onChanged(this);
  }

  /** As PagedGroupNode's, but the error's retry asks the service again even after a refusal. */
  override async listNodes(): Promise<RepoDeskNode[]> {
    if (!this.list.error) return super.listNodes();
    return [new ErrorNode(errorText(this.list.error), () => {
      this.refused.forget(this.id);
      this.list.reset();
      this.options.onChanged(this);
    })];
  }
}

export type LabelsGroupNode = ExtrasGroupNode<Label>;
export type DeployKeysGroupNode = ExtrasGroupNode<DeployKey>;
export type TeamsGroupNode = ExtrasGroupNode<TeamAccess>;

/**
 * The groups under a repository node. `baseId` is the repository node's tree
 * id (unique in the view, as the same repository may be listed in several groups).
 */
export function repositoryExtras(target: RepoTarget, repo: RepositoryOfNode, baseId: string, onChanged: (node: RepoDeskNode) => void, refused: RefusedLists): RepoDeskNode[] {
  const bg = { priority: 'background' as const };
  const c = target.client;
  const groups: RepoDeskNode[] = [
    new ExtrasGroupNode<Label>(target, refused, {
      id: `${baseId}/labels`, label: vscode.l10n.t('Labels'), icon: 'tag', contextValue: 'labels', onChanged,
      open: () => c.labels.listForRepo(target.owner, target.repo, bg),
      toNodes: (items, group) => [...items].sort((a, b) => a.name.localeCompare(b.name)).map((l) => new LabelNode(l, group)),
      emptyText: vscode.l10n.t('No labels yet.'),
    }),
    new ExtrasGroupNode<DeployKey>(target, refused, {
      id: `${baseId}/deployKeys`, label: vscode.l10n.t('Deploy Keys'), icon: 'key', contextValue: 'deployKeys', onChanged,
      open: () => c.deployKeys.list(target.owner, target.repo, bg),
      toNodes: (items, group) => items.map((k) => new DeployKeyNode(k, group)),
      emptyText: vscode.l10n.t('No deploy keys.'),
    }),
  ];
  if (repo.owner.type === 'Organization') {
    groups.push(new ExtrasGroupNode<TeamAccess>(target, refused, {
      id: `${baseId}/teams`, label: vscode.l10n.t('Teams'), icon: 'organization', contextValue: 'teams', onChanged,
      open: () => withAccess(target, c.teams.listForOrg(target.owner, bg)),
      toNodes: (items, group) => items.map((a) => new TeamNode(a, group)),
      emptyText: vscode.l10n.t('This organization has no teams.'),
    }));
  }
  return groups;
}

/** Each team of the list with its access to the repository and its permission. */
async function* withAccess(target: RepoTarget, teams: AsyncIterable<TeamSummary>): AsyncIterable<TeamAccess> {
  for await (const team of teams) yield await teamAccess(target, team, { priority: 'background' });
}

export class LabelNode extends RepoDeskNode {
  constructor(readonly label: Label, readonly group: LabelsGroupNode) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const l = this.label;
    const item = new vscode.TreeItem(l.name, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.group.id}/${l.name}`;
    item.description = `#${l.color.toLowerCase()}`;
    item.iconPath = vscode.Uri.parse(colorSwatchDataUri(l.color));
    item.tooltip = new vscode.MarkdownString().appendText(vscode.l10n.t('Label {0}, color #{1}', l.name, l.color.toLowerCase()));
    item.contextValue = 'label';
    item.accessibilityInformation = { label: vscode.l10n.t('Label {0}, color #{1}', l.name, l.color.toLowerCase()) };
    return item;
  }
}

export class DeployKeyNode extends RepoDeskNode {
  constructor(readonly key: DeployKey, readonly group: DeployKeysGroupNode) {
    super();
  }

  get title(): string {
    return this.key.title ?? vscode.l10n.t('untitled');
  }

  toTreeItem(): vscode.TreeItem {
    const k = this.key;
    const info = sshKeyInfo(k.key);
    const item = new vscode.TreeItem(this.title, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.group.id}/${k.id}`;
    item.description = info ? `${info.type} ${shortFingerprint(info.fingerprint)}` : `${k.key.slice(0, 24)}…`;
    item.iconPath = new vscode.ThemeIcon('key');
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(this.title)}**\n\n`);
    if (info) tooltip.appendText(`${info.type}\n${info.fingerprint}${info.comment ? `\n${info.comment}` : ''}`);
    else tooltip.appendText(k.key);
    item.tooltip = tooltip;
    item.contextValue = 'deployKey';
    return item;
  }
}

/** A team of the organization; its children are its members. */
export class TeamNode extends ExtrasGroupNode<UserSummary> {
  constructor(readonly access: TeamAccess, readonly group: TeamsGroupNode) {
    super(group.target, group.refused, {
      id: `${group.id}/${access.id}`,
      label: access.name,
      icon: 'organization',
      open: () => group.target.client.teams.listMembers(access.id, { priority: 'background' }),
      toNodes: (members) => members.map((m) => new MemberNode(m, `${group.id}/${access.id}`)),
      emptyText: vscode.l10n.t('This team has no members.'),
      onChanged: group.options.onChanged,
    });
  }

  /** `team:owners` (always has every repository), `team:access` or `team:noAccess`. */
  get contextValue(): string {
    if (isOwnersTeam(this.access)) return 'team:owners';
    return this.access.hasAccess ? 'team:access' : 'team:noAccess';
  }

  override toTreeItem(): vscode.TreeItem {
    const a = this.access;
    const item = super.toTreeItem();
    item.description = a.hasAccess ? vscode.l10n.t('has access · {0}', a.permission) : vscode.l10n.t('no access · {0}', a.permission);
    item.iconPath = new vscode.ThemeIcon(a.hasAccess ? 'organization' : 'circle-slash');
    item.contextValue = this.contextValue;
    const repo = `${this.group.target.owner}/${this.group.target.repo}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(a.name)}**\n\n`);
    tooltip.appendText(a.hasAccess ? vscode.l10n.t('The team has {0} access to {1}.', a.permission, repo) : vscode.l10n.t('The team has no access to {0}; given access, its members get {1}.', repo, a.permission));
    if (isOwnersTeam(a)) tooltip.appendText(`\n\n${vscode.l10n.t('The Owners team always has every repository of the organization.')}`);
    item.tooltip = tooltip;
    return item;
  }
}

export class MemberNode extends RepoDeskNode {
  constructor(readonly user: UserSummary, private readonly baseId: string) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.user.login, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.baseId}/member:${this.user.login}`;
    item.iconPath = new vscode.ThemeIcon('person');
    item.contextValue = 'teamMember';
    return item;
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
