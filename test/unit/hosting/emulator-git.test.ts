// Git data through the client (document 2: Git commits, References, Trees;
// blobs per the spec README) against the emulator's real git repositories.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, ValidationFailedError, collect } from '../../../src/hosting';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

describe('v3 client git data against the emulator (document 2)', () => {
  let emu: TestEmulator;
  let git: HostingClient['git'];
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    git = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } }).git;
  });
  after(() => emu.dispose());

  it('blob, tree, commit and a branch ref with slashes: the SHAs are git\'s own and read back the same', async () => {
    const main = await git.getRef(OWNER, REPO, 'heads/master').catch(() => git.getRef(OWNER, REPO, 'heads/main'));
    const parent = await git.getCommit(OWNER, REPO, main.object.sha);
    const blob = await git.createBlob(OWNER, REPO, 'Note G\n');
    // git's blob id: SHA-1 of "blob <size>\0<content>".
    assert.equal(blob.sha, createHash('sha1').update('blob 7\0Note G\n').digest('hex'));
    assert.equal(Buffer.from((await git.getBlob(OWNER, REPO, blob.sha)).content, 'base64').toString('utf8'), 'Note G\n');
    const tree = await git.createTree(OWNER, REPO, [{ path: 'notes/g.md', mode: '100644', type: 'blob', sha: blob.sha }], parent.tree.sha);
    const flat = await git.getTree(OWNER, REPO, tree.sha, true);
    assert.ok(flat.tree.some((e) => e.path === 'notes/g.md' && e.sha === blob.sha));
    assert.ok(flat.tree.some((e) => e.path === 'README.md'), 'base_tree kept the other files');
    const commit = await git.createCommit(OWNER, REPO, { message: 'Add note G', tree: tree.sha, parents: [parent.sha], author: { name: 'Ada', email: 'ada@example.test', date: '2024-01-02T03:04:05Z' } });
    assert.equal(commit.committer.name, 'Ada', 'the committer is filled from the author');
    assert.deepEqual(commit.parents.map((p) => p.sha), [parent.sha]);
    const ref = await git.createRef(OWNER, REPO, 'refs/heads/feature/note-g', commit.sha);
    assert.equal(ref.ref, 'refs/heads/feature/note-g');
    assert.equal((await git.getRef(OWNER, REPO, 'heads/feature/note-g')).object.sha, commit.sha);
  });

  it('refs: list all and one namespace; a non-fast-forward update needs force; delete', async () => {
    const main = (await collect(git.listRefs(OWNER, REPO, 'heads'))).find((r) => /refs\/heads\/(main|master)$/.test(r.ref))!;
    const base = await git.getCommit(OWNER, REPO, main.object.sha);
    const sideways = await git.createCommit(OWNER, REPO, { message: 'root', tree: base.tree.sha, parents: [] });
    await git.createRef(OWNER, REPO, 'refs/heads/topic', main.object.sha);
    const err = await git.updateRef(OWNER, REPO, 'heads/topic', sideways.sha).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationFailedError);
    assert.equal(err.message, 'Update is not a fast forward');
    assert.equal((await git.updateRef(OWNER, REPO, 'heads/topic', sideways.sha, true)).object.sha, sideways.sha);
    const again = await git.createRef(OWNER, REPO, 'refs/heads/topic', main.object.sha).catch((e: unknown) => e);
    assert.ok(again instanceof ValidationFailedError);
    assert.equal(again.message, 'Reference already exists');
    assert.ok((await collect(git.listRefs(OWNER, REPO))).some((r) => r.ref === 'refs/heads/topic'));
    await git.deleteRef(OWNER, REPO, 'heads/topic');
    await assert.rejects(git.getRef(OWNER, REPO, 'heads/topic'), NotFoundError);
  });
});
