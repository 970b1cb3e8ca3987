// Applying a suggestion to a file's text: the commented line replaced only
// when it still reads as it did, the file's line endings and its last line's
// newline (or lack of one) kept.
import assert from 'node:assert/strict';
import { applySuggestion } from '../../../src/reviewing/suggestionApply';

describe('Suggestion applier', () => {
  it('replaces the commented line with the suggested lines', () => {
    assert.deepEqual(applySuggestion('one\ntwo\nthree\n', 2, ['two'], ['TWO', 'two and a half']), { ok: true, text: 'one\nTWO\ntwo and a half\nthree\n' });
  });

  it("CRLF: the new lines end with CRLF as the file's do", () => {
    assert.deepEqual(applySuggestion('one\r\ntwo\r\nthree\r\n', 2, ['two'], ['a', 'b']), { ok: true, text: 'one\r\na\r\nb\r\nthree\r\n' });
  });

  it('the last line without a newline stays without one', () => {
    assert.deepEqual(applySuggestion('one\ntwo', 2, ['two'], ['a', 'b']), { ok: true, text: 'one\na\nb' });
    assert.deepEqual(applySuggestion('one\r\ntwo', 2, ['two'], ['a', 'b']), { ok: true, text: 'one\r\na\r\nb' });
    assert.deepEqual(applySuggestion('only', 1, ['only'], ['x']), { ok: true, text: 'x' });
    assert.deepEqual(applySuggestion('only', 1, ['only'], ['x', 'y']), { ok: true, text: 'x\ny' }, 'a file of one unterminated line: \\n between');
  });

  it('a suggestion that no longer applies (the line changed) changes nothing', () => {
    assert.deepEqual(applySuggestion('one\nTWO\nthree\n', 2, ['two'], ['2']), { ok: false, reason: 'changed' });
    assert.deepEqual(applySuggestion('one\ntwo \n', 2, ['two'], ['2']), { ok: false, reason: 'changed' }, 'a trailing blank is a change');
  });

  it('a line the file no longer has: missing', () => {
    assert.deepEqual(applySuggestion('one\n', 2, ['two'], ['2']), { ok: false, reason: 'missing' });
    assert.deepEqual(applySuggestion('one\n', 0, ['one'], ['2']), { ok: false, reason: 'missing' });
    assert.deepEqual(applySuggestion('', 1, ['one'], ['2']), { ok: false, reason: 'missing' });
    assert.deepEqual(applySuggestion('one\n', 1, [], ['2']), { ok: false, reason: 'missing' }, 'no old line to match');
  });

  it('several old lines are all checked and all replaced', () => {
    assert.deepEqual(applySuggestion('a\nb\nc\nd\n', 2, ['b', 'c'], ['X']), { ok: true, text: 'a\nX\nd\n' });
    assert.deepEqual(applySuggestion('a\nb\nC\nd\n', 2, ['b', 'c'], ['X']), { ok: false, reason: 'changed' });
    assert.deepEqual(applySuggestion('a\nb\n', 2, ['b', 'c'], ['X']), { ok: false, reason: 'missing' });
  });

  it('an empty suggestion removes the line; removing the unterminated last line leaves the one before without a newline', () => {
    assert.deepEqual(applySuggestion('a\nb\nc\n', 2, ['b'], []), { ok: true, text: 'a\nc\n' });
    assert.deepEqual(applySuggestion('a\nb', 2, ['b'], []), { ok: true, text: 'a' });
    assert.deepEqual(applySuggestion('a\r\nb', 2, ['b'], []), { ok: true, text: 'a' });
    assert.deepEqual(applySuggestion('a\nb\n', 2, ['b'], []), { ok: true, text: 'a\n' });
    assert.deepEqual(applySuggestion('b', 1, ['b'], []), { ok: true, text: '' });
  });

  it('the first line of a file, and a blank line, are matched like any other', () => {
    assert.deepEqual(applySuggestion('a\n\nc\n', 2, [''], ['b']), { ok: true, text: 'a\nb\nc\n' });
    assert.deepEqual(applySuggestion('a\nb\n', 1, ['a'], ['A']), { ok: true, text: 'A\nb\n' });
  });

  it('a mixed file: the replaced line keeps its own ending', () => {
    assert.deepEqual(applySuggestion('a\nb\r\nc\n', 2, ['b'], ['x', 'y']), { ok: true, text: 'a\nx\r\ny\r\nc\n' });
  });
});
