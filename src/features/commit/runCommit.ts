// Writing a previewed commit to its branch, shared by Commit Workspace to
// Branch and Upload Folder as New Repository: the progress, the outcome
// told, and what to do when the branch moved since the preview.
import * as vscode from 'vscode';
import {
  NotFastForwardError,
  NothingToCommitError,
  commitPreview,
  rebasePreview,
  type CommitPreview,
  type CommitResult,
  type WorkspaceFile,
} from '../../gitdata';
import { errorText } from '../shared/failure';
import { branchNameRefusal } from '../shared/refNameText';
import type { Logger } from '../shared/log/outputLog';
import type { HostingSession } from '../shared/session/hostingSession';
import type { RepoTarget } from '../shared/session/require';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { createTag } from './createTag';

/** What the commit flows share: the session, the active repository, and whom to tell of a new commit. */
export interface CommitFlow {
  session: HostingSession;
  active: ActiveRepository;
  onCommitted: () => void;
  /** RepoDesk's log: each commit's steps (debug) and outcome, for when the screen says nothing. */
  log: Logger;
}

/** What to do when the branch moved since the preview (a given answer: nothing is asked). */
export type OnMoved = 'rebase' | 'force' | { newBranch: string };

/** Answers given by a script or test: no question is asked, and no message is kept. */
interface GivenRun {
  onMoved?: OnMoved;
}

/** One commit to write: the preview, the files it was made of, and the commit's text and author. */
interface CommitAttempt {
  target: RepoTarget;
  preview: CommitPreview;
  files: WorkspaceFile[];
  message: string;
  author: { name: string; email: string; date: string };
}

export async function runCommit(flow: CommitFlow, attempt: CommitAttempt, given?: GivenRun): Promise<CommitResult | undefined> {
  const { target, preview } = attempt;
  const where = `${target.owner}/${target.repo}:${preview.branch}`;
  try {
    flow.log.debug(`Commit to ${where}: writing ${preview.changes.length} change(s)`);
    const result = await writeCommit(attempt, where);
    flow.log.info(`Committed to ${where} as ${result.commit}`);
    flow.onCommitted();
    void announce(flow, target, preview.branch, result);
    return result;
  } catch (err) {
    flow.log.info(`Commit to ${where}: not written (${errorText(err)})`);
    if (err instanceof NotFastForwardError) return branchMoved(flow, attempt, err, given);
    if (err instanceof NothingToCommitError) void vscode.window.showInformationMessage(err.message);
    else if (err instanceof Error && err.name === 'AbortError')
      void vscode.window.showInformationMessage(vscode.l10n.t('Commit cancelled; {0} is as it was.', where));
    else
      void vscode.window.showErrorMessage(
        `${vscode.l10n.t('Could not commit to {0}: {1}', where, errorText(err))}${given ? '' : ` ${vscode.l10n.t('Your message is kept for the next try.')}`}`,
      );
    return undefined;
  }
}

/** The blobs, tree, commit and branch move, under a cancellable progress that names each step. */
function writeCommit(attempt: CommitAttempt, where: string): Thenable<CommitResult> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Committing to {0}', where), cancellable: true },
    (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      const steps = {
        blobs: vscode.l10n.t('uploading binary files…'),
        tree: vscode.l10n.t('writing the tree…'),
        commit: vscode.l10n.t('writing the commit…'),
        ref: vscode.l10n.t('moving the branch…'),
      };
      return commitPreview(attempt.target.client, attempt.preview, attempt.files, {
        message: attempt.message,
        author: attempt.author,
        signal: controller.signal,
        onStep: (s) => progress.report({ message: steps[s], increment: 25 }),
      });
    },
  );
}

/** The branch moved since the preview: rebase the same changes, another branch, or (confirmed) force. Nothing is lost. */
async function branchMoved(flow: CommitFlow, attempt: CommitAttempt, err: NotFastForwardError, given?: GivenRun): Promise<CommitResult | undefined> {
  const { preview } = attempt;
  const rebase = vscode.l10n.t('Rebase onto the New Head');
  const another = vscode.l10n.t('Commit to a New Branch…');
  const force = vscode.l10n.t('Force…');
  const choice = given?.onMoved
    ? given.onMoved === 'rebase'
      ? rebase
      : given.onMoved === 'force'
        ? force
        : another
    : await vscode.window.showWarningMessage(
        vscode.l10n.t('{0} moved since the preview; nothing was changed. Your commit {1} is kept.', preview.branch, err.commit.slice(0, 7)),
        rebase,
        another,
        force,
      );
  if (choice === rebase) return rebaseOntoNewHead(flow, attempt);
  if (choice === another) return commitToNewBranch(flow, attempt, err, given);
  if (choice === force) return forceBranch(flow, attempt, err, given);
  return undefined;
}

/** The same changes on the branch's new head, unless a changed path changed there too. */
async function rebaseOntoNewHead(flow: CommitFlow, attempt: CommitAttempt): Promise<CommitResult | undefined> {
  const rebased = await rebasePreview(attempt.target.client, attempt.preview);
  if ('conflicts' in rebased) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Cannot rebase: {0} changed on {1} meanwhile too. Commit to a new branch instead.', rebased.conflicts.join(', '), attempt.preview.branch),
    );
    return undefined;
  }
  return runCommit(flow, { ...attempt, preview: rebased.preview });
}

/** A new branch at the commit written (but not moved to). */
async function commitToNewBranch(flow: CommitFlow, attempt: CommitAttempt, err: NotFastForwardError, given?: GivenRun): Promise<CommitResult | undefined> {
  const { target, preview } = attempt;
  const name =
    typeof given?.onMoved === 'object'
      ? given.onMoved.newBranch
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('New branch for commit {0}', err.commit.slice(0, 7)),
          ignoreFocusOut: true,
          validateInput: branchNameRefusal,
        });
  if (!name) return undefined;
  const refused = branchNameRefusal(name);
  if (refused) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No branch was created for commit {0}: {1}', err.commit.slice(0, 7), refused));
    return undefined;
  }
  await target.client.git.createRef(target.owner, target.repo, `refs/heads/${name}`, err.commit);
  flow.onCommitted();
  void vscode.window.showInformationMessage(vscode.l10n.t('Committed {0} to the new branch {1}.', err.commit.slice(0, 7), name));
  return { commit: err.commit, tree: '', parent: preview.parent, changes: preview.changes, requests: 0 };
}

/** The branch forced to the commit written, once the user saw which commit it then loses. */
async function forceBranch(flow: CommitFlow, attempt: CommitAttempt, err: NotFastForwardError, given?: GivenRun): Promise<CommitResult | undefined> {
  const { target, preview } = attempt;
  const head = await target.client.git.getRef(target.owner, target.repo, `heads/${preview.branch}`);
  const lost = (await target.client.git.getCommit(target.owner, target.repo, head.object.sha)).message.split('\n')[0];
  const yes = vscode.l10n.t('Force Update');
  const confirmed =
    given?.onMoved === 'force' ||
    (await vscode.window.showWarningMessage(
      vscode.l10n.t('Force {0} to your commit?', preview.branch),
      {
        modal: true,
        detail: vscode.l10n.t('The branch then no longer contains {0} ("{1}") and what led to it since your preview.', head.object.sha.slice(0, 7), lost ?? ''),
      },
      yes,
    )) === yes;
  if (!confirmed) return undefined;
  await target.client.git.updateRef(target.owner, target.repo, `heads/${preview.branch}`, err.commit, true);
  flow.onCommitted();
  return { commit: err.commit, tree: '', parent: preview.parent, changes: preview.changes, requests: 0 };
}

async function announce(flow: CommitFlow, target: RepoTarget, branch: string, result: CommitResult): Promise<void> {
  const tag = vscode.l10n.t('Create Tag…');
  const pull = vscode.l10n.t('Create Pull Request…');
  // A pull request is offered for the active repository, where the Pull Requests view shows it.
  const isActive = flow.active.value?.owner === target.owner && flow.active.value?.name === target.repo;
  const n = result.changes.length;
  const text =
    n === 1
      ? vscode.l10n.t('Committed 1 change to {0} as {1}.', branch, result.commit.slice(0, 7))
      : vscode.l10n.t('Committed {0} changes to {1} as {2}.', n, branch, result.commit.slice(0, 7));
  const picked = await vscode.window.showInformationMessage(text, tag, ...(isActive ? [pull] : []));
  if (picked === tag) await createTag(target, flow.onCommitted, { sha: result.commit });
  if (picked === pull) await vscode.commands.executeCommand('repodesk.pulls.create', { head: branch });
}
