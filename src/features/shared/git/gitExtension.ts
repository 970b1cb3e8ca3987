// The part of VS Code's built-in git extension API (`vscode.git`, API
// version 1) that RepoDesk uses: checking out a pull request, and a
// workspace folder's remotes, branch and author. Declared here rather than
// copied whole from git.d.ts: only these members are relied on.
import * as vscode from 'vscode';

interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}
interface GitBranch {
  readonly name?: string;
  readonly commit?: string;
}
interface GitRepositoryState {
  readonly HEAD: GitBranch | undefined;
  readonly remotes: readonly GitRemote[];
  readonly onDidChange: vscode.Event<void>;
}
export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: GitRepositoryState;
  fetch(remote?: string, ref?: string, depth?: number): Promise<void>;
  checkout(treeish: string): Promise<void>;
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  getBranch(name: string): Promise<GitBranch>;
  addRemote(name: string, url: string): Promise<void>;
  setBranchUpstream?(name: string, upstream: string): Promise<void>;
  getConfig(key: string): Promise<string>;
  status(): Promise<void>;
}
export interface GitApi {
  readonly repositories: readonly GitRepository[];
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
}

/** The git extension's API, or undefined when it is disabled or missing (a browser VS Code, say). */
export async function gitApi(): Promise<GitApi | undefined> {
  const ext = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi; enabled?: boolean }>('vscode.git');
  if (!ext) return undefined;
  const exports = ext.isActive ? ext.exports : await ext.activate();
  if (exports.enabled === false) return undefined;
  return exports.getAPI(1);
}
