// Which threads a side of a pull request's diff shows, on which line: current
// ones at their position's line, outdated ones on their original commit's line
// and on that line number of the current head (marked outdated, so one line is
// named everywhere); a thread without a line is listed at the top of the head.
import assert from 'node:assert/strict';
import { placeThreads, type PlacedComment } from '../../../src/reviewing/threadPlacement';
import { groupReviewThreads } from '../../../src/util/viewFormat';

const HEAD = 'h'.repeat(40);
const BASE = 'b'.repeat(40);
const OLD = 'o'.repeat(40);
// @@ -1,4 +1,4 @@ / one / -two / +TWO / three / four
const PATCH = '@@ -1,4 +1,4 @@\n one\n-two\n+TWO\n three\n four';

let id = 0;
function comment(over: Partial<PlacedComment> & { path?: string }): PlacedComment & { path: string } {
  id++;
  return {
    id,
    path: 'f.txt',
    created_at: `2024-01-01T00:00:${String(id).padStart(2, '0')}Z`,
    in_reply_to_id: null,
    original_commit_id: HEAD,
    original_position: over.position ?? null,
    position: null,
    commit_id: HEAD,
    diff_hunk: '',
    ...over,
  };
}

const threadsOf = (cs: PlacedComment[]) => groupReviewThreads(cs as (PlacedComment & { path: string })[])[0]!.threads;
const lines = (ps: ReturnType<typeof placeThreads>) => ps.map((p) => [p.thread.root.id, p.line, p.kind]);

describe('inline thread placement (current at position, outdated on the original commit)', () => {
  beforeEach(() => (id = 0));

  it('a current thread shows on the head side at an added or context line and on the base side at a removed line', () => {
    const added = comment({ position: 3, original_position: 3 });
    const context = comment({ position: 1, original_position: 1 });
    const removed = comment({ position: 2, original_position: 2 });
    const threads = threadsOf([added, context, removed]);
    const pull = { headSha: HEAD, baseSha: BASE };
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: HEAD, side: 'head' })), [
      [1, 2, 'current'],
      [2, 1, 'current'],
    ]);
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: BASE, side: 'base' })), [[3, 2, 'current']]);
  });

  it('replies stay in their root’s thread, in order', () => {
    const root = comment({ position: 3, original_position: 3 });
    const reply = comment({ position: 3, in_reply_to_id: root.id });
    const [placed] = placeThreads(threadsOf([reply, root]), { headSha: HEAD, baseSha: BASE }, PATCH, { sha: HEAD, side: 'head' });
    assert.deepEqual(
      placed!.thread.comments.map((c) => c.id),
      [root.id, reply.id],
    );
  });

  it('an outdated thread (position null) shows on its original commit at the line its diff hunk ends on, and on the same line number of the current head (one line everywhere)', () => {
    const outdated = comment({ position: null, original_position: 2, original_commit_id: OLD, commit_id: OLD, diff_hunk: '@@ -10,3 +10,4 @@\n ten\n+eleven' });
    const threads = threadsOf([outdated]);
    const pull = { headSha: HEAD, baseSha: BASE };
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: OLD, side: 'head' })), [[1, 11, 'outdated']]);
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: HEAD, side: 'head' })), [[1, 11, 'outdated']]);
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: BASE, side: 'base' })), []);
  });

  it('an outdated comment whose hunk has no header is listed at the top of the current head without a line', () => {
    const bare = comment({ position: null, original_position: 2, original_commit_id: OLD, commit_id: OLD, diff_hunk: ' ten\n+eleven' });
    assert.deepEqual(lines(placeThreads(threadsOf([bare]), { headSha: HEAD, baseSha: BASE }, PATCH, { sha: HEAD, side: 'head' })), [
      [1, undefined, 'outdated'],
    ]);
  });

  it('a comment on another commit than the head is outdated even with a position', () => {
    const old = comment({ position: 3, original_position: 3, commit_id: OLD, original_commit_id: OLD, diff_hunk: '@@ -1,2 +1,2 @@\n one\n+TWO' });
    assert.deepEqual(
      lines(placeThreads(threadsOf([old]), { headSha: HEAD, baseSha: BASE }, PATCH, { sha: HEAD, side: 'head' })).map(([, line, kind]) => [line, kind]),
      [[2, 'outdated']],
    );
  });

  it('an outdated comment on a removed line shows on the base side at its line, not at the top of the head', () => {
    const gone = comment({ position: null, original_position: 2, original_commit_id: OLD, diff_hunk: '@@ -1,4 +1,4 @@\n one\n-two' });
    const threads = threadsOf([gone]);
    const pull = { headSha: HEAD, baseSha: BASE };
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: BASE, side: 'base' })), [[1, 2, 'outdated']]);
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: HEAD, side: 'head' })), []);
  });

  it('a position beyond the diff, or a file without a text diff, is listed at the top of the head without a line (not dropped)', () => {
    const beyond = comment({ position: 40, original_position: 40 });
    const pull = { headSha: HEAD, baseSha: BASE };
    assert.deepEqual(lines(placeThreads(threadsOf([beyond]), pull, PATCH, { sha: HEAD, side: 'head' })), [[1, undefined, 'unplaced']]);
    assert.deepEqual(lines(placeThreads(threadsOf([beyond]), pull, undefined, { sha: HEAD, side: 'head' })), [[1, undefined, 'unplaced']]);
    assert.deepEqual(lines(placeThreads(threadsOf([beyond]), pull, PATCH, { sha: BASE, side: 'base' })), []);
  });

  it('a thread made on an older head whose line is still there (moved) is current on the head at its new line (on the commit it was made on, outdated as before); one not moved stays outdated', () => {
    const kept = comment({ position: null, original_position: 1, original_commit_id: OLD, commit_id: OLD, diff_hunk: '@@ -0,0 +1,2 @@\n+one' });
    const changed = comment({ position: null, original_position: 2, original_commit_id: OLD, commit_id: OLD, diff_hunk: '@@ -0,0 +1,2 @@\n+one\n+two' });
    const threads = threadsOf([kept, changed]);
    const pull = { headSha: HEAD, baseSha: BASE };
    const moved = new Map([[kept.id, 4]]);
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: HEAD, side: 'head' }, moved)), [
      [1, 4, 'current'],
      [2, 2, 'outdated'],
    ]);
    // On the commit it was made on, and on the head without `moved`, as before.
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: OLD, side: 'head' }, moved)), [
      [1, 1, 'outdated'],
      [2, 2, 'outdated'],
    ]);
    assert.deepEqual(lines(placeThreads(threads, pull, PATCH, { sha: HEAD, side: 'head' })), [
      [1, 1, 'outdated'],
      [2, 2, 'outdated'],
    ]);
  });
});
