// Suggested changes in review comments: which fenced blocks are suggestions
// (closed ones only, in order, CRLF bodies, other languages' blocks skipped),
// the commented line read from the diff hunk, and the body drawn as a change.
import assert from 'node:assert/strict';
import { parseSuggestions, splitSuggestions, suggestedLine, suggestionMarkdown } from '../../../src/reviewing/suggestions';

describe('Suggestion parser', () => {
  it('one block: the lines between the fences, the text around it kept', () => {
    assert.deepEqual(splitSuggestions('Try this:\n```suggestion\nconst a = 1;\n```\nThanks'), [
      { kind: 'text', text: 'Try this:' },
      { kind: 'suggestion', lines: ['const a = 1;'] },
      { kind: 'text', text: 'Thanks' },
    ]);
  });

  it('several blocks are read in order, each with its own lines', () => {
    assert.deepEqual(parseSuggestions('```suggestion\none\n```\nor\n```suggestion\ntwo\nthree\n```'), [['one'], ['two', 'three']]);
  });

  it('a CRLF body gives the same lines, without carriage returns', () => {
    assert.deepEqual(parseSuggestions('Use:\r\n```suggestion\r\nfirst\r\nsecond\r\n```\r\n'), [['first', 'second']]);
  });

  it('an empty block suggests removing the line', () => {
    assert.deepEqual(parseSuggestions('```suggestion\n```'), [[]]);
  });

  it('bad input: a block that is not closed is text, not a suggestion', () => {
    const body = 'Maybe:\n```suggestion\nconst a = 1;';
    assert.deepEqual(parseSuggestions(body), []);
    assert.deepEqual(splitSuggestions(body), [{ kind: 'text', text: body }]);
    assert.equal(suggestionMarkdown(body, ['x'], 'Suggested change'), body);
  });

  it('the closing fence must be of the same character and at least as long; ~~~ fences and an indent up to three spaces count', () => {
    assert.deepEqual(parseSuggestions('````suggestion\na\n```\nb\n````'), [['a', '```', 'b']]);
    assert.deepEqual(parseSuggestions('~~~suggestion\na\n~~~'), [['a']]);
    assert.deepEqual(parseSuggestions('   ```suggestion\na\n   ```'), [['a']]);
    assert.deepEqual(parseSuggestions('    ```suggestion\na\n```'), [], 'four spaces make an indented code line, not a fence');
    assert.deepEqual(parseSuggestions('```suggestion\na\n~~~'), [], 'a ~~~ line does not close a ``` fence');
    assert.deepEqual(parseSuggestions('```suggestion\na\n``` x'), [], 'a closing fence holds nothing else');
    assert.deepEqual(parseSuggestions('```suggestion  \na\n```  '), [['a']], 'trailing blanks after the fences');
  });

  it('a fenced block of another language is text, even when it quotes a suggestion', () => {
    const body = '````markdown\n```suggestion\nx\n```\n````\n```js\ncode\n```';
    assert.deepEqual(parseSuggestions(body), []);
    assert.deepEqual(splitSuggestions(body), [{ kind: 'text', text: body }]);
    assert.deepEqual(parseSuggestions('```suggestionx\na\n```'), [], 'only the word suggestion');
  });

  it('no body, or a body without a fence, holds no suggestion', () => {
    assert.deepEqual(parseSuggestions(undefined), []);
    assert.deepEqual(parseSuggestions(null), []);
    assert.deepEqual(parseSuggestions('plain text'), []);
    assert.deepEqual(splitSuggestions(''), [{ kind: 'text', text: '' }]);
  });
});

describe('The commented line of a suggestion (from the diff hunk)', () => {
  it("the hunk's last line, counted on the new side, its text without the diff mark", () => {
    assert.deepEqual(suggestedLine('@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n+three'), { line: 3, text: 'three' });
    assert.deepEqual(suggestedLine('@@ -10,2 +12,2 @@ function f()\n keep\n same'), { line: 13, text: 'same' });
    assert.deepEqual(suggestedLine('@@ -0,0 +1 @@\n+only\n'), { line: 1, text: 'only' });
  });

  it('a CRLF hunk, and a "no newline" marker, are read the same', () => {
    assert.deepEqual(suggestedLine('@@ -1 +1 @@\r\n-a\r\n+b\r\n\\ No newline at end of file'), { line: 1, text: 'b' });
  });

  it('a comment on a removed line, or a hunk without a header, has no line to change', () => {
    assert.equal(suggestedLine('@@ -1,2 +1 @@\n one\n-two'), undefined);
    assert.equal(suggestedLine('one\n+two'), undefined);
    assert.equal(suggestedLine('@@ -1 +1 @@'), undefined);
  });

  it('the last header of the hunk counts', () => {
    assert.deepEqual(suggestedLine('@@ -1 +1 @@\n a\n@@ -20 +30 @@\n z'), { line: 30, text: 'z' });
  });
});

describe('A suggestion drawn as a change (Markdown)', () => {
  it('the old line as - and the new lines as + in a diff block, under the label, the text around kept', () => {
    assert.equal(
      suggestionMarkdown('Please:\n```suggestion\nnew one\nnew two\n```\nok?', ['old'], 'Suggested change'),
      'Please:\n**Suggested change**\n\n```diff\n-old\n+new one\n+new two\n```\nok?',
    );
  });

  it('without the old lines, only the new ones; an empty block shows the removal', () => {
    assert.equal(suggestionMarkdown('```suggestion\nx\n```', undefined, 'S'), '**S**\n\n```diff\n+x\n```');
    assert.equal(suggestionMarkdown('```suggestion\n```', ['gone'], 'S'), '**S**\n\n```diff\n-gone\n```');
  });

  it('lines holding backticks get a longer fence, so they cannot close it', () => {
    assert.equal(suggestionMarkdown('```suggestion\na ``` b\n```', ['c ```` d'], 'S'), '**S**\n\n`````diff\n-c ```` d\n+a ``` b\n`````');
  });

  it('a body without a suggestion comes back unchanged (CRLF too); no body is empty', () => {
    assert.equal(suggestionMarkdown('a\r\nb', ['x'], 'S'), 'a\r\nb');
    assert.equal(suggestionMarkdown(undefined, ['x'], 'S'), '');
  });
});
