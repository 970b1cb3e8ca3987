// The command's one V8 setting, made before anything else is loaded (main.ts
// imports this first): V8's young generation keeps its initial size instead of
// growing to its maximum (two 16 MB semi-spaces). Start-up's long-lived
// allocations (modules, routes, the database) would grow it within a second,
// and V8 never shrinks it again; each request's garbage then runs through
// memory out of the cache and each scavenge pauses about three times as long
// (docs/BENCHMARKS.md, emulator throughput: CPU a request, p99). A request's
// objects die with it; what lives long is in SQLite and the caches, promoted
// either way. `--max-semi-space-size` would say it directly, but V8 reads it
// only when the heap is made; the growth factor it reads at each growth.
import v8 from 'node:v8';

v8.setFlagsFromString('--semi-space-growth-factor=1');
