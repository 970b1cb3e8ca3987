// `npm test`: every test of RepoDesk in one run — build, typecheck, lint,
// unit, the emulator package's suites (its unit tests, conformance and the
// package used from a scratch project), the packaged .vsix, integration inside a real
// VS Code, and the UI. Later stages run even when an earlier test stage
// failed (so one run shows everything); a failed build stops the run.
// The last line is the whole run's "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies, missingSystemPackages } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies(root);
const missing = missingSystemPackages();
if (missing.length)
  console.warn(
    `Missing system packages for the VS Code tests: ${missing.join(' ')} — install them with \`apt-get install -y ${missing.join(' ')}\` (or run bash .ci/run).`,
  );

const statsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-stats-')), 'stats.jsonl');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const stages = [
  { name: 'build', cmd: [process.execPath, 'esbuild.mjs', '--production'], kind: 'check', fatal: true },
  { name: 'typecheck', cmd: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'], kind: 'check' },
  // `npm run lint`: eslint, knip (no unused files, exports or dependencies), then Prettier's check (`npm run format:check`).
  {
    name: 'lint',
    cmd: [bin('eslint'), '.'],
    then: [
      [bin('knip'), '--no-progress'],
      ['npm', 'run', '--silent', 'format:check'],
    ],
    kind: 'check',
  },
  { name: 'unit', cmd: [bin('mocha'), '--config', 'test/unit/.mocharc.json'], kind: 'mocha' },
  // The emulator package runs its own suite from its folder, as `npm test -w @repodesk/emulator` does.
  {
    name: 'emulator',
    cmd: [bin('mocha'), '--config', 'test/.mocharc.parallel.cjs', '--reporter', path.join(root, 'test/support/stats-reporter.cjs')],
    cwd: path.join(root, 'emulator'),
    kind: 'mocha',
  },
  { name: 'package', cmd: [bin('mocha'), '--config', 'test/package/.mocharc.json'], kind: 'mocha' },
  { name: 'integration', cmd: [process.execPath, 'test/harness/run-integration.mjs'], kind: 'mocha' },
  { name: 'e2e', cmd: [process.execPath, 'test/harness/run-e2e.mjs'], kind: 'mocha' },
  // The browser build (dist/web/) in code-server's web worker extension host.
  { name: 'web', cmd: [process.execPath, 'test/harness/run-web.mjs'], kind: 'mocha' },
];
const only = process.argv.slice(2);

const results = [];
const builtEnv = {};
/** Every test's duration, from the stats lines: the slowest are listed at the end. */
const slowest = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name) && stage.name !== 'build') continue;
  console.log(`\n━━━ ${stage.name} ━━━`);
  const before = readStats();
  const started = Date.now();
  // A stage with `then` runs those commands too, even after the first failed (one run shows everything).
  const runs = [stage.cmd, ...(stage.then ?? [])].map((cmd) =>
    spawnSync(cmd[0], cmd.slice(1), { cwd: stage.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...builtEnv, REPODESK_STATS_FILE: statsFile } }),
  );
  const res = runs.find((r) => r.status !== 0) ?? runs[0];
  const seconds = (Date.now() - started) / 1000;
  const after = readStats();
  const codeServerStarts = after.codeServerStarts - before.codeServerStarts;
  for (const t of after.tests.slice(before.tests.length)) slowest.push({ ...t, stage: stage.name });
  let passed = after.passes - before.passes;
  let failed = after.failures - before.failures;
  if (stage.kind === 'check') {
    passed = res.status === 0 ? 1 : 0;
    failed = res.status === 0 ? 0 : 1;
  } else if (res.status !== 0 && failed === 0) {
    failed = 1; // crashed before reporting
  }
  results.push({ name: stage.name, passed, failed, seconds, codeServerStarts, ok: res.status === 0 });
  if (stage.fatal && res.status !== 0) break;
  // The later stages' tests need not build again what the build stage made (the package stage built it twice more).
  if (stage.name === 'build') builtEnv.REPODESK_PRODUCTION_BUILT = '1';
}

function readStats() {
  const totals = { passes: 0, failures: 0, codeServerStarts: 0, tests: [] };
  if (!fs.existsSync(statsFile)) return totals;
  for (const line of fs.readFileSync(statsFile, 'utf8').split('\n').filter(Boolean)) {
    const s = JSON.parse(line);
    totals.passes += s.passes ?? 0;
    totals.failures += s.failures ?? 0;
    totals.codeServerStarts += s.codeServerStarts ?? 0;
    totals.tests.push(...(s.tests ?? []));
  }
  return totals;
}

// The 20 slowest tests and the stages' times, in test-results/ (where to look first to make the run quicker).
slowest.sort((a, b) => b.ms - a.ms);
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const top = slowest.slice(0, 20).map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.stage.padEnd(11)} ${t.file}  ${t.title}`);
fs.writeFileSync(path.join(resultsDir, 'slowest-tests.txt'), top.join('\n') + '\n');
fs.writeFileSync(path.join(resultsDir, 'stage-times.json'), JSON.stringify(results, null, 2) + '\n');
console.log('\n━━━ slowest tests (test-results/slowest-tests.txt) ━━━');
for (const line of top.slice(0, 10)) console.log(line);

console.log('\n━━━ summary ━━━');
for (const r of results) {
  const starts = r.codeServerStarts ? `  (code-server started ${r.codeServerStarts}×)` : '';
  console.log(
    `${r.ok ? '✔' : '✖'} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s${starts}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const allOk = results.every((r) => r.ok) && results.length > 0;
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
