// The command's one V8 setting, made before anything else is loaded (main.ts
// imports this first): V8's young generation is two 8 MB semi-spaces, grown
// to that size here, before start-up allocates anything, and never grown
// again.
//
// Why that size (docs/BENCHMARKS.md, emulator throughput; V8 allocates
// ~10 KB a request on the fast path, as on a bare node:http server):
// - V8's initial 1 MB semi-space scavenges every ~85 requests, each scavenge
//   ~0.4 ms on the emulator's heap: 4 µs of GC a request, 3× the bare
//   server's, and under light load a scavenge delays a request in ~2 % of
//   them, which is the p99 (1.3–1.8× the bare server's with 2 connections).
// - Left to grow, start-up's long-lived allocations (modules, routes, the
//   database) grow it to V8's maximum (two 16 MB semi-spaces) within a second
//   and V8 never shrinks it: each request's garbage then runs through memory
//   out of the cache, and each scavenge pauses ~0.8 ms.
// - 8 MB: a scavenge every ~700 requests, under 1 µs of GC a request, at
//   both light and heavy load.
// `--min-semi-space-size` would say it directly, but V8 reads it only when
// the heap is made; the growth factor it reads at each growth. So: growths by
// 2, caused here by keeping small batches of objects alive across scavenges
// (V8 grows the young generation once more bytes survived than it holds),
// looked at after each batch, until it is 8 MB a semi-space (~40 ms; the
// batches are garbage after); then a factor of 1.
import v8 from 'node:v8';

const MB = 1024 * 1024;

/** V8's new space the command serves with: two semi-spaces of 8 MB. */
const NEW_SPACE_BYTES = 16 * MB;

/** Both semi-spaces of V8's young generation, in bytes. */
function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

v8.setFlagsFromString('--semi-space-growth-factor=2');
const kept: unknown[] = [];
// A batch is far less than a semi-space: at most one growth between two looks, so it never overshoots.
for (let batch = 0; batch < 4096 && youngGenerationBytes() < NEW_SPACE_BYTES; batch++) {
  kept.push(Array.from({ length: 1024 }, (_, i) => ({ i })));
}
kept.length = 0;
v8.setFlagsFromString('--semi-space-growth-factor=1');
