// The rate-limit bookkeeping (docs/service-api/hosting/conventions §13): the
// state comes only from a complete set of X-RateLimit-* headers, the change
// event fires when the state changes, and "spent" lasts until the reset time on
// the injected clock.
import assert from 'node:assert/strict';
import { RateLimitTracker, type RateLimitState } from '../../../src/hosting/rateLimit';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const RESET = NOW / 1000 + 600;
const full = { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(RESET) };

function tracked(now = () => NOW): { tracker: RateLimitTracker; seen: RateLimitState[] } {
  const tracker = new RateLimitTracker(now);
  const seen: RateLimitState[] = [];
  tracker.onDidChange((s) => seen.push(s));
  return { tracker, seen };
}

/** Read through a function: an assertion on `tracker.state` would narrow the getter for the rest of the test. */
const stateOf = (tracker: RateLimitTracker): RateLimitState | undefined => tracker.state;

describe('RateLimitTracker (docs/service-api/hosting/conventions §13)', () => {
  it('reads limit, remaining and reset (epoch seconds) from the headers and fires the change event', () => {
    const { tracker, seen } = tracked();
    tracker.update(full);
    const expected = { limit: 5000, remaining: 4999, resetAt: new Date(RESET * 1000) };
    assert.deepEqual(tracker.state, expected);
    assert.deepEqual(seen, [expected]);
  });

  it('an older answer arriving after a newer one in the same window (same limit and reset) does not raise the count; a new window does', () => {
    const { tracker, seen } = tracked();
    tracker.update({ ...full, 'x-ratelimit-remaining': '4926' });
    tracker.update({ ...full, 'x-ratelimit-remaining': '4927' });
    assert.equal(stateOf(tracker)?.remaining, 4926);
    assert.equal(seen.length, 1);
    tracker.update({ ...full, 'x-ratelimit-remaining': '4925' });
    assert.equal(stateOf(tracker)?.remaining, 4925);
    // The next window starts full again.
    tracker.update({ ...full, 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(RESET + 3600) });
    assert.equal(stateOf(tracker)?.remaining, 4999);
    // Another limit (a token of another kind, say) is taken as it comes.
    tracker.update({ ...full, 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': String(RESET + 3600) });
    tracker.update({ ...full, 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(RESET + 3600) });
    assert.equal(stateOf(tracker)?.remaining, 4999);
    assert.equal(seen.length, 5);
  });

  for (const missing of Object.keys(full)) {
    it(`an answer without ${missing} leaves the state as it was and fires nothing`, () => {
      const { tracker, seen } = tracked();
      // The other headers say something new (remaining 1), but an incomplete set is not read.
      const { [missing]: _dropped, ...rest } = { ...full, 'x-ratelimit-remaining': '1' } as Record<string, string>;
      tracker.update(rest);
      assert.equal(tracker.state, undefined);
      tracker.update(full);
      tracker.update(rest);
      assert.equal(stateOf(tracker)?.remaining, 4999);
      assert.equal(seen.length, 1);
    });
  }

  it('a header that is not a number is ignored; numbers as numbers and decimals are read', () => {
    const { tracker } = tracked();
    tracker.update({ ...full, 'x-ratelimit-remaining': 'lots' });
    assert.equal(tracker.state, undefined);
    tracker.update({ 'x-ratelimit-limit': 60, 'x-ratelimit-remaining': '59.9', 'x-ratelimit-reset': RESET });
    assert.deepEqual(tracker.state, { limit: 60, remaining: 59, resetAt: new Date(RESET * 1000) });
  });

  it('fires only when the limit, the remaining count or the reset time changes', () => {
    const { tracker, seen } = tracked();
    tracker.update(full);
    tracker.update(full);
    tracker.update({ ...full, 'x-ratelimit-limit': '6000' });
    tracker.update({ ...full, 'x-ratelimit-limit': '6000', 'x-ratelimit-remaining': '4998' });
    tracker.update({ ...full, 'x-ratelimit-limit': '6000', 'x-ratelimit-remaining': '4998', 'x-ratelimit-reset': String(RESET + 1) });
    tracker.update({ ...full, 'x-ratelimit-limit': '6000', 'x-ratelimit-remaining': '4998', 'x-ratelimit-reset': String(RESET + 1) });
    assert.deepEqual(
      seen.map((s) => [s.limit, s.remaining, s.resetAt.getTime() / 1000]),
      [
        [5000, 4999, RESET],
        [6000, 4999, RESET],
        [6000, 4998, RESET],
        [6000, 4998, RESET + 1],
      ],
    );
  });

  it('the budget is spent while remaining is 0 and the reset lies ahead; then it is available again', () => {
    let now = NOW;
    const { tracker } = tracked(() => now);
    assert.equal(tracker.exhaustedUntil(), undefined, 'nothing known: not spent');
    tracker.update({ ...full, 'x-ratelimit-remaining': '1' });
    assert.equal(tracker.exhaustedUntil(), undefined);
    tracker.update({ ...full, 'x-ratelimit-remaining': '0' });
    assert.deepEqual(tracker.exhaustedUntil(), new Date(RESET * 1000));
    now = RESET * 1000 - 1;
    assert.deepEqual(tracker.exhaustedUntil(), new Date(RESET * 1000));
    now = RESET * 1000;
    assert.equal(tracker.exhaustedUntil(), undefined, 'at the reset the budget is back');
  });

  it('a refusal without headers marks the budget spent until the given time, keeping the known limit, and fires', () => {
    const { tracker, seen } = tracked();
    const until = new Date(NOW + 60_000);
    tracker.markExhausted(until);
    assert.deepEqual(tracker.state, { limit: 0, remaining: 0, resetAt: until });
    tracker.update(full);
    tracker.markExhausted(until);
    assert.deepEqual(tracker.state, { limit: 5000, remaining: 0, resetAt: until });
    assert.deepEqual(tracker.exhaustedUntil(), until);
    assert.equal(seen.length, 3);
  });
});
