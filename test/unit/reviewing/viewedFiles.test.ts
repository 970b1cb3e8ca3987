// Viewed files of a pull request, keyed by blob SHA: a file marked viewed
// reads as viewed while its blob at the head is the one marked, and as not
// viewed once it changes; the progress counts only those; the changes since
// the last head viewed are the files whose blob differs.
import assert from 'node:assert/strict';
import {
  changesSince,
  EMPTY_VIEWED,
  isViewed,
  markViewed,
  readViewed,
  unmarkViewed,
  viewedKey,
  viewedProgress,
  type HeadFile,
} from '../../../src/reviewing/viewedFiles';

const H1 = '1'.repeat(40);
const H2 = '2'.repeat(40);
const H3 = '3'.repeat(40);
const f = (filename: string, sha: string): HeadFile => ({ filename, sha });
const AT_H1 = [f('a.txt', 'a1'), f('b.txt', 'b1'), f('c.txt', 'c1')];

describe('Viewed files (keyed by blob SHA)', () => {
  it('a file marked viewed is viewed while its blob is the one marked', () => {
    const s = markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt']);
    assert.equal(isViewed(s, f('a.txt', 'a1')), true);
    assert.equal(isViewed(s, f('b.txt', 'b1')), false);
    assert.deepEqual(viewedProgress(s, AT_H1), { viewed: 1, total: 3 });
  });

  it('a file that changes again (another blob at the new head) is not viewed; the others stay viewed', () => {
    const s = markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt', 'b.txt']);
    const atH2 = [f('a.txt', 'a2'), f('b.txt', 'b1'), f('c.txt', 'c1')];
    assert.equal(isViewed(s, atH2[0]!), false);
    assert.equal(isViewed(s, atH2[1]!), true);
    assert.deepEqual(viewedProgress(s, atH2), { viewed: 1, total: 3 });
  });

  it('a path the pull request does not change is not marked; unmarking drops the mark', () => {
    const s = markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt', 'nope.txt']);
    assert.deepEqual(s.viewed, { 'a.txt': 'a1' });
    const u = unmarkViewed(s, ['a.txt']);
    assert.deepEqual(u.viewed, {});
    assert.equal(u.heads, s.heads, 'the heads viewed are kept');
    assert.deepEqual(s.viewed, { 'a.txt': 'a1' }, 'the record given is not changed');
  });

  it('no files: 0 of 0', () => {
    assert.deepEqual(viewedProgress(EMPTY_VIEWED, []), { viewed: 0, total: 0 });
  });

  it('the key names the service, the account, the repository and the pull request', () => {
    assert.equal(viewedKey('http://h/api/v3', 7, 'o', 'r', 12), 'repodesk.viewedFiles:http://h/api/v3|7|o/r#12');
  });

  it('a stored record is read back; a malformed one reads as nothing viewed', () => {
    const s = markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt']);
    assert.deepEqual(readViewed(JSON.parse(JSON.stringify(s))), s);
    for (const bad of [
      undefined,
      null,
      3,
      'x',
      { viewed: [], heads: [] },
      { viewed: { a: 1 }, heads: [] },
      { viewed: {} },
      { viewed: {}, heads: {} },
      { viewed: null, heads: [] },
    ]) {
      assert.deepEqual(readViewed(bad), EMPTY_VIEWED, JSON.stringify(bad));
    }
    assert.deepEqual(
      readViewed({ viewed: {}, heads: [{ sha: H1, blobs: {} }, { sha: 1, blobs: {} }, null, { sha: H2, blobs: { a: 2 } }, { sha: H3 }] }).heads,
      [{ sha: H1, blobs: {} }],
    );
  });
});

describe('Changes since my last review', () => {
  it('nothing viewed at an earlier head: none to show', () => {
    assert.equal(changesSince(EMPTY_VIEWED, H1, AT_H1), undefined);
    assert.equal(changesSince(markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt']), H1, AT_H1), undefined);
  });

  it('the files whose blob differs from the head last viewed: changed, new to the pull request, no longer in it', () => {
    const s = markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt']);
    const atH2 = [f('a.txt', 'a2'), f('b.txt', 'b1'), f('d.txt', 'd1')];
    assert.deepEqual(changesSince(s, H2, atH2), {
      since: H1,
      changes: [
        { path: 'a.txt', before: 'a1', after: 'a2' },
        { path: 'c.txt', before: 'c1', after: undefined },
        { path: 'd.txt', before: undefined, after: 'd1' },
      ],
    });
  });

  it('marking files at the new head keeps the earlier head as the last review; a third head compares with the second', () => {
    const atH2 = [f('a.txt', 'a2'), f('b.txt', 'b1'), f('c.txt', 'c1')];
    let s = markViewed(EMPTY_VIEWED, H1, AT_H1, ['a.txt']);
    s = markViewed(s, H1, AT_H1, ['b.txt']);
    assert.deepEqual(
      s.heads.map((h) => h.sha),
      [H1],
      'one record a head',
    );
    s = markViewed(s, H2, atH2, ['a.txt']);
    assert.deepEqual(
      changesSince(s, H2, atH2)?.changes.map((c) => c.path),
      ['a.txt'],
    );
    assert.equal(changesSince(s, H2, atH2)?.since, H1);
    const atH3 = [f('a.txt', 'a2'), f('b.txt', 'b3'), f('c.txt', 'c1')];
    assert.deepEqual(changesSince(s, H3, atH3), { since: H2, changes: [{ path: 'b.txt', before: 'b1', after: 'b3' }] });
    s = markViewed(s, H3, atH3, ['b.txt']);
    assert.deepEqual(
      s.heads.map((h) => h.sha),
      [H2, H3],
      'the last two heads only',
    );
  });
});
