// Where a workspace commit reads from and goes to: the folder (a local one:
// modes and symlinks need the file system), the repository (the folder's git
// remote that points at the service, else the active repository), and the
// author (the folder's git config, else the signed-in user).
import * as vscode from 'vscode';
import { resolveAddresses, type PersonInput } from '../../hosting';
import { branchOfHead, gitDirOfFile, patternsOfFilesExclude } from '../../gitdata';
import { repoFromGitConfig } from '../../util/gitRemote';
import { readHostingSettings } from '../shared/session/settings';
import type { RepoRef } from '../shared/selection/activeRepository';

/** The workspace folder to commit: the only one, or the one the user picks; only local folders. */
export async function pickFolder(given?: string): Promise<vscode.Uri | undefined> {
  if (given) return vscode.Uri.file(given);
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (folders.length === 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Open a local folder first: committing reads the files, their modes and links from the disk.'));
    return undefined;
  }
  if (folders.length === 1) return folders[0]!.uri;
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder to commit') });
  return picked?.uri;
}

/** The repository the folder's git remote points at, on the configured service. */
export async function repositoryOfFolder(folder: vscode.Uri): Promise<RepoRef | undefined> {
  const s = readHostingSettings();
  try {
    const a = resolveAddresses(s.apiUrl, s.webUrl);
    const hosts = [...new Set([new URL(a.webUrl).host, new URL(a.apiUrl).host])];
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, '.git', 'config')));
    const repo = repoFromGitConfig(text, hosts);
    return repo ? { owner: repo.owner, name: repo.name } : undefined;
  } catch {
    return undefined;
  }
}

/** The branch the folder's git checkout is on; undefined without git or on a detached HEAD. */
export async function branchOfFolder(folder: vscode.Uri): Promise<string | undefined> {
  const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  try {
    const dotGit = vscode.Uri.joinPath(folder, '.git');
    let gitDir = dotGit;
    // A worktree's or submodule's .git is a file naming the git folder.
    if ((await vscode.workspace.fs.stat(dotGit)).type === vscode.FileType.File) {
      const named = gitDirOfFile(await read(dotGit));
      if (!named) return undefined;
      gitDir = named.startsWith('/') ? vscode.Uri.file(named) : vscode.Uri.joinPath(folder, named);
    }
    return branchOfHead(await read(vscode.Uri.joinPath(gitDir, 'HEAD')));
  } catch {
    return undefined;
  }
}

/** The folder's git identity (user.name and user.email of .git/config), if it has one. */
export async function authorOfFolder(folder: vscode.Uri): Promise<Omit<PersonInput, 'date'> | undefined> {
  try {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, '.git', 'config')));
    const section = /^\[user\]([\s\S]*?)(?=^\[|$(?![\s\S]))/m.exec(text)?.[1] ?? '';
    const name = /^\s*name\s*=\s*(.+)$/m.exec(section)?.[1]?.trim();
    const email = /^\s*email\s*=\s*(.+)$/m.exec(section)?.[1]?.trim();
    return name && email ? { name, email } : undefined;
  } catch {
    return undefined;
  }
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
