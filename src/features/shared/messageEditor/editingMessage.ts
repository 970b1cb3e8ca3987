// The editor of one message, opened and waited for (messageEditor.ts says how
// it goes): loaded when a first message is written, not at activation.
import * as vscode from 'vscode';
import { MESSAGE_SCHEME } from './messageFileSystem';
import { messagePath, type MessageStore } from './messageStore';
import type { MessageRequest, Outcome, Pending } from './messageEditor';

const MESSAGE_LANGUAGE = 'repodesk-message';

/** What the editor keeps for every message (messageEditor.ts). */
export interface EditorState {
  store: MessageStore;
  /** The editors whose flow waits for ✓ or ✕, by path. */
  pending: Map<string, Pending>;
  /** Keeps what the editor said, under tests. */
  note(text: string): void;
  say(kind: 'info' | 'warning', text: string): void;
  savedText(path: string): Promise<string>;
  closeTabs(path: string): Promise<void>;
  settle(path: string, outcome: Outcome, by: string): void;
}

/** messageEditor.ts's editMessage, with the editor's state. */
export async function editMessage(request: MessageRequest, editor: EditorState): Promise<string | undefined> {
  const { store, pending, note, say, savedText, closeTabs, settle } = editor;
  const path = messagePath(request.key, request.title);
  const uri = vscode.Uri.from({ scheme: MESSAGE_SCHEME, path });
  if (pending.has(path)) {
    // The same message is being written already: there, not in a second editor.
    await vscode.window.showTextDocument(uri, { preview: false });
    say('info', vscode.l10n.t('“{0}” is open already: finish it there.', request.title));
    return undefined;
  }
  // A text left by a reload at the same place (its tab may be open) comes first, then one kept from a cancel.
  const left = store.message(path)?.text;
  const earlier = left?.trim() ? left : store.keptText(request.key);
  store.start(path, { key: request.key, title: request.title, text: earlier ?? request.initial, resume: request.resume });
  // The language is set before the document is watched: setting it closes and reopens the document.
  const opened = await vscode.workspace.openTextDocument(uri);
  const doc = opened.languageId === MESSAGE_LANGUAGE ? opened : await vscode.languages.setTextDocumentLanguage(opened, MESSAGE_LANGUAGE);
  const decided = new Promise<Outcome>((decide) => pending.set(path, { request, decide }));
  await vscode.window.showTextDocument(doc, { preview: false });
  // What to do stays on screen while the text is written, and goes when it is decided (a notification with
  // progress is the one kind VS Code neither hides on a timer nor leaves behind); its Cancel is the editor's ✕.
  const prompt = earlier === undefined ? request.prompt : `${request.prompt} ${vscode.l10n.t('Your earlier text is back in the editor.')}`;
  note(prompt);
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: prompt, cancellable: true }, (_progress, token) => {
    token.onCancellationRequested(() => settle(path, 'cancel', 'Cancel'));
    return decided;
  });
  // The action itself in the status bar too, where it stays in sight whichever editor has the focus.
  const button = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 1000);
  button.text = `$(check) ${request.action ?? vscode.l10n.t('Use This Message')}`;
  button.tooltip = prompt;
  button.command = { command: 'repodesk.messageEditor.accept', title: button.text, arguments: [uri] };
  button.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  button.show();
  const outcome = await decided.finally(() => button.dispose());
  // Ended by a reload: the text stays in the store, and the next activation offers it again.
  if (outcome === 'lost') return undefined;
  const text = await savedText(path);
  await closeTabs(path);
  store.end(path);
  if (outcome === 'accept') {
    store.forget(request.key);
    return text;
  }
  // Emptied on purpose: an older kept text does not come back either.
  store.keep(request.key, text);
  say('info', text.trim() ? `${request.cancelled} ${vscode.l10n.t('Your text is kept: it is back in the editor when you open it again.')}` : request.cancelled);
  return undefined;
}
