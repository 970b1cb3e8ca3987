// Commit Workspace to Branch: a workspace folder, its repository and branch,
// a preview of the changes to confirm, the message, then the commit.
import * as vscode from 'vscode';
import { aheadBehind, planChanges, previewCommit, type CommitPreview, type CommitResult, type WorkspaceFile } from '../../gitdata';
import { keepBranchModes } from '../../gitdata/folderReaderFiles';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import { editMessage, keepMessage } from '../shared/messageEditor/messageEditor';
import { branchNameRefusal } from '../shared/refNameText';
import { resolveCommitish } from '../shared/resolveCommitish';
import { repositoryTarget, type RepoTarget } from '../shared/session/require';
import { authorOfFolder } from '../shared/git/workspaceGit';
import { confirmChanges, type BaseComparison } from './changePreview';
import { pickBranch, type PickedBranch } from './pickBranch';
import { readWorkspaceFiles } from './readWorkspaceFiles';
import { runCommit, type CommitFlow, type OnMoved } from './runCommit';
import { localIsoTime, pickFolder, repositoryOfFolder } from './workspaceSource';

/** Answers of Commit Workspace to Branch, for scripts and tests (every question then skipped). */
interface CommitAnswers {
  /** A path, or a URI of any other scheme. */
  folder?: string;
  owner?: string;
  repo?: string;
  branch: string;
  /** Create `branch` from this ref or SHA. */
  from?: string;
  /** Repository folder the workspace folder maps to ('' for the root). */
  prefix?: string;
  /** Without it, the message editor opens (the other answers still skip their questions). */
  message?: string;
  /** What to do when the branch moved since the preview. */
  onMoved?: OnMoved;
}

/** The workspace is trusted by then (commitCommands checks). */
export async function commitWorkspace(flow: CommitFlow, arg?: unknown): Promise<CommitResult | undefined> {
  const given = givenAnswers<CommitAnswers>(arg);
  const folder = await pickFolder(given?.folder);
  if (!folder) return undefined;
  const fromFolder = given?.owner && given.repo ? { owner: given.owner, name: given.repo } : await repositoryOfFolder(folder);
  const target = repositoryTarget(flow.session, flow.active, fromFolder);
  if (!target) return undefined;
  // A name git refuses is refused before any request, given or typed.
  const refused = given ? branchNameRefusal(given.branch) : undefined;
  if (refused) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Nothing was committed to {0}: {1}', given!.branch, refused));
    return undefined;
  }
  const branch = given ? { branch: given.branch, from: given.from } : await pickBranch(target, folder);
  if (!branch) return undefined;
  return commitFolder(flow, target, folder, branch, given);
}

async function commitFolder(
  flow: CommitFlow,
  target: RepoTarget,
  folder: vscode.Uri,
  picked: PickedBranch,
  given?: CommitAnswers,
): Promise<CommitResult | undefined> {
  const where = `${target.owner}/${target.repo}:${picked.branch}`;
  const compared = await compareFolder(target, folder, picked, where, given);
  if (!compared) return undefined;
  const { preview, files, comparison } = compared;
  if (preview.changes.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to commit: the workspace is the same as {0}.', where));
    return undefined;
  }
  if (!given && !(await confirmChanges(preview, folder, comparison))) return undefined;
  // One kept message per repository: a cancelled or failed commit's text comes back in the next editor.
  const key = `commit:${target.owner}/${target.repo}`;
  const message = given?.message ?? (await askMessage(key, picked.branch, where, given));
  if (message === undefined) return undefined;
  if (!message.trim()) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The commit message is empty: nothing was committed to {0}.', where));
    return undefined;
  }
  flow.log.debug(`Commit to ${where}: message taken; reading the author from the folder's git`);
  const author = {
    ...((await authorOfFolder(folder)) ?? { name: flow.session.login ?? 'RepoDesk', email: `${flow.session.login ?? 'repodesk'}@users.noreply` }),
    date: localIsoTime(),
  };
  const result = await runCommit(flow, { target, preview, files, message: message.trim(), author }, given);
  if (!result && !given) keepMessage(key, message);
  return result;
}

/** The folder read and compared with the branch (and, when the user picked it, its base with the default branch). */
async function compareFolder(
  target: RepoTarget,
  folder: vscode.Uri,
  picked: PickedBranch,
  where: string,
  given?: CommitAnswers,
): Promise<{ preview: CommitPreview; files: WorkspaceFile[]; comparison?: BaseComparison } | undefined> {
  const { branch, from } = picked;
  let comparison: BaseComparison | undefined;
  let files: WorkspaceFile[] | undefined;
  try {
    const preview = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Comparing the workspace with {0}…', where) },
      async () => {
        const read = await readWorkspaceFiles(folder);
        if (!read) throw new vscode.CancellationError();
        const base = from === undefined ? undefined : await resolveCommitish(target.client, target.owner, target.repo, from);
        let found = await previewCommit(target.client, target.owner, target.repo, branch, read.files, {
          prefix: given?.prefix,
          ...(base ? { from: base } : {}),
        });
        files = read.files;
        // No modes from workspace.fs: the branch's modes for the paths it has (an executable stays one), 100644 for new files.
        if (read.modeless) {
          files = keepBranchModes(read.modeless, found.remote, found.prefix);
          found = { ...found, changes: planChanges(files, found.remote, found.prefix) };
        }
        if (picked.repository) comparison = await compareBase(target, found, picked);
        return found;
      },
    );
    return { preview, files: files!, comparison };
  } catch (err) {
    if (!(err instanceof vscode.CancellationError)) void vscode.window.showErrorMessage(vscode.l10n.t('Could not read {0}: {1}', where, errorText(err)));
    return undefined;
  }
}

/** The message, written in the message editor (undefined: cancelled, the user was told). */
function askMessage(key: string, branch: string, where: string, given?: CommitAnswers): Promise<string | undefined> {
  return editMessage({
    key,
    title: vscode.l10n.t('Commit message: {0}', branch),
    initial: '',
    prompt: vscode.l10n.t(
      "Write the message of the commit to {0} (the first line is its summary), then choose ✓ in the editor's title bar; ✕ or closing the tab cancels.",
      where,
    ),
    refuseEmpty: vscode.l10n.t('The commit message is empty: write at least its first line, the summary. Nothing was committed.'),
    cancelled: vscode.l10n.t('Commit cancelled: nothing was committed to {0}.', where),
    // After a window reload: the command again as it was started (its questions again when none were given), the editor starting from the kept text.
    resume: { command: 'repodesk.commit.workspace', args: given ? [given] : [], title: vscode.l10n.t('Commit Again…') },
  });
}

/** The preview's line about the base: which commit, and how far it is from the default branch. */
async function compareBase(target: RepoTarget, preview: CommitPreview, picked: PickedBranch): Promise<BaseComparison | undefined> {
  const repository = picked.repository!;
  const base = picked.from ?? picked.branch;
  if (!preview.parent) return undefined;
  const reference = repository.heads.find((h) => h.name === repository.defaultBranch)?.sha;
  const counts =
    reference === undefined
      ? undefined
      : await aheadBehind(
          async (sha) => {
            const c = await target.client.git.getCommit(target.owner, target.repo, sha);
            return { parents: c.parents.map((p) => p.sha), time: Date.parse(c.committer.date) };
          },
          preview.parent,
          reference,
        ).catch(() => undefined);
  return { base, sha: preview.parent, defaultBranch: repository.defaultBranch, counts, workspaceBranch: repository.workspaceBranch };
}
