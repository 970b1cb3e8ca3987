// The command's one V8 setting, made before anything else is loaded (main.ts
// imports this first): V8's young generation is two 8 MB semi-spaces, grown
// to that size here, before start-up allocates anything, grown back to it
// when V8 has shrunk it and the process is serving again, and never grown
// beyond it.
//
// Why that size (docs/BENCHMARKS.md, emulator throughput; V8 allocates
// ~10 KB a request on the fast path, as on a bare node:http server):
// - V8's initial 1 MB semi-space scavenges every ~100 requests, each scavenge
//   ~0.3–0.4 ms on the emulator's heap: under light load a scavenge delays a
//   request in ~2 % of them, which is the p99 (1.3–1.8× the bare server's
//   with 2 connections).
// - Left to grow, start-up's long-lived allocations (modules, routes, the
//   database) grow it to V8's maximum (two 16 MB semi-spaces) within a second:
//   each request's garbage then runs through memory out of the cache, and
//   each scavenge pauses ~0.8 ms.
// - 8 MB: a scavenge every ~700 requests, under 1 µs of GC a request, at
//   both light and heavy load.
// `--min-semi-space-size` would say it directly, but V8 reads it only when
// the heap is made; the growth factor it reads at each growth. So: growths by
// 2, caused here by keeping batches of large arrays alive across scavenges
// (V8 grows the young generation once more bytes survived than it holds),
// looked at after each batch, until a semi-space is 8 MB (~15 ms; the
// batches are garbage after); then a factor of 1.
//
// V8 also shrinks the young generation back to its initial size at the first
// scavenge after a few idle seconds (allocation under 1 KB/ms), and with a
// factor of 1 it would stay there: the emulator between two runs of a
// benchmark, or between two tests, then served at 1 MB semi-spaces while a
// bare server grew its own back (9.6 scavenges a thousand requests against
// its 4.5, seen with 2 connections). So when two scavenges come close
// together (the process is serving again) at a smaller size, it is grown
// again, once; a process that only answers now and then stays small.
import v8 from 'node:v8';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const MB = 1024 * 1024;

/** The semi-space size the command serves with. */
const SEMI_SPACE_BYTES = 8 * MB;

/** Two scavenges closer than this: the process is serving (≥ 10 MB/s of garbage at V8's initial 1 MB semi-space). */
const BUSY_SCAVENGE_INTERVAL_MS = 100;

/**
 * What one semi-space holds, in bytes: a little under its size (V8 sizes
 * them in powers of two), so above half of SEMI_SPACE_BYTES means it is that size.
 */
function semiSpaceCapacity(): number {
  const s = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return s ? s.space_used_size + s.space_available_size : 0;
}

function grow(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=2');
  const kept: unknown[] = [];
  // A batch (256 KB, a large object: kept alive without being copied) is far less than a semi-space: at most
  // one growth between two looks, so it never overshoots.
  for (let batch = 0; batch < 1024 && semiSpaceCapacity() <= SEMI_SPACE_BYTES / 2; batch++) {
    kept.push(new Array(32 * 1024).fill(0));
  }
  kept.length = 0;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}

grow();

let lastScavenge = -Infinity;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
    const busy = entry.startTime - lastScavenge < BUSY_SCAVENGE_INTERVAL_MS;
    lastScavenge = entry.startTime;
    if (busy && semiSpaceCapacity() <= SEMI_SPACE_BYTES / 2) grow();
  }
}).observe({ entryTypes: ['gc'] });
