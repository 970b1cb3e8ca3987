// Suggested changes: Apply Suggestion on a review comment whose body holds a
// ```suggestion block (the thread's comment action; see applySuggestion.ts).
// Its code loads on first use.
import * as vscode from 'vscode';
import type { ReviewComment } from '../../../hosting';
import type { PullReviewComments } from '../stores/pullReviewComments';
import { errorText } from '../../shared/failure';
import type { FeatureContext } from '../../shared/featureContext';

/** A comment of a thread as the inline threads carry it (ReviewCommentItem), or the comment itself. */
const commentOf = (arg: unknown): ReviewComment | undefined => {
  const a = arg as { comment?: ReviewComment; diff_hunk?: string } | undefined;
  if (a?.comment && typeof a.comment.diff_hunk === 'string') return a.comment;
  return typeof a?.diff_hunk === 'string' ? (a as ReviewComment) : undefined;
};

export function registerSuggestions({
  extension: context,
  session,
  reviewStore: store,
}: Pick<FeatureContext, 'extension' | 'session'> & { reviewStore: PullReviewComments }): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.suggestions.apply', async (arg?: unknown, options?: { block?: number; confirmed?: boolean }) => {
      const comment = commentOf(arg);
      const client = session.client;
      if (!comment) return undefined;
      if (!client) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Sign in to RepoDesk first.'));
        return undefined;
      }
      try {
        const { applySuggestionOf, pullOfComment } = await import('./applySuggestion.js');
        const done = await applySuggestionOf(client, comment, options ?? {});
        // A commit moved the head: once the service's pull request is at it, the open diffs follow it and the
        // threads, views and overview read again.
        const pull = pullOfComment(comment);
        if (done.where === 'branch' && pull) {
          const { headReaches } = await import('./headReaches.js');
          await headReaches(client, pull, done.commit);
          store.fireHeadMoved(pull);
        }
        return done;
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not apply the suggestion: {0}', errorText(err)));
        return undefined;
      }
    }),
  );
}
