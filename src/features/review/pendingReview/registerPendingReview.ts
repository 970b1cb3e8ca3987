// Pending review: Start Review keeps the comments written from then on as
// drafts (the editor's threads and the overview write through PendingDrafts),
// Submit Review posts them in order, Discard Review drops them. The status
// bar shows the selected pull request's count and submits on a click.
import * as vscode from 'vscode';
import type { PullKey, PullReviewComments } from '../stores/pullReviewComments';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { PendingReviews } from './pendingReviews';
import { registerLazyCommands } from '../../shared/lazyCommands';
import type { FeatureContext } from '../../shared/featureContext';

const PENDING_REVIEW_COMMANDS = ['repodesk.pendingReview.start', 'repodesk.pendingReview.submit', 'repodesk.pendingReview.discard'] as const;
export type PendingReviewCommandId = (typeof PENDING_REVIEW_COMMANDS)[number];

/**
 * The pull request a command acts on: a Pull Requests row (owner, repo and
 * its pull), a plain { owner, repo, number, accountId? } (the overview with
 * the account it was opened under, tests), or the selected pull request.
 */
function pullKeyOf(arg: unknown, selected: SelectedPull): PullKey | undefined {
  const a = arg as { owner?: unknown; repo?: unknown; number?: unknown; pull?: { number?: unknown }; accountId?: unknown } | undefined;
  if (a && typeof a.owner === 'string' && typeof a.repo === 'string') {
    const number = typeof a.number === 'number' ? a.number : typeof a.pull?.number === 'number' ? a.pull.number : undefined;
    if (number !== undefined) return { owner: a.owner, repo: a.repo, number, ...(typeof a.accountId === 'string' ? { accountId: a.accountId } : {}) };
  }
  const s = selected.value;
  return s ? { owner: s.owner, repo: s.repo, number: s.number } : undefined;
}

export function registerPendingReview({
  extension: context,
  session,
  selectedPull: selected,
  reviewStore: comments,
}: Pick<FeatureContext, 'extension' | 'session' | 'selectedPull'> & { reviewStore: PullReviewComments }): PendingReviews {
  const reviews = new PendingReviews(context.workspaceState, () => session.account?.id);
  const status = vscode.window.createStatusBarItem('repodesk.pendingReview', vscode.StatusBarAlignment.Left, 50);
  status.name = vscode.l10n.t('RepoDesk Pending Review');

  /** The selected pull request's review; else (after a reload, say) the review started last. */
  const shownPull = (): PullKey | undefined => {
    const pull = selected.value;
    const key = pull ? { owner: pull.owner, repo: pull.repo, number: pull.number } : undefined;
    return key && reviews.isActive(key) ? key : reviews.started().at(-1);
  };
  const showStatus = () => {
    const key = shownPull();
    void vscode.commands.executeCommand('setContext', 'repodesk.pendingReview.active', key !== undefined);
    // The editor's comment boxes say Add to Review rather than Reply or Save: a review is pending on the
    // selected pull request (whose diffs and files they are on), or, with none selected, on the one shown.
    const pull = selected.value;
    const onSelected = pull ? reviews.isActive({ owner: pull.owner, repo: pull.repo, number: pull.number }) : key !== undefined;
    void vscode.commands.executeCommand('setContext', 'repodesk.pendingReview.onSelected', onSelected);
    if (!key) return status.hide();
    const n = reviews.drafts(key).length;
    status.text = n === 1 ? vscode.l10n.t('$(comment-draft) #{0}: 1 pending', key.number) : vscode.l10n.t('$(comment-draft) #{0}: {1} pending', key.number, n);
    status.tooltip = vscode.l10n.t('A review is pending on {0}/{1}#{2}. Click to submit it.', key.owner, key.repo, key.number);
    // The click submits this review (not the selected pull request's, when that one has none).
    status.command = { command: 'repodesk.pendingReview.submit', title: vscode.l10n.t('Submit Review'), arguments: [key] };
    status.show();
  };

  const need = (arg: unknown): PullKey | undefined => {
    const pull = pullKeyOf(arg, selected);
    if (!pull) void vscode.window.showErrorMessage(vscode.l10n.t('Select a pull request first.'));
    return pull;
  };

  context.subscriptions.push(
    reviews,
    status,
    reviews.onDidChange(showStatus),
    selected.onDidChange(showStatus),
    session.onDidChange(() => {
      reviews.accountChanged();
      showStatus();
    }),
    session.onDidSignOutAccount((account) => void reviews.forgetAccount(account)),
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, PENDING_REVIEW_COMMANDS, () =>
    import('./pendingReviewCommands.js').then((m) => m.pendingReviewCommands(session, reviews, comments, need)),
  );

  // Test seams: their code loads only in a test run, not at activation.
  if (context.extensionMode === vscode.ExtensionMode.Test)
    void import('./pendingReviewTestSeams.js').then((m) =>
      m.registerPendingReviewTestSeams(
        context,
        reviews,
        (arg) => pullKeyOf(arg, selected),
        () => (shownPull() ? status.text : undefined),
      ),
    );
  showStatus();
  return reviews;
}
