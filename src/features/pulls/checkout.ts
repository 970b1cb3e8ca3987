// Checkout Pull Request: fetches the pull request's head into the workspace's
// clone of the repository (through VS Code's git extension, so its
// credentials and progress apply) and checks it out as `pr/<number>`; a
// fork's head comes through a remote named after the fork's owner. The status
// bar shows which pull request is checked out (checkedOutStatus.ts). Loaded
// on the first checkout.
import * as vscode from 'vscode';
import type { PullRequest } from '../../hosting';
import { errorText } from '../shared/failure';
import { gitApi, type GitRepository } from '../shared/git/gitExtension';
import { cloneOf, once } from '../shared/git/workspaceClone';

/** Where a pull request's head is fetched to: the workspace's clone and the remote its head comes from. */
export interface HeadSource {
  repository: GitRepository;
  /** The clone's remote of the repository, or the fork's (added once, named after its owner). */
  remote: string;
}

/** The workspace's clone of `owner/repo` and the remote of the pull request's head; undefined after saying why not. */
export async function headSource(
  pull: PullRequest,
  owner: string,
  repo: string,
  hosts: readonly string[],
  folder?: vscode.Uri,
): Promise<HeadSource | undefined> {
  const git = await gitApi();
  if (!git) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Checking out needs VS Code's built-in git extension, which is disabled or missing."));
    return undefined;
  }
  let opened: GitRepository | null | undefined;
  if (folder && git.openRepository) {
    opened = await git.openRepository(folder);
    // A repository just opened knows its remotes after its first status.
    if (opened && opened.state.remotes.length === 0) await once(opened.state.onDidChange, 5000);
  }
  // The clone named (a folder given) first, then any of the workspace's.
  const clone = (opened ? cloneOf([opened], owner, repo, hosts) : undefined) ?? cloneOf(git.repositories, owner, repo, hosts);
  if (!clone) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t("No clone of {0}/{1} is open in the workspace: clone it first (its clone URL is in the repository's context menu).", owner, repo),
    );
    return undefined;
  }
  const headRepo = pull.head.repo;
  if (!headRepo) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The head repository of #{0} was deleted: there is nothing to fetch.', pull.number));
    return undefined;
  }
  const { repository } = clone;
  let remote = clone.remote;
  if (headRepo.full_name.toLowerCase() !== `${owner}/${repo}`.toLowerCase()) {
    // A fork: its own remote, added once.
    remote = headRepo.owner.login;
    if (!repository.state.remotes.some((r) => r.name === remote)) await repository.addRemote(remote, headRepo.clone_url);
  }
  return { repository, remote };
}

export async function checkoutPull(pull: PullRequest, owner: string, repo: string, hosts: readonly string[], folder?: vscode.Uri): Promise<string | undefined> {
  const branch = `pr/${pull.number}`;
  try {
    const source = await headSource(pull, owner, repo, hosts, folder);
    if (!source) return undefined;
    const { repository, remote } = source;
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking out #{0} ({1})…', pull.number, pull.head.label) },
      async () => {
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
