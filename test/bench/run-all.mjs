// `npm run bench`: runs every benchmark under test/bench/ and emulator/bench/ one after another
// (never in parallel: they measure the machine). Each prints its figures;
// the ones that keep docs/BENCHMARKS.md up to date write their own section.
// Benchmarks are never part of `npm test` and never fail on a time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const only = process.argv.slice(2);
const files = [here, path.join(root, 'emulator', 'bench')]
  .flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => /\.(mjs|ts)$/.test(f) && f !== 'run-all.mjs')
      .map((f) => path.join(dir, f)),
  )
  .filter((f) => only.length === 0 || only.some((o) => path.basename(f).includes(o)))
  .sort((a, b) => path.basename(a).localeCompare(path.basename(b)));

let failed = 0;
for (const file of files) {
  const name = path.relative(root, file);
  console.log(`\n=== ${name} ===`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
  const started = Date.now();
  const res = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
  console.log(`=== ${name}: ${res.status === 0 ? 'done' : `exited with ${res.status}`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
