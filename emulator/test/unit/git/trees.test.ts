// Trees of the git data library (docs/service-api/hosting/git-data §7: POST
// with base_tree, content or sha, `sha: null` to delete, nested paths; GET one
// level or recursive with a limit), on a real bare repository. Expected SHAs
// come from git hash-object and mktree run by hand.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createBlob } from '../../../src/git/blobs';
import { GitCommandError, InvalidInputError, InvalidObjectError, InvalidPathError, InvalidTreeEntryError, ObjectNotFoundError } from '../../../src/git/errors';
import { checkTreePath, createTree } from '../../../src/git/tree-create';
import { readTree, readTreeEntries, type TreeListing } from '../../../src/git/tree-read';
import { gitFixture, type GitFixture } from '../../git-fixture';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const paths = (listing: TreeListing): string[] => listing.tree.map((e) => e.path);

describe('git trees: paths (docs/service-api/hosting/git-data §7, path)', () => {
  it('a path splits into its segments', () => {
    assert.deepEqual(checkTreePath('a/b c/d.txt', 'f'), ['a', 'b c', 'd.txt']);
    assert.deepEqual(checkTreePath('.github', 'f'), ['.github'], 'a segment that starts with a dot is fine');
    assert.deepEqual(checkTreePath('a/...', 'f'), ['a', '...']);
  });

  it('an empty path or one that is not text is refused', () => {
    for (const path of ['', 7, null, undefined]) {
      assert.throws(() => checkTreePath(path, 'tree[0].path'), {
        name: 'InvalidPathError',
        message: 'tree[0].path must be a non-empty string',
        field: 'tree[0].path',
        status: 422,
      });
    }
  });

  it('a leading or trailing slash is refused', () => {
    for (const path of ['/a', 'a/', '/']) {
      assert.throws(() => checkTreePath(path, 'p'), { name: 'InvalidPathError', message: 'p must not start or end with a slash', field: 'p' });
    }
  });

  it('empty, `.`, `..`, `.git` (any case) segments and NUL are refused', () => {
    for (const path of ['a//b', '.', '..', 'a/./b', 'a/../b', '.git', 'x/.GIT/config', '.Git', 'a\0b']) {
      assert.throws(
        () => checkTreePath(path, 'p'),
        { name: 'InvalidPathError', message: 'p contains a malformed path component', field: 'p' },
        JSON.stringify(path),
      );
    }
  });
});

describe('git trees: creating and reading', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  const blob = (s: string | Buffer): string => fx.git(['hash-object', '-w', '--stdin'], s);
  const mktree = (lines: string[]): string => fx.git(['mktree'], lines.map((l) => `${l}\n`).join(''));

  it('POST inline content and nested paths: the SHA of hash-object + mktree by hand; one level listed with blob sizes', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'README.md', mode: '100644', type: 'blob', content: '# Hi\n' },
        { path: 'bin/run.sh', mode: '100755', content: '#!/bin/sh\n' },
        { path: 'bin/link', mode: '120000', type: 'blob', content: 'run.sh' },
        { path: 'lib/deep/a.txt', mode: '100644', content: 'a' },
      ],
    });
    const deep = mktree([`100644 blob ${blob('a')}\ta.txt`]);
    const lib = mktree([`040000 tree ${deep}\tdeep`]);
    const bin = mktree([`100755 blob ${blob('#!/bin/sh\n')}\trun.sh`, `120000 blob ${blob('run.sh')}\tlink`]);
    const root = mktree([`100644 blob ${blob('# Hi\n')}\tREADME.md`, `040000 tree ${bin}\tbin`, `040000 tree ${lib}\tlib`]);
    assert.deepEqual(created, {
      sha: root,
      truncated: false,
      tree: [
        { path: 'README.md', mode: '100644', type: 'blob', sha: blob('# Hi\n'), size: 5 },
        { path: 'bin', mode: '040000', type: 'tree', sha: bin },
        { path: 'lib', mode: '040000', type: 'tree', sha: lib },
      ],
    });
  });

  it('POST without base_tree: only the given entries; with base_tree: the others kept and changed subtrees rewritten', async () => {
    const base = await createTree(fx.repo, {
      tree: [
        { path: 'keep.txt', mode: '100644', content: 'k' },
        { path: 'src/one.ts', mode: '100644', content: '1' },
        { path: 'src/deep/x.ts', mode: '100644', content: 'x' },
      ],
    });
    assert.deepEqual(paths(await createTree(fx.repo, { tree: [{ path: 'new.txt', mode: '100644', content: 'n' }] })), ['new.txt']);
    const merged = await createTree(fx.repo, { base_tree: base.sha, tree: [{ path: 'src/deep/y.ts', mode: '100644', content: 'y' }] });
    const deep = mktree([`100644 blob ${blob('x')}\tx.ts`, `100644 blob ${blob('y')}\ty.ts`]);
    const src = mktree([`040000 tree ${deep}\tdeep`, `100644 blob ${blob('1')}\tone.ts`]);
    assert.equal(merged.sha, mktree([`100644 blob ${blob('k')}\tkeep.txt`, `040000 tree ${src}\tsrc`]));
    const same = await createTree(fx.repo, { base_tree: base.sha.toUpperCase(), tree: [] });
    assert.equal(same.sha, base.sha, 'no entries: the base tree as it was');
  });

  it('POST with base_tree null is the same as without one', async () => {
    const created = await createTree(fx.repo, { base_tree: null, tree: [{ path: 'a', mode: '100644', content: 'a' }] });
    assert.equal(created.sha, mktree([`100644 blob ${blob('a')}\ta`]));
  });

  it('POST sha null deletes a path from base_tree; an emptied subtree disappears; everything deleted is the empty tree', async () => {
    const base = await createTree(fx.repo, {
      tree: [
        { path: 'a.txt', mode: '100644', content: 'a' },
        { path: 'dir/only.txt', mode: '100644', content: 'o' },
        { path: 'dir2/one.txt', mode: '100644', content: '1' },
        { path: 'dir2/two.txt', mode: '100644', content: '2' },
      ],
    });
    const after = await createTree(fx.repo, {
      base_tree: base.sha,
      tree: [
        { path: 'dir/only.txt', mode: '100644', type: 'blob', sha: null },
        { path: 'dir2/two.txt', mode: '100644', sha: null },
      ],
    });
    const dir2 = mktree([`100644 blob ${blob('1')}\tone.txt`]);
    assert.equal(after.sha, mktree([`100644 blob ${blob('a')}\ta.txt`, `040000 tree ${dir2}\tdir2`]));
    const nothing = await createTree(fx.repo, {
      base_tree: base.sha,
      tree: [
        { path: 'a.txt', mode: '100644', sha: null },
        { path: 'dir', mode: '040000', sha: null },
        { path: 'dir2', mode: '040000', sha: null },
      ],
    });
    assert.deepEqual(nothing, { sha: EMPTY_TREE, tree: [], truncated: false });
    assert.equal(fx.git(['cat-file', '-t', EMPTY_TREE]), 'tree', 'the empty tree is written');
    assert.deepEqual(await createTree(fx.repo, { tree: [] }), { sha: EMPTY_TREE, tree: [], truncated: false });
  });

  it('POST sha null for a path that is not there, or below a file, changes nothing', async () => {
    const base = await createTree(fx.repo, { tree: [{ path: 'a.txt', mode: '100644', content: 'a' }] });
    const after = await createTree(fx.repo, {
      base_tree: base.sha,
      tree: [
        { path: 'missing/deep/x', mode: '100644', sha: null },
        { path: 'a.txt/below', mode: '100644', sha: null },
        { path: 'nope', mode: '100644', sha: null },
      ],
    });
    assert.equal(after.sha, base.sha);
  });

  it('POST a nested path below a file replaces the file by a folder', async () => {
    const base = await createTree(fx.repo, { tree: [{ path: 'docs', mode: '100644', content: 'was a file' }] });
    const after = await createTree(fx.repo, { base_tree: base.sha, tree: [{ path: 'docs/guide.md', mode: '100644', content: 'g' }] });
    assert.equal(after.sha, mktree([`040000 tree ${mktree([`100644 blob ${blob('g')}\tguide.md`])}\tdocs`]));
  });

  it('POST a nested path rewrites the tree given in the same request, whatever the order of the entries', async () => {
    const lib = await createTree(fx.repo, {
      tree: [
        { path: 'x.txt', mode: '100644', content: 'x' },
        { path: 'y.txt', mode: '100644', content: 'y' },
      ],
    });
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'lib/x.txt', mode: '100644', content: 'changed' },
        { path: 'lib', mode: '040000', type: 'tree', sha: lib.sha },
      ],
    });
    const inner = mktree([`100644 blob ${blob('changed')}\tx.txt`, `100644 blob ${blob('y')}\ty.txt`]);
    assert.equal(created.sha, mktree([`040000 tree ${inner}\tlib`]));
    const untouched = await createTree(fx.repo, { tree: [{ path: 'lib', mode: '040000', sha: lib.sha }] });
    assert.deepEqual(untouched.tree, [{ path: 'lib', mode: '040000', type: 'tree', sha: lib.sha }], 'a tree given by sha alone is kept as it is');
  });

  it('POST the same path twice: the later entry wins', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'd/a', mode: '100644', content: 'first' },
        { path: 'd/a', mode: '100755', content: 'second' },
        { path: 'b', mode: '100644', content: '1' },
        { path: 'b', mode: '100644', content: '2' },
      ],
    });
    const d = mktree([`100755 blob ${blob('second')}\ta`]);
    assert.equal(created.sha, mktree([`100644 blob ${blob('2')}\tb`, `040000 tree ${d}\td`]));
  });

  it("POST by sha in every mode, upper-case SHAs accepted, in git's tree order", async () => {
    const data = blob('data');
    const sub = (await createTree(fx.repo, { tree: [{ path: 'f', mode: '100644', sha: data }] })).sha;
    const submodule = '1111111111111111111111111111111111111111';
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'a-file', mode: '100644', type: 'blob', sha: data.toUpperCase() },
        { path: 'a', mode: '040000', type: 'tree', sha: sub },
        { path: 'a.exe', mode: '100755', type: 'blob', sha: data },
        { path: 'vendor', mode: '160000', type: 'commit', sha: submodule.toUpperCase() },
        { path: 'link', mode: '120000', type: 'blob', sha: data },
      ],
    });
    assert.equal(
      created.sha,
      mktree([
        `100644 blob ${data}\ta-file`,
        `040000 tree ${sub}\ta`,
        `100755 blob ${data}\ta.exe`,
        `160000 commit ${submodule}\tvendor`,
        `120000 blob ${data}\tlink`,
      ]),
    );
    assert.deepEqual(created.tree, [
      { path: 'a-file', mode: '100644', type: 'blob', sha: data, size: 4 },
      { path: 'a.exe', mode: '100755', type: 'blob', sha: data, size: 4 },
      { path: 'a', mode: '040000', type: 'tree', sha: sub },
      { path: 'link', mode: '120000', type: 'blob', sha: data, size: 4 },
      { path: 'vendor', mode: '160000', type: 'commit', sha: submodule },
    ]);
  });

  it('GET recursive: every entry as git ls-tree -r -t lists it, sizes for blobs only, names with spaces, tabs and accents intact', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'z.txt', mode: '100644', content: 'zz' },
        { path: 'a/b/c.txt', mode: '100644', content: 'ccc' },
        { path: 'a/d é.txt', mode: '100644', content: 'd' },
        { path: 'tab\there', mode: '100644', content: '' },
        { path: 'vendor', mode: '160000', sha: '2222222222222222222222222222222222222222' },
      ],
    });
    const b = await readTreeEntries(fx.repo, created.sha);
    const a = b.find((e) => e.name === 'a')!.sha;
    const ab = (await readTreeEntries(fx.repo, a)).find((e) => e.name === 'b')!.sha;
    const listing = await readTree(fx.repo, created.sha, { recursive: true });
    assert.deepEqual(listing, {
      sha: created.sha,
      truncated: false,
      tree: [
        { path: 'a', mode: '040000', type: 'tree', sha: a },
        { path: 'a/b', mode: '040000', type: 'tree', sha: ab },
        { path: 'a/b/c.txt', mode: '100644', type: 'blob', sha: blob('ccc'), size: 3 },
        { path: 'a/d é.txt', mode: '100644', type: 'blob', sha: blob('d'), size: 1 },
        { path: 'tab\there', mode: '100644', type: 'blob', sha: blob(''), size: 0 },
        { path: 'vendor', mode: '160000', type: 'commit', sha: '2222222222222222222222222222222222222222' },
        { path: 'z.txt', mode: '100644', type: 'blob', sha: blob('zz'), size: 2 },
      ],
    });
  });

  it('GET with a limit: truncated only when entries were left out, one level or recursive', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'a/b.txt', mode: '100644', content: 'b' },
        { path: 'c.txt', mode: '100644', content: 'c' },
        { path: 'd.txt', mode: '100644', content: 'd' },
      ],
    });
    const recursive = (limit: number) => readTree(fx.repo, created.sha, { recursive: true, limit });
    assert.deepEqual(paths(await recursive(2)), ['a', 'a/b.txt']);
    assert.equal((await recursive(2)).truncated, true);
    assert.deepEqual([paths(await recursive(4)), (await recursive(4)).truncated], [['a', 'a/b.txt', 'c.txt', 'd.txt'], false]);
    assert.deepEqual([paths(await recursive(3)), (await recursive(3)).truncated], [['a', 'a/b.txt', 'c.txt'], true]);
    const level = (limit: number) => readTree(fx.repo, created.sha, { limit });
    assert.deepEqual([paths(await level(2)), (await level(2)).truncated], [['a', 'c.txt'], true]);
    assert.deepEqual([paths(await level(3)), (await level(3)).truncated], [['a', 'c.txt', 'd.txt'], false]);
    assert.deepEqual((await level(2)).tree[1], { path: 'c.txt', mode: '100644', type: 'blob', sha: blob('c'), size: 1 });
  });

  it('GET one level: the same blob twice gets its size twice', async () => {
    const created = await createTree(fx.repo, {
      tree: [
        { path: 'one', mode: '100644', content: 'same' },
        { path: 'two', mode: '100755', content: 'same' },
      ],
    });
    assert.deepEqual(
      created.tree.map((e) => [e.path, e.size]),
      [
        ['one', 4],
        ['two', 4],
      ],
    );
  });

  it("GET with a commit SHA lists the commit's tree; a tree SHA in capitals is the same tree", async () => {
    const tree = await createTree(fx.repo, { tree: [{ path: 'f', mode: '100644', content: 'f' }] });
    const commit = fx.git(['commit-tree', tree.sha], 'm', {
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    });
    assert.deepEqual(await readTree(fx.repo, commit), tree);
    assert.deepEqual(await readTree(fx.repo, commit.toUpperCase()), tree);
    assert.deepEqual(await readTree(fx.repo, tree.sha.toUpperCase()), tree);
    assert.deepEqual((await readTree(fx.repo, commit, { recursive: true })).sha, tree.sha);
  });

  it('GET of a blob, an unknown SHA or a name that is not a SHA is Not Found, one level or recursive', async () => {
    const data = blob('x');
    for (const sha of [data, 'ffffffffffffffffffffffffffffffffffffffff', 'HEAD:README', 'HEAD', 'abc']) {
      for (const recursive of [false, true]) {
        await assert.rejects(
          readTree(fx.repo, sha, { recursive }),
          (error: unknown) => error instanceof ObjectNotFoundError && error.status === 404 && error.expectedType === 'tree',
          sha,
        );
      }
    }
  });

  it('POST: the mktree process that wrote the trees ends once the tree is created', async () => {
    // ps exits 1 when this process has no children at all: read its output whatever the status.
    const children = (): string[] =>
      spawnSync('ps', ['-o', 'args=', '--ppid', String(process.pid)])
        .stdout.toString()
        .split('\n')
        .filter((line) => line.includes('mktree'));
    await createTree(fx.repo, { tree: [{ path: 'a/b', mode: '100644', content: 'b' }] });
    // Polls until it is gone (the suite's timeout bounds the wait).
    while (children().length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(children(), []);
  });

  it("POST: when git cannot write the tree (an object gone before mktree runs) the failure is git's, not a hang", async () => {
    const data = blob('soon unreachable');
    // The checks read through the repository's reader; mktree runs where gitDir points: an empty repository.
    const empty = await fx.repos.create(`${fx.dataDir}/empty.git`);
    const vanishing = Object.create(fx.repo, { gitDir: { value: empty.gitDir } }) as typeof fx.repo;
    await assert.rejects(createTree(vanishing, { tree: [{ path: 'f', mode: '100644', sha: data }] }), (error: unknown) => {
      assert.ok(error instanceof GitCommandError);
      assert.deepEqual([error.status, error.args, error.exitCode], [500, ['mktree'], 128]);
      assert.match(error.message, new RegExp(`^git mktree failed: fatal: entry 'f' object ${data} is unavailable`));
      return true;
    });
  });

  describe('bad input: refused with its field, nothing written', () => {
    const entry = (over: Record<string, unknown>): Record<string, unknown> => ({ path: 'f.txt', mode: '100644', type: 'blob', content: 'x', ...over });
    const cases: Array<[string, unknown, new (...args: never[]) => Error, string, string]> = [
      ['an entry that is not an object', 'f.txt', InvalidTreeEntryError, 'tree[1] must be an object', 'tree[1]'],
      ['an entry that is null', null, InvalidTreeEntryError, 'tree[1] must be an object', 'tree[1]'],
      [
        'both sha and content',
        entry({ sha: '1111111111111111111111111111111111111111' }),
        InvalidTreeEntryError,
        'tree[1] must have either sha or content, not both',
        'tree[1]',
      ],
      ['sha null and content', entry({ sha: null }), InvalidTreeEntryError, 'tree[1] must have either sha or content, not both', 'tree[1]'],
      ['neither sha nor content', { path: 'f', mode: '100644' }, InvalidTreeEntryError, 'tree[1] must have sha or content', 'tree[1]'],
      [
        'unknown mode 100600',
        entry({ mode: '100600' }),
        InvalidTreeEntryError,
        'tree[1].mode must be one of 100644, 100755, 040000, 160000, 120000',
        'tree[1].mode',
      ],
      [
        'a mode that is a number',
        entry({ mode: 100644 }),
        InvalidTreeEntryError,
        'tree[1].mode must be one of 100644, 100755, 040000, 160000, 120000',
        'tree[1].mode',
      ],
      ['a type that does not fit the mode', entry({ type: 'tree' }), InvalidTreeEntryError, 'tree[1].type must be blob for mode 100644', 'tree[1].type'],
      [
        'a blob type for a submodule',
        { path: 's', mode: '160000', type: 'blob', sha: '1'.repeat(40) },
        InvalidTreeEntryError,
        'tree[1].type must be commit for mode 160000',
        'tree[1].type',
      ],
      [
        'content for a tree',
        { path: 'd', mode: '040000', type: 'tree', content: 'x' },
        InvalidTreeEntryError,
        'tree[1].content is only allowed for blobs',
        'tree[1].content',
      ],
      ['content that is not text', entry({ content: 5 }), InvalidInputError, 'tree[1].content must be a string', 'tree[1].content'],
      ['a sha that is a number', { path: 'f', mode: '100644', sha: 5 }, InvalidTreeEntryError, 'tree[1].sha must be a string or null', 'tree[1].sha'],
      ['path with ..', entry({ path: 'a/../b' }), InvalidPathError, 'tree[1].path contains a malformed path component', 'tree[1].path'],
      ['path with a leading slash', entry({ path: '/a' }), InvalidPathError, 'tree[1].path must not start or end with a slash', 'tree[1].path'],
      [
        'a SHA that does not exist',
        { path: 'f', mode: '100644', sha: 'ab'.repeat(20) },
        InvalidObjectError,
        `tree[1].sha ${'ab'.repeat(20)} does not exist`,
        'tree[1].sha',
      ],
      ['a malformed SHA', { path: 'f', mode: '100644', sha: 'abc' }, InvalidObjectError, 'tree[1].sha must be a 40-character SHA', 'tree[1].sha'],
      ['a malformed submodule SHA', { path: 's', mode: '160000', sha: 'abc' }, InvalidTreeEntryError, 'tree[1].sha must be a 40-character SHA', 'tree[1].sha'],
      [
        'a submodule SHA with a non-hex letter',
        { path: 's', mode: '160000', sha: 'g'.repeat(40) },
        InvalidTreeEntryError,
        'tree[1].sha must be a 40-character SHA',
        'tree[1].sha',
      ],
    ];
    for (const [title, bad, type, message, field] of cases) {
      it(`Trees POST: ${title} → 422 ${message}`, async () => {
        const objectsBefore = fx.git(['count-objects']);
        await assert.rejects(createTree(fx.repo, { tree: [{ path: 'ok.txt', mode: '100644', content: 'fine' }, bad] }), (error: unknown) => {
          assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
          assert.deepEqual(
            [(error as InvalidTreeEntryError).message, (error as InvalidTreeEntryError).field, (error as InvalidTreeEntryError).status],
            [message, field, 422],
          );
          return true;
        });
        assert.equal(fx.git(['count-objects']), objectsBefore, 'no blob of the good entry was written');
      });
    }

    it('Trees POST: tree that is not an array, a base_tree that does not exist, is a blob or is malformed → 422', async () => {
      await assert.rejects(createTree(fx.repo, { tree: 'nope' }), { name: 'InvalidTreeEntryError', message: 'tree must be an array', field: 'tree' });
      await assert.rejects(createTree(fx.repo, {} as never), { name: 'InvalidTreeEntryError', message: 'tree must be an array', field: 'tree' });
      await assert.rejects(createTree(fx.repo, { base_tree: 'ab'.repeat(20), tree: [] }), {
        name: 'InvalidObjectError',
        message: `base_tree ${'ab'.repeat(20)} does not exist`,
        field: 'base_tree',
      });
      const data = (await createBlob(fx.repo, 'x')).sha;
      await assert.rejects(createTree(fx.repo, { base_tree: data, tree: [] }), {
        name: 'InvalidObjectError',
        message: `base_tree ${data} is not a valid tree`,
        field: 'base_tree',
      });
      await assert.rejects(createTree(fx.repo, { base_tree: 'main', tree: [] }), {
        name: 'InvalidObjectError',
        message: 'base_tree must be a 40-character SHA',
        field: 'base_tree',
      });
    });

    it('Trees POST: a blob SHA with mode 040000, a tree SHA with mode 100644 → 422 naming the entry', async () => {
      const data = (await createBlob(fx.repo, 'x')).sha;
      await assert.rejects(createTree(fx.repo, { tree: [{ path: 'd', mode: '040000', sha: data }] }), {
        message: `tree[0].sha ${data} is not a valid tree`,
        field: 'tree[0].sha',
      });
      await assert.rejects(createTree(fx.repo, { tree: [{ path: 'f', mode: '100644', sha: EMPTY_TREE }] }), {
        message: `tree[0].sha ${EMPTY_TREE} is not a valid blob`,
        field: 'tree[0].sha',
      });
    });
  });
});
