// The review comment language server serves the Comments API's input
// editors. Its client (vscode-languageclient, a large module) and the server
// process start with the first comment box, not at activation: most sessions
// never write a review comment.
import * as vscode from 'vscode';
import type { PullReviewComments } from '../stores/pullReviewComments';
import type { FeatureContext } from '../../shared/featureContext';

export function registerLanguage({
  extension: context,
  session,
  active,
  selectedPull: selected,
  log,
  reviewStore: store,
}: Pick<FeatureContext, 'extension' | 'session' | 'active' | 'selectedPull' | 'log'> & { reviewStore: PullReviewComments }): void {
  let started = false;
  const startOnce = (doc: vscode.TextDocument) => {
    if (started || doc.uri.scheme !== 'comment') return;
    started = true;
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
      .catch(
        (err: unknown) =>
          void vscode.window.showErrorMessage(
            vscode.l10n.t('The review comment language server could not start: {0}', err instanceof Error ? err.message : String(err)),
          ),
      );
  };
  vscode.workspace.textDocuments.forEach(startOnce);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(startOnce));
}
