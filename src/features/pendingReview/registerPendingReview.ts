// Pending review: Start Review keeps the comments written from then on as
// drafts (the editor's threads and the overview write through PendingDrafts),
// Submit Review posts them in order, Discard Review drops them. The status
// bar shows the selected pull request's count and submits on a click.
import * as vscode from 'vscode';
import { givenAnswers } from '../shared/commandArgs';
import { confirmDone } from '../shared/confirmation';
import { showFailure } from '../shared/failure';
import type { PullKey, PullReviewComments } from '../shared/reviews/pullReviewComments';
import type { HostingSession } from '../shared/session/hostingSession';
import { signedInClient } from '../shared/session/require';
import type { SelectedPull } from '../shared/selection/selectedPull';
import { PendingReviews } from './pendingReviews';
import type { SubmitAnswers } from './submitFlow';

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

export function registerPendingReview(
  context: vscode.ExtensionContext,
  session: HostingSession,
  selected: SelectedPull,
  comments: PullReviewComments,
): PendingReviews {
  const reviews = new PendingReviews(
    context.workspaceState,
    () => session.account?.id,
    (account) => session.formerIdsOf(account),
  );
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
    vscode.commands.registerCommand('repodesk.pendingReview.start', async (arg?: unknown) => {
      const pull = need(arg);
      if (!pull || !signedInClient(session)) return false;
      try {
        const started = await reviews.start(pull);
        confirmDone(
          started
            ? vscode.l10n.t('Review started on #{0}: new comments are kept as pending until you submit.', pull.number)
            : vscode.l10n.t('A review is already pending on #{0}.', pull.number),
        );
        return true;
      } catch (err) {
        showFailure(vscode.l10n.t('Could not start the review'), err);
        return false;
      }
    }),
    vscode.commands.registerCommand('repodesk.pendingReview.submit', async (arg?: unknown, answers?: SubmitAnswers) => {
      const pull = need(arg);
      if (!pull) return undefined;
      // Posted with the account the pull request was opened under (its drafts are that account's), else the one in use.
      const opened = pull.accountId === undefined ? undefined : session.accounts.find((a) => a.id === pull.accountId);
      const client = opened ? opened.client : signedInClient(session);
      const me = opened ? opened.login : session.login;
      if (!client || !me) return undefined;
      try {
        // The submit flow (dialogs, the posting engine) loads on first use, not at activation.
        const { runSubmit } = await import('./submitFlow.js');
        return await runSubmit(client, me, pull, reviews, givenAnswers<SubmitAnswers>(answers), () => comments.fireChanged(pull));
      } catch (err) {
        showFailure(vscode.l10n.t('Could not submit the review'), err);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('repodesk.pendingReview.discard', async (arg?: unknown, confirmed?: boolean) => {
      const pull = need(arg);
      if (!pull) return false;
      const n = reviews.drafts(pull).length;
      if (!reviews.isActive(pull)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No review is pending on #{0}.', pull.number));
        return false;
      }
      const yes = vscode.l10n.t('Discard');
      const question =
        n === 1
          ? vscode.l10n.t('Discard the pending review on #{0} and its 1 draft?', pull.number)
          : vscode.l10n.t('Discard the pending review on #{0} and its {1} drafts?', pull.number, n);
      if (
        confirmed !== true &&
        (await vscode.window.showWarningMessage(question, { modal: true, detail: vscode.l10n.t('Nothing was posted; the drafts are lost.') }, yes)) !== yes
      )
        return false;
      await reviews.end(pull);
      confirmDone(vscode.l10n.t('Review on #{0} discarded.', pull.number));
      return true;
    }),
  );
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    context.subscriptions.push(
      vscode.commands.registerCommand('repodesk.testing.pendingDrafts', (arg?: unknown) => {
        const pull = pullKeyOf(arg, selected);
        return pull && reviews.isActive(pull) ? reviews.drafts(pull) : undefined;
      }),
      vscode.commands.registerCommand('repodesk.testing.pendingStatus', () => (shownPull() ? status.text : undefined)),
    );
  }
  showStatus();
  return reviews;
}
