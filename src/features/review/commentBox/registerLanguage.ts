// The review comment language server serves the Comments API's input
// editors. Its client (vscode-languageclient, a large module) and the server
// process start when a comment box is typed into, or once the window has
// been idle a moment after the first comment box appeared: not at
// activation (most sessions never write a review comment), and not while
// the first thread is being drawn, whose diff and widgets the two cores are
// busy with.
import * as vscode from 'vscode';
import type { PullReviewComments } from '../stores/pullReviewComments';
import type { FeatureContext } from '../../shared/featureContext';
import { errorText } from '../../shared/failure';

/** How long after the first comment box the server starts untyped-into: past the first thread's drawing. */
const IDLE_MS = 2000;

export function registerLanguage({
  extension: context,
  session,
  active,
  selectedPull: selected,
  log,
  reviewStore: store,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'selectedPull' | 'log'> & { reviewStore: PullReviewComments }): void {
  let started = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (started) return;
    started = true;
    if (idle) clearTimeout(idle);
    const asked = Date.now();
    void import('./languageClient.js')
      .then(async ({ startLanguageClient }) => {
        const loaded = Date.now();
        await (
          await startLanguageClient(context, session, active, selected, store)
        ).running;
        // When the first comment box asked for it, its client loaded and the server answered (epoch ms), at debug for the first-thread benchmark.
        log?.debug(`Review comment language server (epoch ms): asked=${asked} loaded=${loaded} running=${Date.now()}`);
        // An @ or # typed while the server started found no completion provider yet: the list is asked
        // for again now, as VS Code would have on that keystroke (the box typed into still has focus).
        // The window is asked something first: its answer comes after it has the provider and after
        // every keystroke it sent before (each direction keeps its order), so no such keystroke is missed.
        await vscode.commands.executeCommand('setContext', 'repodesk.commentServerRunning', true);
        const typedTrigger = vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'comment' && /[@#]$/.test(d.getText()));
        if (typedTrigger) void vscode.commands.executeCommand('editor.action.triggerSuggest');
      })
      .catch((err: unknown) => void vscode.window.showErrorMessage(vscode.l10n.t('The review comment language server could not start: {0}', errorText(err))));
  };
  // A comment box appeared (a thread drawn with its reply box): start when the window has been quiet for IDLE_MS.
  const soon = (doc: vscode.TextDocument) => {
    if (started || idle || doc.uri.scheme !== 'comment') return;
    idle = setTimeout(start, IDLE_MS);
  };
  vscode.workspace.textDocuments.forEach(soon);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(soon),
    // A keystroke in a comment box: now (an @ or # typed meanwhile is asked for again once it runs).
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme === 'comment' && e.contentChanges.length > 0) start();
    }),
    { dispose: () => idle && clearTimeout(idle) },
  );
}
