import assert from 'node:assert/strict';
import { pullListEdit } from '../../src/util/pullListEdit';

const pr = (number: number, state: 'open' | 'closed', title = `#${number}`) => ({ number, state, title });
const shown = [pr(3, 'open'), pr(1, 'open')];
const newestFirst = { state: 'open', sort: 'created', direction: 'desc' } as const;

describe('pullListEdit (a pull request changed by a write, shown at once in Pull Requests)', () => {
  it('a created pull request comes first in the newest-first list', () => {
    assert.deepEqual(
      pullListEdit(pr(4, 'open'), newestFirst)(shown).map((p) => p.number),
      [4, 3, 1],
    );
  });
  it('in another order it comes last (the list read again puts it in its place)', () => {
    assert.deepEqual(
      pullListEdit(pr(4, 'open'), { ...newestFirst, direction: 'asc' })(shown).map((p) => p.number),
      [3, 1, 4],
    );
    assert.deepEqual(
      pullListEdit(pr(4, 'open'), { ...newestFirst, sort: 'updated' })(shown).map((p) => p.number),
      [3, 1, 4],
    );
  });
  it('an edited pull request replaces its row in place', () => {
    assert.deepEqual(
      pullListEdit(pr(3, 'open', 'renamed'), newestFirst)(shown).map((p) => p.title),
      ['renamed', '#1'],
    );
  });
  it('a pull request closed or merged leaves the open list, stays in the closed and the all lists', () => {
    assert.deepEqual(
      pullListEdit(pr(3, 'closed'), newestFirst)(shown).map((p) => p.number),
      [1],
    );
    assert.deepEqual(
      pullListEdit(pr(3, 'closed'), { ...newestFirst, state: 'all' })(shown).map((p) => [p.number, p.state]),
      [
        [3, 'closed'],
        [1, 'open'],
      ],
    );
    assert.deepEqual(
      pullListEdit(pr(5, 'closed'), { ...newestFirst, state: 'closed' })([pr(5, 'open')]).map((p) => p.state),
      ['closed'],
    );
  });
  it('a reopened pull request leaves the closed list', () => {
    assert.deepEqual(
      pullListEdit(pr(5, 'open'), { ...newestFirst, state: 'closed' })([pr(5, 'closed'), pr(6, 'closed')]).map((p) => p.number),
      [6],
    );
  });
});
