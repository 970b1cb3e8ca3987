// `npm run bench`: runs every benchmark under test/bench/ one after another
// (never in parallel: they measure the machine). Each prints its figures;
// the ones that keep docs/BENCHMARKS.md up to date write their own section.
// Benchmarks are never part of `npm test` and never fail on a time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs.readdirSync(here)
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== 'run-all.mjs')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', path.join(here, file)] : [path.join(here, file)];
  const started = Date.now();
  const res = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: path.resolve(here, '../..') });
  console.log(`=== ${file}: ${res.status === 0 ? 'done' : `exited with ${res.status}`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
