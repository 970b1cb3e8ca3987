// The `latency` option: every answer waits this long before it is worked
// out, as over a slow network. A range is drawn from afresh for each request.

/** A delay in ms: one figure, or a range `min`–`max` (inclusive). */
export interface Latency {
  minMs: number;
  maxMs: number;
}

/** `250` or `100-400` (ms), as `--latency` takes it; undefined when the text is neither. */
export function parseLatency(text: string): Latency | undefined {
  const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  if (!m) return undefined;
  const minMs = Number(m[1]);
  const maxMs = m[2] === undefined ? minMs : Number(m[2]);
  return maxMs >= minMs ? { minMs, maxMs } : undefined;
}

/** The delay of one request. */
export function drawLatency(l: Latency, random: () => number = Math.random): number {
  return l.minMs + Math.floor(random() * (l.maxMs - l.minMs + 1));
}
