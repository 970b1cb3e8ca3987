// What RepoDesk reads of a workspace folder's git checkout: its remotes, its
// branch and its author, through VS Code's built-in git extension rather than
// from the `.git` folder's files, so that worktrees and submodules (whose
// `.git` is a file), included config files and the user's global identity
// count as git itself counts them.
import type * as vscode from 'vscode';
import { gitApi, type GitRepository } from './gitExtension';

/** The git repository holding `folder` (opened if git had not found it yet), or undefined without git or outside one. */
async function checkoutOf(folder: vscode.Uri): Promise<GitRepository | undefined> {
  let api;
  try {
    api = await gitApi();
  } catch {
    return undefined; // The git extension failed to start (no git on the machine, say).
  }
  if (!api) return undefined;
  let repo = api.getRepository(folder) ?? (await api.openRepository?.(folder)) ?? undefined;
  // Opened just now, its state is filled by its first status.
  if (repo && !repo.state.HEAD) await repo.status().catch(() => undefined);
  repo ??= api.getRepository(folder) ?? undefined;
  return repo;
}

export interface FolderRemote {
  remote: string;
  url: string;
}

/** The folder's remotes with their fetch URL, `origin` first. */
export async function remotesOfFolder(folder: vscode.Uri): Promise<FolderRemote[]> {
  const repo = await checkoutOf(folder);
  const remotes = (repo?.state.remotes ?? []).flatMap((r) => {
    const url = r.fetchUrl ?? r.pushUrl;
    return url ? [{ remote: r.name, url }] : [];
  });
  return remotes.sort((a, b) => Number(b.remote === 'origin') - Number(a.remote === 'origin'));
}

/** The branch the folder's checkout is on; undefined without git or on a detached HEAD. */
export async function branchOfFolder(folder: vscode.Uri): Promise<string | undefined> {
  return (await checkoutOf(folder))?.state.HEAD?.name ?? undefined;
}

/** user.name and user.email as git resolves them for the folder (its config, then the user's). */
export async function authorOfFolder(folder: vscode.Uri): Promise<{ name: string; email: string } | undefined> {
  const repo = await checkoutOf(folder);
  if (!repo) return undefined;
  const read = (key: string) =>
    repo.getConfig(key).then(
      (v) => v.trim(),
      () => '',
    );
  const [name, email] = await Promise.all([read('user.name'), read('user.email')]);
  return name && email ? { name, email } : undefined;
}
