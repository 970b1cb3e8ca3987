// A line's place after a change: kept lines pair up, a changed or removed
// line has none.
import assert from 'node:assert/strict';
import { lineAfter } from '../../../src/reviewing/lineMoves';

const TABLE = ['# Tables', '', 'x² + x + 41 from x = 0: 41, 43, 47, 53, 61, 71.', 'Initial differences: 41, 2, 2.'];

describe('lineAfter', () => {
  it('a line changed in place: the lines before and after it keep their numbers, it has none', () => {
    const after = [...TABLE.slice(0, 3), 'Initial differences: 41, 2 and 2.'];
    assert.deepEqual(
      [1, 2, 3, 4].map((l) => lineAfter(TABLE, after, l)),
      [1, 2, 3, undefined],
    );
    const middle = [TABLE[0]!, TABLE[1]!, 'x² + x + 41 from x = 0.', TABLE[3]!];
    assert.deepEqual(
      [1, 2, 3, 4].map((l) => lineAfter(TABLE, middle, l)),
      [1, 2, undefined, 4],
    );
  });

  it('lines added or removed above move the lines below by as many', () => {
    const added = [TABLE[0]!, 'A new line.', 'And another.', ...TABLE.slice(1)];
    assert.deepEqual(
      [1, 2, 3, 4].map((l) => lineAfter(TABLE, added, l)),
      [1, 4, 5, 6],
    );
    const removed = [TABLE[0]!, TABLE[3]!];
    assert.deepEqual(
      [1, 2, 3, 4].map((l) => lineAfter(TABLE, removed, l)),
      [1, undefined, undefined, 2],
    );
  });

  it('a change in the middle of repeated lines pairs the kept ones in order', () => {
    const before = ['a', 'x', 'b', 'x', 'c'];
    const after = ['a', 'x', 'B', 'x', 'c'];
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((l) => lineAfter(before, after, l)),
      [1, 2, undefined, 4, 5],
    );
    // Two changes with kept lines between them.
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((l) => lineAfter(['a', 'b', 'c', 'd', 'e'], ['A', 'b', 'c', 'D', 'e', 'f'], l)),
      [undefined, 2, 3, undefined, 5],
    );
  });

  it('a line outside the file, or a change too large to compare, is unknown', () => {
    assert.equal(lineAfter(TABLE, TABLE, 0), undefined);
    assert.equal(lineAfter(TABLE, TABLE, 5), undefined);
    assert.equal(lineAfter(['a', 'b', 'c'], ['A', 'b', 'C'], 2, 4), undefined);
    assert.equal(lineAfter(['a', 'b', 'c'], ['A', 'b', 'C'], 2, 9), 2);
  });
});
