// Review comments in the editor (the inline threads, inlineComments.ts). They
// exist only on a pull request's diff documents (repodesk: URIs) and on the
// workspace files of a selected pull request, so their code loads with the
// first of either (or the first run of one of their commands), not at
// activation.
import * as vscode from 'vscode';
import { GIT_SCHEME } from '../shared/gitfs/gitFileSystem';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { PullReviewComments } from '../shared/reviews/pullReviewComments';
import type { Logger } from '../shared/log/outputLog';
import type { HostingSession } from '../shared/session/hostingSession';
import type { SelectedPull } from '../shared/selection/selectedPull';
import type { StartedInlineComments } from './inlineComments';

export interface InlineComments {
  /** Reads the threads of the open documents again (conditional requests: free when nothing changed). */
  refresh(): Promise<void>;
}

export function registerComments(context: vscode.ExtensionContext, session: HostingSession, selected: SelectedPull, store: PullReviewComments, log: Logger): InlineComments {
  let started: Promise<StartedInlineComments> | undefined;
  const start = () => (started ??= import('./inlineComments.js').then((m) => m.startInlineComments(context, session, selected, store, log)));

  registerLazyCommands(context, ['repodesk.comments.suggestChange', 'repodesk.comments.expandAt', 'repodesk.comments.refresh', 'repodesk.comments.reply', 'repodesk.comments.edit', 'repodesk.comments.save', 'repodesk.comments.cancel', 'repodesk.comments.delete'], async () => (await start()).handlers);
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    registerLazyCommands(context, ['repodesk.testing.commentThreads', 'repodesk.testing.startCommentThread', 'repodesk.testing.commentingLines'], async () => (await start()).testing);
  }
  const startWithPull = () => {
    if (selected.value) void start();
  };
  const startWithDiff = (document: vscode.TextDocument) => {
    if (document.uri.scheme === GIT_SCHEME) void start();
  };
  startWithPull();
  vscode.workspace.textDocuments.forEach(startWithDiff);
  context.subscriptions.push(selected.onDidChange(startWithPull), vscode.workspace.onDidOpenTextDocument(startWithDiff));
  return {
    refresh: async () => {
      if (started) await (await started).refresh();
    },
  };
}
