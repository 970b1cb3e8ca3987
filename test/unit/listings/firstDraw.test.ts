// What a view draws while its read is under way (src/listings/firstDraw.ts):
// the rows it kept, else the first page of several, else the answer.
import assert from 'node:assert/strict';
import { firstDraw } from '../../../src/listings/firstDraw';

/** A promise settled from outside. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const never = <T>() => new Promise<T>(() => undefined);

describe('What a view draws while its read is under way', () => {
  it('kept rows are drawn at once, marked early, with the read that replaces them', async () => {
    const fresh = later<string[]>();
    const draw = await firstDraw(fresh.promise, ['kept'], never());
    assert.deepEqual(draw.now, ['kept']);
    assert.equal(draw.early, true);
    fresh.resolve(['fresh']);
    assert.deepEqual(draw.early && (await draw.fresh), ['fresh']);
  });

  it('kept rows, even an empty list, come before a first page', async () => {
    const draw = await firstDraw(never<string[]>(), [], Promise.resolve(['page 1']));
    assert.deepEqual(draw.now, []);
    assert.equal(draw.early, true);
  });

  it('nothing kept: the first page of several is drawn early, the whole list replaces it', async () => {
    const fresh = later<string[]>();
    const page = later<string[]>();
    const drawing = firstDraw(fresh.promise, undefined, page.promise);
    page.resolve(['a', 'b']);
    const draw = await drawing;
    assert.deepEqual(draw.now, ['a', 'b']);
    assert.equal(draw.early, true);
    fresh.resolve(['a', 'b', 'c']);
    assert.deepEqual(draw.early && (await draw.fresh), ['a', 'b', 'c']);
  });

  it('a list of one page (no first page reported): the answer itself, not early', async () => {
    const draw = await firstDraw(Promise.resolve(['only']), undefined, never());
    assert.deepEqual(draw, { now: ['only'], early: false });
  });

  it('a read that fails before anything is drawn rejects with its error', async () => {
    const err = new Error('Not Found');
    await assert.rejects(firstDraw(Promise.reject(err), undefined, never()), (e: unknown) => e === err);
  });

  it('a read that fails after its first page is drawn is left to the caller (never an unhandled rejection)', async () => {
    const fresh = later<string[]>();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const draw = await firstDraw(fresh.promise, undefined, Promise.resolve(['a']));
      assert.equal(draw.early, true);
      const err = new Error('page 2 failed');
      fresh.reject(err);
      await assert.rejects(draw.early ? draw.fresh : Promise.resolve(), (e: unknown) => e === err);
      // Node reports an unhandled rejection once the microtasks of the turn are done: the next turn sees it.
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
