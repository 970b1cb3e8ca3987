import assert from 'node:assert/strict';
import { commentLocation, describeLocation, ENGLISH_LOCATION_WORDS as EN } from '../../../src/reviewing/commentLocation';
import type { PlacedComment } from '../../../src/reviewing/threadPlacement';

const HEAD = '1'.repeat(40);
const OLD = 'abcdef0'.padEnd(40, '9');
const root = (over: Partial<PlacedComment>): PlacedComment => ({
  id: 1,
  path: 'f.txt',
  created_at: '2024-01-01T00:00:00Z',
  original_commit_id: HEAD,
  original_position: 3,
  position: 3,
  commit_id: HEAD,
  diff_hunk: '@@ -0,0 +1,3 @@\n+a\n+b\n+c',
  ...over,
});
const where = (over: Partial<PlacedComment>) => describeLocation(commentLocation(root(over), { headSha: HEAD }), EN);

describe('commentLocation (one wording and one line for a thread everywhere)', () => {
  it('a current comment: the line its diff hunk ends on', () => {
    assert.deepEqual(commentLocation(root({}), { headSha: HEAD }), { outdated: false, line: 3, removed: false });
    assert.equal(where({}), 'line 3');
  });

  it('an outdated comment (position null): the line it was made on and the commit, not its position', () => {
    const loc = commentLocation(root({ position: null, original_position: 7, original_commit_id: OLD, commit_id: OLD }), { headSha: HEAD });
    assert.deepEqual(loc, { outdated: true, line: 3, removed: false, commit: 'abcdef0' });
    assert.equal(describeLocation(loc, EN), 'line 3 of abcdef0 (outdated)');
  });

  it('a comment made on another commit than the head is outdated even with a position', () => {
    assert.equal(where({ commit_id: OLD, original_commit_id: OLD }), 'line 3 of abcdef0 (outdated)');
  });

  it('a removed line is said to be removed, current or outdated', () => {
    const hunk = '@@ -1,3 +1,2 @@\n one\n-two';
    assert.equal(where({ diff_hunk: hunk }), 'removed line 2');
    assert.equal(where({ diff_hunk: hunk, position: null, original_commit_id: OLD }), 'removed line 2 of abcdef0 (outdated)');
  });

  it('a hunk without a header gives no line: said so, with the commit when outdated', () => {
    assert.equal(where({ diff_hunk: '+a' }), 'no line of the diff');
    assert.equal(where({ diff_hunk: '', position: null, original_commit_id: OLD }), 'made on abcdef0 (outdated)');
  });

  it("the caller's words are used as given ({0} the line, {1} the commit)", () => {
    const words = { ...EN, line: 'Zeile {0}', outdatedLine: '{1}: Zeile {0}' };
    assert.equal(describeLocation(commentLocation(root({}), { headSha: HEAD }), words), 'Zeile 3');
    assert.equal(describeLocation(commentLocation(root({ position: null, original_commit_id: OLD }), { headSha: HEAD }), words), 'abcdef0: Zeile 3');
  });
});
