// The extension host's heap for the benchmarks: RepoDesk's built
// dist/extension.js gets a prelude that, when the benchmark writes a file
// "heap-<name>" into a folder, collects garbage (node:inspector, in-process)
// and writes the host's used heap to "heap-<name>.json". Measured like the
// CPU profiles of hostProfile.mjs: the host is the one RepoDesk runs in, with
// every extension sharing it. `remove()` puts the bundle back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PRELUDE = (outDir) => `{
  const inspector = require('node:inspector');
  const fs = require('node:fs');
  const session = new inspector.Session();
  session.connect();
  const out = ${JSON.stringify(outDir)};
  const watcher = fs.watch(out, (event, file) => {
    if (!file || !/^heap-[\\w-]+$/.test(file) || !fs.existsSync(out + '/' + file)) return;
    fs.rmSync(out + '/' + file);
    session.post('HeapProfiler.collectGarbage', () => {
      const m = process.memoryUsage();
      fs.writeFileSync(out + '/' + file + '.json', JSON.stringify({ heapUsed: m.heapUsed, rss: m.rss, at: Date.now() }));
    });
  });
  watcher.unref();
}
`;

export function heapProbedExtension(repoRoot) {
  const bundle = path.join(repoRoot, 'dist', 'extension.js');
  const original = fs.readFileSync(bundle, 'utf8');
  if (original.includes('node:inspector')) throw new Error(`${bundle} already carries a prelude: run \`npm run build\` first`);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-heap-'));
  fs.writeFileSync(bundle, PRELUDE(outDir) + original);
  return {
    /** The host's used heap (bytes) after a garbage collection. */
    async heapUsed(name, timeoutMs = 30_000) {
      const result = path.join(outDir, `heap-${name}.json`);
      fs.writeFileSync(path.join(outDir, `heap-${name}`), '');
      const deadline = Date.now() + timeoutMs;
      while (!fs.existsSync(result)) {
        if (Date.now() > deadline) throw new Error(`no heap figure from the extension host within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return JSON.parse(fs.readFileSync(result, 'utf8')).heapUsed;
    },
    remove() {
      fs.writeFileSync(bundle, original);
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
