// Teams: the Teams group under each organization's repository of the
// Repositories view, giving or removing a team's access (the service asks
// for admin:org; RepoDesk offers to sign in again for it), and the palette's
// flow on the active repository. Each command also takes its answers.
import { RefusedLists, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { teamsGroup } from './teamNodes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const TEAM_COMMANDS = ['repodesk.repo.teams', 'repodesk.repo.teams.addRepository', 'repodesk.repo.teams.removeRepository'] as const;
export type TeamCommandId = (typeof TEAM_COMMANDS)[number];

export function registerTeams({ extension: context, session, active }: Pick<FeatureContext, 'extension' | 'session' | 'active'>): RepositoryChildProvider {
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
