// Where a workspace commit reads from and goes to: the folder (a local one, or
// any other VS Code can read, through workspace.fs), the repository (the folder's git
// remote that points at the service, else the active repository), and the
// author (git's identity for the folder, else the signed-in user).
import * as vscode from 'vscode';
import { resolveAddresses } from '../../hosting';
import { patternsOfFilesExclude } from '../../gitdata';
import { repoOfRemotes } from '../../util/gitRemote';
import { remotesOfFolder } from '../shared/git/workspaceGit';
import { readHostingSettings } from '../shared/session/settings';
import type { RepoRef } from '../shared/selection/activeRepository';

/** A folder given by a script: a path, or a URI of any scheme VS Code can read (`memfs:/project`). */
export function givenFolder(given: string): vscode.Uri {
  // A scheme of two letters or more: `C:\dir` stays a path.
  return /^[a-z][a-z0-9+.-]+:/i.test(given) ? vscode.Uri.parse(given) : vscode.Uri.file(given);
}

/** The workspace folder to commit: the only one, or the one the user picks. */
export async function pickFolder(given?: string): Promise<vscode.Uri | undefined> {
  if (given) return givenFolder(given);
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Open a folder first: committing the workspace commits its files.'));
    return undefined;
  }
  if (folders.length === 1) return folders[0]!.uri;
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder to commit') });
  return picked?.uri;
}

/** The repository the folder's git remote points at, on the configured service. */
export async function repositoryOfFolder(folder: vscode.Uri): Promise<RepoRef | undefined> {
  const s = readHostingSettings();
  let hosts: string[];
  try {
    const a = resolveAddresses(s.apiUrl, s.webUrl);
    hosts = [...new Set([new URL(a.webUrl).host, new URL(a.apiUrl).host])];
  } catch {
    return undefined;
  }
  const repo = repoOfRemotes(await remotesOfFolder(folder), hosts);
  return repo ? { owner: repo.owner, name: repo.name } : undefined;
}

/** `files.exclude` of the folder, as root patterns. */
export function excludedPatterns(folder: vscode.Uri): string[] {
  return patternsOfFilesExclude(vscode.workspace.getConfiguration('files', folder).get<Record<string, unknown>>('exclude'));
}

/** Now, with the local offset (git records the author's time zone). */
export function localIsoTime(now = new Date()): string {
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}
