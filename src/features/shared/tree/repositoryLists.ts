// The lists under a repository node of the Repositories view (labels, deploy
// keys, teams, each from its own feature): a group that reads its list only
// when expanded, remembers a refusal, and can read again after a change.
// The Repositories view asks each RepositoryChildProvider handed to it at
// construction for the nodes under a repository.
import * as vscode from 'vscode';
import type { RepoTarget } from '../session/require';
import type { RepoDeskNode } from './nodes';
import { RefusedLists, TargetListNode } from './refusableLists';

export { RefusedLists };

/** Gives the nodes under a repository node (a feature's lists of that repository). */
export interface RepositoryChildProvider {
  /** `baseId` is the repository node's tree id (unique in the view: a repository may be listed in several groups). */
  children(target: RepoTarget, repo: RepositoryOfNode, baseId: string, onChanged: (node: RepoDeskNode) => void): RepoDeskNode[];
  /** The user refreshed the Repositories view themselves (not the background refresh). */
  userRefreshed?(): void;
}

/** What a repository node tells its children about itself. */
interface RepositoryOfNode {
  owner: { login: string; type: string };
  name: string;
}

/** A list under a repository node (labels, deploy keys, teams). */
export class RepositoryListNode<T> extends TargetListNode<RepoTarget, T> {}

/** Asks a modal yes/no; true when the user chose `action`. */
export async function confirm(message: string, action: string, detail?: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true, ...(detail ? { detail } : {}) }, action)) === action;
}

/** Runs a task under a notification's progress. */
export async function withNotification<T>(title: string, task: () => Promise<T>): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}
