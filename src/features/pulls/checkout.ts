// Checkout Pull Request: fetches the pull request's head into the workspace's
// clone of the repository (through VS Code's git extension, so its
// credentials and progress apply) and checks it out as `pr/<number>`; a
// fork's head comes through a remote named after the fork's owner. The status
// bar shows which pull request is checked out (checkedOutStatus.ts). Loaded
// on the first checkout.
import * as vscode from 'vscode';
import type { PullRequest } from '../../hosting';
import { repoFromRemoteUrl } from '../../util/gitRemote';
import { errorText } from '../shared/failure';
import { gitApi, type GitRepository } from '../shared/git/gitExtension';

/** The clone in the workspace whose remote points at `owner/repo`, with that remote's name. */
function cloneOf(
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

export async function checkoutPull(pull: PullRequest, owner: string, repo: string, hosts: readonly string[], folder?: vscode.Uri): Promise<string | undefined> {
  const git = await gitApi();
  if (!git) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Checking out needs VS Code's built-in git extension, which is disabled or missing."));
    return undefined;
  }
  if (folder && git.openRepository) {
    const opened = await git.openRepository(folder);
    // A repository just opened knows its remotes after its first status.
    if (opened && opened.state.remotes.length === 0) await once(opened.state.onDidChange, 5000);
  }
  const clone = cloneOf(git.repositories, owner, repo, hosts);
  if (!clone) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t("No clone of {0}/{1} is open in the workspace: clone it first (its clone URL is in the repository's context menu).", owner, repo),
    );
    return undefined;
  }
  const { repository } = clone;
  const branch = `pr/${pull.number}`;
  const headRepo = pull.head.repo;
  if (!headRepo) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The head repository of #{0} was deleted: there is nothing to fetch.', pull.number));
    return undefined;
  }
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking out #{0} ({1})…', pull.number, pull.head.label) },
      async () => {
        let remote = clone.remote;
        if (headRepo.full_name.toLowerCase() !== `${owner}/${repo}`.toLowerCase()) {
          // A fork: its own remote, added once.
          remote = headRepo.owner.login;
          if (!repository.state.remotes.some((r) => r.name === remote)) await repository.addRemote(remote, headRepo.clone_url);
        }
        await repository.fetch(remote, pull.head.ref);
        const exists = await repository.getBranch(branch).then(
          () => true,
          () => false,
        );
        if (exists) await repository.checkout(branch);
        else await repository.createBranch(branch, true, `${remote}/${pull.head.ref}`);
        return branch;
      },
    );
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not check out #{0}: {1}', pull.number, errorText(err)));
    return undefined;
  }
}

/** Resolves at the event's next firing, or after `ms`. */
function once(event: vscode.Event<void>, ms: number): Promise<void> {
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
