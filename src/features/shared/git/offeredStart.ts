// Where a new ref starts, offered in its "from" step as Commit Workspace to
// Branch offers it: the branch the workspace is on when the service has it
// (the workspace's files are that branch plus the user's changes), else the
// repository's default branch, with a sentence saying which and why.
import * as vscode from 'vscode';
import { defaultStartPoint } from '../../../gitdata';
import { collect } from '../../../hosting';
import type { RepoTarget } from '../session/require';
import { branchOfFolder } from './workspaceGit';

export interface OfferedStart {
  start: string;
  why: string;
}

export async function offeredStart(target: RepoTarget): Promise<OfferedStart> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const [repo, refs, workspaceBranch] = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading branches…') },
    () =>
      Promise.all([
        target.client.repos.get(target.owner, target.repo),
        collect(target.client.git.listRefs(target.owner, target.repo, 'heads')),
        folder ? branchOfFolder(folder) : Promise.resolve(undefined),
      ]),
  );
  const heads = refs.map((r) => r.ref.replace(/^refs\/heads\//, ''));
  const start = defaultStartPoint(workspaceBranch, heads, repo.default_branch ?? 'master');
  const why =
    start === workspaceBranch
      ? vscode.l10n.t('Offered: {0}, the branch the workspace is on.', start)
      : workspaceBranch
        ? vscode.l10n.t("Offered: {0}, the default branch ({1}, the workspace's branch, is not on the service).", start, workspaceBranch)
        : vscode.l10n.t('Offered: {0}, the default branch (the workspace is on no branch).', start);
  return { start, why };
}
