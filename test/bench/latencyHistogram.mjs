// Latencies at microsecond resolution for the benchmarks: autocannon's own
// histogram keeps whole milliseconds, and on loopback a p99 of 1 ms against
// 2 ms says next to nothing. Fixed 1 µs buckets up to a limit (100 ms by
// default) and the rest counted as the limit's: no allocation per value.

export class LatencyHistogram {
  /** @param {number} [limitMicros] latencies at or above this count as this (the top bucket). */
  constructor(limitMicros = 100_000) {
    this.counts = new Uint32Array(limitMicros + 1);
    this.total = 0;
  }

  /** @param {number} ms a latency in milliseconds (autocannon's `response` event gives them so, fractional). */
  record(ms) {
    const micros = Math.min(this.counts.length - 1, Math.max(0, Math.round(ms * 1000)));
    this.counts[micros]++;
    this.total++;
  }

  /**
   * The smallest latency, in µs, that at least `p` % of the recorded ones do
   * not exceed (the nearest-rank percentile); undefined with nothing recorded.
   * @param {number} p a percentage, 0 < p ≤ 100
   * @returns {number | undefined}
   */
  percentile(p) {
    if (!(p > 0 && p <= 100)) throw new RangeError(`a percentile is in (0, 100], not ${p}`);
    if (this.total === 0) return undefined;
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let micros = 0; micros < this.counts.length; micros++) {
      seen += this.counts[micros];
      if (seen >= rank) return micros;
    }
    return this.counts.length - 1;
  }
}
