// The order in which ignore rules decide (root patterns, then each folder's
// .gitignore from the shallowest to the deepest, whatever order they were
// given in), which folder a .gitignore speaks for, and files.exclude globs.
import assert from 'node:assert/strict';
import { IgnoreRules, patternsOfFilesExclude } from '../../../src/gitdata';

describe('gitdata: ignore rules, who decides last', () => {
  it('the root .gitignore decides after the root patterns (info/exclude, files.exclude): it can re-include', () => {
    const rules = new IgnoreRules([{ dir: '', text: '!*.bak\n' }], ['*.bak']);
    assert.equal(rules.ignores('a.bak'), false);
    const other = new IgnoreRules([{ dir: '', text: '*.bak\n' }], ['!*.bak']);
    assert.equal(other.ignores('a.bak'), true);
  });

  it('a deeper .gitignore decides after a shallower one even when listed first', () => {
    const rules = new IgnoreRules([
      { dir: 'a/b', text: '!keep.log\n' },
      { dir: 'a', text: '*.log\n' },
      { dir: '', text: '!*.log\n' },
    ]);
    assert.equal(rules.ignores('a/b/keep.log'), false);
    assert.equal(rules.ignores('a/b/other.log'), true);
    assert.equal(rules.ignores('a/x.log'), true);
    assert.equal(rules.ignores('x.log'), false);
  });

  it('a .gitignore speaks only for its own folder: not for a sibling whose name starts the same', () => {
    const rules = new IgnoreRules([{ dir: 'sub', text: '*.txt\n' }]);
    assert.equal(rules.ignores('sub/a.txt'), true);
    assert.equal(rules.ignores('sub/deeper/a.txt'), true);
    assert.equal(rules.ignores('subway/a.txt'), false);
    assert.equal(rules.ignores('a.txt'), false);
  });

  it('patterns are relative to their folder: an anchored pattern of sub/.gitignore matches sub/x, not sub/y/x', () => {
    const rules = new IgnoreRules([{ dir: '//sub//', text: '/x\n' }]);
    assert.equal(rules.ignores('sub/x'), true);
    assert.equal(rules.ignores('//sub/x//'), true, 'slashes around the path are ignored');
    assert.equal(rules.ignores('sub/y/x'), false);
    assert.equal(rules.ignores('x'), false);
  });

  it("a folder-only pattern matches a folder asked as one, inside a sub-folder's rules too", () => {
    const rules = new IgnoreRules([{ dir: 'sub', text: 'cache/\n' }]);
    assert.equal(rules.ignores('sub/cache', true), true);
    assert.equal(rules.ignores('sub/cache', false), false);
    assert.equal(rules.ignores('sub/cache/f', false), true);
  });

  it('a path is asked as a file unless said otherwise', () => {
    const rules = new IgnoreRules([{ dir: '', text: 'cache/\n' }]);
    assert.equal(rules.ignores('cache'), false);
    assert.equal(rules.ignores('cache', true), true);
  });

  it('.git at any depth is left out without any rule; a name merely containing .git is not', () => {
    const rules = new IgnoreRules([]);
    assert.equal(rules.ignores('.git'), true);
    assert.equal(rules.ignores('//.git//'), true);
    assert.equal(rules.ignores('.git/HEAD'), true);
    assert.equal(rules.ignores('a/.git'), true);
    assert.equal(rules.ignores('.gitignore'), false);
    assert.equal(rules.ignores('a/.github/x'), false);
    assert.equal(rules.ignores('x.git'), false);
  });

  it('no rule and no root pattern: nothing is left out', () => {
    assert.equal(new IgnoreRules([]).ignores('anything'), false);
    assert.equal(new IgnoreRules([], []).ignores('dir', true), false);
  });
});

describe('gitdata: files.exclude as gitignore patterns', () => {
  it('"**/x" matches at any depth, anything else is anchored at the root (leading slashes removed); only true counts', () => {
    assert.deepEqual(patternsOfFilesExclude({ '**/node_modules': true, '/out': true, '//dist': true, 'a/**/b': true, off: false, text: 'true', one: 1 }), [
      'node_modules',
      '/out',
      '/dist',
      '/a/**/b',
    ]);
    assert.deepEqual(patternsOfFilesExclude(undefined), []);
    assert.deepEqual(patternsOfFilesExclude({}), []);
  });
});
