// Comments written while the service does not answer (a reply or a new
// thread in the editor, a comment in the overview) are queued rather than
// refused: kept in workspace storage per account and pull request (the
// pending review's records, in a space of their own), drawn where they were
// written, counted in the status bar, and posted once the service answers
// again, each exactly once (queuedComments.ts). Most sessions never queue
// one: that code loads with the first, or at start when some are stored.
import * as vscode from 'vscode';
import type { FeatureContext } from '../../shared/featureContext';
import { registerLazyCommands } from '../../shared/lazyCommands';
import { PendingReviews } from '../pendingReview/pendingReviews';
import type { QueueComment } from '../stores/pendingDrafts';
import type { QueuedCommentsAtWork } from './queuedComments';

export interface QueuedComments {
  /** The queued comments, as records (drawn through stores/draftsShown.ts). */
  readonly records: PendingReviews;
  /** Queues a comment the service did not answer for. */
  add: QueueComment;
}

export function registerQueuedComments(
  ctx: Pick<FeatureContext, 'extension' | 'session' | 'log'> & { onReturn: vscode.Event<string>; afterPosted: () => void },
): QueuedComments {
  const { extension: context, session } = ctx;
  const records = new PendingReviews(context.workspaceState, () => session.account?.id, undefined, 'repodesk.queuedComments');
  let atWork: Promise<QueuedCommentsAtWork> | undefined;
  const start = () => (atWork ??= import('./queuedComments.js').then((m) => new m.QueuedCommentsAtWork(ctx, records)));
  /** Posts what is queued, if anything is (a window reloaded with some: now if the service answers, else when it does). */
  const sendIfAny = () => {
    if (atWork || session.accounts.some((a) => records.started(a.id).length)) void start().then((s) => s.send());
  };
  context.subscriptions.push(records, session.onDidChange(sendIfAny), ctx.onReturn(sendIfAny));
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  registerLazyCommands(
    context,
    ['repodesk.queuedComments.show', ...(testing ? (['repodesk.testing.queuedStatus', 'repodesk.testing.queuedComments'] as const) : [])],
    async () => (await start()).commands,
  );
  sendIfAny();
  return { records, add: async (...args) => (await start()).add(...args) };
}
