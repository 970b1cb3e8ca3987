// A pull request's life through the client against the emulator: create
// (POST .../pulls), edit, close and reopen (PATCH .../pulls/:number), merged?
// (GET .../pulls/:number/merge) and merge (PUT .../pulls/:number/merge), with
// the service's answers when it cannot be merged (405) or the head moved (409).
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, HostingError, ValidationFailedError } from '../../../src/hosting';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

describe('v3 client: a pull request from create to merge', () => {
  let emu: TestEmulator;
  let client: HostingClient;
  /** A branch one commit ahead of master, with `path` holding `text`. */
  const branchWithCommit = async (branch: string, path: string, text: string): Promise<string> => {
    const master = await client.git.getRef(OWNER, REPO, 'heads/master');
    const parent = await client.git.getCommit(OWNER, REPO, master.object.sha);
    const tree = await client.git.createTree(OWNER, REPO, [{ path, mode: '100644', type: 'blob', content: text }], parent.tree.sha);
    const commit = await client.git.createCommit(OWNER, REPO, { message: `Add ${path}`, tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(OWNER, REPO, `refs/heads/${branch}`, commit.sha);
    return commit.sha;
  };

  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
  });
  after(() => emu.dispose());

  it("POST /repos/:owner/:repo/pulls creates it open, with the head's commit; a second one for the same head is 422 with the service's message", async () => {
    const head = await branchWithCommit('lifecycle/one', 'one.md', 'one\n');
    const pull = await client.pulls.create(OWNER, REPO, { title: 'One', head: 'lifecycle/one', base: 'master', body: 'First body' });
    assert.equal(pull.state, 'open');
    assert.equal(pull.head.sha, head);
    assert.equal(pull.body, 'First body');
    const again = await client.pulls.create(OWNER, REPO, { title: 'Again', head: 'lifecycle/one', base: 'master' }).catch((e: unknown) => e);
    assert.ok(again instanceof ValidationFailedError, String(again));
    assert.ok(
      again.errors.some((e) => /already exists/i.test(e.message ?? '')),
      JSON.stringify(again.errors),
    );
  });

  it('PATCH /repos/:owner/:repo/pulls/:number edits title and body, closes and reopens', async () => {
    await branchWithCommit('lifecycle/two', 'two.md', 'two\n');
    const pull = await client.pulls.create(OWNER, REPO, { title: 'Two', head: 'lifecycle/two', base: 'master' });
    const edited = await client.pulls.update(OWNER, REPO, pull.number, { title: 'Two, edited', body: 'Now with a body' });
    assert.equal(edited.title, 'Two, edited');
    assert.equal(edited.body, 'Now with a body');
    assert.equal((await client.pulls.update(OWNER, REPO, pull.number, { state: 'closed' })).state, 'closed');
    assert.equal((await client.pulls.update(OWNER, REPO, pull.number, { state: 'open' })).state, 'open');
  });

  it('PUT .../merge: 409 when the head moved since it was read, 405 when closed; then merged with the given message, GET .../merge 204', async () => {
    const head = await branchWithCommit('lifecycle/three', 'three.md', 'three\n');
    const pull = await client.pulls.create(OWNER, REPO, { title: 'Three', head: 'lifecycle/three', base: 'master' });
    assert.equal(await client.pulls.checkMerged(OWNER, REPO, pull.number), false);

    const moved = await client.pulls.merge(OWNER, REPO, pull.number, { sha: 'f'.repeat(40) }).catch((e: unknown) => e);
    assert.ok(moved instanceof HostingError && moved.status === 409, String(moved));
    assert.match(moved.message, /Head branch was modified/);

    await client.pulls.update(OWNER, REPO, pull.number, { state: 'closed' });
    const closed = await client.pulls.merge(OWNER, REPO, pull.number).catch((e: unknown) => e);
    assert.ok(closed instanceof HostingError && closed.status === 405, String(closed));
    await client.pulls.update(OWNER, REPO, pull.number, { state: 'open' });

    const merged = await client.pulls.merge(OWNER, REPO, pull.number, { commit_message: 'Three, merged', sha: head });
    assert.equal(merged.merged, true);
    const commit = await client.git.getCommit(OWNER, REPO, merged.sha);
    assert.deepEqual(commit.parents.map((p) => p.sha).slice(1), [head], 'a merge commit with the head as second parent');
    assert.match(commit.message, /Three, merged/);
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, merged.sha);
    assert.equal(await client.pulls.checkMerged(OWNER, REPO, pull.number), true);
    const after = await client.pulls.get(OWNER, REPO, pull.number);
    assert.equal(after.state, 'closed');
    assert.ok(after.merged_at);
    const reopen = await client.pulls.update(OWNER, REPO, pull.number, { state: 'open' }).catch((e: unknown) => e);
    assert.ok(reopen instanceof ValidationFailedError, 'a merged pull request stays closed');
  });
});
