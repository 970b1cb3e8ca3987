// The benchmarks' latency percentiles at microsecond resolution (autocannon
// rounds to whole milliseconds).
import assert from 'node:assert/strict';
import { LatencyHistogram } from '../../bench/latencyHistogram.mjs';

describe('Benchmark latency histogram', () => {
  it('has no percentile before anything is recorded', () => {
    assert.equal(new LatencyHistogram().percentile(99), undefined);
  });

  it('gives the nearest-rank percentile in microseconds', () => {
    const h = new LatencyHistogram();
    // 100 latencies: 0.101 ms … 0.200 ms, recorded out of order.
    for (let i = 100; i >= 1; i--) h.record((100 + i) / 1000);
    assert.equal(h.total, 100);
    assert.equal(h.percentile(50), 150);
    assert.equal(h.percentile(99), 199);
    assert.equal(h.percentile(100), 200);
    assert.equal(h.percentile(1), 101);
  });

  it('tells apart latencies within the same millisecond', () => {
    const h = new LatencyHistogram();
    for (let i = 0; i < 98; i++) h.record(1.2);
    h.record(1.7);
    h.record(1.9);
    assert.equal(h.percentile(98), 1200);
    assert.equal(h.percentile(99), 1700);
    assert.equal(h.percentile(99.5), 1900);
  });

  it('rounds to the nearest microsecond', () => {
    const h = new LatencyHistogram();
    h.record(0.0014);
    h.record(0.0016);
    assert.equal(h.percentile(50), 1);
    assert.equal(h.percentile(100), 2);
  });

  it('counts a latency beyond the limit as the limit, and a negative one as 0', () => {
    const h = new LatencyHistogram(1000);
    h.record(5);
    h.record(-1);
    assert.equal(h.percentile(100), 1000);
    assert.equal(h.percentile(50), 0);
  });

  it('refuses a percentile outside (0, 100]', () => {
    const h = new LatencyHistogram();
    h.record(1);
    assert.throws(() => h.percentile(0), RangeError);
    assert.throws(() => h.percentile(100.5), RangeError);
    assert.throws(() => h.percentile(Number.NaN), RangeError);
  });
});
