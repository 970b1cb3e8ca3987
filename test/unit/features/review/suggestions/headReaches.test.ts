// Apply Suggestion's commit moves the pull request's head once the service
// has taken in the push: the pull request is read again until its head is
// the commit, a bounded number of times.
import assert from 'node:assert/strict';
import type { HostingClient } from '../../../../../src/hosting';
import { headReaches } from '../../../../../src/features/review/suggestions/headReaches';

/** A client whose pull request's head is each of `heads` in turn (the last one from then on). */
function clientWithHeads(heads: string[]): { client: HostingClient; reads: () => number } {
  let reads = 0;
  const client = {
    pulls: {
      get: (owner: string, repo: string, number: number) => {
        assert.deepEqual([owner, repo, number], ['o', 'r', 1]);
        const sha = heads[Math.min(reads, heads.length - 1)];
        reads++;
        return Promise.resolve({ head: { sha } });
      },
    },
  } as unknown as HostingClient;
  return { client, reads: () => reads };
}

const key = { owner: 'o', repo: 'r', number: 1 };

describe('headReaches', () => {
  it('reads until the head is the commit: true, without reading again', async () => {
    const { client, reads } = clientWithHeads(['old', 'old', 'new']);
    assert.equal(await headReaches(client, key, 'new', [0, 0, 0, 0]), true);
    assert.equal(reads(), 3);
  });

  it('a head already at the commit: one read', async () => {
    const { client, reads } = clientWithHeads(['new']);
    assert.equal(await headReaches(client, key, 'new', [0, 0]), true);
    assert.equal(reads(), 1);
  });

  it('a head that never gets there: false after one read per pause and one more', async () => {
    const { client, reads } = clientWithHeads(['old']);
    assert.equal(await headReaches(client, key, 'new', [0, 0, 0]), false);
    assert.equal(reads(), 4);
  });
});
