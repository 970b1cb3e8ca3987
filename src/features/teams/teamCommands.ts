// Teams' commands: the palette's flow, give or remove a team's access. Loaded
// on first use (registerTeams.ts registers them).
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { guarded } from '../shared/failure';
import { changeList } from '../shared/tree/listChange';
import { changedWhere } from '../../util/listEdits';
import { repoOfNode, type RepoNodeLike } from '../shared/tree/repositoryNodeShape';
import { changeTeamAccess, confirmTeamRemoval, isOwnersTeam, manageTeams, type TeamChange } from './teamActions';
import { TeamNode } from './teamRows';
import type { CommandHandler } from '../shared/lazyCommands';
import type { TeamCommandId } from './registerTeams';

export function teamCommands(session: HostingSession, active: ActiveRepository): Record<TeamCommandId, CommandHandler> {
  const teamHint = vscode.l10n.t('Changing the repositories of a team needs an owner of the organization, signed in with the admin:org scope.');
  return {
    'repodesk.repo.teams': guarded(vscode.l10n.t('Teams'), async (node?: RepoNodeLike, answers?: TeamChange) => {
      const r = repositoryTarget(session, active, repoOfNode(node));
      if (!r) return undefined;
      if (node?.repo?.owner?.type === 'User') {
        void vscode.window.showInformationMessage(vscode.l10n.t('Only repositories of an organization have teams.'));
        return undefined;
      }
      return manageTeams(r, answers);
    }),
    'repodesk.repo.teams.addRepository': async (node?: unknown) => {
      if (!(node instanceof TeamNode) || node.access.hasAccess) return undefined;
      const { target: r } = node.group;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Giving {0} access to {1}…', node.access.name, r.repo),
        vscode.l10n.t('Could not give the team {0} access', node.access.name),
        () => changeTeamAccess(r, { add: node.access.id }),
        { hint: teamHint, scope: 'admin:org', retry: (client) => changeTeamAccess({ ...r, client }, { add: node.access.id }) },
        () =>
          changedWhere(
            (a) => a.id === node.access.id,
            (a) => ({ ...a, hasAccess: true }),
          ),
      );
    },
    'repodesk.repo.teams.removeRepository': async (node?: unknown, confirmed?: boolean) => {
      if (!(node instanceof TeamNode) || !node.access.hasAccess) return undefined;
      const { target: r } = node.group;
      if (isOwnersTeam(node.access)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The Owners team always has every repository of the organization.'));
        return undefined;
      }
      if (confirmed !== true && !(await confirmTeamRemoval(node.access.name, r.repo))) return undefined;
      return changeList(
        session,
        node.group,
        vscode.l10n.t('Removing {0} from {1}…', r.repo, node.access.name),
        vscode.l10n.t('Could not remove the repository from the team {0}', node.access.name),
        () => changeTeamAccess(r, { remove: node.access.id }),
        { hint: teamHint, scope: 'admin:org', retry: (client) => changeTeamAccess({ ...r, client }, { remove: node.access.id }) },
        () =>
          changedWhere(
            (a) => a.id === node.access.id,
            (a) => ({ ...a, hasAccess: false }),
          ),
      );
    },
  };
}
