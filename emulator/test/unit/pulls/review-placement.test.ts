// Where a new review comment goes (docs/service-api/hosting/pulls §8, POST
// /repos/:owner/:repo/pulls/:number/comments): a line comment is checked
// against the pull request's diff at its commit_id, then shown on the head's
// diff if its line is still there; a reply takes its parent's place. Through
// the in-process emulator, on a pull request whose commits this file writes
// with the real git.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { basic, call } from '../../helpers/hosting';
import { commitOnBranch, gitDirOf, R } from '../../hosting-pulls-fixture';

const ada = basic('ada');
const RESOURCE = 'PullRequestReviewComment';

const rows = Array.from({ length: 30 }, (_, i) => `row ${i + 1}`);
const table = (changes: Record<number, string>): string => `${rows.map((r, i) => changes[i + 1] ?? r).join('\n')}\n`;

interface Comment {
  id: number;
  path: string;
  position: number | null;
  original_position: number;
  commit_id: string;
  original_commit_id: string;
  in_reply_to_id?: number;
  diff_hunk: string;
}

describe('emulator review comment placement (docs/service-api/hosting/pulls §8, §9)', () => {
  let emu: TestEmulator;
  let number: number;
  let base: string;
  let first: string;
  let head: string;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    const gitDir = gitDirOf(emu);
    base = commitOnBranch(gitDir, 'placement/base', 'master', { 'TABLE.txt': table({}), 'notes.txt': 'notes\n' });
    // First commit: rows 12 and 25 checked, a draft added. Its TABLE.txt patch: the row 12 hunk at
    // positions 0-8 (`+row 12 (checked)` at 5), the row 25 hunk at 9-17 (`+row 25 (checked)` at 14).
    first = commitOnBranch(gitDir, 'placement/head', base, { 'TABLE.txt': table({ 12: 'row 12 (checked)', 25: 'row 25 (checked)' }), 'draft.txt': 'draft\n' });
    // Second commit: row 2 checked (a new first hunk, 0-6), row 12 checked again (7-15), row 25 as it was
    // (16-24, its line now at 21); the draft gone, so the pull request's diff no longer has it; a
    // CHANGES.txt added, listed before TABLE.txt in the diff.
    head = commitOnBranch(gitDir, 'placement/head', first, {
      'TABLE.txt': table({ 2: 'row 2 (checked)', 12: 'row 12 (rechecked)', 25: 'row 25 (checked)' }),
      'draft.txt': null,
      'CHANGES.txt': 'Rows 2, 12 and 25 checked.\n',
    });
    const pr = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'Check rows', head: 'placement/head', base: 'placement/base' } });
    assert.equal(pr.status, 201);
    number = pr.json.number as number;
  });
  after(() => emu.dispose());

  const post = (body: Record<string, unknown>) => call(emu, 'POST', `${R}/pulls/${number}/comments`, { auth: ada, body: { body: 'A remark.', ...body } });

  it("a comment on the head commit keeps its position and commit; diff_hunk runs from its hunk's header to the line", async () => {
    const res = await post({ commit_id: head, path: 'TABLE.txt', position: 3 });
    assert.equal(res.status, 201);
    const c = res.json as Comment;
    assert.deepEqual(
      [c.path, c.position, c.original_position, c.commit_id, c.original_commit_id, c.diff_hunk, 'in_reply_to_id' in c],
      ['TABLE.txt', 3, 3, head, head, '@@ -1,5 +1,5 @@\n row 1\n-row 2\n+row 2 (checked)', false],
    );
  });

  it('a comment on the head commit at a later @@ header keeps that position; its hunk is the header alone', async () => {
    const res = await post({ commit_id: head, path: 'TABLE.txt', position: 7 });
    assert.equal(res.status, 201);
    const c = res.json as Comment;
    assert.deepEqual([c.position, c.original_position, c.commit_id, c.original_commit_id, c.diff_hunk], [7, 7, head, head, '@@ -9,7 +9,7 @@ row 8']);
  });

  it('commit_id in capitals names the same commit, stored in lower case', async () => {
    const res = await post({ commit_id: head.toUpperCase(), path: 'TABLE.txt', position: 1 });
    assert.equal(res.status, 201);
    assert.deepEqual([res.json.commit_id, res.json.original_commit_id, res.json.diff_hunk], [head, head, '@@ -1,5 +1,5 @@\n row 1']);
  });

  it("an older commit of the pull request: a line unchanged since moves to its place on the head's diff", async () => {
    const res = await post({ commit_id: first, path: 'TABLE.txt', position: 14 });
    assert.equal(res.status, 201);
    const c = res.json as Comment;
    assert.deepEqual([c.position, c.original_position, c.commit_id, c.original_commit_id], [21, 14, head, first]);
    assert.equal(c.diff_hunk, '@@ -22,7 +22,7 @@ row 21\n row 22\n row 23\n row 24\n-row 25\n+row 25 (checked)');
  });

  it('an older commit of the pull request: a line changed since is outdated (position null, its own commit)', async () => {
    const res = await post({ commit_id: first, path: 'TABLE.txt', position: 5 });
    assert.equal(res.status, 201);
    const c = res.json as Comment;
    assert.deepEqual([c.position, c.original_position, c.commit_id, c.original_commit_id], [null, 5, first, first]);
    assert.equal(c.diff_hunk, '@@ -9,7 +9,7 @@ row 8\n row 9\n row 10\n row 11\n-row 12\n+row 12 (checked)');
  });

  it("an older commit of the pull request: a file no longer in the head's diff is outdated", async () => {
    const res = await post({ commit_id: first, path: 'draft.txt', position: 1 });
    assert.equal(res.status, 201);
    const c = res.json as Comment;
    assert.deepEqual(
      [c.path, c.position, c.original_position, c.commit_id, c.original_commit_id, c.diff_hunk],
      ['draft.txt', null, 1, first, first, '@@ -0,0 +1 @@\n+draft'],
    );
  });

  it('a commit that does not exist → 422 commit_id missing', async () => {
    const res = await post({ commit_id: 'f'.repeat(40), path: 'TABLE.txt', position: 1 });
    assert.equal(res.status, 422);
    assert.deepEqual(res.json.errors, [{ resource: RESOURCE, field: 'commit_id', code: 'missing' }]);
  });

  it('a tree or a blob SHA is not a commit → 422 commit_id missing', async () => {
    const tree = (await call(emu, 'GET', `${R}/git/commits/${head}`)).json.tree.sha as string;
    const res = await post({ commit_id: tree, path: 'TABLE.txt', position: 1 });
    assert.deepEqual([res.status, res.json.errors], [422, [{ resource: RESOURCE, field: 'commit_id', code: 'missing' }]]);
  });

  it('a commit outside the pull request (its base) → 422 commit_id invalid', async () => {
    const res = await post({ commit_id: base, path: 'TABLE.txt', position: 1 });
    assert.equal(res.status, 422);
    assert.deepEqual(res.json.errors, [{ resource: RESOURCE, field: 'commit_id', code: 'invalid', message: 'commit_id is not part of the pull request' }]);
  });

  it("a path outside the diff at that commit → 422 path invalid (draft.txt is not in the head's diff)", async () => {
    for (const [commit, path] of [
      [head, 'notes.txt'],
      [head, 'draft.txt'],
    ] as const) {
      const res = await post({ commit_id: commit, path, position: 1 });
      assert.deepEqual(
        [res.status, res.json.errors],
        [422, [{ resource: RESOURCE, field: 'path', code: 'invalid', message: 'path is not part of the diff' }]],
        path,
      );
    }
  });

  it("a position outside the file's patch → 422 position invalid", async () => {
    for (const position of [0, 200]) {
      const res = await post({ commit_id: head, path: 'TABLE.txt', position });
      assert.deepEqual(
        [res.status, res.json.errors],
        [422, [{ resource: RESOURCE, field: 'position', code: 'invalid', message: 'position is outside the diff' }]],
        String(position),
      );
    }
  });

  it("a reply takes its parent's place; a reply to a reply joins the first comment's thread", async () => {
    const root = (await post({ commit_id: first, path: 'TABLE.txt', position: 14 })).json as Comment;
    const reply = await post({ in_reply_to: root.id });
    assert.equal(reply.status, 201);
    const r = reply.json as Comment;
    const place = (c: Comment) => [c.path, c.position, c.original_position, c.commit_id, c.original_commit_id, c.diff_hunk];
    assert.deepEqual(place(r), place(root));
    assert.equal(r.in_reply_to_id, root.id);
    const nested = (await post({ in_reply_to: r.id })).json as Comment;
    assert.equal(nested.in_reply_to_id, root.id);
    assert.deepEqual(place(nested), place(root));
  });

  it('a reply to a comment that does not exist, or of another pull request → 422 in_reply_to missing', async () => {
    const other = ((await call(emu, 'GET', `${R}/pulls/1/comments`)).json as Comment[])[0]!;
    for (const id of [999999, other.id]) {
      const res = await post({ in_reply_to: id });
      assert.deepEqual([res.status, res.json.errors], [422, [{ resource: RESOURCE, field: 'in_reply_to', code: 'missing' }]], String(id));
    }
  });
});
