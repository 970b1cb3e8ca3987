// The pending review's test seams, registered only in ExtensionMode.Test and
// loaded then: their code is not read at activation.
import * as vscode from 'vscode';
import type { PullKey } from '../stores/pullReviewComments';
import type { PendingReviews } from './pendingReviews';

export function registerPendingReviewTestSeams(
  context: vscode.ExtensionContext,
  reviews: PendingReviews,
  pullOf: (arg: unknown) => PullKey | undefined,
  statusText: () => string | undefined,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.testing.pendingDrafts', (arg?: unknown) => {
      const pull = pullOf(arg);
      return pull && reviews.isActive(pull) ? reviews.drafts(pull) : undefined;
    }),
    vscode.commands.registerCommand('repodesk.testing.pendingStatus', statusText),
    // A conversation draft written into a review (started if none is) as the comment box's Add to Review writes it:
    // another account's review is its pull request opened under that account (`accountId`).
    vscode.commands.registerCommand('repodesk.testing.addPendingDraft', async (arg: unknown, body: string) => {
      const pull = pullOf(arg);
      if (!pull) return undefined;
      await reviews.start(pull);
      return reviews.add(pull, body, { kind: 'conversation' });
    }),
  );
}
