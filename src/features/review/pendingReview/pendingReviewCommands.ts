// A pending review's commands: start, submit, discard. Loaded on first use
// (registerPendingReview.ts registers them; its status bar item stays there).
import * as vscode from 'vscode';
import { givenAnswers } from '../../shared/commandArgs';
import { confirmDone } from '../../shared/confirmation';
import { showFailure } from '../../shared/failure';
import type { PullKey, PullReviewComments } from '../stores/pullReviewComments';
import type { HostingSession } from '../../shared/session/hostingSession';
import { signedInClient } from '../../shared/session/require';
import { PendingReviews } from './pendingReviews';
import type { SubmitAnswers } from './submitFlow';
import type { CommandHandler } from '../../shared/lazyCommands';
import type { PendingReviewCommandId } from './registerPendingReview';

export function pendingReviewCommands(
  session: HostingSession,
  reviews: PendingReviews,
  comments: PullReviewComments,
  need: (arg: unknown) => PullKey | undefined,
): Record<PendingReviewCommandId, CommandHandler> {
  return {
    'repodesk.pendingReview.start': async (arg?: unknown) => {
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
    },
    'repodesk.pendingReview.submit': async (arg?: unknown, answers?: SubmitAnswers) => {
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
    },
    'repodesk.pendingReview.discard': async (arg?: unknown, confirmed?: boolean) => {
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
    },
  };
}
