// A team's row (its access to the repository and permission) and its
// members' rows. Loaded with the Teams group's first list (teamNodes.ts).
import * as vscode from 'vscode';
import type { UserSummary } from '../../hosting';
import { escapeMarkdown } from '../../util/viewFormat';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RepositoryListNode } from '../shared/tree/repositoryLists';
import { isOwnersTeam, type TeamAccess } from './teamActions';

/** A team of the organization; its children are its members. */
export class TeamNode extends RepositoryListNode<UserSummary> {
  constructor(
    readonly access: TeamAccess,
    readonly group: RepositoryListNode<TeamAccess>,
  ) {
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
    return item;
  }

  override tooltip(): vscode.MarkdownString {
    const a = this.access;
    const repo = `${this.group.target.owner}/${this.group.target.repo}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escapeMarkdown(a.name)}**\n\n`);
    tooltip.appendText(
      a.hasAccess
        ? vscode.l10n.t('The team has {0} access to {1}.', a.permission, repo)
        : vscode.l10n.t('The team has no access to {0}; given access, its members get {1}.', repo, a.permission),
    );
    if (isOwnersTeam(a)) tooltip.appendText(`\n\n${vscode.l10n.t('The Owners team always has every repository of the organization.')}`);
    return tooltip;
  }
}

class MemberNode extends RepoDeskNode {
  constructor(
    readonly user: UserSummary,
    private readonly baseId: string,
  ) {
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
