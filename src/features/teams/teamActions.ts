// The teams of an organization's repository: each team's access, giving and
// removing it, and the palette's quick-pick flow (which also takes its
// answers as arguments and returns the resulting list).
import * as vscode from 'vscode';
import { collect, type CallOptions, type TeamSummary } from '../../hosting';
import type { RepoTarget } from '../shared/session/require';
import { inSteps } from '../shared/stepBoxes';
import { confirm, withNotification } from '../shared/tree/repositoryLists';

export type TeamChange = { add: number } | { remove: number } | { list: true };

export interface TeamAccess {
  id: number;
  name: string;
  /** Whether the team manages the repository (GET /teams/:id/repos/:owner/:repo). */
  hasAccess: boolean;
  /** What the team's members may do on its repositories. */
  permission: 'pull' | 'push' | 'admin';
}

/** The Owners team always has every repository of the organization; it cannot lose one. */
export function isOwnersTeam(team: { name: string }): boolean {
  return team.name === 'Owners';
}

/**
 * A team's access to the repository, from its repository list (GET
 * /teams/:id/repos) rather than the 204/404 check of one repository: a list
 * answers 304 to a conditional request, so an idle refresh of the view costs
 * no rate limit.
 */
export async function teamAccess(r: RepoTarget, team: TeamSummary, options?: CallOptions): Promise<TeamAccess> {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const [repos, detail] = await Promise.all([collect(r.client.teams.listRepos(team.id, options)), r.client.teams.get(team.id, options)]);
  const hasAccess = repos.some((x) => same(x.owner.login, r.owner) && same(x.name, r.repo));
  return { id: team.id, name: team.name, hasAccess, permission: detail.permission };
}

async function listTeamAccess(r: RepoTarget): Promise<TeamAccess[]> {
  const teams = await collect(r.client.teams.listForOrg(r.owner));
  return Promise.all(teams.map((team) => teamAccess(r, team)));
}

export async function changeTeamAccess(r: RepoTarget, change: { add: number } | { remove: number }): Promise<void> {
  if ('add' in change) await r.client.teams.addRepo(change.add, r.owner, r.repo);
  else await r.client.teams.removeRepo(change.remove, r.owner, r.repo);
}

export function confirmTeamRemoval(team: string, repo: string): Promise<boolean> {
  return confirm(
    vscode.l10n.t('Remove {0} from the team {1}?', repo, team),
    vscode.l10n.t('Remove Repository'),
    vscode.l10n.t('Members of the team lose the access the team gave them.'),
  );
}

export async function manageTeams(r: RepoTarget, change?: TeamChange): Promise<TeamAccess[] | undefined> {
  if (change) {
    if (!('list' in change)) await changeTeamAccess(r, change);
    return listTeamAccess(r);
  }
  const teams = await withNotification(vscode.l10n.t('Reading the teams of {0}…', r.owner), () => listTeamAccess(r));
  // A team, then what to do with it, in one quick input: the team's box shows busy while its members are read.
  const chosen = await inSteps(async (steps) => {
    const team = await steps.pick(
      teams.map((x) => ({
        label: `$(organization) ${x.name}`,
        description: x.hasAccess ? vscode.l10n.t('has access · {0}', x.permission) : vscode.l10n.t('no access · {0}', x.permission),
        team: x,
      })),
      { title: vscode.l10n.t('Teams of {0} and {1}', r.owner, r.repo) },
    );
    if (!team) return undefined;
    const members = await collect(r.client.teams.listMembers(team.team.id));
    const action = await steps.pick(
      [
        ...(isOwnersTeam(team.team)
          ? []
          : [
              team.team.hasAccess
                ? { label: `$(remove) ${vscode.l10n.t('Remove {0} from the team', r.repo)}`, id: 'remove' }
                : { label: `$(add) ${vscode.l10n.t('Give the team access to {0}', r.repo)}`, id: 'add' },
            ]),
        { label: vscode.l10n.t('Members'), kind: vscode.QuickPickItemKind.Separator, id: '' },
        ...members.map((m) => ({ label: `$(person) ${m.login}`, id: '' })),
      ],
      { title: members.length === 1 ? vscode.l10n.t('{0}: 1 member', team.team.name) : vscode.l10n.t('{0}: {1} members', team.team.name, members.length) },
    );
    return action?.id ? { team: team.team, action: action.id } : undefined;
  });
  if (!chosen) return undefined;
  const { team, action } = chosen;
  if (action === 'remove' && !(await confirmTeamRemoval(team.name, r.repo))) return undefined;
  return manageTeams(r, action === 'add' ? { add: team.id } : { remove: team.id });
}
