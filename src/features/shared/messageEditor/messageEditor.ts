// The editor where longer text is written (a commit or merge message, a pull
// request's description, release notes, a reply): a tab named for what it is
// ("Commit message: main", "Merge message: #12"), in RepoDesk's own language
// (so no other extension adds its buttons), finished with RepoDesk's ✓ or ✕ in
// its title bar or the status bar's button named for the action. Every way
// out says what happened: the caller says "committed" or "merged"; a cancel
// (✕, or the tab closed) says so and keeps the text, which the next editor
// for the same thing starts from. An empty message, where one is refused, is
// refused where it is written, with the reason, and nothing is sent.
//
// A window reload ends the flow a message was written for, but not its tab
// (VS Code restores it) nor its text (kept in the workspace state): the text
// is offered again, and ✓ starts the flow again with it (orphanMessages.ts).
import * as vscode from 'vscode';
import { MESSAGE_SCHEME, MessageFileSystem } from './messageFileSystem';
import { MessageStore, type MessageResume } from './messageStore';
import type { Orphans } from './orphanMessages';

export interface MessageRequest {
  /** What the message is for (e.g. `commit:owner/repo`): a cancelled text is kept under it. */
  key: string;
  /** The tab's title: says what the message is for. */
  title: string;
  /** The text to start from when no earlier text was kept. */
  initial: string;
  /** What to write, shown when the editor opens. */
  prompt: string;
  /** Why an empty message is refused; none: an empty text is a text (a description may be empty). */
  refuseEmpty?: string;
  /** The status bar button's words, beside ✓ ("Create Release"); none: "Use This Message". */
  action?: string;
  /** What a cancel means ("Nothing was committed."). */
  cancelled: string;
  /** How to start the flow again after a window reload ended it (its ✓ then does). */
  resume?: MessageResume;
}

/** 'lost': the flow ended without a decision (a window reload; under tests, its stand-in). */
export type Outcome = 'accept' | 'cancel' | 'lost';

export interface Pending {
  request: MessageRequest;
  decide: (outcome: Outcome) => void;
}

/** The editors whose flow waits for ✓ or ✕, by path. */
const pending = new Map<string, Pending>();
/** Paths whose tabs RepoDesk is closing: their close is not the user's cancel. */
const closing = new Set<string>();
/** What the editor said to the user, kept under tests only (a test reads what a person would read). */
const said: string[] = [];
let keepSaid = false;
let store: MessageStore | undefined;
/** RepoDesk's log: how each editor ended (a cancel nobody asked for shows there). */
let logLine: (line: string) => void = () => undefined;
/** What messages a reload left need: loaded on first use (most windows have none at start-up). */
type LazyOrphans = Pick<Orphans, 'resume' | 'keep' | 'offerAll' | 'act'> & { unknown(path: string): void };
let orphans: LazyOrphans | undefined;

function lazyOrphans(kept: MessageStore, parts: ConstructorParameters<typeof Orphans>[1]): LazyOrphans {
  let loaded: Promise<Orphans> | undefined;
  const get = () => (loaded ??= import('./orphanMessages.js').then((m) => new m.Orphans(kept, parts)));
  return {
    resume: (path) => get().then((o) => o.resume(path)),
    keep: (path) => get().then((o) => o.keep(path)),
    act: (path, action, title) => get().then((o) => o.act(path, action, title)),
    unknown: (path) => void get().then((o) => o.unknown(path)),
    offerAll: () => {
      if (kept.paths().length > 0) void get().then((o) => o.offerAll());
    },
  };
}

/** Keeps what the editor said, under tests. */
function note(text: string): void {
  if (keepSaid) said.push(text);
}

function say(kind: 'info' | 'warning', text: string): void {
  note(text);
  void (kind === 'info' ? vscode.window.showInformationMessage(text) : vscode.window.showWarningMessage(text));
}

function pathOf(uri: vscode.Uri | undefined): string | undefined {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  return target?.scheme === MESSAGE_SCHEME ? target.path : undefined;
}

function openDocument(path: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === MESSAGE_SCHEME && d.uri.path === path && !d.isClosed);
}

function tabsOf(path: string): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === MESSAGE_SCHEME && t.input.uri.path === path);
}

/** The text as the user sees it: the open document's, else the store's. */
function currentText(path: string): string {
  return openDocument(path)?.getText() ?? store?.message(path)?.text ?? '';
}

/**
 * The text as the window has it, saved into the store. The extension host's
 * copy of a document can lag the window's by the last keystrokes on a busy
 * machine: read here alone, it could miss them, and look clean while the
 * window's is not (its tab then closed with a question whether to save). A
 * save is the window's: a clean document's costs nothing.
 */
async function savedText(path: string): Promise<string> {
  await openDocument(path)?.save();
  return currentText(path);
}

/** Closes the tabs of `path` without asking where to save (saved first, into the store) and without it counting as a cancel. */
async function closeTabs(path: string): Promise<void> {
  // Saved whether or not it looks dirty here (savedText says why).
  await openDocument(path)?.save();
  const tabs = tabsOf(path);
  if (tabs.length === 0) return;
  closing.add(path);
  try {
    await vscode.window.tabGroups.close(tabs);
  } finally {
    closing.delete(path);
  }
}

function accept(uri?: vscode.Uri): void {
  const path = pathOf(uri);
  if (path === undefined) return;
  const entry = pending.get(path);
  if (!entry) {
    void orphans?.resume(path);
    return;
  }
  const { refuseEmpty } = entry.request;
  if (refuseEmpty !== undefined && !currentText(path).trim()) {
    say('warning', refuseEmpty);
    return;
  }
  settle(path, 'accept', '✓');
}

function cancel(uri?: vscode.Uri): void {
  const path = pathOf(uri);
  if (path === undefined) return;
  if (pending.has(path)) settle(path, 'cancel', '✕');
  else void orphans?.keep(path);
}

function settle(path: string, outcome: Outcome, by: string): void {
  const entry = pending.get(path);
  if (!entry) return;
  pending.delete(path);
  logLine(`“${entry.request.title}”: ${outcome} (${by})`);
  entry.decide(outcome);
}

/** The ✓ and ✕ of the editor's title bar, the file system of its documents, and the ways a tab goes. */
export function registerMessageEditor(context: vscode.ExtensionContext, log: (line: string) => void): void {
  logLine = log;
  keepSaid = context.extensionMode === vscode.ExtensionMode.Test;
  let files = startFiles(context);
  const closed = (uri: vscode.Uri) => {
    if (uri.scheme !== MESSAGE_SCHEME || closing.has(uri.path)) return;
    if (pending.has(uri.path)) settle(uri.path, 'cancel', 'its tab closed');
    else void orphans?.keep(uri.path);
  };
  context.subscriptions.push(
    { dispose: () => files.dispose() },
    vscode.commands.registerCommand('repodesk.messageEditor.accept', (uri?: unknown) => accept(uri instanceof vscode.Uri ? uri : undefined)),
    vscode.commands.registerCommand('repodesk.messageEditor.cancel', (uri?: unknown) => cancel(uri instanceof vscode.Uri ? uri : undefined)),
    vscode.workspace.onDidChangeTextDocument((e) => {
      // Every keystroke kept: a reload before the next save loses nothing.
      const { uri } = e.document;
      if (uri.scheme === MESSAGE_SCHEME && store?.message(uri.path)) store.write(uri.path, e.document.getText());
    }),
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const tab of e.closed) if (tab.input instanceof vscode.TabInputText) closed(tab.input.uri);
    }),
    // A pending editor's document closed with no tab left showing it (its tab may close later or not at all); an
    // orphan's only goes with its tab. While a tab shows it, it is the same text opened again: a language change
    // is told as a close and an open, and so is an earlier model of the same file let go late.
    vscode.workspace.onDidCloseTextDocument((doc) => {
      const { path } = doc.uri;
      if (doc.uri.scheme === MESSAGE_SCHEME && pending.has(path) && !closing.has(path) && !tabsOf(path).length) settle(path, 'cancel', 'its document closed');
    }),
  );
  if (keepSaid) {
    context.subscriptions.push(
      vscode.commands.registerCommand('repodesk.testing.messageEditorSaid', () => [...said]),
      // An action of the notification a reload left for `uri`'s message, as if clicked (even after the message was settled).
      vscode.commands.registerCommand('repodesk.testing.messageEditorNotice', (uri: vscode.Uri, action: 'again' | 'show' | 'discard', title: string) =>
        orphans?.act(uri.path, action, title),
      ),
      // What a window reload does to the editor, in this window: the flows end undecided, and the state is read anew.
      vscode.commands.registerCommand('repodesk.testing.messageEditorReload', () => {
        for (const path of [...pending.keys()]) settle(path, 'lost', 'a reload');
        files.dispose();
        files = startFiles(context);
      }),
    );
  }
}

/** The store read from the workspace state, its file system registered, and what a reload left offered again. */
function startFiles(context: vscode.ExtensionContext): vscode.Disposable {
  const kept = new MessageStore(context.workspaceState);
  store = kept;
  orphans = lazyOrphans(kept, {
    say: (text) => say('info', text),
    note,
    savedText,
    closeTabs,
    isPending: (path) => pending.has(path),
  });
  const found = orphans;
  const files = new MessageFileSystem(kept, (uri) => found.unknown(uri.path));
  const registration = vscode.workspace.registerFileSystemProvider(MESSAGE_SCHEME, files, { isCaseSensitive: true });
  found.offerAll();
  return registration;
}

/**
 * Opens the editor for `request`; the text when the user chose ✓ (never
 * empty), undefined when they cancelled (then said, and the text kept). A
 * caller whose use of the text fails hands it back with `keepMessage`. Its
 * code loads on first use (editingMessage.ts), not at activation.
 */
export async function editMessage(request: MessageRequest): Promise<string | undefined> {
  if (!store) throw new Error('registerMessageEditor was not called');
  return (await import('./editingMessage.js')).editMessage(request, {
    store,
    pending,
    note,
    say,
    savedText,
    closeTabs,
    settle,
  });
}

/** Keeps `text` for the next editor of `key` (its use failed: the user retries from it). */
export function keepMessage(key: string, text: string): void {
  store?.keep(key, text);
}
