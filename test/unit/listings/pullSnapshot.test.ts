// The last pull request listing of a workspace: what is kept, for which
// repository, filter and account, and what is refused when read back.
import assert from 'node:assert/strict';
import { PULL_SNAPSHOT_LIMIT, pullSnapshotKey, readPullSnapshot, takePullSnapshot, type PullLike } from '../../../src/listings/pullSnapshot';

const pull = (n: number, extra: Partial<PullLike> = {}): PullLike & Record<string, unknown> => ({
  number: n,
  title: `Pull ${n}`,
  state: 'open',
  merged_at: null,
  user: { login: 'ada' },
  head: { sha: 'abc' },
  body: 'secret plans',
  ...extra,
});

describe('Pull request listing snapshot (rows at once after a reload)', () => {
  it('the key names service, account, repository and filter; each differs from the others', () => {
    const key = pullSnapshotKey('https://api.example/', '42', 'ada', 'notes', { state: 'open' });
    assert.equal(key, 'https://api.example 42 ada/notes {"state":"open"}');
    for (const other of [
      pullSnapshotKey('https://api.example', '43', 'ada', 'notes', { state: 'open' }),
      pullSnapshotKey('https://api.example', '42', 'ada', 'other', { state: 'open' }),
      pullSnapshotKey('https://api.example', '42', 'ada', 'notes', { state: 'closed' }),
    ])
      assert.notEqual(other, key);
  });

  it('keeps number, title, state (merged when merged) and author only', () => {
    const s = takePullSnapshot(
      'k',
      [pull(1), pull(2, { state: 'closed' }), pull(3, { state: 'closed', merged_at: '2026-01-01T00:00:00Z', user: { login: 'charles' } })],
      false,
      9,
    );
    assert.deepEqual(s, {
      version: 1,
      key: 'k',
      savedAt: 9,
      more: false,
      pulls: [
        { number: 1, title: 'Pull 1', state: 'open', author: 'ada' },
        { number: 2, title: 'Pull 2', state: 'closed', author: 'ada' },
        { number: 3, title: 'Pull 3', state: 'merged', author: 'charles' },
      ],
    });
  });

  it(`keeps the first ${PULL_SNAPSHOT_LIMIT} and says there were more`, () => {
    const many = Array.from({ length: PULL_SNAPSHOT_LIMIT + 1 }, (_, i) => pull(i + 1));
    const s = takePullSnapshot('k', many, false, 1);
    assert.equal(s.pulls.length, PULL_SNAPSHOT_LIMIT);
    assert.equal(s.pulls.at(-1)!.number, PULL_SNAPSHOT_LIMIT);
    assert.equal(s.more, true);
    assert.equal(takePullSnapshot('k', many.slice(0, PULL_SNAPSHOT_LIMIT), false, 1).more, false);
    assert.equal(takePullSnapshot('k', [pull(1)], true, 1).more, true, 'the service said it had more');
  });

  it('reads back its own snapshot only: another key, another shape or nothing is none', () => {
    const s = takePullSnapshot('k', [pull(1)], false, 1);
    assert.deepEqual(readPullSnapshot(JSON.parse(JSON.stringify(s)), 'k'), s);
    assert.equal(readPullSnapshot(s, 'other'), undefined);
    assert.equal(readPullSnapshot(undefined, 'k'), undefined);
    assert.equal(readPullSnapshot({ ...s, version: 2 }, 'k'), undefined);
    assert.equal(readPullSnapshot({ ...s, pulls: [{ number: 1, title: 't', state: 'draft', author: 'a' }] }, 'k'), undefined);
    assert.equal(readPullSnapshot({ ...s, more: 'no' }, 'k'), undefined);
  });
});
