// A pull request merged, closed or reopened on the service since the user
// read it (an overview page left open, a row not yet read again): Merge,
// Close or Reopen read it afresh first, and when it is no longer in the state
// the action starts from, they say what it is now and write nothing, rather
// than ask for a merge message or send a change against what no longer is.
import * as vscode from 'vscode';
import type { PullRequest } from '../../hosting';

export type LifecycleAction = 'merge' | 'close' | 'reopen';

/** What the pull request is now, in words with its time (merged, closed or open). */
function nowIs(pull: PullRequest): string {
  if (pull.merged_at) return vscode.l10n.t('it was merged on the service ({0})', new Date(pull.merged_at).toLocaleString());
  if (pull.state === 'closed') return vscode.l10n.t('it was closed on the service ({0})', new Date(pull.closed_at ?? pull.updated_at).toLocaleString());
  return vscode.l10n.t('it was reopened on the service ({0})', new Date(pull.updated_at).toLocaleString());
}

/**
 * Why `action` no longer applies to `pull` as the service has it (undefined:
 * it does). Merge and Close start from an open pull request, Reopen from a
 * closed one that was not merged.
 */
function changedElsewhere(pull: PullRequest, action: LifecycleAction): string | undefined {
  const applies = action === 'reopen' ? pull.state === 'closed' && !pull.merged_at : pull.state === 'open';
  if (applies) return undefined;
  const what = {
    merge: vscode.l10n.t('Nothing was merged.'),
    close: vscode.l10n.t('Nothing was closed.'),
    reopen: vscode.l10n.t('Nothing was reopened.'),
  }[action];
  return vscode.l10n.t('Pull request #{0} changed since you read it: {1}. {2}', pull.number, nowIs(pull), what);
}

/** Says so when `action` no longer applies, and shows the pull request as it is now; true when it was said. */
export function refuseChangedElsewhere(pull: PullRequest, action: LifecycleAction, onChanged: (pull?: PullRequest) => void): boolean {
  const why = changedElsewhere(pull, action);
  if (!why) return false;
  void vscode.window.showWarningMessage(why);
  onChanged(pull);
  return true;
}
