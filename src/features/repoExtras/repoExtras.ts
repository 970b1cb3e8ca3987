// Extras of a repository node (issue 6, item 6): labels (with a color
// swatch), deploy keys, teams of organization repositories, and the legacy
// search. Quick picks driven from the repository's context menu or the
// palette (active repository). Each command also takes its answers as
// arguments and then returns the resulting list.
import * as vscode from 'vscode';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HostingClient, Label } from '../../hosting';
import { colorSwatchDataUri, normalizeColor } from '../../util/viewFormat';

export interface RepoTarget {
  client: HostingClient;
  owner: string;
  repo: string;
}

const t = vscode.l10n.t;

async function withNotification<T>(title: string, task: () => Promise<T>): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const i of items) out.push(i);
  return out;
}

async function confirm(message: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action;
}

export type LabelChange = { create: { name: string; color: string } } | { update: { name: string; newName: string; color: string } } | { delete: string };

export async function manageLabels(r: RepoTarget, change?: LabelChange): Promise<Label[] | undefined> {
  const list = () => all(r.client.labels.listForRepo(r.owner, r.repo));
  if (change) {
    if ('create' in change) await r.client.labels.create(r.owner, r.repo, { name: change.create.name, color: normalizeColor(change.create.color) ?? change.create.color });
    else if ('update' in change) await r.client.labels.update(r.owner, r.repo, change.update.name, { name: change.update.newName, color: normalizeColor(change.update.color) ?? change.update.color });
    else await r.client.labels.delete(r.owner, r.repo, change.delete);
    return list();
  }
  const labels = await withNotification(t('Reading labels…'), list);
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(add) ${t('New Label…')}`, name: undefined as string | undefined, alwaysShow: true },
      ...labels.map((l) => ({ label: l.name, description: `#${l.color}`, iconPath: vscode.Uri.parse(colorSwatchDataUri(l.color)), name: l.name as string | undefined })),
    ],
    { title: t('Labels of {0}/{1}', r.owner, r.repo), placeHolder: t('Pick a label to edit or delete it') },
  );
  if (!picked) return undefined;
  const askColor = (value: string) => vscode.window.showInputBox({ title: t('Label color'), prompt: t('Six hex digits, e.g. #d73a4a'), value, validateInput: (v) => (normalizeColor(v) ? undefined : t('Use six hex digits, e.g. #d73a4a.')) });
  if (!picked.name) {
    const name = await vscode.window.showInputBox({ title: t('New label: name'), validateInput: (v) => (v.trim() ? undefined : t('The name cannot be empty.')) });
    if (!name) return undefined;
    const color = await askColor('#ededed');
    if (!color) return undefined;
    return manageLabels(r, { create: { name: name.trim(), color } });
  }
  const current = labels.find((l) => l.name === picked.name)!;
  const action = await vscode.window.showQuickPick([{ label: `$(edit) ${t('Edit')}`, id: 'edit' }, { label: `$(trash) ${t('Delete')}`, id: 'delete' }], { title: current.name });
  if (!action) return undefined;
  if (action.id === 'delete') {
    if (!await confirm(t('Delete the label {0}? It is removed from every issue.', current.name), t('Delete'))) return undefined;
    return manageLabels(r, { delete: current.name });
  }
  const newName = await vscode.window.showInputBox({ title: t('Label name'), value: current.name, validateInput: (v) => (v.trim() ? undefined : t('The name cannot be empty.')) });
  if (!newName) return undefined;
  const color = await askColor(`#${current.color}`);
  if (!color) return undefined;
  return manageLabels(r, { update: { name: current.name, newName: newName.trim(), color } });
}

export type DeployKeyChange = { add: { file: string; title?: string } } | { delete: number };

export async function manageDeployKeys(r: RepoTarget, change?: DeployKeyChange): Promise<{ id: number; title: string | null }[] | undefined> {
  const list = () => all(r.client.deployKeys.list(r.owner, r.repo));
  if (change) {
    if ('add' in change) {
      const key = (await fs.readFile(change.add.file, 'utf8')).trim();
      const comment = key.split(/\s+/)[2];
      await r.client.deployKeys.create(r.owner, r.repo, { title: change.add.title ?? comment ?? path.basename(change.add.file), key });
    } else {
      await r.client.deployKeys.delete(r.owner, r.repo, change.delete);
    }
    return list();
  }
  const keys = await withNotification(t('Reading deploy keys…'), list);
  const picked = await vscode.window.showQuickPick(
    [
      { label: `$(add) ${t('Add from Public-Key File…')}`, id: undefined as number | undefined, alwaysShow: true },
      ...keys.map((k) => ({ label: `$(key) ${k.title ?? t('untitled')}`, description: `${k.key.slice(0, 30)}…`, id: k.id as number | undefined })),
    ],
    { title: t('Deploy keys of {0}/{1}', r.owner, r.repo), placeHolder: t('Pick a key to delete it') },
  );
  if (!picked) return undefined;
  if (picked.id === undefined) {
    const files = await vscode.window.showOpenDialog({ title: t('Public key file'), defaultUri: vscode.Uri.file(path.join(os.homedir(), '.ssh')), filters: { [t('Public keys')]: ['pub'], [t('All files')]: ['*'] } });
    if (!files?.[0]) return undefined;
    const title = await vscode.window.showInputBox({ title: t('Deploy key title'), value: path.basename(files[0].fsPath, '.pub') });
    if (title === undefined) return undefined;
    return manageDeployKeys(r, { add: { file: files[0].fsPath, ...(title ? { title } : {}) } });
  }
  if (!await confirm(t('Delete the deploy key {0}?', picked.label.replace('$(key) ', '')), t('Delete'))) return undefined;
  return manageDeployKeys(r, { delete: picked.id });
}

export type TeamChange = { add: number } | { remove: number } | { list: true };

export async function manageTeams(r: RepoTarget, change?: TeamChange): Promise<{ id: number; name: string; hasAccess: boolean }[] | undefined> {
  const list = async () => {
    const teams = await all(r.client.teams.listForOrg(r.owner));
    return Promise.all(teams.map(async (team) => ({ id: team.id, name: team.name, hasAccess: await r.client.teams.managesRepo(team.id, r.owner, r.repo) })));
  };
  if (change) {
    if ('add' in change) await r.client.teams.addRepo(change.add, r.owner, r.repo);
    else if ('remove' in change) await r.client.teams.removeRepo(change.remove, r.owner, r.repo);
    return list();
  }
  const teams = await withNotification(t('Reading the teams of {0}…', r.owner), list);
  const team = await vscode.window.showQuickPick(
    teams.map((x) => ({ label: `$(organization) ${x.name}`, description: x.hasAccess ? t('has access') : t('no access'), team: x })),
    { title: t('Teams of {0} and {1}', r.owner, r.repo) },
  );
  if (!team) return undefined;
  const members = await withNotification(t('Reading members…'), () => all(r.client.teams.listMembers(team.team.id)));
  const action = await vscode.window.showQuickPick(
    [
      team.team.hasAccess
        ? { label: `$(remove) ${t('Remove {0} from the team', r.repo)}`, id: 'remove' }
        : { label: `$(add) ${t('Give the team access to {0}', r.repo)}`, id: 'add' },
      { label: t('Members'), kind: vscode.QuickPickItemKind.Separator, id: '' },
      ...members.map((m) => ({ label: `$(person) ${m.login}`, id: '' })),
    ],
    { title: t('{0}: {1} members', team.team.name, members.length) },
  );
  if (!action?.id) return undefined;
  return manageTeams(r, action.id === 'add' ? { add: team.team.id } : { remove: team.team.id });
}

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
  if (!active) throw new Error(t('Select a repository to search its issues.'));
  const [open, closed] = await Promise.all([client.search.issues(active.owner, active.name, 'open', keyword), client.search.issues(active.owner, active.name, 'closed', keyword)]);
  return [...open, ...closed].map((i) => ({ kind, label: `#${i.number} ${i.title}`, detail: `${i.state} · ${i.user}`, url: i.html_url }));
}
