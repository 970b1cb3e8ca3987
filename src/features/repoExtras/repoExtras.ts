// Extras of a repository (issue 6, item 6): labels (with a color swatch),
// deploy keys, teams of organization repositories, and the legacy search.
// The operations and the questions they ask live here once: the tree nodes
// (extraNodes.ts) and the quick-pick flows of the palette (manage*, on the
// active repository) both use them. Each quick-pick flow also takes its
// answers as arguments and then returns the resulting list.
import * as vscode from 'vscode';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { collect, type CallOptions, type DeployKey, type HostingClient, type Label, type TeamSummary } from '../../hosting';
import { defaultDeployKeyTitle } from '../../util/sshKey';
import { colorSwatchDataUri, normalizeColor } from '../../util/viewFormat';

export interface RepoTarget {
  client: HostingClient;
  owner: string;
  repo: string;
}


async function withNotification<T>(title: string, task: () => Promise<T>): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}

async function confirm(message: string, action: string, detail?: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true, ...(detail ? { detail } : {}) }, action)) === action;
}

// ---- Labels ---------------------------------------------------------------

export type LabelChange = { create: { name: string; color: string } } | { update: { name: string; newName: string; color: string } } | { delete: string };

export function listLabels(r: RepoTarget): Promise<Label[]> {
  return collect(r.client.labels.listForRepo(r.owner, r.repo));
}

/** Creates, renames/recolors or deletes a label; colors may be typed with or without `#`. */
export async function changeLabel(r: RepoTarget, change: LabelChange): Promise<void> {
  const color = (c: string) => normalizeColor(c) ?? c;
  if ('create' in change) await r.client.labels.create(r.owner, r.repo, { name: change.create.name, color: color(change.create.color) });
  else if ('update' in change) await r.client.labels.update(r.owner, r.repo, change.update.name, { name: change.update.newName, color: color(change.update.color) });
  else await r.client.labels.delete(r.owner, r.repo, change.delete);
}

function askLabelColor(value: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title: vscode.l10n.t('Label color'), prompt: vscode.l10n.t('Six hex digits, e.g. #d73a4a'), value, ignoreFocusOut: true, validateInput: (v) => (normalizeColor(v) ? undefined : vscode.l10n.t('Use six hex digits, e.g. #d73a4a.')) });
}

function askLabelName(title: string, value?: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title, value, ignoreFocusOut: true, validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The name cannot be empty.')) });
}

export async function askNewLabel(): Promise<{ name: string; color: string } | undefined> {
  const name = await askLabelName(vscode.l10n.t('New label: name'));
  if (!name) return undefined;
  const color = await askLabelColor('#ededed');
  return color ? { name: name.trim(), color } : undefined;
}

export async function askLabelEdit(label: Label): Promise<{ name: string; newName: string; color: string } | undefined> {
  const newName = await askLabelName(vscode.l10n.t('Label name'), label.name);
  if (!newName) return undefined;
  const color = await askLabelColor(`#${label.color}`);
  return color ? { name: label.name, newName: newName.trim(), color } : undefined;
}

export function confirmLabelDelete(name: string): Promise<boolean> {
  return confirm(vscode.l10n.t('Delete the label {0}?', name), vscode.l10n.t('Delete Label'), vscode.l10n.t('It is removed from every issue and pull request.'));
}

export async function manageLabels(r: RepoTarget, change?: LabelChange): Promise<Label[] | undefined> {
  if (change) {
    await changeLabel(r, change);
    return listLabels(r);
  }
  const labels = await withNotification(vscode.l10n.t('Reading labels…'), () => listLabels(r));
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(add) ${vscode.l10n.t('New Label…')}`, name: undefined as string | undefined, alwaysShow: true },
      ...labels.map((l) => ({ label: l.name, description: `#${l.color}`, iconPath: vscode.Uri.parse(colorSwatchDataUri(l.color)), name: l.name as string | undefined })),
    ],
    { title: vscode.l10n.t('Labels of {0}/{1}', r.owner, r.repo), placeHolder: vscode.l10n.t('Pick a label to edit or delete it') },
  );
  if (!picked) return undefined;
  if (!picked.name) {
    const answers = await askNewLabel();
    return answers ? manageLabels(r, { create: answers }) : undefined;
  }
  const current = labels.find((l) => l.name === picked.name)!;
  const action = await vscode.window.showQuickPick([{ label: `$(edit) ${vscode.l10n.t('Edit')}`, id: 'edit' }, { label: `$(trash) ${vscode.l10n.t('Delete')}`, id: 'delete' }], { title: current.name });
  if (!action) return undefined;
  if (action.id === 'delete') return (await confirmLabelDelete(current.name)) ? manageLabels(r, { delete: current.name }) : undefined;
  const answers = await askLabelEdit(current);
  return answers ? manageLabels(r, { update: answers }) : undefined;
}

// ---- Deploy keys ----------------------------------------------------------

export type DeployKeyChange = { add: { file: string; title?: string } } | { delete: number };

export function listDeployKeys(r: RepoTarget): Promise<DeployKey[]> {
  return collect(r.client.deployKeys.list(r.owner, r.repo));
}

/** Adds the public key of a file (titled by the answer, else its comment, else the file name) or deletes a key. */
export async function changeDeployKey(r: RepoTarget, change: DeployKeyChange): Promise<void> {
  if ('add' in change) {
    const key = (await fs.readFile(change.add.file, 'utf8')).trim();
    await r.client.deployKeys.create(r.owner, r.repo, { title: change.add.title || defaultDeployKeyTitle(key, change.add.file), key });
  } else {
    await r.client.deployKeys.delete(r.owner, r.repo, change.delete);
  }
}

export async function askDeployKeyFile(): Promise<{ file: string; title?: string } | undefined> {
  const files = await vscode.window.showOpenDialog({ title: vscode.l10n.t('Public key file'), openLabel: vscode.l10n.t('Add Deploy Key'), defaultUri: vscode.Uri.file(path.join(os.homedir(), '.ssh')), filters: { [vscode.l10n.t('Public keys')]: ['pub'], [vscode.l10n.t('All files')]: ['*'] } });
  const file = files?.[0]?.fsPath;
  if (!file) return undefined;
  const suggested = defaultDeployKeyTitle(await fs.readFile(file, 'utf8').catch(() => ''), file);
  const title = await vscode.window.showInputBox({ title: vscode.l10n.t('Deploy key title'), prompt: vscode.l10n.t('How the key is listed on the repository'), value: suggested, ignoreFocusOut: true });
  if (title === undefined) return undefined;
  return { file, ...(title.trim() ? { title: title.trim() } : {}) };
}

export function confirmDeployKeyDelete(title: string): Promise<boolean> {
  return confirm(vscode.l10n.t('Delete the deploy key {0}?', title), vscode.l10n.t('Delete Deploy Key'), vscode.l10n.t('Whatever uses this key can no longer reach the repository.'));
}

export async function manageDeployKeys(r: RepoTarget, change?: DeployKeyChange): Promise<{ id: number; title: string | null }[] | undefined> {
  if (change) {
    await changeDeployKey(r, change);
    return listDeployKeys(r);
  }
  const keys = await withNotification(vscode.l10n.t('Reading deploy keys…'), () => listDeployKeys(r));
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(add) ${vscode.l10n.t('Add from Public-Key File…')}`, id: undefined as number | undefined, title: '', alwaysShow: true },
      ...keys.map((k) => ({ label: `$(key) ${k.title ?? vscode.l10n.t('untitled')}`, description: `${k.key.slice(0, 30)}…`, id: k.id as number | undefined, title: k.title ?? vscode.l10n.t('untitled') })),
    ],
    { title: vscode.l10n.t('Deploy keys of {0}/{1}', r.owner, r.repo), placeHolder: vscode.l10n.t('Pick a key to delete it') },
  );
  if (!picked) return undefined;
  if (picked.id === undefined) {
    const answers = await askDeployKeyFile();
    return answers ? manageDeployKeys(r, { add: answers }) : undefined;
  }
  return (await confirmDeployKeyDelete(picked.title)) ? manageDeployKeys(r, { delete: picked.id }) : undefined;
}

// ---- Teams ----------------------------------------------------------------

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

export async function listTeamAccess(r: RepoTarget): Promise<TeamAccess[]> {
  const teams = await collect(r.client.teams.listForOrg(r.owner));
  return Promise.all(teams.map((team) => teamAccess(r, team)));
}

export async function changeTeamAccess(r: RepoTarget, change: { add: number } | { remove: number }): Promise<void> {
  if ('add' in change) await r.client.teams.addRepo(change.add, r.owner, r.repo);
  else await r.client.teams.removeRepo(change.remove, r.owner, r.repo);
}

export function confirmTeamRemoval(team: string, repo: string): Promise<boolean> {
  return confirm(vscode.l10n.t('Remove {0} from the team {1}?', repo, team), vscode.l10n.t('Remove Repository'), vscode.l10n.t('Members of the team lose the access the team gave them.'));
}

export async function manageTeams(r: RepoTarget, change?: TeamChange): Promise<TeamAccess[] | undefined> {
  if (change) {
    if (!('list' in change)) await changeTeamAccess(r, change);
    return listTeamAccess(r);
  }
  const teams = await withNotification(vscode.l10n.t('Reading the teams of {0}…', r.owner), () => listTeamAccess(r));
  const team = await vscode.window.showQuickPick(
    teams.map((x) => ({ label: `$(organization) ${x.name}`, description: x.hasAccess ? vscode.l10n.t('has access · {0}', x.permission) : vscode.l10n.t('no access · {0}', x.permission), team: x })),
    { title: vscode.l10n.t('Teams of {0} and {1}', r.owner, r.repo) },
  );
  if (!team) return undefined;
  const members = await withNotification(vscode.l10n.t('Reading members…'), () => collect(r.client.teams.listMembers(team.team.id)));
  const action = await vscode.window.showQuickPick(
    [
      ...(isOwnersTeam(team.team) ? [] : [team.team.hasAccess
        ? { label: `$(remove) ${vscode.l10n.t('Remove {0} from the team', r.repo)}`, id: 'remove' }
        : { label: `$(add) ${vscode.l10n.t('Give the team access to {0}', r.repo)}`, id: 'add' }]),
      { label: vscode.l10n.t('Members'), kind: vscode.QuickPickItemKind.Separator, id: '' },
      ...members.map((m) => ({ label: `$(person) ${m.login}`, id: '' })),
    ],
    { title: vscode.l10n.t('{0}: {1} members', team.team.name, members.length) },
  );
  if (!action?.id) return undefined;
  if (action.id === 'remove' && !await confirmTeamRemoval(team.team.name, r.repo)) return undefined;
  return manageTeams(r, action.id === 'add' ? { add: team.team.id } : { remove: team.team.id });
}

// ---- Legacy search --------------------------------------------------------

export interface SearchHit {
  kind: 'repository' | 'user' | 'issue';
  label: string;
  detail: string;
  url?: string;
  repo?: { owner: string; name: string };
}

export async function legacySearch(client: HostingClient, active: { owner: string; name: string } | undefined, kind: SearchHit['kind'], keyword: string): Promise<SearchHit[]> {
  if (kind === 'repository') {
    const res = await client.search.repositories(keyword);
    return res.map((x) => ({ kind, label: `${x.owner}/${x.name}`, detail: x.description ?? '', repo: { owner: x.owner, name: x.name } }));
  }
  if (kind === 'user') {
    const res = await client.search.users(keyword);
    return res.map((u) => ({ kind, label: u.login, detail: u.fullname ?? u.name ?? '', url: new URL(`/${encodeURIComponent(u.login)}`, client.addresses.webUrl).toString() }));
  }
  if (!active) throw new Error(vscode.l10n.t('Select a repository to search its issues.'));
  const [open, closed] = await Promise.all([client.search.issues(active.owner, active.name, 'open', keyword), client.search.issues(active.owner, active.name, 'closed', keyword)]);
  return [...open, ...closed].map((i) => ({ kind, label: `#${i.number} ${i.title}`, detail: `${i.state} · ${i.user}`, url: i.html_url }));
}
