// Viewed files: Mark as Viewed / Mark as Not Viewed on a changed file (its
// box in the Pull Requests view, or its context menu), Hide / Show Viewed
// Files, and Changes Since My Last Review: the files whose blob changed
// between the head the user last viewed files on and the head now, each
// opened as a diff between the two heads. The marks live in the shared
// ViewedFilesStore (workspace storage, per account and pull request).
import * as vscode from 'vscode';
import type { ViewedFilesStore } from '../stores/viewedFilesStore';
import { registerLazyCommands } from '../../shared/lazyCommands';
import type { FeatureContext } from '../../shared/featureContext';

const VIEWED_FILE_COMMANDS = ['repodesk.viewedFiles.mark', 'repodesk.viewedFiles.unmark', 'repodesk.viewedFiles.changesSinceLastReview'] as const;
export type ViewedFileCommandId = (typeof VIEWED_FILE_COMMANDS)[number];

export function registerViewedFiles({
  extension: context,
  session,
  viewedFiles: store,
}: Pick<FeatureContext, 'extension' | 'session'> & { viewedFiles: ViewedFilesStore }): void {
  void vscode.commands.executeCommand('setContext', 'repodesk.viewedFiles.hidden', store.hideViewed);

  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.viewedFiles.hide', () => store.setHideViewed(true)),
    vscode.commands.registerCommand('repodesk.viewedFiles.show', () => store.setHideViewed(false)),
  );
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, VIEWED_FILE_COMMANDS, () => import('./viewedFileCommands.js').then((m) => m.viewedFileCommands(session, store)));
}
