// The documents of the message editor live in memory under a scheme of
// RepoDesk's own: the tab is named by the file's name ("Commit message:
// main"), no other extension claims the document (the git extension adds its
// "Accept Commit Message" to documents of the git-commit language), and it is
// not an untitled file, so closing its tab does not ask where to save it.
import * as vscode from 'vscode';

export const MESSAGE_SCHEME = 'repodesk-message';

/** A flat in-memory file system: one file per open message, never on disk. */
export class MessageFileSystem implements vscode.FileSystemProvider {
  private readonly files = new Map<string, { data: Uint8Array; mtime: number }>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  /** Puts `text` at `uri` (a new message, or the text kept from a cancelled one). */
  put(uri: vscode.Uri, text: string): void {
    this.files.set(uri.path, { data: new TextEncoder().encode(text), mtime: Date.now() });
  }

  remove(uri: vscode.Uri): void {
    this.files.delete(uri.path);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const file = this.files.get(uri.path);
    if (file) return { type: vscode.FileType.File, ctime: file.mtime, mtime: file.mtime, size: file.data.byteLength };
    // The folders of the paths (one per open message) exist while their file does.
    if ([...this.files.keys()].some((p) => p.startsWith(uri.path.endsWith('/') ? uri.path : `${uri.path}/`)))
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    throw vscode.FileSystemError.FileNotFound(uri);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const file = this.files.get(uri.path);
    if (!file) throw vscode.FileSystemError.FileNotFound(uri);
    return file.data;
  }

  /** Saving (also the automatic save when the tab closes) keeps the text here; nothing goes anywhere else. */
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.files.set(uri.path, { data: content, mtime: Date.now() });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.files.delete(uri.path);
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions();
  }
}
