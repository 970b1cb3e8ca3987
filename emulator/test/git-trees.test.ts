// Git data library — blobs and trees
// (docs/service-api/hosting/git-data §7, §8), and the input they refuse before
// writing anything.
import assert from 'node:assert/strict';
import {
  createBlob,
  createTree,
  readBlob,
  readTree,
  InvalidPathError,
  InvalidTreeEntryError,
  InvalidObjectError,
  ObjectNotFoundError,
  InvalidInputError,
  type TreeListing,
} from '../src/git';
import { gitFixture, type GitFixture } from './git-fixture';

const paths = (listing: TreeListing): string[] => listing.tree.map((e) => e.path);

describe('git data library: blobs and trees', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it('docs/service-api/hosting/git-data §8: POST utf-8 and base64 content give git hash-object SHAs; GET returns base64, size', async () => {
    const text = await createBlob(fx.repo, 'héllo\n', 'utf-8');
    assert.equal(text.sha, fx.git(['hash-object', '--stdin'], 'héllo\n'));
    assert.equal(text.size, Buffer.byteLength('héllo\n'));
    const binary = Buffer.from([0, 1, 2, 255, 10]);
    const fromBase64 = await createBlob(fx.repo, binary.toString('base64'), 'base64');
    assert.equal(fromBase64.sha, fx.git(['hash-object', '--stdin'], binary));
    const read = await readBlob(fx.repo, fromBase64.sha);
    assert.deepEqual({ content: read.content, encoding: read.encoding, size: read.size }, { content: binary.toString('base64'), encoding: 'base64', size: 5 });
  });

  it('docs/service-api/hosting/git-data §8: bad base64, unknown encoding and unknown SHAs are refused', async () => {
    await assert.rejects(createBlob(fx.repo, 'not base64!', 'base64'), InvalidInputError);
    await assert.rejects(createBlob(fx.repo, 'x', 'latin1'), /encoding must be utf-8 or base64/);
    await assert.rejects(readBlob(fx.repo, '0123456789012345678901234567890123456789'), ObjectNotFoundError);
    const tree = await createTree(fx.repo, { tree: [{ path: 'a', mode: '100644', type: 'blob', content: 'a' }] });
    await assert.rejects(readBlob(fx.repo, tree.sha), ObjectNotFoundError, 'a tree is not a blob');
  });

  it('Trees POST: inline content and nested paths give the same SHA as git hash-object + mktree by hand', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'README.md', mode: '100644', type: 'blob', content: '# Hi\n' },
        { path: 'bin/run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\n' },
        { path: 'bin/link', mode: '120000', type: 'blob', content: 'run.sh' },
        { path: 'lib/deep/a.txt', mode: '100644', type: 'blob', content: 'a' },
      ],
    });
    const blob = (s: string): string => fx.git(['hash-object', '-w', '--stdin'], s);
    const deep = fx.git(['mktree'], `100644 blob ${blob('a')}\ta.txt\n`);
    const lib = fx.git(['mktree'], `040000 tree ${deep}\tdeep\n`);
    const bin = fx.git(['mktree'], `100755 blob ${blob('#!/bin/sh\n')}\trun.sh\n120000 blob ${blob('run.sh')}\tlink\n`);
    const root = fx.git(['mktree'], `100644 blob ${blob('# Hi\n')}\tREADME.md\n040000 tree ${bin}\tbin\n040000 tree ${lib}\tlib\n`);
    assert.equal(created.sha, root);
    assert.deepEqual(paths(created), ['README.md', 'bin', 'lib']);
    assert.equal(created.tree[0]?.size, 5);
    assert.equal(created.tree[1]?.size, undefined, 'trees carry no size');
  });

  it('Trees POST: without base_tree only the given entries remain; with base_tree the others are kept', async () => {
    const base = await createTree(fx.repo, {
      tree: [
        { path: 'keep.txt', mode: '100644', content: 'k' },
        { path: 'src/one.ts', mode: '100644', content: '1' },
      ],
    });
    const replaced = await createTree(fx.repo, { tree: [{ path: 'new.txt', mode: '100644', content: 'n' }] });
    assert.deepEqual(paths(replaced), ['new.txt']);
    const merged = await createTree(fx.repo, { base_tree: base.sha, tree: [{ path: 'src/two.ts', mode: '100644', content: '2' }] });
    assert.deepEqual(paths(await readTree(fx.repo, merged.sha, { recursive: true })), ['keep.txt', 'src', 'src/one.ts', 'src/two.ts']);
  });

  it('Trees POST: sha null deletes a path from base_tree, and an emptied subtree disappears', async () => {
    const base = await createTree(fx.repo, {
      tree: [
        { path: 'a.txt', mode: '100644', content: 'a' },
        { path: 'dir/only.txt', mode: '100644', content: 'o' },
      ],
    });
    const after = await createTree(fx.repo, { base_tree: base.sha, tree: [{ path: 'dir/only.txt', mode: '100644', type: 'blob', sha: null }] });
    assert.deepEqual(paths(after), ['a.txt']);
    assert.equal(after.sha, fx.git(['mktree'], `100644 blob ${fx.git(['hash-object', '--stdin'], 'a')}\ta.txt\n`));
  });

  it('Trees POST: a nested path overrides the tree given in the same request, and a new tree is written', async () => {
    const lib = await createTree(fx.repo, {
      tree: [
        { path: 'x.txt', mode: '100644', content: 'x' },
        { path: 'y.txt', mode: '100644', content: 'y' },
      ],
    });
    // The nested entry comes first on purpose: order in the request does not matter.
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'lib/x.txt', mode: '100644', content: 'changed' },
        { path: 'lib', mode: '040000', type: 'tree', sha: lib.sha },
      ],
    });
    const libEntry = created.tree.find((e) => e.path === 'lib');
    assert.notEqual(libEntry?.sha, lib.sha);
    const inner = await readTree(fx.repo, libEntry?.sha ?? '');
    assert.deepEqual(paths(inner), ['x.txt', 'y.txt']);
    assert.equal(inner.tree[0]?.sha, fx.git(['hash-object', '--stdin'], 'changed'));
  });

  it("Trees POST: modes 100644, 100755, 040000, 160000, 120000 by sha, with git's tree ordering", async () => {
    const blob = (await createBlob(fx.repo, 'data')).sha;
    const sub = (await createTree(fx.repo, { tree: [{ path: 'f', mode: '100644', sha: blob }] })).sha;
    const submodule = '1111111111111111111111111111111111111111';
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'a-file', mode: '100644', type: 'blob', sha: blob },
        { path: 'a', mode: '040000', type: 'tree', sha: sub },
        { path: 'a.exe', mode: '100755', type: 'blob', sha: blob },
        { path: 'vendor', mode: '160000', type: 'commit', sha: submodule },
        { path: 'link', mode: '120000', type: 'blob', sha: blob },
      ],
    });
    const expected = fx.git(
      ['mktree'],
      [
        `100644 blob ${blob}\ta-file`,
        `040000 tree ${sub}\ta`,
        `100755 blob ${blob}\ta.exe`,
        `160000 commit ${submodule}\tvendor`,
        `120000 blob ${blob}\tlink`,
      ].join('\n') + '\n',
    );
    assert.equal(created.sha, expected);
    // A tree sorts as if its name ended with "/": a-file < a.exe < a/.
    assert.deepEqual(
      created.tree.map((e) => `${e.mode} ${e.type} ${e.path}`),
      ['100644 blob a-file', '100755 blob a.exe', '040000 tree a', '120000 blob link', '160000 commit vendor'],
    );
  });

  it('Trees GET recursive=1: lists every entry as git ls-tree -r -t does, with blob sizes', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'z.txt', mode: '100644', content: 'zz' },
        { path: 'a/b/c.txt', mode: '100644', content: 'ccc' },
        { path: 'a/d.txt', mode: '100644', content: 'd' },
      ],
    });
    const listing = await readTree(fx.repo, created.sha, { recursive: true });
    const byGit = fx
      .git(['ls-tree', '-r', '-t', '-l', created.sha])
      .split('\n')
      .map((line) => {
        const [meta = '', p = ''] = line.split('\t');
        const [mode, type, sha, size] = meta.split(/\s+/);
        return { path: p, mode, type, sha, ...(size === '-' ? {} : { size: Number(size) }) };
      });
    assert.deepEqual(listing.tree, byGit);
    assert.equal(listing.truncated, false);
    assert.deepEqual(paths(await readTree(fx.repo, created.sha)), ['a', 'z.txt'], 'without recursive: one level');
    const limited = await readTree(fx.repo, created.sha, { recursive: true, limit: 2 });
    assert.equal(limited.truncated, true);
    assert.equal(limited.tree.length, 2);
  });

  it('Trees GET: unknown SHA, a blob SHA or garbage is Not Found', async () => {
    const blob = (await createBlob(fx.repo, 'x')).sha;
    await assert.rejects(readTree(fx.repo, blob), ObjectNotFoundError);
    await assert.rejects(readTree(fx.repo, 'ffffffffffffffffffffffffffffffffffffffff'), ObjectNotFoundError);
    await assert.rejects(readTree(fx.repo, 'HEAD:README'), ObjectNotFoundError);
  });

  describe('bad input: each refused, nothing written', () => {
    const entry = (over: Record<string, unknown>): Record<string, unknown> => ({ path: 'f.txt', mode: '100644', type: 'blob', content: 'x', ...over });
    const cases: Array<[string, Record<string, unknown>, new (...args: never[]) => Error, RegExp]> = [
      ['both sha and content', entry({ sha: '1111111111111111111111111111111111111111' }), InvalidTreeEntryError, /either sha or content, not both/],
      ['neither sha nor content', { path: 'f', mode: '100644' }, InvalidTreeEntryError, /must have sha or content/],
      ['unknown mode 100600', entry({ mode: '100600' }), InvalidTreeEntryError, /mode must be one of/],
      ['type that does not fit the mode', entry({ type: 'tree' }), InvalidTreeEntryError, /type must be blob/],
      ['content for a tree', { path: 'd', mode: '040000', type: 'tree', content: 'x' }, InvalidTreeEntryError, /only allowed for blobs/],
      ['path with ..', entry({ path: 'a/../b' }), InvalidPathError, /malformed path component/],
      ['path with .', entry({ path: './b' }), InvalidPathError, /malformed path component/],
      ['path with an empty segment', entry({ path: 'a//b' }), InvalidPathError, /malformed path component/],
      ['path with a leading slash', entry({ path: '/a' }), InvalidPathError, /start or end with a slash/],
      ['path with a trailing slash', entry({ path: 'a/' }), InvalidPathError, /start or end with a slash/],
      ['empty path', entry({ path: '' }), InvalidPathError, /non-empty string/],
      [
        'SHA that does not exist',
        { path: 'f', mode: '100644', type: 'blob', sha: 'abababababababababababababababababababab' },
        InvalidObjectError,
        /does not exist/,
      ],
      ['malformed SHA', { path: 'f', mode: '100644', type: 'blob', sha: 'abc' }, InvalidObjectError, /40-character SHA/],
    ];
    for (const [title, bad, type, message] of cases) {
      it(`Trees POST: ${title} → 422`, async () => {
        const objectsBefore = fx.git(['count-objects']);
        const error = await createTree(fx.repo, { tree: [{ path: 'ok.txt', mode: '100644', content: 'fine' }, bad] }).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
        assert.match(error.message, message);
        assert.equal((error as InvalidInputError).status, 422);
        assert.equal(fx.git(['count-objects']), objectsBefore, 'no blob of the good entry was written');
      });
    }

    it('Trees POST: a base_tree that does not exist or is a blob → 422', async () => {
      await assert.rejects(createTree(fx.repo, { base_tree: 'abababababababababababababababababababab', tree: [] }), /base_tree .* does not exist/);
      const blob = (await createBlob(fx.repo, 'x')).sha;
      await assert.rejects(createTree(fx.repo, { base_tree: blob, tree: [] }), /base_tree .* is not a valid tree/);
      await assert.rejects(createTree(fx.repo, { tree: 'nope' }), /tree must be an array/);
    });

    it('Trees POST: a blob SHA given with mode 040000 → 422', async () => {
      const blob = (await createBlob(fx.repo, 'x')).sha;
      await assert.rejects(createTree(fx.repo, { tree: [{ path: 'd', mode: '040000', type: 'tree', sha: blob }] }), /is not a valid tree/);
    });
  });
});
