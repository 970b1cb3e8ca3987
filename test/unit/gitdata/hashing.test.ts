// Git object hashing without git, byte for byte: the object header, git's
// tree entry order, the tree body, the refusals with their texts, the subtree
// SHAs of nested files and the commit object's text.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  blobSha,
  commitObject,
  commitSha,
  compareTreeEntries,
  gitObjectSha,
  treeObject,
  treeSha,
  treeShaOfFiles,
  type GitTreeEntry,
} from '../../../src/gitdata';

const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');
const B = blobSha('b');
const C = blobSha('c');

describe('gitdata hashing: objects, tree order and tree bodies', () => {
  it('gitObjectSha hashes "<type> <size>\\0<body>", the size in bytes (not characters) for text', () => {
    assert.equal(gitObjectSha('blob', 'hello\n'), 'ce013625030ba8dba906f756967f9e9ca394464a', 'git hash-object of "hello\\n"');
    assert.equal(gitObjectSha('tag', 'é'), sha1(Buffer.concat([Buffer.from('tag 2\0'), Buffer.from('é')])));
    assert.equal(gitObjectSha('commit', new Uint8Array([0, 1])), sha1(Buffer.from([...Buffer.from('commit 2\0'), 0, 1])));
    assert.equal(blobSha(''), 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391', 'the empty blob');
  });

  it('compareTreeEntries: byte order, a tree compared as if its name ended with "/" (a.txt < a/ < a0), whichever tree mode is written', () => {
    const e = (name: string, mode: GitTreeEntry['mode']): GitTreeEntry => ({ name, mode, sha: B });
    assert.ok(compareTreeEntries(e('a.txt', '100644'), e('a', '040000')) < 0);
    assert.ok(compareTreeEntries(e('a', '040000'), e('a0', '100644')) < 0);
    assert.ok(compareTreeEntries(e('a', '40000'), e('a0', '100644')) < 0);
    assert.ok(compareTreeEntries(e('a0', '100644'), e('a', '40000')) > 0);
    // As a file, "a" sorts before "a.txt".
    assert.ok(compareTreeEntries(e('a', '100644'), e('a.txt', '100644')) < 0);
    assert.ok(compareTreeEntries(e('a', '40000'), e('a.txt', '100644')) > 0);
    // Bytes, not UTF-16 code units: "é" (0xC3 0xA9) sorts after "z", "Z" before "a".
    assert.ok(compareTreeEntries(e('é', '100644'), e('z', '100644')) > 0);
    assert.ok(compareTreeEntries(e('Z', '100644'), e('a', '100644')) < 0);
    assert.equal(compareTreeEntries(e('same', '100644'), e('same', '100755')), 0);
  });

  it('treeObject writes "<mode> <name>\\0<20 bytes>" per entry in git order, a tree\'s mode as 40000', () => {
    const body = treeObject([
      { name: 'b', mode: '100755', sha: C },
      { name: 'a', mode: '040000', sha: B },
      { name: 'a.txt', mode: '100644', sha: B },
    ]);
    const expected = Buffer.concat([
      Buffer.from('100644 a.txt\0'),
      Buffer.from(B, 'hex'),
      Buffer.from('40000 a\0'),
      Buffer.from(B, 'hex'),
      Buffer.from('100755 b\0'),
      Buffer.from(C, 'hex'),
    ]);
    assert.deepEqual(Buffer.from(body), expected);
    assert.equal(
      Buffer.from(treeObject([{ name: 'x', mode: '40000', sha: C }]))
        .toString('latin1')
        .slice(0, 8),
      '40000 x\0',
    );
    assert.equal(treeObject([]).length, 0);
  });

  it('treeObject refuses a name git would not store and a SHA that is not 40 lower-case hex digits, naming them', () => {
    assert.throws(() => treeObject([{ name: '', mode: '100644', sha: B }]), { message: 'invalid tree entry name: ""' });
    assert.throws(() => treeObject([{ name: 'a/b', mode: '100644', sha: B }]), { message: 'invalid tree entry name: "a/b"' });
    assert.throws(() => treeObject([{ name: 'nul\0', mode: '100644', sha: B }]), { message: 'invalid tree entry name: "nul\\u0000"' });
    assert.throws(() => treeObject([{ name: 'up', mode: '100644', sha: B.toUpperCase() }]), { message: `invalid SHA for up: ${B.toUpperCase()}` });
    assert.throws(() => treeObject([{ name: 'short', mode: '100644', sha: B.slice(1) }]), { message: `invalid SHA for short: ${B.slice(1)}` });
    assert.throws(() => treeObject([{ name: 'long', mode: '100644', sha: `${B}0` }]), { message: `invalid SHA for long: ${B}0` });
    assert.throws(() => treeObject([{ name: 'pre', mode: '100644', sha: `x${B.slice(1)}` }]), { message: `invalid SHA for pre: x${B.slice(1)}` });
    assert.throws(
      () =>
        treeObject([
          { name: 'd', mode: '100644', sha: B },
          { name: 'd', mode: '040000', sha: C },
        ]),
      { message: 'duplicate tree entry: d' },
    );
  });

  it('treeSha is the SHA of the tree object; no entry gives the empty tree', () => {
    const entries: GitTreeEntry[] = [{ name: 'f', mode: '100644', sha: B }];
    assert.equal(treeSha(entries), sha1(Buffer.concat([Buffer.from(`tree ${treeObject(entries).length}\0`), treeObject(entries)])));
    assert.equal(treeSha([]), '4b825dc642cb6eb9a060e54bf8d69288fbee4904');
  });
});

describe('gitdata hashing: the trees of a set of files', () => {
  it('every folder gets its SHA, folders without files of their own included; the root is the empty tree for no file', () => {
    const { sha, trees } = treeShaOfFiles([
      { path: 'top.txt', mode: '100644', sha: B },
      { path: 'a/b/c/deep.txt', mode: '100755', sha: C },
      { path: 'a/b/side.txt', mode: '100644', sha: B },
      { path: 'ab/x', mode: '120000', sha: C },
    ]);
    const c = treeSha([{ name: 'deep.txt', mode: '100755', sha: C }]);
    const b = treeSha([
      { name: 'c', mode: '040000', sha: c },
      { name: 'side.txt', mode: '100644', sha: B },
    ]);
    const a = treeSha([{ name: 'b', mode: '040000', sha: b }]);
    const ab = treeSha([{ name: 'x', mode: '120000', sha: C }]);
    const root = treeSha([
      { name: 'top.txt', mode: '100644', sha: B },
      { name: 'a', mode: '040000', sha: a },
      { name: 'ab', mode: '040000', sha: ab },
    ]);
    assert.deepEqual(Object.fromEntries(trees), { 'a/b/c': c, 'a/b': b, a, ab, '': root });
    assert.equal(sha, root);
    assert.deepEqual(treeShaOfFiles([]), { sha: treeSha([]), trees: new Map([['', treeSha([])]]) });
  });

  it('folders with names sharing a prefix and of equal depth each keep their own files (x/y vs xx/y)', () => {
    const { trees } = treeShaOfFiles([
      { path: 'x/y/one', mode: '100644', sha: B },
      { path: 'xx/y/two', mode: '100644', sha: C },
      { path: 'x/yy/three', mode: '100644', sha: B },
    ]);
    assert.equal(trees.get('x/y'), treeSha([{ name: 'one', mode: '100644', sha: B }]));
    assert.equal(trees.get('xx/y'), treeSha([{ name: 'two', mode: '100644', sha: C }]));
    assert.equal(
      trees.get('x'),
      treeSha([
        { name: 'y', mode: '040000', sha: trees.get('x/y')! },
        { name: 'yy', mode: '040000', sha: treeSha([{ name: 'three', mode: '100644', sha: B }]) },
      ]),
    );
    assert.equal(trees.get('xx'), treeSha([{ name: 'y', mode: '040000', sha: trees.get('xx/y')! }]));
  });

  it("a deep folder whose path is shorter than a shallower one's is still hashed before its parent", () => {
    // "a/b/c" (depth 3, 5 characters) and "longname" (depth 1, 8 characters).
    const { sha, trees } = treeShaOfFiles([
      { path: 'a/b/c/f', mode: '100644', sha: B },
      { path: 'longname/g', mode: '100644', sha: C },
    ]);
    const c = treeSha([{ name: 'f', mode: '100644', sha: B }]);
    const b = treeSha([{ name: 'c', mode: '040000', sha: c }]);
    const a = treeSha([{ name: 'b', mode: '040000', sha: b }]);
    const longname = treeSha([{ name: 'g', mode: '100644', sha: C }]);
    assert.equal(trees.get('a'), a);
    assert.equal(
      sha,
      treeSha([
        { name: 'a', mode: '040000', sha: a },
        { name: 'longname', mode: '040000', sha: longname },
      ]),
    );
  });
});

describe('gitdata hashing: commit objects', () => {
  const author = { name: 'Ada', email: 'ada@example.test', timestamp: 1700000000, timezone: '+0100' };
  const committer = { name: 'Bob', email: 'bob@example.test', timestamp: 1700000060, timezone: '-0500' };

  it('commitObject writes tree, one parent line each, author, committer, a blank line and the message as given', () => {
    assert.equal(
      commitObject({ tree: C, parents: [B, C], author, committer, message: 'Subject\n\nBody' }),
      `tree ${C}\nparent ${B}\nparent ${C}\nauthor Ada <ada@example.test> 1700000000 +0100\ncommitter Bob <bob@example.test> 1700000060 -0500\n\nSubject\n\nBody`,
    );
    assert.equal(
      commitObject({ tree: C, parents: [], author, committer, message: '' }),
      `tree ${C}\nauthor Ada <ada@example.test> 1700000000 +0100\ncommitter Bob <bob@example.test> 1700000060 -0500\n\n`,
    );
  });

  it('commitSha is the SHA of that text as a commit object', () => {
    const fields = { tree: C, parents: [B], author, committer, message: 'm' };
    assert.equal(commitSha(fields), gitObjectSha('commit', commitObject(fields)));
  });
});
