// Git data library — commits and references
// (docs/service-api/hosting/git-data §4–§6), and the input they refuse.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  createCommit,
  createRef,
  createTree,
  deleteRef,
  findRef,
  getRef,
  listRefs,
  readCommit,
  updateRef,
  createTagObject,
  readTag,
  InvalidReferenceNameError,
  NotFastForwardError,
  ReferenceExistsError,
  ReferenceNotFoundError,
  InvalidObjectError,
  InvalidInputError,
  ObjectNotFoundError,
  ReferenceConflictError,
} from '../src/git';
import { ALICE, BOB, commitByHand, gitFixture, plainGitEnv, type GitFixture } from './git-fixture';

const NOW = new Date('2026-01-02T03:04:05Z');
const USER = { name: 'Octo User', email: 'octo@example.com' };

describe('git data library: commits and references', () => {
  let fx: GitFixture;
  let tree: string;
  beforeEach(async () => {
    fx = await gitFixture();
    tree = (await createTree(fx.repo, { tree: [{ path: 'README', mode: '100644', content: 'hello\n' }] })).sha;
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  const commit = (parents: string[] = [], message = 'm'): Promise<string> =>
    createCommit(fx.repo, { message, tree, parents, author: ALICE }, { user: USER, now: NOW }).then((c) => c.sha);

  it('Git commits POST: same SHA as git commit-tree by hand; GET returns author, committer in their own time zone', async () => {
    const root = await createCommit(fx.repo, { message: 'Root\n\nBody', tree, parents: [], author: ALICE, committer: BOB }, { user: USER, now: NOW });
    const byHand = fx.git(['commit-tree', tree], 'Root\n\nBody', {
      GIT_AUTHOR_NAME: ALICE.name,
      GIT_AUTHOR_EMAIL: ALICE.email,
      GIT_AUTHOR_DATE: '1415394105 +0100',
      GIT_COMMITTER_NAME: BOB.name,
      GIT_COMMITTER_EMAIL: BOB.email,
      GIT_COMMITTER_DATE: '1425216600 -0500',
    });
    assert.equal(root.sha, byHand);
    const read = await readCommit(fx.repo, root.sha);
    assert.deepEqual(
      { tree: read.tree, parents: read.parents, message: read.message, author: read.author.date, committer: read.committer.date },
      { tree, parents: [], message: 'Root\n\nBody', author: '2014-11-07T22:01:45+01:00', committer: '2015-03-01T08:30:00-05:00' },
    );
    assert.deepEqual([read.author.name, read.author.email, read.author.timezone], [ALICE.name, ALICE.email, '+0100']);
  });

  it('Git commits POST: one parent, several parents (merge), and git log sees them', async () => {
    const root = await commit();
    const left = await commit([root], 'left');
    const right = await commit([root], 'right');
    const merge = await createCommit(fx.repo, { message: 'merge', tree, parents: [left, right] }, { user: USER, now: NOW });
    assert.deepEqual(merge.parents, [left, right]);
    assert.equal(fx.git(['rev-list', '--count', merge.sha]), '4');
  });

  it('Git commits POST: committer defaults to author; author defaults to the authenticated user and now', async () => {
    const withAuthor = await createCommit(fx.repo, { message: 'm', tree, author: ALICE }, { user: USER, now: NOW });
    assert.deepEqual(withAuthor.committer, withAuthor.author);
    const bare = await createCommit(fx.repo, { message: 'm', tree }, { user: USER, now: NOW });
    assert.deepEqual([bare.author.name, bare.author.email, bare.author.date], [USER.name, USER.email, '2026-01-02T03:04:05Z']);
    assert.deepEqual(bare.committer, bare.author);
    const noDate = await createCommit(fx.repo, { message: 'm', tree, author: { name: 'N', email: 'n@example.com' } }, { user: USER, now: NOW });
    assert.equal(noDate.author.date, '2026-01-02T03:04:05Z');
  });

  it('Git commits POST: missing message, unknown tree, a blob as tree, unknown parent, bad date → 422', async () => {
    const defaults = { user: USER, now: NOW };
    await assert.rejects(createCommit(fx.repo, { tree, parents: [] } as never, defaults), /message is required/);
    await assert.rejects(createCommit(fx.repo, { message: 'm', tree: 'abababababababababababababababababababab' }, defaults), /tree .* does not exist/);
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'b');
    await assert.rejects(createCommit(fx.repo, { message: 'm', tree: blob }, defaults), /is not a valid tree/);
    await assert.rejects(createCommit(fx.repo, { message: 'm', tree, parents: ['abababababababababababababababababababab'] }, defaults), InvalidObjectError);
    await assert.rejects(
      createCommit(fx.repo, { message: 'm', tree, author: { ...ALICE, date: 'yesterday' } }, defaults),
      /author.date is not a valid ISO 8601 date/,
    );
    await assert.rejects(createCommit(fx.repo, { message: 'm', tree, author: { ...ALICE, name: 'Eve <x>' } }, defaults), /author.name is invalid/);
  });

  it('Git commits GET: a tree SHA or an unknown SHA is Not Found', async () => {
    await assert.rejects(readCommit(fx.repo, tree), ObjectNotFoundError);
    await assert.rejects(readCommit(fx.repo, 'abababababababababababababababababababab'), (e: ObjectNotFoundError) => e.status === 404);
  });

  it('References POST/GET: a branch name with slashes; list all and by namespace (heads, tags, notes, stashes)', async () => {
    const c = await commit();
    await createRef(fx.repo, 'refs/heads/feature/a', c);
    await createRef(fx.repo, 'refs/heads/master', c);
    await createRef(fx.repo, 'refs/tags/v1.0', c);
    await createRef(fx.repo, 'refs/notes/commits', c);
    await createRef(fx.repo, 'refs/stashes/one', c);
    assert.deepEqual(await getRef(fx.repo, 'refs/heads/feature/a'), { ref: 'refs/heads/feature/a', sha: c, type: 'commit' });
    assert.equal(await findRef(fx.repo, 'refs/heads/feature'), undefined, 'a prefix is not a ref');
    assert.deepEqual(
      (await listRefs(fx.repo)).map((r) => r.ref),
      ['refs/heads/feature/a', 'refs/heads/master', 'refs/notes/commits', 'refs/stashes/one', 'refs/tags/v1.0'],
    );
    assert.deepEqual(
      (await listRefs(fx.repo, 'heads')).map((r) => r.ref),
      ['refs/heads/feature/a', 'refs/heads/master'],
    );
    assert.deepEqual(
      (await listRefs(fx.repo, 'tags')).map((r) => r.ref),
      ['refs/tags/v1.0'],
    );
    assert.deepEqual(
      (await listRefs(fx.repo, 'heads/feature')).map((r) => r.ref),
      ['refs/heads/feature/a'],
    );
    assert.deepEqual(await listRefs(fx.repo, 'nothing'), []);
    assert.equal(fx.git(['rev-parse', 'refs/heads/feature/a']), c, 'git itself sees the ref');
  });

  it('References POST: an existing ref → 422 Reference already exists, and the ref is unchanged', async () => {
    const first = await commit();
    const second = await commit([first]);
    await createRef(fx.repo, 'refs/heads/main', first);
    const error = await createRef(fx.repo, 'refs/heads/main', second).catch((e: unknown) => e);
    assert.ok(error instanceof ReferenceExistsError);
    assert.equal(error.message, 'Reference already exists');
    assert.equal(error.status, 422);
    assert.equal((await getRef(fx.repo, 'refs/heads/main')).sha, first);
  });

  for (const bad of [
    'heads/master',
    'refs/master',
    'refs/heads/a..b',
    'refs/heads/bad name',
    'refs/heads/x.lock',
    'refs/heads/.hidden',
    'refs/heads/a//b',
    'refs/heads/end/',
    'refs/heads/a@{1}',
    'refs/heads/star*',
  ]) {
    it(`References POST: invalid ref name ${JSON.stringify(bad)} → rejected (docs/service-api/hosting/git-data §6: invalid ref name)`, async () => {
      const c = await commit();
      await assert.rejects(createRef(fx.repo, bad, c), InvalidReferenceNameError);
      assert.deepEqual(await listRefs(fx.repo), []);
    });
  }

  it('References POST: an unknown SHA, or a tree on a branch → 422, no ref written', async () => {
    await assert.rejects(createRef(fx.repo, 'refs/heads/x', 'abababababababababababababababababababab'), /sha .* does not exist/);
    await assert.rejects(createRef(fx.repo, 'refs/heads/x', tree), /not a valid commit/);
    assert.deepEqual(await listRefs(fx.repo), []);
  });

  it('References POST: refs/heads/a/b while refs/heads/a exists → 422 conflict, nothing written', async () => {
    const c = await commit();
    await createRef(fx.repo, 'refs/heads/a', c);
    await assert.rejects(createRef(fx.repo, 'refs/heads/a/b', c), ReferenceConflictError);
    assert.deepEqual(
      (await listRefs(fx.repo)).map((r) => r.ref),
      ['refs/heads/a'],
    );
  });

  it('References PATCH: fast-forward allowed; otherwise 422 Update is not a fast forward unless force', async () => {
    const root = await commit();
    const child = await commit([root], 'child');
    const sibling = await commit([root], 'sibling');
    await createRef(fx.repo, 'refs/heads/feature/x', root);
    const forward = await updateRef(fx.repo, 'refs/heads/feature/x', child);
    assert.deepEqual([forward.before, forward.ref.sha, forward.forced], [root, child, false]);
    const error = await updateRef(fx.repo, 'refs/heads/feature/x', sibling).catch((e: unknown) => e);
    assert.ok(error instanceof NotFastForwardError);
    assert.equal(error.message, 'Update is not a fast forward');
    assert.equal((await getRef(fx.repo, 'refs/heads/feature/x')).sha, child, 'a refused update changes nothing');
    await assert.rejects(updateRef(fx.repo, 'refs/heads/feature/x', root), NotFastForwardError, 'going back is not forward either');
    const forced = await updateRef(fx.repo, 'refs/heads/feature/x', sibling, true);
    assert.deepEqual([forced.ref.sha, forced.forced], [sibling, true]);
    assert.equal(fx.git(['rev-parse', 'refs/heads/feature/x']), sibling);
  });

  it('References PATCH/DELETE: a missing ref → 404; DELETE removes it', async () => {
    const c = await commit();
    await assert.rejects(updateRef(fx.repo, 'refs/heads/none', c), ReferenceNotFoundError);
    await assert.rejects(deleteRef(fx.repo, 'refs/heads/none'), (e: ReferenceNotFoundError) => e.status === 404);
    await createRef(fx.repo, 'refs/heads/gone/soon', c);
    const removed = await deleteRef(fx.repo, 'refs/heads/gone/soon');
    assert.equal(removed.before, c);
    assert.equal(await findRef(fx.repo, 'refs/heads/gone/soon'), undefined);
    assert.throws(() => fx.git(['rev-parse', '--verify', '--quiet', 'refs/heads/gone/soon']), { status: 1 }, 'git no longer finds the branch');
  });

  it('Annotated tags: a tag object by git mktag; a ref to it has type tag; it can be read back', async () => {
    const c = await commit();
    const tag = await createTagObject(fx.repo, { tag: 'v2.0', message: 'Release 2.0', object: c, tagger: BOB });
    assert.equal(fx.git(['cat-file', '-t', tag.sha]), 'tag');
    assert.equal(fx.git(['rev-parse', `${tag.sha}^{commit}`]), c);
    const ref = await createRef(fx.repo, 'refs/tags/v2.0', tag.sha);
    assert.equal(ref.type, 'tag');
    const read = await readTag(fx.repo, tag.sha);
    assert.deepEqual([read.tag, read.message, read.object, read.tagger.date], ['v2.0', 'Release 2.0\n', { sha: c, type: 'commit' }, BOB.date]);
    await assert.rejects(createTagObject(fx.repo, { tag: 'bad tag', message: '', object: c, tagger: BOB }), InvalidInputError);
  });

  it("Every SHA is git's own: git clone of the bare repository shows the history built through the library", async () => {
    const first = commitByHand(fx, { README: 'hello\n' }, 'by hand');
    const second = await createCommit(fx.repo, { message: 'second', tree, parents: [first], author: ALICE }, { user: USER, now: NOW });
    const third = await createCommit(
      fx.repo,
      {
        message: 'third',
        parents: [second.sha],
        author: BOB,
        tree: (await createTree(fx.repo, { base_tree: tree, tree: [{ path: 'docs/guide.md', mode: '100644', content: '# Guide\n' }] })).sha,
      },
      { user: USER, now: NOW },
    );
    await createRef(fx.repo, 'refs/heads/master', third.sha);
    const clone = path.join(fx.dataDir, 'clone');
    execFileSync('git', ['clone', '--quiet', fx.repo.gitDir, clone], { env: plainGitEnv(fx.dataDir) });
    const log = execFileSync('git', ['-C', clone, 'log', '--format=%H %an %ad %s', '--date=iso-strict'], { env: plainGitEnv(fx.dataDir) })
      .toString()
      .trim()
      .split('\n');
    assert.deepEqual(log, [
      `${third.sha} Bob Example 2015-03-01T08:30:00-05:00 third`,
      `${second.sha} Alice Example 2014-11-07T22:01:45+01:00 second`,
      `${first} Hand 2014-11-07T22:01:45+01:00 by hand`,
    ]);
    execFileSync('git', ['-C', clone, 'fsck', '--strict'], { env: plainGitEnv(fx.dataDir) });
  });
});
