// The documents of the message editor live under a scheme of RepoDesk's own:
// the tab is named by the file's name ("Commit message: main"), no other
// extension claims the document (the git extension adds its "Accept Commit
// Message" to documents of the git-commit language), and it is not an
// untitled file, so closing its tab does not ask where to save it.
//
// The files are the store's texts (messageStore.ts), so they outlive a window
// reload. No call fails: VS Code shows a provider's error as "Unable to write
// file …" with Retry / Save As / Revert, which means nothing to the user. A
// file nothing knows reads as empty, and a write of one is kept.
import * as vscode from 'vscode';
import { parseMessagePath, type MessageStore } from './messageStore';

export const MESSAGE_SCHEME = 'repodesk-message';

export class MessageFileSystem implements vscode.FileSystemProvider {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  /** `unknown`: a file read that no message was written in (its tab restored, its text gone); the editor says what it is. */
  constructor(
    private readonly store: MessageStore,
    private readonly unknown: (uri: vscode.Uri) => void,
  ) {}

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    // The root and the one folder per message are folders; a message's path is always a file (empty until written).
    if (!parseMessagePath(uri.path)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const size = new TextEncoder().encode(this.store.message(uri.path)?.text ?? '').byteLength;
    return { type: vscode.FileType.File, ctime: 0, mtime: 0, size };
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const prefix = uri.path.endsWith('/') ? uri.path : `${uri.path}/`;
    const names = this.store
      .paths()
      .filter((p) => p.startsWith(prefix))
      .map((p) => p.slice(prefix.length).split('/'));
    return [...new Map(names.map((n) => [n[0]!, n.length > 1 ? vscode.FileType.Directory : vscode.FileType.File]))];
  }

  /** The folders exist already (stat says so); VS Code may still ask before a write. */
  createDirectory(): void {}

  readFile(uri: vscode.Uri): Uint8Array {
    const message = this.store.message(uri.path);
    if (!message && parseMessagePath(uri.path)) this.unknown(uri);
    return new TextEncoder().encode(message?.text ?? '');
  }

  /** Saving (also the automatic save when the focus moves or the tab closes) keeps the text in the store. */
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.store.write(uri.path, new TextDecoder().decode(content));
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.store.end(uri.path);
  }

  rename(from: vscode.Uri, to: vscode.Uri): void {
    const message = this.store.end(from.path);
    if (message) this.store.write(to.path, message.text);
  }
}
