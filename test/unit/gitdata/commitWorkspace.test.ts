// Committing a folder through the git data API, against the emulator's real
// git repositories: the branch then holds exactly the folder's files, byte
// for byte and mode for mode, as `git clone` sees them; text changes cost five
// requests whatever their number; a moved branch is refused and nothing is lost.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient } from '../../../src/hosting';
import {
  NotFastForwardError,
  NothingToCommitError,
  commitPreview,
  previewCommit,
  readFolderFiles,
  rebasePreview,
  FolderRefusedError,
} from '../../../src/gitdata';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

describe('gitdata: commit a folder to a branch (blobs, trees, commits, refs)', () => {
  let emu: TestEmulator;
  let client: HostingClient;
  let work: string;
  const gitEnv = () => ({ PATH: process.env.PATH, HOME: work, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' });
  // Asynchronous: the emulator answers git from this same process.
  const git = async (cwd: string, ...args: string[]) => (await promisify(execFile)('git', args, { cwd, env: gitEnv(), encoding: 'utf8' })).stdout.trim();
  const cloneUrl = () => `${emu.url.replace('://', '://ada:ada-demo-password@')}/${OWNER}/${REPO}.git`;
  const write = (root: string, rel: string, content: string | Buffer, mode?: number) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
    if (mode) fs.chmodSync(path.join(root, rel), mode);
  };
  /** The clone's files: path → [mode, content hex], as git checks them out. */
  const snapshot = async (root: string): Promise<Record<string, [string, string]>> => {
    const out: Record<string, [string, string]> = {};
    for (const line of (await git(root, 'ls-files', '-s')).split('\n').filter(Boolean)) {
      const [meta, file] = line.split('\t') as [string, string];
      const mode = meta.split(' ')[0]!;
      const full = path.join(root, file);
      out[file] = [mode, (mode === '120000' ? Buffer.from(fs.readlinkSync(full)) : fs.readFileSync(full)).toString('hex')];
    }
    return out;
  };
  const folderSnapshot = async (root: string): Promise<Record<string, [string, string]>> => {
    const out: Record<string, [string, string]> = {};
    for (const f of await readFolderFiles(root)) out[f.path] = [f.mode, Buffer.from(await f.read()).toString('hex')];
    return out;
  };

  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-commit-'));
  });
  after(async () => {
    await emu.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('the branch holds exactly the folder (text, CRLF, binary, executable, symlink, nested; ignored files left out; deletions), as git clone checks it out', async () => {
    const ws = path.join(work, 'ws');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    const before = await git(ws, 'rev-parse', 'HEAD');
    const tracked = (await git(ws, 'ls-files')).split('\n').filter(Boolean);
    fs.rmSync(path.join(ws, tracked[0]!));
    write(ws, 'notes/crlf.txt', 'line one\r\nline two\r\n');
    write(ws, 'notes/deep/er/unicode.md', 'Ada Lovelace — “Note G”\n');
    write(ws, 'bin/engine.bin', Buffer.from([0, 1, 2, 255, 254, 0, 10]));
    write(ws, 'bin/not-utf8.txt', Buffer.from([0x41, 0xc3, 0x28, 0x42]));
    write(ws, 'run.sh', '#!/bin/sh\necho engine\n', 0o755);
    write(ws, 'empty.txt', '');
    fs.symlinkSync('notes/crlf.txt', path.join(ws, 'link-to-notes'));
    write(ws, '.gitignore', 'build/\n*.log\n');
    write(ws, 'build/out.js', 'ignored');
    write(ws, 'debug.log', 'ignored');
    fs.mkdirSync(path.join(ws, 'empty-folder'));

    const files = await readFolderFiles(ws);
    assert.ok(!files.some((f) => f.path.startsWith('build/') || f.path === 'debug.log' || f.path.startsWith('.git/')), 'ignored files are not committed');
    const preview = await previewCommit(client, OWNER, REPO, 'master', files);
    assert.equal(preview.parent, before);
    assert.ok(
      preview.changes.some((c) => c.kind === 'deleted' && c.path === tracked[0]),
      JSON.stringify([tracked[0], preview.changes]),
    );
    const result = await commitPreview(client, preview, files, {
      message: 'Commit the workspace\n\nwith every kind of file',
      author: { name: 'Ada', email: 'ada@example.test' },
    });
    assert.equal(result.requests, 2 + 3 + 2, 'ref, tree; two binary blobs; new tree, commit, ref update');

    const clone = path.join(work, 'clone');
    await git(work, 'clone', '--quiet', cloneUrl(), clone);
    assert.equal(await git(clone, 'rev-parse', 'HEAD'), result.commit);
    assert.equal(await git(clone, 'rev-parse', 'HEAD^'), before);
    assert.equal(await git(clone, 'log', '-1', '--format=%B'), 'Commit the workspace\n\nwith every kind of file');
    assert.deepEqual(await snapshot(clone), await folderSnapshot(ws));
  });

  it('N changed text files cost five requests whatever N (ref, tree, new tree, commit, ref update)', async () => {
    const ws = path.join(work, 'many');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    for (let i = 0; i < 60; i++) write(ws, `generated/file-${i}.txt`, `file ${i}\n`);
    const files = await readFolderFiles(ws);
    const preview = await previewCommit(client, OWNER, REPO, 'master', files);
    assert.equal(preview.changes.length, 60);
    const result = await commitPreview(client, preview, files, { message: '60 files' });
    assert.equal(result.requests, 5);
  });

  it('the same files as the branch: nothing to commit, and no write request', async () => {
    const ws = path.join(work, 'same');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    const files = await readFolderFiles(ws);
    const preview = await previewCommit(client, OWNER, REPO, 'master', files);
    assert.deepEqual(preview.changes, []);
    await assert.rejects(commitPreview(client, preview, files, { message: 'nothing' }), NothingToCommitError);
  });

  it('a branch that moved since the preview: 422 not a fast forward, the branch keeps the other commit, ours exists unreferenced', async () => {
    const ws = path.join(work, 'race');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    write(ws, 'race.txt', 'ours\n');
    const files = await readFolderFiles(ws);
    const preview = await previewCommit(client, OWNER, REPO, 'master', files);
    // Someone else commits first.
    const other = await client.git.createCommit(OWNER, REPO, { message: 'theirs', tree: preview.baseTree!, parents: [preview.parent!] });
    await client.git.updateRef(OWNER, REPO, 'heads/master', other.sha);
    const err = await commitPreview(client, preview, files, { message: 'ours' }).catch((e: unknown) => e);
    assert.ok(err instanceof NotFastForwardError, String(err));
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, other.sha);
    assert.equal((await client.git.getCommit(OWNER, REPO, err.commit)).message, 'ours', 'the commit is kept for another branch');
  });

  it('rebase after the branch moved: our changes land on the new head when the paths do not overlap; an overlap is named and nothing is written', async () => {
    const ws = path.join(work, 'rebase');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    write(ws, 'ours.txt', 'ours\n');
    const files = await readFolderFiles(ws);
    const preview = await previewCommit(client, OWNER, REPO, 'master', files);
    // Someone else adds another file.
    const blob = await client.git.createBlob(OWNER, REPO, 'theirs\n');
    const theirTree = await client.git.createTree(OWNER, REPO, [{ path: 'theirs.txt', mode: '100644', type: 'blob', sha: blob.sha }], preview.baseTree);
    const theirs = await client.git.createCommit(OWNER, REPO, { message: 'theirs', tree: theirTree.sha, parents: [preview.parent!] });
    await client.git.updateRef(OWNER, REPO, 'heads/master', theirs.sha);
    await assert.rejects(commitPreview(client, preview, files, { message: 'ours' }), NotFastForwardError);
    const rebased = await rebasePreview(client, preview);
    assert.ok('preview' in rebased);
    const result = await commitPreview(client, rebased.preview, files, { message: 'ours, rebased' });
    assert.equal(result.parent, theirs.sha);
    const after = await client.git.getTree(OWNER, REPO, result.commit, true);
    assert.ok(
      after.tree.some((e) => e.path === 'theirs.txt'),
      'their file is kept',
    );
    assert.ok(
      after.tree.some((e) => e.path === 'ours.txt'),
      'our file is added',
    );

    // Now both change ours.txt: the rebase names it.
    write(ws, 'ours.txt', 'ours, again\n');
    const files2 = await readFolderFiles(ws);
    const preview2 = await previewCommit(client, OWNER, REPO, 'master', files2);
    const blob2 = await client.git.createBlob(OWNER, REPO, 'theirs, again\n');
    const tree2 = await client.git.createTree(OWNER, REPO, [{ path: 'ours.txt', mode: '100644', type: 'blob', sha: blob2.sha }], preview2.baseTree);
    const theirs2 = await client.git.createCommit(OWNER, REPO, { message: 'theirs again', tree: tree2.sha, parents: [preview2.parent!] });
    await client.git.updateRef(OWNER, REPO, 'heads/master', theirs2.sha);
    assert.deepEqual(await rebasePreview(client, preview2), { conflicts: ['ours.txt'] });
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, theirs2.sha);
  });

  it('the first commit of an empty repository: every file added on no tree, the branch created', async () => {
    await client.repos.createForAuthenticatedUser({ name: 'uploaded-folder' });
    const ws = path.join(work, 'upload');
    write(ws, 'README.md', '# Uploaded\n');
    write(ws, 'src/main.ts', 'export {};\n');
    const files = await readFolderFiles(ws);
    const preview = await previewCommit(client, OWNER, 'uploaded-folder', 'master', files, { from: null });
    assert.deepEqual(
      preview.changes.map((c) => `${c.kind} ${c.path}`),
      ['added README.md', 'added src/main.ts'],
    );
    const result = await commitPreview(client, preview, files, { message: 'Initial commit' });
    assert.equal(result.requests, 3, 'tree, commit, ref');
    const clone = path.join(work, 'upload-clone');
    await git(work, 'clone', '--quiet', `${emu.url.replace('://', '://ada:ada-demo-password@')}/${OWNER}/uploaded-folder.git`, clone);
    assert.equal(await git(clone, 'rev-parse', 'HEAD'), result.commit);
    assert.deepEqual(await snapshot(clone), await folderSnapshot(ws));
  });

  it('a new branch from a commit: created at the new commit, the base branch unchanged', async () => {
    const ws = path.join(work, 'branch');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    const base = await git(ws, 'rev-parse', 'HEAD');
    write(ws, 'feature.txt', 'feature\n');
    const files = await readFolderFiles(ws);
    const result = await commitPreview(client, await previewCommit(client, OWNER, REPO, 'feature/from-workspace', files, { from: base }), files, {
      message: 'feature',
    });
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/feature/from-workspace')).object.sha, result.commit);
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, base);
  });

  it('a cancel before the ref update leaves the branch as it was', async () => {
    const ws = path.join(work, 'cancel');
    await git(work, 'clone', '--quiet', cloneUrl(), ws);
    const head = await git(ws, 'rev-parse', 'HEAD');
    write(ws, 'cancelled.txt', 'no\n');
    const files = await readFolderFiles(ws);
    const preview = await previewCommit(client, OWNER, REPO, 'master', files);
    const controller = new AbortController();
    const steps: string[] = [];
    const run = commitPreview(client, preview, files, {
      message: 'cancelled',
      signal: controller.signal,
      onStep: (s) => {
        steps.push(s);
        if (s === 'commit') controller.abort();
      },
    });
    await assert.rejects(run, (e: unknown) => e instanceof Error && e.name === 'AbortError');
    assert.deepEqual(steps, ['tree', 'commit']);
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, head);
  });

  it('a folder over the file count or with a file over the size limit is refused before anything is read by the service, naming the files', async () => {
    const ws = path.join(work, 'limits');
    write(ws, 'small.txt', 'x');
    write(ws, 'big-1.bin', Buffer.alloc(2048));
    write(ws, 'big-2.bin', Buffer.alloc(4096));
    await assert.rejects(readFolderFiles(ws, [], { maxFiles: 2 }), (e: unknown) => e instanceof FolderRefusedError && /3 files/.test(e.message));
    await assert.rejects(
      readFolderFiles(ws, [], { maxFileBytes: 1024 }),
      (e: unknown) => e instanceof FolderRefusedError && e.offenders.join() === 'big-1.bin,big-2.bin',
    );
  });
});
