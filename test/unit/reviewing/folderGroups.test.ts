// A pull request's changed files by folder: folders before files, each by
// name; counts of every file below; a chain of single folders compacted into
// one row; when a list is drawn flat or by folder; what the service lists
// short of what it counts.
import assert from 'node:assert/strict';
import { FLAT_AT_MOST, groupByFolder, groupsByFolder, type FolderGroup } from '../../../src/reviewing/folderGroups';
import { unlisted } from '../../../src/reviewing/listShortfall';

const ident = (s: string) => s;
/** The tree as lines a person reads: "name/ (count)" for a folder, the file's path for a file. */
function lines(g: FolderGroup<string>, depth = 0): string[] {
  const pad = '  '.repeat(depth);
  return [...g.folders.flatMap((f) => [`${pad}${f.name}/ (${f.count}) [${f.path}]`, ...lines(f, depth + 1)]), ...g.files.map((f) => `${pad}${f}`)];
}

describe('Changed files by folder', () => {
  it('files at the root stay at the root, by name', () => {
    const root = groupByFolder(['b.md', 'a.md'], ident);
    assert.deepEqual(lines(root), ['a.md', 'b.md']);
    assert.equal(root.count, 2);
    assert.equal(root.path, '');
    assert.equal(root.name, '');
  });

  it('folders first, by name, each with the count of every file below it', () => {
    const root = groupByFolder(['z.txt', 'src/b.ts', 'src/a.ts', 'docs/x.md', 'src/util/c.ts'], ident);
    assert.deepEqual(lines(root), [
      'docs/ (1) [docs]',
      '  docs/x.md',
      'src/ (3) [src]',
      '  util/ (1) [src/util]',
      '    src/util/c.ts',
      '  src/a.ts',
      '  src/b.ts',
      'z.txt',
    ]);
    assert.equal(root.count, 5);
  });

  it('a chain of folders that each hold only one folder is one row', () => {
    const root = groupByFolder(['src/features/pulls/a.ts', 'src/features/pulls/b.ts', 'README.md'], ident);
    assert.deepEqual(lines(root), ['src/features/pulls/ (2) [src/features/pulls]', '  src/features/pulls/a.ts', '  src/features/pulls/b.ts', 'README.md']);
  });

  it('the chain stops at a folder with a file of its own or two folders', () => {
    const root = groupByFolder(['a/b/one.ts', 'a/b/c/two.ts', 'a/b/d/three.ts'], ident);
    assert.deepEqual(lines(root), ['a/b/ (3) [a/b]', '  c/ (1) [a/b/c]', '    a/b/c/two.ts', '  d/ (1) [a/b/d]', '    a/b/d/three.ts', '  a/b/one.ts']);
    const two = groupByFolder(['a/x/1.ts', 'a/y/2.ts'], ident);
    assert.deepEqual(lines(two), ['a/ (2) [a]', '  x/ (1) [a/x]', '    a/x/1.ts', '  y/ (1) [a/y]', '    a/y/2.ts']);
  });

  it('the root is never compacted into its only folder', () => {
    const root = groupByFolder(['only/one.ts'], ident);
    assert.equal(root.name, '');
    assert.deepEqual(lines(root), ['only/ (1) [only]', '  only/one.ts']);
  });

  it('files are sorted by name, folders by name', () => {
    const root = groupByFolder(['d/b.ts', 'd/a.ts', 'd/c.ts'], ident);
    assert.deepEqual(root.folders[0]!.files, ['d/a.ts', 'd/b.ts', 'd/c.ts']);
    // Sorting by code unit, as the service's paths are compared (upper case before lower).
    assert.deepEqual(groupByFolder(['b', 'B', 'a'], ident).files, ['B', 'a', 'b']);
    assert.deepEqual(groupByFolder(['e', 'd', 'c', 'b', 'a'], ident).files, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(
      groupByFolder(['e/1', 'd/1', 'c/1', 'b/1', 'a/1'], ident).folders.map((f) => f.name),
      ['a', 'b', 'c', 'd', 'e'],
    );
  });

  it('keeps the items as given (objects, not paths) and each one once', () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ filename: `pkg${i % 30}/mod${i % 7}/file${i}.ts` }));
    const root = groupByFolder(items, (f) => f.filename);
    assert.equal(root.count, 3000);
    assert.equal(root.folders.length, 30);
    const all: { filename: string }[] = [];
    const walk = (g: FolderGroup<{ filename: string }>) => {
      all.push(...g.files);
      g.folders.forEach(walk);
    };
    walk(root);
    assert.equal(new Set(all).size, 3000);
    assert.ok(all.every((f) => items.includes(f)));
    assert.equal(root.folders[0]!.count, 100);
    assert.equal(root.folders[0]!.folders.length, 7);
  });

  it('an empty list is an empty root', () => {
    assert.deepEqual(groupByFolder([], ident), { path: '', name: '', folders: [], files: [], count: 0 });
  });

  it(`drawn flat up to ${FLAT_AT_MOST} files read to the end, by folder above or while more pages are to come`, () => {
    assert.equal(FLAT_AT_MOST, 50);
    assert.equal(groupsByFolder(50, false), false);
    assert.equal(groupsByFolder(51, false), true);
    assert.equal(groupsByFolder(0, false), false);
    assert.equal(groupsByFolder(10, true), true);
  });
});

describe('What the service lists short of what it counts', () => {
  it('the difference once the list is read to its end', () => {
    assert.equal(unlisted(300, 3000, false), 2700);
  });
  it('nothing while pages are still to come', () => {
    assert.equal(unlisted(300, 3000, true), 0);
  });
  it('nothing when the count is unknown, or when as many or more are listed', () => {
    assert.equal(unlisted(300, undefined, false), 0);
    assert.equal(unlisted(3000, 3000, false), 0);
    assert.equal(unlisted(3001, 3000, false), 0);
  });
});
