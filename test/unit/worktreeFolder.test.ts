// Checkout in a New Worktree's folder (src/util/worktreeFolder.ts): beside
// the clone, named after the pull request, never one that exists.
import assert from 'node:assert/strict';
import { freeWorktreeFolder, MAX_TRIES } from '../../src/util/worktreeFolder';

describe('worktree folder', () => {
  it('is <repo>-pr-<number> beside the clone when free', () => {
    assert.equal(
      freeWorktreeFolder('/work/', 'notes', 7, () => false),
      '/work/notes-pr-7',
    );
  });

  it('takes the first free -2, -3, … when the folder exists', () => {
    const taken = new Set(['/work/notes-pr-7', '/work/notes-pr-7-2']);
    assert.equal(
      freeWorktreeFolder('/work', 'notes', 7, (f) => taken.has(f)),
      '/work/notes-pr-7-3',
    );
  });

  it(`gives up after ${MAX_TRIES} taken folders rather than use one`, () => {
    const asked: string[] = [];
    const all = (f: string) => (asked.push(f), true);
    assert.equal(freeWorktreeFolder('/work', 'notes', 7, all), undefined);
    assert.equal(asked.length, MAX_TRIES);
    assert.equal(asked[MAX_TRIES - 1], `/work/notes-pr-7-${MAX_TRIES}`);
  });
});
