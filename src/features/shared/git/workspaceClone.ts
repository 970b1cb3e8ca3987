// The workspace's clone of a repository: the git extension's repository whose
// remote points at `owner/repo` on the service's hosts. Checkout and Checkout
// in a New Worktree start from it.
import type * as vscode from 'vscode';
import { repoFromRemoteUrl } from '../../../util/gitRemote';
import type { GitRepository } from './gitExtension';

/** The clone in the workspace whose remote points at `owner/repo`, with that remote's name. */
export function cloneOf(
  repos: readonly GitRepository[],
  owner: string,
  repo: string,
  hosts: readonly string[],
): { repository: GitRepository; remote: string } | undefined {
  for (const repository of repos) {
    for (const r of repository.state.remotes) {
      const named = repoFromRemoteUrl(r.fetchUrl ?? r.pushUrl ?? '', hosts);
      if (named && named.owner.toLowerCase() === owner.toLowerCase() && named.name.toLowerCase() === repo.toLowerCase()) return { repository, remote: r.name };
    }
  }
  return undefined;
}

/** Resolves at the event's next firing, or after `ms`. */
export function once(event: vscode.Event<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sub.dispose();
      resolve();
    }, ms);
    const sub = event(() => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}
