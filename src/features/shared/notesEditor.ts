// Longer text (release notes, a commit message) is written in an editor. The user finishes with the
// ✓ / ✕ buttons in the editor's title bar or the status bar's button, which
// stay while the user writes, as does the notification saying what to do
// (with progress, so VS Code does not hide it; its Cancel discards). Closing
// the editor cancels.
import * as vscode from 'vscode';

const CONTEXT_KEY = 'repodesk.notesEditors';
/** Documents waiting for the user's decision, by URI: true to use the notes. */
const pending = new Map<string, (accept: boolean) => void>();

function updateContext(): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', CONTEXT_KEY, [...pending.keys()]);
}

function settle(uri: vscode.Uri | undefined, accept: boolean): void {
  const key = (uri ?? vscode.window.activeTextEditor?.document.uri)?.toString();
  const decide = key === undefined ? undefined : pending.get(key);
  if (!key || !decide) return;
  pending.delete(key);
  void updateContext();
  decide(accept);
}

/** The ✓ / ✕ of the editor's title bar (registered at activation by notesEditorCommands.ts, this module loaded with the first use). */
export const notesEditorCommands = {
  'repodesk.notesEditor.accept': (uri?: vscode.Uri) => settle(uri instanceof vscode.Uri ? uri : undefined, true),
  'repodesk.notesEditor.discard': (uri?: vscode.Uri) => settle(uri instanceof vscode.Uri ? uri : undefined, false),
};

/**
 * Opens `initial` in an editor of `language`; the text when the user chooses
 * `action`, undefined when they discard it. `prompt` tells what to write.
 */
export async function editInEditor(initial: string, action: string, prompt: string, language = 'markdown'): Promise<string | undefined> {
  const doc = await vscode.workspace.openTextDocument({ language, content: initial });
  const key = doc.uri.toString();
  const decided = new Promise<boolean>((resolve) => pending.set(key, resolve));
  // Closing the editor discards.
  const closing = vscode.workspace.onDidCloseTextDocument((closed) => {
    if (closed.uri.toString() === key) settle(closed.uri, false);
  });
  await updateContext();
  await vscode.window.showTextDocument(doc, { preview: false });
  // What to do stays in sight until it is done: a notification with progress is not hidden
  // after a few seconds as a plain one is (its Cancel discards), and the status bar offers the
  // action itself, beside the ✓ / ✕ of the editor's title bar.
  const button = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 1000);
  button.text = `$(check) ${action}`;
  button.tooltip = prompt;
  button.command = { command: 'repodesk.notesEditor.accept', title: action, arguments: [doc.uri] };
  button.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  button.show();
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: prompt, cancellable: true }, (_progress, token) => {
    token.onCancellationRequested(() => settle(doc.uri, false));
    return decided;
  });
  const accepted = await decided.finally(() => {
    button.dispose();
    closing.dispose();
  });
  const text = doc.getText();
  // The notes were used or discarded: close the untitled editor without a save prompt.
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === doc);
  if (editor) {
    await vscode.window.showTextDocument(doc, editor.viewColumn);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  return accepted ? text : undefined;
}
