// The editor where a commit or merge message is written: a tab named for what
// it is ("Commit message: main", "Merge message: #12"), in RepoDesk's own
// language (so no other extension adds its buttons), finished with RepoDesk's
// ✓ or ✕ in its title bar. Every way out says what happened: the caller says
// "committed" or "merged"; a cancel (✕, or the tab closed) says so and keeps
// the text, which the next editor for the same thing starts from. An empty
// message is refused where it is written, with the reason, and nothing is sent.
import * as vscode from 'vscode';
import { MESSAGE_SCHEME, MessageFileSystem } from './messageFileSystem';

const MESSAGE_LANGUAGE = 'repodesk-message';

export interface MessageRequest {
  /** What the message is for (e.g. `commit:owner/repo`): a cancelled text is kept under it. */
  key: string;
  /** The tab's title: says what the message is for. */
  title: string;
  /** The text to start from when no earlier text was kept. */
  initial: string;
  /** What to write, shown when the editor opens. */
  prompt: string;
  /** Why an empty message is refused. */
  refuseEmpty: string;
  /** What a cancel means ("Nothing was committed."). */
  cancelled: string;
}

interface Pending {
  request: MessageRequest;
  decide: (accept: boolean) => void;
  /** The text as last seen (the document may be gone when its tab closed). */
  text: string;
}

const pending = new Map<string, Pending>();
const kept = new Map<string, string>();
/** Where the kept texts and the texts being written outlive a window reload. */
const KEPT_STATE = 'repodesk.messageEditor.kept';
const OPEN_STATE = 'repodesk.messageEditor.open';
let state: vscode.Memento | undefined;

function saveKept(): void {
  void state?.update(KEPT_STATE, Object.fromEntries(kept));
}

/** The texts being written, by document: a reload ends their flows, and the next activation keeps them. */
function saveOpen(): void {
  void state?.update(OPEN_STATE, Object.fromEntries([...pending.values()].map((p) => [p.request.key, p.text])));
}
/** What the editor said to the user, kept under tests only (a test reads what a person would read). */
const said: string[] = [];
let keepSaid = false;
let files: MessageFileSystem | undefined;
let opened = 0;

function say(kind: 'info' | 'warning', text: string): void {
  if (keepSaid) said.push(text);
  void (kind === 'info' ? vscode.window.showInformationMessage(text) : vscode.window.showWarningMessage(text));
}

function keyOf(uri: vscode.Uri | undefined): string | undefined {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  return target?.scheme === MESSAGE_SCHEME ? target.toString() : undefined;
}

function accept(uri?: vscode.Uri): void {
  const key = keyOf(uri);
  const entry = key === undefined ? undefined : pending.get(key);
  if (!key || !entry) return;
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  if (doc) entry.text = doc.getText();
  if (!entry.text.trim()) {
    say('warning', entry.request.refuseEmpty);
    return;
  }
  settle(key, true);
}

function settle(key: string, accepted: boolean): void {
  const entry = pending.get(key);
  if (!entry) return;
  pending.delete(key);
  saveOpen();
  entry.decide(accepted);
}

/** The ✓ and ✕ of the editor's title bar, the file system of its documents, and the ways a tab goes. */
export function registerMessageEditor(context: vscode.ExtensionContext): void {
  files = new MessageFileSystem();
  keepSaid = context.extensionMode === vscode.ExtensionMode.Test;
  state = context.workspaceState;
  restoreAfterReload(state);
  const closed = (uri: vscode.Uri) => {
    if (uri.scheme === MESSAGE_SCHEME) settle(uri.toString(), false);
  };
  context.subscriptions.push(
    vscode.workspace.registerFileSystemProvider(MESSAGE_SCHEME, files, { isCaseSensitive: true }),
    vscode.commands.registerCommand('repodesk.messageEditor.accept', (uri?: unknown) => accept(uri instanceof vscode.Uri ? uri : undefined)),
    vscode.commands.registerCommand('repodesk.messageEditor.cancel', (uri?: unknown) => {
      const key = keyOf(uri instanceof vscode.Uri ? uri : undefined);
      if (key) settle(key, false);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      const entry = pending.get(e.document.uri.toString());
      if (!entry) return;
      entry.text = e.document.getText();
      saveOpen();
    }),
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const tab of e.closed) if (tab.input instanceof vscode.TabInputText) closed(tab.input.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => closed(doc.uri)),
  );
  if (keepSaid) context.subscriptions.push(vscode.commands.registerCommand('repodesk.testing.messageEditorSaid', () => [...said]));
}

/**
 * A window reload ends the flow an open message editor belonged to: its text
 * (as last seen) is kept for the next try, and its tab, which nothing can
 * read any more, is closed with a word.
 */
function restoreAfterReload(memento: vscode.Memento): void {
  for (const [key, text] of Object.entries(memento.get<Record<string, string>>(KEPT_STATE) ?? {})) kept.set(key, text);
  const open = Object.entries(memento.get<Record<string, string>>(OPEN_STATE) ?? {}).filter(([, text]) => text.trim());
  for (const [key, text] of open) kept.set(key, text);
  void memento.update(OPEN_STATE, undefined);
  saveKept();
  const stale = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === MESSAGE_SCHEME);
  if (stale.length > 0) void vscode.window.tabGroups.close(stale);
  if (stale.length > 0 || open.length > 0) {
    say(
      'info',
      vscode.l10n.t(
        'The window reloaded while a commit or merge message was being written: nothing was committed or merged. The text is kept: it is back in the editor when you commit or merge again.',
      ),
    );
  }
}

/** A tab title as a file name: a "/" (in a branch's name) would make folders of it. */
function fileName(title: string): string {
  return title.replace(/\//g, '\u2215');
}

/**
 * Opens the editor for `request`; the text when the user chose ✓ (never
 * empty), undefined when they cancelled (then said, and the text kept). A
 * caller whose use of the text fails hands it back with `keepMessage`.
 */
export async function editMessage(request: MessageRequest): Promise<string | undefined> {
  if (!files) throw new Error('registerMessageEditor was not called');
  const earlier = kept.get(request.key);
  const uri = vscode.Uri.from({ scheme: MESSAGE_SCHEME, path: `/${++opened}/${fileName(request.title)}` });
  files.put(uri, earlier ?? request.initial);
  // The language is set before the document is watched: setting it closes and reopens the document.
  const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), MESSAGE_LANGUAGE);
  const key = uri.toString();
  let entry: Pending | undefined;
  const decided = new Promise<boolean>((decide) => pending.set(key, (entry = { request, decide, text: doc.getText() })));
  saveOpen();
  await vscode.window.showTextDocument(doc, { preview: false });
  // What to do stays on screen while the text is written, and goes when it is decided (a notification with
  // progress is the one kind VS Code neither hides on a timer nor leaves behind); its Cancel is the editor's ✕.
  const prompt = earlier === undefined ? request.prompt : `${request.prompt} ${vscode.l10n.t('Your earlier text is back in the editor.')}`;
  if (keepSaid) said.push(prompt);
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: prompt, cancellable: true }, (_progress, token) => {
    token.onCancellationRequested(() => settle(key, false));
    return decided;
  });
  const accepted = await decided;
  // The open document's text; else (its tab closed) the last text seen, which the save on close also wrote.
  const text = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key && !d.isClosed)?.getText() ?? entry!.text;
  await closeTab(doc);
  files.remove(uri);
  if (accepted) {
    kept.delete(request.key);
    saveKept();
    return text;
  }
  if (text.trim()) {
    kept.set(request.key, text);
    saveKept();
    say('info', `${request.cancelled} ${vscode.l10n.t('Your text is kept: it is back in the editor when you open it again.')}`);
  } else {
    // Emptied on purpose: an older kept text does not come back either.
    kept.delete(request.key);
    saveKept();
    say('info', request.cancelled);
  }
  return undefined;
}

/** Keeps `text` for the next editor of `key` (its use failed: the user retries from it). */
export function keepMessage(key: string, text: string): void {
  kept.set(key, text);
  saveKept();
}

async function closeTab(doc: vscode.TextDocument): Promise<void> {
  const key = doc.uri.toString();
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
  if (tabs.length === 0) return;
  // Saved first (into memory): a dirty tab would ask where to save it.
  if (doc.isDirty && !doc.isClosed) await doc.save();
  await vscode.window.tabGroups.close(tabs);
}
