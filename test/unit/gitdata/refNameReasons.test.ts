// Why a branch or tag name is refused, rule by rule, as the user reads it
// while typing (the reason of the first rule the name breaks).
import assert from 'node:assert/strict';
import { refNameProblem } from '../../../src/gitdata';

const CONTROL = 'control';
const SPECIAL = 'special';
const DOTS = 'dots';
const EMPTY_PART = 'emptyPart';
const DOT_LOCK = 'dotOrLock';

describe('gitdata: the reason a ref name is refused', () => {
  it("control characters: below 0x20 and DEL; a space (0x20) is the next rule's", () => {
    assert.equal(refNameProblem('a\u0000b'), CONTROL);
    assert.equal(refNameProblem('a\u001fb'), CONTROL);
    assert.equal(refNameProblem('tab\there'), CONTROL);
    assert.equal(refNameProblem('del\u007f'), CONTROL);
    assert.equal(refNameProblem('a b'), SPECIAL);
    assert.equal(refNameProblem('~\u007e\u0080ok'), SPECIAL, '0x80 is not a control character; ~ is refused');
    assert.equal(refNameProblem('caf\u00e9\u0080'), undefined);
  });

  it('each of space ~ ^ : ? * [ \\ anywhere in the name', () => {
    for (const ch of [' ', '~', '^', ':', '?', '*', '[', '\\']) {
      assert.equal(refNameProblem(`x${ch}y`), SPECIAL, JSON.stringify(ch));
    }
    assert.equal(refNameProblem('a]b'), undefined, '] alone is allowed');
  });

  it('".." and "@{" anywhere; a lone "@" or "." inside is fine', () => {
    assert.equal(refNameProblem('a..b'), DOTS);
    assert.equal(refNameProblem('a@{1}'), DOTS);
    assert.equal(refNameProblem('a@b'), undefined);
    assert.equal(refNameProblem('a.b'), undefined);
    assert.equal(refNameProblem('a{b'), undefined);
  });

  it('a leading or trailing slash, or two slashes in a row', () => {
    assert.equal(refNameProblem('/a'), EMPTY_PART);
    assert.equal(refNameProblem('a/'), EMPTY_PART);
    assert.equal(refNameProblem('a//b'), EMPTY_PART);
    assert.equal(refNameProblem('a/b/c'), undefined);
  });

  it('a name ending with "."; any component starting with "." or ending with ".lock"', () => {
    assert.equal(refNameProblem('a.'), DOT_LOCK);
    assert.equal(refNameProblem('.a'), DOT_LOCK);
    assert.equal(refNameProblem('x/.a'), DOT_LOCK);
    assert.equal(refNameProblem('a.lock'), DOT_LOCK);
    assert.equal(refNameProblem('a.lock/b'), DOT_LOCK);
    assert.equal(refNameProblem('a/b.lock'), DOT_LOCK);
    assert.equal(refNameProblem('a.lockx'), undefined);
    assert.equal(refNameProblem('lock'), undefined);
    assert.equal(refNameProblem('a/b.'), DOT_LOCK);
    assert.equal(refNameProblem('x.y/z'), undefined);
  });

  it('a leading "-" (git reads it as an option), anywhere else it is fine', () => {
    assert.equal(refNameProblem('-x'), 'dash');
    assert.equal(refNameProblem('x-'), undefined);
    assert.equal(refNameProblem('a/-x'), undefined);
  });

  it('"HEAD" itself; a name that only contains it is fine', () => {
    assert.equal(refNameProblem('HEAD'), 'head');
    assert.equal(refNameProblem('HEADS'), undefined);
    assert.equal(refNameProblem('x/HEAD'), undefined);
    assert.equal(refNameProblem('head'), undefined);
  });

  it('the first rule broken is the reason: a control character before ".." before a leading "-"', () => {
    assert.equal(refNameProblem('-a..\u0001'), CONTROL);
    assert.equal(refNameProblem('-a..b'), DOTS);
    assert.equal(refNameProblem('-a.lock'), DOT_LOCK);
  });
});
