// A multi-select pick's change (src/util/pickedChange.ts), as a pull
// request's Labels… writes it.
import assert from 'node:assert/strict';
import { pickedChange } from '../../src/util/pickedChange';

describe('picked change', () => {
  it('adds what was picked and is not there, removes what is there and was not picked', () => {
    assert.deepEqual(pickedChange(['bug', 'docs'], ['docs', 'ui']), { add: ['ui'], remove: ['bug'] });
  });

  it('writes nothing when the pick is what is there, in any order', () => {
    assert.deepEqual(pickedChange(['bug', 'docs'], ['docs', 'bug']), { add: [], remove: [] });
  });

  it('from none, and to none', () => {
    assert.deepEqual(pickedChange([], ['a', 'b']), { add: ['a', 'b'], remove: [] });
    assert.deepEqual(pickedChange(['a', 'b'], []), { add: [], remove: ['a', 'b'] });
  });

  it('names each once', () => {
    assert.deepEqual(pickedChange(['x', 'x'], ['y', 'y']), { add: ['y'], remove: ['x'] });
  });
});
