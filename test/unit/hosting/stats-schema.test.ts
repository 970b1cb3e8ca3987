// Contributors statistics: `weeks[].w` is a string in the documents and a
// number from the real service (and the emulator's --vendor github); the
// client reads both, and refuses anything else naming the field.
import assert from 'node:assert/strict';
import { contributorStatsSchema } from '../../../src/hosting/schemas/stats';

// A contributor with no account on the service (author null) keeps the payload small.
const author = null;
const payload = (w: unknown) => [{ author, total: 1, weeks: [{ w, a: 1, d: 0, c: 1 }] }];

describe('v3 client: contributors statistics weeks', () => {
  it('GET /repos/:owner/:repo/stats/contributors: a string week (documents) and a number week (real service) both parse', () => {
    assert.equal(contributorStatsSchema.parse(payload('1367712000'))[0]!.weeks[0]!.w, '1367712000');
    assert.equal(contributorStatsSchema.parse(payload(1367712000))[0]!.weeks[0]!.w, 1367712000);
  });

  it('anything else is refused, naming weeks[].w', () => {
    const result = contributorStatsSchema.safeParse(payload({ week: 1 }));
    assert.equal(result.success, false);
    assert.deepEqual(result.error!.issues[0]!.path, [0, 'weeks', 0, 'w']);
  });
});
