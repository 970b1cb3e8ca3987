// Head moved: a draft written on an older head is placed again on the new
// head where its line still maps (same line and text, or the one line of that
// side with that text), and nowhere when it does not.
import assert from 'node:assert/strict';
import { lineTextAt, positionOnNewHead } from '../../../../../src/features/review/pendingReview/model/replace';

// Positions: 1 ' one', 2 '-two', 3 '+TWO', 4 ' three', 5 '@@', 6 ' ten', 7 '+eleven', 8 '\ No newline'
const OLD_PATCH = '@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n@@ -10,1 +10,2 @@\n ten\n+eleven\n\\ No newline at end of file\n';

describe('pending review: a draft placed again on a new head', () => {
  it('lineTextAt reads the text of added, removed and context lines without their sign', () => {
    assert.equal(lineTextAt(OLD_PATCH, 1), 'one');
    assert.equal(lineTextAt(OLD_PATCH, 2), 'two');
    assert.equal(lineTextAt(OLD_PATCH, 3), 'TWO');
    assert.equal(lineTextAt(OLD_PATCH, 7), 'eleven');
  });

  it('lineTextAt has no text for a hunk header, a marker or a position outside the diff', () => {
    assert.equal(lineTextAt(OLD_PATCH, 5), undefined);
    assert.equal(lineTextAt(OLD_PATCH, 8), undefined);
    assert.equal(lineTextAt(OLD_PATCH, 9), undefined);
    assert.equal(lineTextAt(OLD_PATCH, 0), undefined);
    assert.equal(lineTextAt(null, 1), undefined);
  });

  it('lineTextAt counts from the first hunk of a whole git diff block', () => {
    assert.equal(lineTextAt('diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n', 2), 'b');
  });

  it('the same line with the same text on the new head: its new position', () => {
    const newPatch = '@@ -1,2 +1,3 @@\n+new first\n one\n+TWO\n';
    assert.equal(positionOnNewHead({ side: 'head', line: 3, lineText: 'TWO' }, newPatch), 3);
  });

  it('the line moved down: the one line of that side with the text', () => {
    const newPatch = '@@ -1,2 +1,4 @@\n+a\n+b\n one\n+TWO\n';
    assert.equal(positionOnNewHead({ side: 'head', line: 2, lineText: 'TWO' }, newPatch), 4);
  });

  it('the same line number with other text and no line with the old text: does not map', () => {
    const newPatch = '@@ -1,2 +1,2 @@\n one\n+Two, rewritten\n';
    assert.equal(positionOnNewHead({ side: 'head', line: 2, lineText: 'TWO' }, newPatch), undefined);
  });

  it('two lines with the text and neither at the old line: ambiguous, does not map', () => {
    const newPatch = '@@ -1,1 +1,3 @@\n+TWO\n one\n+TWO\n';
    assert.equal(positionOnNewHead({ side: 'head', line: 2, lineText: 'TWO' }, newPatch), undefined);
  });

  it('the old line is found again at its own line even when the text is there twice', () => {
    const newPatch = '@@ -1,1 +1,3 @@\n+TWO\n+TWO\n one\n';
    assert.equal(positionOnNewHead({ side: 'head', line: 2, lineText: 'TWO' }, newPatch), 2);
  });

  it('a base-side (removed) line is looked for among base lines only', () => {
    const newPatch = '@@ -1,3 +1,2 @@\n+two\n one\n-two\n';
    assert.equal(positionOnNewHead({ side: 'base', line: 2, lineText: 'two' }, newPatch), 3);
    assert.equal(positionOnNewHead({ side: 'head', line: 9, lineText: 'two' }, newPatch), 1);
  });

  it('a base-side line is not found among head lines with the same text', () => {
    const newPatch = '@@ -1,1 +1,2 @@\n+gone\n other\n';
    assert.equal(positionOnNewHead({ side: 'base', line: 5, lineText: 'gone' }, newPatch), undefined);
  });

  it('a file no longer in the pull request (no patch): does not map', () => {
    assert.equal(positionOnNewHead({ side: 'head', line: 2, lineText: 'TWO' }, undefined), undefined);
    assert.equal(positionOnNewHead({ side: 'head', line: 2 }, null), undefined);
  });

  it('a draft without its line text maps by line number alone', () => {
    assert.equal(positionOnNewHead({ side: 'head', line: 1 }, '@@ -1 +1,2 @@\n+x\n y\n'), 1);
    assert.equal(positionOnNewHead({ side: 'head', line: 5 }, '@@ -1 +1,2 @@\n+x\n y\n'), undefined);
  });
});
