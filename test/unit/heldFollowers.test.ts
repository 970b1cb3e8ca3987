import assert from 'node:assert/strict';
import { HeldFollowers } from '../../src/util/heldFollowers';
import { ManualTimers } from '../support/manualTimers';

/** Settles the promise callbacks queued so far. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(capMs = 1000) {
  const told: string[] = [];
  const timers = new ManualTimers();
  const followers = new HeldFollowers<string>((v) => told.push(v), capMs, timers);
  return { told, timers, followers };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('HeldFollowers: a click’s followers wait for the page the click opened', () => {
  it('a choice told now reaches the followers at once', () => {
    const { told, followers } = setup();
    followers.now('#1');
    assert.deepEqual(told, ['#1']);
  });

  it('a choice told later with nothing opened for it reaches them after what is already queued, not before', () => {
    const { told, timers, followers } = setup();
    followers.later('#1', 'k1');
    assert.deepEqual(told, [], 'not in the same turn: the click’s command comes first');
    timers.runSoon();
    assert.deepEqual(told, ['#1']);
  });

  it('a choice whose click opened a page (held in the same turn) waits until the page has drawn', async () => {
    const { told, timers, followers } = setup();
    const drawn = deferred();
    followers.later('#1', 'k1');
    followers.hold('k1', drawn.promise);
    timers.runSoon();
    await settle();
    assert.deepEqual(told, [], 'held while the page draws');
    drawn.resolve();
    await settle();
    assert.deepEqual(told, ['#1']);
    timers.advance(5000);
    assert.deepEqual(told, ['#1'], 'told once: the cap does not tell again');
  });

  it('the hold may come before the choice (the command’s message first)', async () => {
    const { told, timers, followers } = setup();
    const drawn = deferred();
    followers.hold('k1', drawn.promise);
    followers.later('#1', 'k1');
    timers.runSoon();
    await settle();
    assert.deepEqual(told, []);
    drawn.resolve();
    await settle();
    assert.deepEqual(told, ['#1']);
  });

  it('a page that fails to draw releases the followers as one that drew', async () => {
    const { told, timers, followers } = setup();
    const drawn = deferred();
    followers.later('#1', 'k1');
    followers.hold('k1', drawn.promise);
    timers.runSoon();
    drawn.reject(new Error('closed'));
    await settle();
    assert.deepEqual(told, ['#1']);
  });

  it('a page slower than the cap holds the followers no longer than the cap', async () => {
    const { told, timers, followers } = setup(1000);
    followers.later('#1', 'k1');
    followers.hold('k1', new Promise(() => undefined));
    timers.runSoon();
    timers.advance(999);
    await settle();
    assert.deepEqual(told, [], 'still held 1 ms before the cap');
    timers.advance(1);
    assert.deepEqual(told, ['#1']);
  });

  it('a hold for another pull request does not hold this one', () => {
    const { told, timers, followers } = setup();
    followers.later('#1', 'k1');
    followers.hold('k2', new Promise(() => undefined));
    timers.runSoon();
    assert.deepEqual(told, ['#1']);
  });

  it('a hold is taken once: the next choice of the same pull request is not held by it', () => {
    const { told, timers, followers } = setup();
    followers.later('#1', 'k1');
    followers.hold('k1', new Promise(() => undefined));
    timers.runSoon();
    followers.later('#1 again', 'k1');
    timers.runSoon();
    assert.deepEqual(told, ['#1 again']);
  });

  it('a hold no choice took is forgotten after the cap (a page opened from the palette)', () => {
    const { told, timers, followers } = setup(1000);
    followers.hold('k1', new Promise(() => undefined));
    timers.advance(1000);
    followers.later('#1', 'k1');
    timers.runSoon();
    assert.deepEqual(told, ['#1'], 'not held by the old page');
  });

  it('a newer hold of the same key is kept when the older one’s cleanup comes', () => {
    const { told, timers, followers } = setup(1000);
    followers.hold('k1', new Promise(() => undefined));
    timers.advance(600);
    const drawn = deferred();
    followers.hold('k1', drawn.promise);
    timers.advance(400);
    followers.later('#1', 'k1');
    timers.runSoon();
    assert.deepEqual(told, [], 'held by the newer page');
  });

  it('only the latest choice is heard: a held choice overtaken by another is dropped', async () => {
    const { told, timers, followers } = setup();
    const drawn = deferred();
    followers.later('#1', 'k1');
    followers.hold('k1', drawn.promise);
    timers.runSoon();
    followers.later('#2', 'k2');
    timers.runSoon();
    drawn.resolve();
    await settle();
    assert.deepEqual(told, ['#2']);
  });

  it('a choice told now (cleared on a repository change) drops a held one told before it', async () => {
    const { told, timers, followers } = setup();
    const drawn = deferred();
    followers.later('#1', 'k1');
    followers.hold('k1', drawn.promise);
    timers.runSoon();
    followers.now('none');
    drawn.resolve();
    await settle();
    timers.advance(5000);
    assert.deepEqual(told, ['none']);
  });
});

describe('HeldFollowers with Node’s timers (the default)', () => {
  it('a choice told later is heard on a later turn, and the cap releases a page that never draws', async () => {
    const told: string[] = [];
    let heard: () => void = () => undefined;
    const next = () => new Promise<void>((resolve) => (heard = resolve));
    const followers = new HeldFollowers<string>((v) => (told.push(v), heard()), 20);
    let waiting = next();
    followers.later('#1', 'k1');
    assert.deepEqual(told, [], 'not in the same turn');
    await waiting;
    assert.deepEqual(told, ['#1']);
    waiting = next();
    followers.later('#2', 'k2');
    followers.hold('k2', new Promise(() => undefined));
    await waiting;
    assert.deepEqual(told, ['#1', '#2'], 'released by the cap');
  });
});
