// Review comments in the editor (the inline threads, inlineComments.ts). They
// exist only on a pull request's diff documents (repodesk: URIs) and on the
// workspace files of a selected pull request, so their code loads with the
// first of either (or the first run of one of their commands), not at
// activation.
import * as vscode from 'vscode';
import { GIT_SCHEME } from '../../shared/gitfs/gitFileSystem';
import { onPullDiff } from '../../shared/gitfs/pullDiffs';
import { registerLazyCommands } from '../../shared/lazyCommands';
import type { PullReviewComments } from '../stores/pullReviewComments';
import type { StartedInlineComments } from './inlineComments';
import type { PendingDrafts, QueueComment } from '../stores/pendingDrafts';
import type { FeatureContext } from '../../shared/featureContext';

export interface InlineComments {
  /** Reads the threads of the open documents again (conditional requests: free when nothing changed). */
  refresh(): Promise<void>;
}

export function registerComments({
  extension: context,
  session,
  selectedPull: selected,
  log,
  reviewStore: store,
  pending,
  queue,
}: Pick<FeatureContext, 'extension' | 'session' | 'selectedPull' | 'log'> & {
  reviewStore: PullReviewComments;
  pending?: PendingDrafts;
  queue?: QueueComment;
}): InlineComments {
  let started: Promise<StartedInlineComments> | undefined;
  const start = () =>
    (started ??= (async () => {
      const asked = Date.now();
      const m = await import('./inlineComments.js');
      const loaded = Date.now();
      const inline = m.startInlineComments(context, session, selected, store, log, pending, queue);
      // When the feature was asked for, its code loaded and it started (epoch ms), at debug for the first-thread benchmark.
      log.debug(`Inline comments started (epoch ms): asked=${asked} loaded=${loaded} started=${Date.now()}`);
      return inline;
    })());

  registerLazyCommands(
    context,
    [
      'repodesk.comments.suggestChange',
      'repodesk.comments.expandAt',
      'repodesk.comments.refresh',
      'repodesk.comments.reply',
      'repodesk.comments.addToReview',
      'repodesk.comments.edit',
      'repodesk.comments.save',
      'repodesk.comments.cancel',
      'repodesk.comments.delete',
    ],
    async () => (await start()).handlers,
  );
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    registerLazyCommands(
      context,
      ['repodesk.testing.commentThreads', 'repodesk.testing.startCommentThread', 'repodesk.testing.commentingLines'],
      async () => (await start()).testing,
    );
  }
  const startWithPull = () => {
    if (selected.value) void start();
  };
  const startWithDiff = (document: vscode.TextDocument) => {
    if (document.uri.scheme === GIT_SCHEME) void start();
  };
  startWithPull();
  vscode.workspace.textDocuments.forEach(startWithDiff);
  context.subscriptions.push(
    selected.onDidChange(startWithPull),
    vscode.workspace.onDidOpenTextDocument(startWithDiff),
    // A pull request's diff starting to open loads the feature and reads its threads' data while VS Code reads the sides.
    // Once it opened or did not, the threads drawn meanwhile are kept or go (a feature not started drew none).
    onPullDiff((d, opened) => void (opened === undefined ? start() : started)?.then((s) => s.pullDiff(d, opened))),
    // A head moved by a commit made here: the pull requests are read again, so open diffs follow it (followHead.ts).
    store.onDidMoveHead(() => void started?.then((s) => s.refresh())),
  );
  return {
    refresh: async () => {
      if (started) await (await started).refresh();
    },
  };
}
