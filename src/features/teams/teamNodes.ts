// The Teams group under an organization's repository node: each team with its
// access to the repository, its members under it (the rows: teamRows.ts).
import * as vscode from 'vscode';
import type { TeamSummary } from '../../hosting';
import type { RepoTarget } from '../shared/session/require';
import { RepoDeskNode } from '../shared/tree/nodes';
import { RefusedLists, RepositoryListNode } from '../shared/tree/repositoryLists';
import type { TeamAccess } from './teamActions';

// A team's and a member's rows (teamRows.ts) load with the group's first list, not at activation.
const rows = () => import('./teamRows.js');

export function teamsGroup(target: RepoTarget, baseId: string, onChanged: (node: RepoDeskNode) => void, refused: RefusedLists): RepositoryListNode<TeamAccess> {
  return new RepositoryListNode<TeamAccess>(target, refused, {
    id: `${baseId}/teams`,
    label: vscode.l10n.t('Teams'),
    icon: 'organization',
    contextValue: 'teams',
    onChanged,
    open: () => {
      // The rows' code loads while the list is read.
      void rows().catch(() => undefined);
      return withAccess(target, target.client.teams.listForOrg(target.owner, { priority: 'background' }));
    },
    toNodes: async (items, group) => {
      const { TeamNode } = await rows();
      return items.map((a) => new TeamNode(a, group));
    },
    emptyText: vscode.l10n.t('This organization has no teams.'),
  });
}

/** Each team of the list with its access to the repository and its permission. */
async function* withAccess(target: RepoTarget, teams: AsyncIterable<TeamSummary>): AsyncIterable<TeamAccess> {
  const { teamAccess } = await import('./teamActions.js');
  for await (const team of teams) yield await teamAccess(target, team, { priority: 'background' });
}
