// Teams: the Teams group under each organization's repository of the
// Repositories view, giving or removing a team's access (the service asks
// for admin:org; RepoDesk offers to sign in again for it), and the palette's
// flow on the active repository. Each command also takes its answers.
import * as vscode from 'vscode';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { RefusedLists, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { teamsGroup } from './teamNodes';
import { registerLazyCommands } from '../shared/lazyCommands';

const TEAM_COMMANDS = ['repodesk.repo.teams', 'repodesk.repo.teams.addRepository', 'repodesk.repo.teams.removeRepository'] as const;
export type TeamCommandId = (typeof TEAM_COMMANDS)[number];

export function registerTeams(context: vscode.ExtensionContext, session: HostingSession, active: ActiveRepository): RepositoryChildProvider {
  // Refusals (not a member of the team) are asked again on retry, on the
  // user's refresh, or with another account; not on every background refresh.
  const refused = new RefusedLists();
  context.subscriptions.push(session.onDidChange(() => refused.clear()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, TEAM_COMMANDS, () => import('./teamCommands.js').then((m) => m.teamCommands(session, active)));

  return {
    // Only an organization's repositories have teams.
    children: (target, repo, baseId, onChanged) => (repo.owner.type === 'Organization' ? [teamsGroup(target, baseId, onChanged, refused)] : []),
    userRefreshed: () => refused.clear(),
  };
}
