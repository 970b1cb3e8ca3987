// Copies of the repository files read, kept in the extension's global
// storage, so that a diff or a file VS Code restores after a reload opens
// while the service does not answer. A file at a commit never changes, so a
// copy is never stale. Beside them, the last answer of a few reads a diff's
// threads need (the pull request, its files, its review comments): shown
// only while the service does not answer, as the views show their last rows. Bounded: the most recently read first, at most
// MOST_FILES files and MOST_BYTES bytes, none over LARGEST_FILE. The names
// are hashes of what they are (account, repository, commit, path): no
// secret is on disk that the service did not send.
import * as vscode from 'vscode';

const INDEX_KEY = 'repodesk.offlineCopies';
const MOST_FILES = 300;
const MOST_BYTES = 30 * 1024 * 1024;
const LARGEST_FILE = 2 * 1024 * 1024;

interface Entry {
  name: string;
  size: number;
}

const isEntry = (e: unknown): e is Entry => typeof (e as Entry)?.name === 'string' && Number.isInteger((e as Entry).size);

async function fileName(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** How many answers keepAnswer remembers, to skip writing one that did not change. */
const ANSWERS_REMEMBERED = 40;

export class OfflineCopies {
  private writing = Promise.resolve();
  private readonly answersKept = new Map<string, string>();

  constructor(
    private readonly storage: vscode.Memento,
    private readonly folder: vscode.Uri,
  ) {}

  private index(): Entry[] {
    const stored = this.storage.get<unknown>(INDEX_KEY);
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  }

  /** Keeps a copy of `bytes` as `key` (one write at a time, so the index is never raced). */
  keep(key: string, bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength > LARGEST_FILE) return Promise.resolve();
    this.writing = this.writing.then(() => this.write(key, bytes)).catch(() => undefined);
    return this.writing;
  }

  private async write(key: string, bytes: Uint8Array): Promise<void> {
    const name = await fileName(key);
    const kept: Entry[] = [];
    const dropped: Entry[] = [];
    let total = 0;
    for (const e of [{ name, size: bytes.byteLength }, ...this.index().filter((e) => e.name !== name)]) {
      if (kept.length < MOST_FILES && total + e.size <= MOST_BYTES) {
        kept.push(e);
        total += e.size;
      } else dropped.push(e);
    }
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(this.folder, name), bytes);
    await this.storage.update(INDEX_KEY, kept);
    for (const e of dropped) await Promise.resolve(vscode.workspace.fs.delete(vscode.Uri.joinPath(this.folder, e.name))).catch(() => undefined);
  }

  /** The copy kept as `key`, if any. */
  async read(key: string): Promise<Uint8Array | undefined> {
    const name = await fileName(key);
    if (!this.index().some((e) => e.name === name)) return undefined;
    return Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.folder, name))).catch(() => undefined);
  }

  /** Keeps the last answer read as `key` (JSON), unless it is the one kept last. */
  keepAnswer(key: string, answer: unknown): Promise<void> {
    const text = JSON.stringify(answer);
    if (this.answersKept.get(key) === text) return Promise.resolve();
    this.answersKept.delete(key);
    this.answersKept.set(key, text);
    if (this.answersKept.size > ANSWERS_REMEMBERED) this.answersKept.delete(this.answersKept.keys().next().value!);
    return this.keep(`answer ${key}`, new TextEncoder().encode(text));
  }

  /** The answer kept as `key`, if any (undefined when it cannot be read back). */
  async answer<T>(key: string): Promise<T | undefined> {
    const bytes = await this.read(`answer ${key}`);
    try {
      return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : undefined;
    } catch {
      return undefined;
    }
  }
}
