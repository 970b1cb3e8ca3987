// Committing a folder that is not on the disk (a virtual workspace's, read
// through workspace.fs, as the browser build reads every folder): the same
// ignore rules, only what changed sent, and the modes the branch has kept
// (that file system tells none): an executable stays 100755 when its
// content changes, a new file is 100644.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { signInAsAdaWithDemoRepository } from './views-support';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const SCHEME = 'repodesk-test-memfs';

interface Result {
  commit: string;
  changes: { kind: string; path: string }[];
}

/** A read-only in-memory file system: paths (from its root, slash-separated) to text. */
class MemoryFolder implements vscode.FileSystemProvider {
  readonly files = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  private rel(uri: vscode.Uri): string {
    return uri.path.replace(/^\/+|\/+$/g, '');
  }
  private isFolder(rel: string): boolean {
    return rel === '' || [...this.files.keys()].some((p) => p.startsWith(`${rel}/`));
  }
  stat(uri: vscode.Uri): vscode.FileStat {
    const rel = this.rel(uri);
    const text = this.files.get(rel);
    if (text !== undefined) return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: text.length };
    if (this.isFolder(rel)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    throw vscode.FileSystemError.FileNotFound(uri);
  }
  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const rel = this.rel(uri);
    if (!this.isFolder(rel)) throw vscode.FileSystemError.FileNotFound(uri);
    const entries = new Map<string, vscode.FileType>();
    for (const p of this.files.keys()) {
      if (rel && !p.startsWith(`${rel}/`)) continue;
      const [name, ...deeper] = (rel ? p.slice(rel.length + 1) : p).split('/');
      entries.set(name!, deeper.length ? vscode.FileType.Directory : vscode.FileType.File);
    }
    return [...entries];
  }
  readFile(uri: vscode.Uri): Uint8Array {
    const text = this.files.get(this.rel(uri));
    if (text === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    return new TextEncoder().encode(text);
  }
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
  writeFile(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
}

describe('Commit a virtual folder (read through workspace.fs)', function () {
  this.timeout(60_000);
  const memory = new MemoryFolder();
  let registration: vscode.Disposable;
  before(() => {
    registration = vscode.workspace.registerFileSystemProvider(SCHEME, memory, { isReadonly: true });
  });
  after(() => registration.dispose());

  it('a new branch holds the folder (ignored files left out, every file 100644); after the branch makes a script executable, an edit of it keeps 100755 and is the only change', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const branch = `virtual/${Date.now().toString(36)}`;
    memory.files.set('.gitignore', '*.log\n');
    memory.files.set('debug.log', 'left out');
    memory.files.set('tools/run.sh', '#!/bin/sh\necho one\n');
    memory.files.set('notes/plan.md', '# Plan\n');
    const answers = { folder: `${SCHEME}:/`, owner: OWNER, repo: REPO, prefix: 'virtual', message: 'From a virtual folder' };

    const first = await vscode.commands.executeCommand<Result>('repodesk.commit.workspace', { ...answers, branch, from: 'master' });
    assert.ok(first, 'the command returned the commit');
    assert.deepEqual(
      first.changes.map((c) => `${c.kind} ${c.path}`),
      ['added virtual/.gitignore', 'added virtual/notes/plan.md', 'added virtual/tools/run.sh'],
    );
    const modes = async (commit: string) =>
      (await client.git.getTree(OWNER, REPO, commit, true)).tree
        .filter((e) => e.path.startsWith('virtual/') && e.type === 'blob')
        .map((e) => `${e.mode} ${e.path}`);
    assert.deepEqual(await modes(first.commit), ['100644 virtual/.gitignore', '100644 virtual/notes/plan.md', '100644 virtual/tools/run.sh']);

    // On the service, someone makes the script executable (as `git update-index --chmod=+x` would).
    const base = await client.git.getCommit(OWNER, REPO, first.commit);
    const script = (await client.git.getTree(OWNER, REPO, first.commit, true)).tree.find((e) => e.path === 'virtual/tools/run.sh')!;
    const tree = await client.git.createTree(OWNER, REPO, [{ path: 'virtual/tools/run.sh', mode: '100755', type: 'blob', sha: script.sha }], base.tree.sha);
    const chmod = await client.git.createCommit(OWNER, REPO, { message: 'Make run.sh executable', tree: tree.sha, parents: [first.commit] });
    await client.git.updateRef(OWNER, REPO, `heads/${branch}`, chmod.sha, false);

    // The folder's script is edited; the folder knows no modes.
    memory.files.set('tools/run.sh', '#!/bin/sh\necho two\n');
    const second = await vscode.commands.executeCommand<Result>('repodesk.commit.workspace', { ...answers, branch });
    assert.ok(second, 'the second commit was made');
    assert.deepEqual(
      second.changes.map((c) => `${c.kind} ${c.path}`),
      ['modified virtual/tools/run.sh'],
      'no mode change: the branch’s 100755 is kept',
    );
    assert.deepEqual(await modes(second.commit), ['100644 virtual/.gitignore', '100644 virtual/notes/plan.md', '100755 virtual/tools/run.sh']);
    const blob = await client.git.getBlob(
      OWNER,
      REPO,
      (await client.git.getTree(OWNER, REPO, second.commit, true)).tree.find((e) => e.path === 'virtual/tools/run.sh')!.sha,
    );
    assert.equal(Buffer.from(blob.content, 'base64').toString('utf8'), '#!/bin/sh\necho two\n');
  });
});
