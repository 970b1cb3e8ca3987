import assert from 'node:assert/strict';
import { added, changedWhere, removed, removedWhere, replaced, sameItems } from '../../src/util/listEdits';

const rows = [
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
];

describe("listEdits (a write's answer shown at once in its list)", () => {
  it('a created item comes after the rows shown', () => {
    assert.deepEqual(added({ id: 3, name: 'c' })(rows), [...rows, { id: 3, name: 'c' }]);
  });
  it('a created item whose id is already shown replaces that row rather than doubling it', () => {
    assert.deepEqual(added({ id: 2, name: 'B' })(rows), [
      { id: 1, name: 'a' },
      { id: 2, name: 'B' },
    ]);
  });
  it('an edited item replaces the row with its id, in its place', () => {
    assert.deepEqual(replaced({ id: 1, name: 'A' })(rows), [
      { id: 1, name: 'A' },
      { id: 2, name: 'b' },
    ]);
  });
  it('an edited item that was not shown is added', () => {
    assert.deepEqual(replaced({ id: 9, name: 'z' })(rows), [...rows, { id: 9, name: 'z' }]);
  });
  it('a deleted item goes, the others stay in order', () => {
    assert.deepEqual(removed<{ id: number; name: string }>(1)(rows), [{ id: 2, name: 'b' }]);
    assert.deepEqual(removed<{ id: number; name: string }>(7)(rows), rows);
  });
  it('rows without an id go by a test; a row changes by a test', () => {
    assert.deepEqual(removedWhere<{ id: number; name: string }>((r) => r.name === 'b')(rows), [{ id: 1, name: 'a' }]);
    assert.deepEqual(
      changedWhere<{ id: number; name: string }>(
        (r) => r.id === 2,
        (r) => ({ ...r, name: 'bee' }),
      )(rows),
      [
        { id: 1, name: 'a' },
        { id: 2, name: 'bee' },
      ],
    );
  });
  it('the rows shown are not changed in place', () => {
    const shown = [...rows];
    added({ id: 3, name: 'c' })(shown);
    removed<{ id: number; name: string }>(1)(shown);
    assert.deepEqual(shown, rows);
  });
  it('sameItems: the same rows field for field; a changed field, a row more or fewer is a change', () => {
    assert.equal(
      sameItems(
        rows,
        rows.map((r) => ({ ...r })),
      ),
      true,
    );
    assert.equal(sameItems(rows, [rows[0]!, { id: 2, name: 'B' }]), false);
    assert.equal(sameItems(rows, rows.slice(1)), false);
    assert.equal(sameItems([], []), true);
  });
});
