// A read-only file system over the git data API (scheme `repodesk`): a path
// names a repository, a commit or tree SHA and a file; the provider walks
// the trees down the path and reads the blob. Blobs and trees are immutable,
// so they are cached by SHA for the session.
import { fromBase64 } from '../../../util/bytes';
import * as vscode from 'vscode';
import type { HostingClient, TreeEntry } from '../../../hosting';
import { NotFoundError } from '../../../hosting';
import { fromGitPath, toGitPath, toGitQuery, type GitLocation } from '../../../util/gitUri';
import type { HostingSession } from '../session/hostingSession';
import type { Logger } from '../log/outputLog';
import type { FeatureContext } from '../featureContext';
import { isUnreachable } from '../tree/offlineRows';
import type { OfflineCopies } from './offlineCopies';

export const GIT_SCHEME = 'repodesk';

export function gitUri(loc: GitLocation): vscode.Uri {
  const query = toGitQuery(loc);
  return vscode.Uri.from({ scheme: GIT_SCHEME, path: toGitPath(loc), ...(query ? { query } : {}) });
}

type Node = { type: 'tree' | 'blob' | 'commit'; sha: string; size?: number | undefined };

/** Blobs whose SHA is known for a path at a commit (a pull request's file lists it): read without walking the trees. */
const knownBlobs = new Map<string, string>();
const blobKey = (loc: GitLocation) => `${loc.account ?? ''} ${loc.owner}/${loc.repo}@${loc.sha}:${loc.path}`;

/** Remembers that `loc` (a file at a commit) is the blob `sha`, as the service listed it. */
export function rememberBlob(loc: GitLocation, sha: string): void {
  knownBlobs.set(blobKey(loc), sha);
}

/** The window's file system (registerGitFileSystem), which warmFile reads through. */
let windowFs: GitFileSystem | undefined;

/**
 * A file listed in a pull request's Changed files: its sides are read into memory now, so that a click on
 * it opens the diff from memory. Read at the click, the answer came ~250 ms late in a fresh window, the
 * extension host busy activating the Markdown extension meanwhile. Read with the account openFile uses.
 */
export function warmFile(
  owner: string,
  repo: string,
  pull: { base: { sha: string }; head: { sha: string } },
  f: { filename: string; status: string; sha: string },
): void {
  const fs = windowFs;
  if (!fs) return;
  const account = fs.session.accounts.length > 1 ? fs.session.account?.id : undefined;
  const at = (sha: string) => ({ owner, repo, sha, path: f.filename, account });
  if (f.status !== 'removed') {
    rememberBlob(at(pull.head.sha), f.sha);
    void fs.warm(at(pull.head.sha));
  }
  if (f.status !== 'added') void fs.warm(at(pull.base.sha));
}

export class GitFileSystem implements vscode.FileSystemProvider {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  // Answers and reads still on their way alike: a click that comes while the read ahead is out waits for it
  // rather than asking again. A failed read is forgotten, so the next one asks.
  private readonly blobs = new Map<string, Promise<Uint8Array>>();
  private readonly trees = new Map<string, Promise<TreeEntry[]>>();
  /** Commit SHA (or ref) to its root tree SHA. */
  private readonly roots = new Map<string, Promise<string>>();

  constructor(
    readonly session: HostingSession,
    private readonly log?: Logger,
    /** Where copies of the files read are kept (loaded with the first file read). */
    private readonly copies: () => Promise<OfflineCopies> = () => Promise.reject(new Error('no copies kept')),
  ) {}

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const loc = fromGitPath(uri.path, uri.query);
    if (loc.empty) return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: 0, permissions: vscode.FilePermission.Readonly };
    const node = await this.resolve(loc).catch(async (err: unknown) => {
      const copy = await this.offlineCopy(loc, err);
      return { type: 'blob' as const, sha: '', size: copy.byteLength };
    });
    return {
      type: node.type === 'tree' ? vscode.FileType.Directory : vscode.FileType.File,
      ctime: 0,
      mtime: 0,
      size: node.size ?? 0,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const loc = fromGitPath(uri.path, uri.query);
    const node = await this.resolve(loc);
    if (node.type !== 'tree') throw vscode.FileSystemError.FileNotADirectory(uri);
    const entries = await this.tree(loc, node.sha);
    return entries.map((e) => [e.path, e.type === 'tree' ? vscode.FileType.Directory : vscode.FileType.File]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const loc = fromGitPath(uri.path, uri.query);
    if (loc.empty) return new Uint8Array();
    try {
      const bytes = await this.readOnline(loc, uri);
      void this.copies()
        .then((c) => c.keep(blobKey(loc), bytes))
        .catch(() => undefined);
      return bytes;
    } catch (err) {
      return this.offlineCopy(loc, err);
    }
  }

  /**
   * What to answer when the service did not: the copy kept when the file was
   * read before (offlineCopies.ts), else the error as it was.
   */
  private async offlineCopy(loc: GitLocation, err: unknown): Promise<Uint8Array> {
    const copy = isUnreachable(err)
      ? await this.copies().then(
          (c) => c.read(blobKey(loc)),
          () => undefined,
        )
      : undefined;
    if (!copy) throw err;
    return copy;
  }

  private async readOnline(loc: GitLocation, uri: vscode.Uri): Promise<Uint8Array> {
    const asked = Date.now();
    const node = await this.resolve(loc);
    if (node.type === 'tree') throw vscode.FileSystemError.FileIsADirectory(uri);
    if (node.type === 'commit') return new TextEncoder().encode(`Subproject commit ${node.sha}\n`);
    const resolved = Date.now();
    const bytes = await this.blob(loc, node.sha);
    // When VS Code asked, the path was walked and the blob read (epoch ms), at debug for the first-thread benchmark.
    this.log?.debug(`Read ${loc.path} at ${loc.sha.slice(0, 7)} (epoch ms): asked=${asked} resolved=${resolved} read=${Date.now()}`);
    return bytes;
  }

  /** Reads a file into memory (warmFile); a failure is left to the read that needs the file. */
  async warm(loc: GitLocation): Promise<void> {
    const node = await this.resolve(loc).catch(() => undefined);
    if (node?.type === 'blob') await this.blob(loc, node.sha).catch(() => undefined);
  }

  /** The entries of a tree (for the Git Refs view's browser). */
  async list(loc: GitLocation): Promise<TreeEntry[]> {
    const node = await this.resolve(loc);
    if (node.type !== 'tree') return [];
    return this.tree(loc, node.sha);
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('RepoDesk files are read-only.'));
  }
  writeFile(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('RepoDesk files are read-only.'));
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('RepoDesk files are read-only.'));
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('RepoDesk files are read-only.'));
  }

  /**
   * The location's account's client (a pull request's diff: the account it was opened under), else the one in use.
   * A diff VS Code restores after a reload is read as RepoDesk starts, before the stored session is known: without
   * a client, the session is looked up first (after the one activation started, which it waits for).
   */
  private async client(loc: GitLocation): Promise<HostingClient> {
    const known = () => (loc.account !== undefined ? this.session.clientFor(loc.account) : this.session.client);
    if (!known()) await this.session.refresh().catch(() => undefined);
    const client = known();
    if (!client) throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Sign in to RepoDesk to read repository files.'));
    return client;
  }

  /** Walks from the commit's root tree down the path, one tree at a time. */
  private async resolve(loc: GitLocation): Promise<Node> {
    // A file's blob named by the pull request's file list: one request instead of a commit and a tree per folder.
    const known = knownBlobs.get(blobKey(loc));
    if (known) return { type: 'blob', sha: known };
    let node: Node = { type: 'tree', sha: await this.rootTree(loc) };
    for (const name of loc.path.split('/').filter(Boolean)) {
      if (node.type !== 'tree') throw vscode.FileSystemError.FileNotFound(gitUri(loc));
      const entry: TreeEntry | undefined = (await this.tree(loc, node.sha)).find((e) => e.path === name);
      if (!entry) throw vscode.FileSystemError.FileNotFound(gitUri(loc));
      node = { type: entry.type, sha: entry.sha, size: entry.size };
    }
    return node;
  }

  private rootTree(loc: GitLocation): Promise<string> {
    // Per account: what one account read is not another's to see.
    return once(this.roots, `${loc.account ?? ''} ${loc.owner}/${loc.repo}@${loc.sha}`, async () => {
      try {
        return (await (await this.client(loc)).git.getCommit(loc.owner, loc.repo, loc.sha)).tree.sha;
      } catch (err) {
        // Not a commit: the SHA may be a tree's own.
        if (!(err instanceof NotFoundError)) throw err;
        return loc.sha;
      }
    });
  }

  private tree(loc: GitLocation, sha: string): Promise<TreeEntry[]> {
    return once(this.trees, `${loc.account ?? ''} ${sha}`, async () => {
      try {
        return (await (await this.client(loc)).git.getTree(loc.owner, loc.repo, sha)).tree;
      } catch (err) {
        if (err instanceof NotFoundError) throw vscode.FileSystemError.FileNotFound(gitUri(loc));
        throw err;
      }
    });
  }

  private blob(loc: GitLocation, sha: string): Promise<Uint8Array> {
    return once(this.blobs, `${loc.account ?? ''} ${sha}`, async () => {
      const blob = await (await this.client(loc)).git.getBlob(loc.owner, loc.repo, sha);
      return blob.encoding === 'base64' ? fromBase64(blob.content) : new TextEncoder().encode(blob.content);
    });
  }
}

/** The read of `key`, started by the first caller and shared by the rest; dropped if it fails. */
function once<T>(reads: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  const known = reads.get(key);
  if (known) return known;
  const started = read();
  reads.set(key, started);
  started.catch(() => reads.delete(key));
  return started;
}

let copies: Promise<OfflineCopies> | undefined;
/** The window's one set of offline copies (one writer keeps their index right), loaded on first use. */
export const offlineCopiesOf = (context: vscode.ExtensionContext): Promise<OfflineCopies> =>
  (copies ??= import('./offlineCopies.js').then((m) => new m.OfflineCopies(context.globalState, context.globalStorageUri)));

export function registerGitFileSystem({
  extension: context,
  session,
  log,
}: Pick<FeatureContext, 'extension' | 'session'> & Partial<Pick<FeatureContext, 'log'>>): GitFileSystem {
  const fs = (windowFs = new GitFileSystem(session, log, () => offlineCopiesOf(context)));
  context.subscriptions.push(vscode.workspace.registerFileSystemProvider(GIT_SCHEME, fs, { isCaseSensitive: true, isReadonly: true }));
  return fs;
}
