// Merge: the merge commit's message editable, and the head the user saw sent,
// so that a head that moved since is refused (409) rather than merged unseen;
// a head branch deleted on the service is refused the same way, before any
// write (the service may still merge the head it last had); then the branch
// of this repository offered for deletion.
import * as vscode from 'vscode';
import { HostingError, type PullRequest } from '../../hosting';
import { errorText } from '../shared/failure';
import { headBranchGone, headGoneWords } from '../shared/headBranch';
import { editMessage, keepMessage } from '../shared/messageEditor/messageEditor';
import type { RepoTarget } from '../shared/session/require';
import { refuseChangedElsewhere } from './changedElsewhere';
import { notifyProgress, type PullFlow } from './pullFlow';

export interface MergeAnswers {
  commitMessage?: string;
  deleteBranch?: boolean;
}

export async function mergePull(flow: PullFlow, target: RepoTarget, pull: PullRequest, given?: MergeAnswers): Promise<{ sha: string } | undefined> {
  // Asked (not given): no merge message is asked for a pull request merged or closed since it was read; given, the service judges (405).
  if (!given && refuseChangedElsewhere(pull, 'merge', flow.onChanged)) return undefined;
  // Nothing is merged from a branch that no longer is (docs/service-api/hosting/git-data.md §5: its reference answers 404).
  if (pull.state === 'open' && (await headBranchGone(target.client, pull))) {
    void vscode.window.showWarningMessage(headGoneWords(pull, vscode.l10n.t('Nothing was merged.')));
    flow.onChanged(pull);
    return undefined;
  }
  const suggested = `${pull.title}\n\n${pull.body ?? ''}`.trimEnd() + '\n';
  const key = `merge:${target.owner}/${target.repo}#${pull.number}`;
  const message = given
    ? given.commitMessage
    : await editMessage({
        key,
        title: vscode.l10n.t('Merge message: #{0}', pull.number),
        initial: suggested,
        prompt: vscode.l10n.t(
          "Edit the message of the merge commit of #{0} ({1} into {2}), then choose ✓ in the editor's title bar; ✕ or closing the tab cancels.",
          pull.number,
          pull.head.label,
          pull.base.label,
        ),
        refuseEmpty: vscode.l10n.t('The merge message is empty: write at least its first line. Nothing was merged.'),
        cancelled: vscode.l10n.t('Merge cancelled: #{0} was not merged.', pull.number),
        // After a window reload: Merge… again (the pull request read afresh), its editor starting from the kept text.
        resume: {
          command: 'repodesk.pulls.merge',
          args: [{ owner: target.owner, repo: target.repo, number: pull.number }],
          title: vscode.l10n.t('Merge #{0} Again…', pull.number),
        },
      });
  if (message === undefined && !given) return undefined;
  try {
    const result = await notifyProgress(vscode.l10n.t('Merging pull request #{0}…', pull.number), () =>
      target.client.pulls.merge(target.owner, target.repo, pull.number, {
        ...(message?.trim() ? { commit_message: message.trim() } : {}),
        sha: pull.head.sha,
      }),
    );
    // The answer says it is merged: the row shows it so until the list is read again.
    flow.onChanged({ ...pull, state: 'closed', merged_at: new Date().toISOString() });
    await offerBranchDeletion(flow, target, pull, given);
    return result;
  } catch (err) {
    if (!given && message) keepMessage(key, message);
    const refresh = vscode.l10n.t('Refresh');
    const explain =
      err instanceof HostingError && err.status === 409
        ? vscode.l10n.t('Its head changed since you read it: refresh, review the new commits, and merge again.')
        : err instanceof HostingError && err.status === 405
          ? vscode.l10n.t('It cannot be merged as it is (closed, or conflicting with its base).')
          : '';
    // The offer stays up without holding the command (it returns at once).
    const kept = !given && message ? vscode.l10n.t('Your message is kept for the next try.') : '';
    void vscode.window
      .showErrorMessage(`${vscode.l10n.t('Could not merge #{0}: {1} {2}', pull.number, errorText(err), explain).trim()} ${kept}`.trim(), refresh)
      .then((picked) => {
        if (picked === refresh) flow.onChanged();
      });
    return undefined;
  }
}

async function offerBranchDeletion(flow: PullFlow, target: RepoTarget, pull: PullRequest, given?: MergeAnswers): Promise<void> {
  // Only a branch of this repository (a fork's branch is not ours to delete).
  if (pull.head.repo?.full_name !== `${target.owner}/${target.repo}`) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Merged #{0}.', pull.number));
    return;
  }
  const remove = vscode.l10n.t('Delete Branch {0}', pull.head.ref);
  const wanted = given
    ? given.deleteBranch === true
    : (await vscode.window.showInformationMessage(vscode.l10n.t('Merged #{0}.', pull.number), remove)) === remove;
  if (!wanted) return;
  try {
    await target.client.git.deleteRef(target.owner, target.repo, `heads/${pull.head.ref}`);
    flow.onChanged();
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not delete the branch {0}: {1}', pull.head.ref, errorText(err)));
  }
}
