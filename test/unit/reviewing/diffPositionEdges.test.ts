// Edges of the position ↔ line mapping and of splitting a pull request's diff
// by file that the `git diff` cases (diffPosition.test.ts) do not reach: the
// kinds of the lines, positions that name no line, a patch without a final
// newline, and file names a naive parse of the headers gets wrong.
import assert from 'node:assert/strict';
import { commentableRuns, lineOfPosition, mapPositions, positionOfLine } from '../../../src/reviewing/diffPosition';
import { splitDiffByFile } from './splitDiff';

const PATCH = ['@@ -1,3 +1,3 @@', ' keep', '-old', '+new', '\\ No newline at end of file', '@@ -10,1 +10,2 @@', ' ten', '+eleven'].join('\n');

describe('diff positions: line kinds and positions without a line', () => {
  it('names each line of the diff by its kind with its lines, position n being the n-th line below the first @@', () => {
    assert.deepEqual(mapPositions(PATCH).lines, [
      { position: 1, kind: 'context', baseLine: 1, headLine: 1 },
      { position: 2, kind: 'removed', baseLine: 2 },
      { position: 3, kind: 'added', headLine: 2 },
      { position: 4, kind: 'note' },
      { position: 5, kind: 'hunk' },
      { position: 6, kind: 'context', baseLine: 10, headLine: 10 },
      { position: 7, kind: 'added', headLine: 11 },
    ]);
  });

  it('a patch whose last line has no newline keeps that line (and a final newline adds none)', () => {
    assert.equal(mapPositions(PATCH).lines.length, 7);
    assert.equal(mapPositions(`${PATCH}\n`).lines.length, 7);
    assert.deepEqual(lineOfPosition(mapPositions(PATCH), 7), { side: 'head', line: 11 });
  });

  it('position 0, a negative or fractional position, and a hunk header or marker name no line', () => {
    const map = mapPositions(PATCH);
    for (const p of [0, -1, 1.5, Number.NaN, 8]) assert.equal(lineOfPosition(map, p), undefined, `position ${p}`);
    assert.equal(lineOfPosition(map, 4), undefined, 'the no-newline marker');
    assert.equal(lineOfPosition(map, 5), undefined, 'a later hunk header');
    assert.deepEqual(lineOfPosition(map, 1), { side: 'head', line: 1 });
    assert.deepEqual(lineOfPosition(map, 2), { side: 'base', line: 2 });
  });

  it('no patch (a binary file) or a patch without a hunk maps nothing', () => {
    for (const p of [null, undefined, '', 'Binary files differ']) {
      const map = mapPositions(p);
      assert.deepEqual([map.lines.length, map.head.size, map.base.size], [0, 0, 0]);
    }
  });

  it('the commentable lines of each side come as runs of consecutive lines, in line order', () => {
    const map = mapPositions(PATCH);
    assert.deepEqual(commentableRuns(map, 'head'), [
      [1, 2],
      [10, 11],
    ]);
    assert.deepEqual(commentableRuns(map, 'base'), [
      [1, 2],
      [10, 10],
    ]);
    assert.equal(positionOfLine(map, 'base', 10), 6);
    assert.equal(positionOfLine(map, 'head', 3), undefined);
  });
});

describe("splitting a pull request's diff by file (keyed by the head path)", () => {
  const block = (lines: string[]) => `${lines.join('\n')}\n`;

  it('a path with " b/" in it is read from the +++ line (added), the --- line (deleted), the rename line (renamed)', () => {
    const added = block([
      'diff --git a/docs b/new.txt b/docs b/new.txt',
      'new file mode 100644',
      'index 0000000..1111111',
      '--- /dev/null',
      '+++ b/docs b/new.txt',
      '@@ -0,0 +1 @@',
      '+x',
    ]);
    const deleted = block([
      'diff --git a/docs b/old.txt b/docs b/old.txt',
      'deleted file mode 100644',
      'index 1111111..0000000',
      '--- a/docs b/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-x',
    ]);
    const renamed = block(['diff --git a/docs b/a.txt b/docs b/c.txt', 'similarity index 100%', 'rename from docs b/a.txt', 'rename to docs b/c.txt']);
    const files = splitDiffByFile(added + deleted + renamed);
    assert.deepEqual([...files.keys()], ['docs b/new.txt', 'docs b/old.txt', 'docs b/c.txt']);
    assert.equal(files.get('docs b/new.txt'), added);
    assert.equal(files.get('docs b/old.txt'), deleted);
  });

  it('text in a file that looks like a header ("diff --git", "+++ b/", "rename to") stays in its file', () => {
    const doc = block([
      'diff --git a/notes.md b/notes.md',
      'index 1111111..2222222 100644',
      '--- a/notes.md',
      '+++ b/notes.md',
      '@@ -1 +1,4 @@',
      ' title',
      '+see diff --git a/x b/y in the manual',
      '+++ b/elsewhere.txt',
      '+rename to other.md',
    ]);
    const files = splitDiffByFile(`preamble line\n${doc}`);
    assert.deepEqual([...files.keys()], ['notes.md']);
    assert.equal(files.get('notes.md'), doc);
    assert.equal(mapPositions(files.get('notes.md')).head.size, 4);
  });
});
