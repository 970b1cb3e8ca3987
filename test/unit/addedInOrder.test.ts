import assert from 'node:assert/strict';
import { addedInOrder } from '../../src/util/addedInOrder';
import { sameItems } from '../../src/util/listEdits';

describe('addedInOrder (a created ref shown where the service lists it)', () => {
  it('a created ref goes where the service lists it, by name (refs/tags/b between a and c), so the list read again is the same', () => {
    const refs = [{ ref: 'refs/heads/master' }, { ref: 'refs/tags/a' }, { ref: 'refs/tags/c' }];
    const byName = (r: { ref: string }) => r.ref;
    const listed = [{ ref: 'refs/heads/master' }, { ref: 'refs/tags/a' }, { ref: 'refs/tags/b' }, { ref: 'refs/tags/c' }];
    assert.ok(sameItems(addedInOrder({ ref: 'refs/tags/b' }, byName)(refs), listed));
    // First and last of the order.
    assert.deepEqual(addedInOrder({ ref: 'refs/heads/feature' }, byName)(refs)[0], { ref: 'refs/heads/feature' });
    assert.deepEqual(addedInOrder({ ref: 'refs/tags/d' }, byName)(refs).at(-1), { ref: 'refs/tags/d' });
    assert.deepEqual(addedInOrder({ ref: 'refs/tags/d' }, byName)([]), [{ ref: 'refs/tags/d' }]);
  });
  it('a created ref already shown (the service answered a ref that existed) replaces that row, in its place, not doubling it', () => {
    const refs = [
      { ref: 'refs/tags/a', sha: '0' },
      { ref: 'refs/tags/b', sha: '1' },
      { ref: 'refs/tags/c', sha: '0' },
    ];
    assert.deepEqual(addedInOrder({ ref: 'refs/tags/b', sha: '2' }, (r) => r.ref)(refs), [
      { ref: 'refs/tags/a', sha: '0' },
      { ref: 'refs/tags/b', sha: '2' },
      { ref: 'refs/tags/c', sha: '0' },
    ]);
  });
});
