// The threads on the lines an editor shows are handed to VS Code first; the
// rest follow. Which are which, at the edges of the visible ranges.
import assert from 'node:assert/strict';
import { inViewFirst } from '../../src/reviewing/threadPlacement';

const at = (...lines: (number | undefined)[]) => lines.map((line, i) => ({ id: i, line }));
const lines = (xs: { line: number | undefined }[]) => xs.map((x) => x.line);

describe('inViewFirst: the threads on screen first', () => {
  it('a thread on a visible line is in view; one outside every visible range comes later, each list in the given order', () => {
    const { inView, later } = inViewFirst(at(50, 3, 12, 10, 11, 9), [[10, 20]], 0);
    assert.deepEqual(lines(inView), [12, 10, 11]);
    assert.deepEqual(lines(later), [50, 3, 9]);
  });

  it('the first and the last visible line are in view; the lines just beyond them are not', () => {
    const { inView, later } = inViewFirst(at(9, 10, 20, 21), [[10, 20]], 0);
    assert.deepEqual(lines(inView), [10, 20]);
    assert.deepEqual(lines(later), [9, 21]);
  });

  it('the margin widens each visible range on both sides by that many lines, and no more', () => {
    const { inView, later } = inViewFirst(at(4, 5, 25, 26), [[10, 20]], 5);
    assert.deepEqual(lines(inView), [5, 25]);
    assert.deepEqual(lines(later), [4, 26]);
  });

  it('several visible ranges (a folded region, two editors): a thread in any of them is in view', () => {
    const { inView, later } = inViewFirst(
      at(2, 15, 40, 60),
      [
        [1, 5],
        [38, 45],
      ],
      0,
    );
    assert.deepEqual(lines(inView), [2, 40]);
    assert.deepEqual(lines(later), [15, 60]);
  });

  it('a thread without a line sits at the top: in view with line 1, later when the top is scrolled away', () => {
    assert.deepEqual(lines(inViewFirst(at(undefined), [[1, 30]], 0).inView), [undefined]);
    assert.deepEqual(lines(inViewFirst(at(undefined), [[2, 30]], 0).later), [undefined]);
  });

  it('with no editor showing the document every thread is handed over at once, as a copy', () => {
    const placed = at(1, 500);
    const { inView, later } = inViewFirst(placed, [], 0);
    assert.deepEqual(lines(inView), [1, 500]);
    assert.deepEqual(later, []);
    assert.notEqual(inView, placed);
  });
});
