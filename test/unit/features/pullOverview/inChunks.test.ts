// The overview's conversation is drawn a slice at a time (webview/inChunks.ts):
// the first slice at once, each next one in a task of its own, every item
// once and in order; a newer model cancels the rest.
import assert from 'node:assert/strict';
import { inChunks } from '../../../../src/features/pullOverview/webview/inChunks';

/** A task queue the test runs by hand (no clock). */
function tasks() {
  const queue: Array<() => void> = [];
  return {
    later: (run: () => void) => queue.push(run),
    runOne: () => queue.shift()?.(),
    get size() {
      return queue.length;
    },
  };
}

describe('overview conversation drawn in slices', () => {
  it('250 items by 100: the first 100 at once, then 100 and 50 a task each, in order; done says true', async () => {
    const q = tasks();
    const drawn: number[][] = [];
    const items = Array.from({ length: 250 }, (_, i) => i);
    const draw = inChunks(items, 100, (slice) => drawn.push([...slice]), q.later);
    assert.deepEqual(
      drawn.map((s) => s.length),
      [100],
      'the first slice before anything else runs',
    );
    assert.equal(q.size, 1);
    q.runOne();
    assert.deepEqual(
      drawn.map((s) => s.length),
      [100, 100],
    );
    q.runOne();
    assert.deepEqual(
      drawn.map((s) => s.length),
      [100, 100, 50],
    );
    assert.equal(q.size, 0, 'nothing more scheduled');
    assert.deepEqual(drawn.flat(), items);
    assert.equal(await draw.done, true);
  });

  it('a list of one slice or none is drawn at once and schedules nothing', async () => {
    for (const n of [0, 1, 100]) {
      const q = tasks();
      const drawn: number[] = [];
      const draw = inChunks(
        Array.from({ length: n }, (_, i) => i),
        100,
        (slice) => drawn.push(...slice),
        q.later,
      );
      assert.equal(drawn.length, n);
      assert.equal(q.size, 0);
      assert.equal(await draw.done, true);
    }
  });

  it('cancelled (a newer model came): no further slice is drawn, done says false', async () => {
    const q = tasks();
    const drawn: number[] = [];
    const draw = inChunks(
      Array.from({ length: 300 }, (_, i) => i),
      100,
      (slice) => drawn.push(...slice),
      q.later,
    );
    draw.cancel();
    q.runOne();
    assert.equal(drawn.length, 100);
    assert.equal(await draw.done, false);
  });

  it('without a task queue given, the rest comes in later tasks of the event loop', async () => {
    const drawn: number[] = [];
    const draw = inChunks(
      Array.from({ length: 201 }, (_, i) => i),
      100,
      (slice) => drawn.push(...slice),
    );
    assert.equal(drawn.length, 100);
    assert.equal(await draw.done, true);
    assert.equal(drawn.length, 201);
  });
});
