// Reachability as a state: unreachable since the first request without an
// answer, reachable again with any answer, tries backing off 5 s doubling to 5 min.
import assert from 'node:assert/strict';
import { backoffDelay, failureKind, FIRST_DELAY_MS, MAX_DELAY_MS, Reachability } from '../../src/util/reachability';

function clocked(options: { jitter?: number; random?: () => number; firstDelayMs?: number; maxDelayMs?: number } = {}) {
  let now = 1_000_000;
  const reach = new Reachability({ now: () => now, jitter: 0, ...options });
  return { reach, advance: (ms: number) => (now += ms), at: () => now };
}

describe('Reachability', () => {
  describe('backoffDelay', () => {
    const rows: [number, number][] = [
      [0, 5_000],
      [1, 5_000],
      [2, 10_000],
      [3, 20_000],
      [4, 40_000],
      [6, 160_000],
      [7, 300_000],
      [8, 300_000],
      [100, 300_000],
    ];
    for (const [failures, ms] of rows) it(`${failures} failure(s) in a row wait ${ms} ms`, () => assert.equal(backoffDelay(failures), ms));
    it('the defaults are 5 s and 5 min', () => {
      assert.equal(FIRST_DELAY_MS, 5_000);
      assert.equal(MAX_DELAY_MS, 300_000);
    });
    it('takes its own first delay and cap', () => assert.equal(backoffDelay(3, 100, 350), 350));
    it('doubles its own first delay', () => assert.equal(backoffDelay(3, 100, 1_000), 400));
  });

  describe('failureKind', () => {
    const rows: [string, string][] = [
      ['connect ECONNREFUSED 127.0.0.1:4000', 'refused'],
      ['read ECONNRESET', 'refused'],
      ['connect EHOSTUNREACH 10.0.0.1:443', 'refused'],
      ['connect ENETUNREACH 10.0.0.1:443', 'refused'],
      ['Connection refused', 'refused'],
      ['connect ETIMEDOUT 10.0.0.1:443', 'timeout'],
      ['The operation timed out', 'timeout'],
      ['request timeout', 'timeout'],
      ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
      ['This operation was aborted', 'timeout'],
      ['getaddrinfo ENOTFOUND service.test', 'dns'],
      ['getaddrinfo EAI_AGAIN service.test', 'dns'],
      ['net::ERR_NAME_NOT_RESOLVED name not resolved', 'dns'],
      ['Failed to fetch', 'other'],
    ];
    for (const [message, kind] of rows) it(`"${message}" is ${kind}`, () => assert.equal(failureKind(message), kind));
  });

  it('starts reachable, with no next try and a try due', () => {
    const { reach } = clocked();
    assert.deepEqual(reach.state, { reachable: true });
    assert.equal(reach.reachable, true);
    assert.equal(reach.nextTryAt, undefined);
    assert.equal(reach.due(), true);
  });

  it('a first failure makes it unreachable since now, next try in 5 s', () => {
    const { reach, at } = clocked();
    assert.equal(reach.onFailure('refused'), true);
    assert.deepEqual(reach.state, { reachable: false, since: at(), failures: 1, lastKind: 'refused', nextTryAt: at() + 5_000 });
    assert.equal(reach.reachable, false);
    assert.equal(reach.nextTryAt, at() + 5_000);
  });

  it('a failure while unreachable is no change, keeps `since` and doubles the wait', () => {
    const { reach, advance, at } = clocked();
    reach.onFailure('refused');
    const since = at();
    advance(5_000);
    assert.equal(reach.onFailure('timeout'), false);
    assert.deepEqual(reach.state, { reachable: false, since, failures: 2, lastKind: 'timeout', nextTryAt: at() + 10_000 });
  });

  it('a failure before the next try is due does not move it', () => {
    const { reach, advance, at } = clocked();
    reach.onFailure('refused');
    const first = reach.state;
    advance(4_999);
    assert.equal(reach.onFailure('timeout'), false);
    assert.deepEqual(reach.state, first);
    assert.equal(reach.nextTryAt, at() + 1);
  });

  it('backs off to 5 min and stays there, one failed try after another', () => {
    const { reach, advance, at } = clocked();
    for (let i = 0; i < 12; i++) {
      reach.onFailure('dns');
      advance(reach.nextTryAt! - at());
    }
    reach.onFailure('dns');
    assert.equal(reach.nextTryAt, at() + 300_000);
    assert.equal((reach.state as { failures: number }).failures, 13);
  });

  it('is due only once the next try is', () => {
    const { reach, advance } = clocked();
    reach.onFailure('refused');
    assert.equal(reach.due(), false);
    advance(4_999);
    assert.equal(reach.due(), false);
    advance(1);
    assert.equal(reach.due(), true);
  });

  it('an answer makes it reachable again, and says so once', () => {
    const { reach } = clocked();
    reach.onFailure('refused');
    assert.equal(reach.onSuccess(), true);
    assert.deepEqual(reach.state, { reachable: true });
    assert.equal(reach.onSuccess(), false);
  });

  it('after an answer, a failure starts again from 5 s and a new `since`', () => {
    const { reach, advance, at } = clocked();
    reach.onFailure('refused');
    advance(5_000);
    reach.onFailure('refused');
    reach.onSuccess();
    advance(60_000);
    assert.equal(reach.onFailure('refused'), true);
    assert.deepEqual(reach.state, { reachable: false, since: at(), failures: 1, lastKind: 'refused', nextTryAt: at() + 5_000 });
  });

  it('takes its own first delay and cap', () => {
    const { reach, advance, at } = clocked({ firstDelayMs: 1_000, maxDelayMs: 3_000 });
    reach.onFailure('refused');
    assert.equal(reach.nextTryAt, at() + 1_000);
    advance(1_000);
    reach.onFailure('refused');
    assert.equal(reach.nextTryAt, at() + 2_000);
    advance(2_000);
    reach.onFailure('refused');
    assert.equal(reach.nextTryAt, at() + 3_000);
  });

  describe('jitter', () => {
    const rows: [number, number][] = [
      [0, 4_500],
      [0.5, 5_000],
      [0.75, 5_250],
    ];
    for (const [draw, ms] of rows)
      it(`a draw of ${draw} with 10 % jitter waits ${ms} ms`, () => {
        const { reach, at } = clocked({ jitter: 0.1, random: () => draw });
        reach.onFailure('refused');
        assert.equal(reach.nextTryAt, at() + ms);
      });

    it('is 10 % by default', () => {
      const reach = new Reachability({ now: () => 0, random: () => 0 });
      reach.onFailure('refused');
      assert.equal(reach.nextTryAt, 4_500);
    });

    it('a negative jitter is none', () => {
      const { reach, at } = clocked({ jitter: -1, random: () => 0 });
      reach.onFailure('refused');
      assert.equal(reach.nextTryAt, at() + 5_000);
    });

    it('rounds to whole milliseconds', () => {
      const { reach, at } = clocked({ jitter: 0.1, random: () => 0.3333 });
      reach.onFailure('refused');
      assert.equal(reach.nextTryAt, at() + Math.round(5_000 * (1 + 0.1 * (0.3333 * 2 - 1))));
      assert.ok(Number.isInteger(reach.nextTryAt! - at()));
    });
  });
});
