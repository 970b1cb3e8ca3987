// Small helpers of the scripts that fill the emulator through git and its
// API (benchmarks, the large pull request): a history written with one
// `git fast-import`, and calls made a few at a time.
import { spawn } from 'node:child_process';

/** Writes `stream` (git fast-import's input) into the bare repository `gitDir`. */
export function fastImport(gitDir, stream) {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', gitDir, 'fast-import', '--quiet'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import: ${err}`))));
    child.stdin.end(stream);
  });
}

/** Runs `fn` over `items` with at most `parallel` calls in flight; the results in the items' order. */
export async function inParallel(items, parallel, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}
