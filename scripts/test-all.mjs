// `npm test`: every test of RepoDesk in one run — build, typecheck, lint,
// unit, the emulator package's suites (its unit tests, conformance and the
// package used from a scratch project), the packaged .vsix, integration inside a real
// VS Code, and the UI. Later stages run even when an earlier test stage
// failed (so one run shows everything); a failed build stops the run.
// The last line is the whole run's "N passed, N failed".
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies, missingSystemPackages } from './ensure-deps.mjs';
import { installCodeServer, patchWebviewWorkerUrl } from '../test/harness/codeServer.mjs';
import { UI_WINDOWS, uiStages } from './ui-stages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readScript = (name) => JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts[name];
ensureDependencies(root);
const missing = missingSystemPackages();
if (missing.length)
  console.warn(
    `Missing system packages for the VS Code tests: ${missing.join(' ')} — install them with \`apt-get install -y ${missing.join(' ')}\` (or run bash .ci/run).`,
  );

const statsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-stats-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// A contributor's second run checks again only what changed: ESLint, Prettier and tsc keep what they learnt under
// node_modules/.cache (gone with a fresh install, so CI's fresh clone checks everything). ESLint keys its cache on
// each file's content and its config, but not on the code of the project's own rule (eslint-rules/): the folder's
// name carries a hash of that code, so an edited rule lints every file again.
const cacheDir = path.join(root, 'node_modules', '.cache', 'repodesk');
const rulesHash = crypto.createHash('sha256');
for (const f of fs.readdirSync(path.join(root, 'eslint-rules')).sort()) rulesHash.update(f).update(fs.readFileSync(path.join(root, 'eslint-rules', f)));
const eslintCache = path.join(cacheDir, `eslint-${rulesHash.digest('hex').slice(0, 12)}`) + path.sep;
// The files `npm run format:check` names (its quoted globs), checked with the cache.
const PRETTIER_GLOBS = readScript('format:check')
  .match(/"[^"]+"/g)
  .map((g) => g.slice(1, -1));
// `together`: stages run side by side, this many at a time (the next in the list starts when one ends), each one's
// output shown whole as it ends. Lint, the unit suite, the type check and the package suite use one core each: two
// at a time on the 2-core machine, the longest first. The UI stages (a window each) mostly wait on their window:
// three at a time (scripts/ui-stages.mjs), the emulator suite (two workers of its own) after the first to end.
const stages = [
  { name: 'build', cmd: [process.execPath, 'esbuild.mjs', '--production'], kind: 'check', fatal: true },
  // `npm run lint`: eslint, knip (no unused files, exports or dependencies), then Prettier's check (`npm run format:check`),
  // with the caches above.
  {
    name: 'lint',
    cmd: [bin('eslint'), '--cache', '--cache-strategy', 'content', '--cache-location', eslintCache, '.'],
    then: [
      [bin('knip'), '--no-progress'],
      [
        bin('prettier'),
        '--check',
        '--log-level',
        'warn',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        path.join(cacheDir, 'prettier'),
        ...PRETTIER_GLOBS,
      ],
    ],
    kind: 'check',
    together: 2,
  },
  { name: 'unit', cmd: [bin('mocha'), '--config', 'test/unit/.mocharc.json'], kind: 'mocha', together: 2 },
  {
    name: 'typecheck',
    cmd: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', path.join(cacheDir, 'typecheck.tsbuildinfo')],
    kind: 'check',
    together: 2,
  },
  { name: 'package', cmd: [bin('mocha'), '--config', 'test/package/.mocharc.json'], kind: 'mocha', together: 2 },
  ...uiStages.map(({ name, script }) => ({ name, cmd: [process.execPath, script], kind: 'mocha', together: UI_WINDOWS })),
  // The emulator package runs its own suite from its folder, as `npm test -w @repodesk/emulator` does. It takes the
  // lane of the first UI stage to end (the browser build's, about half as long as the others): run alone before
  // them, it added its whole time to the run's.
  {
    name: 'emulator',
    cmd: [bin('mocha'), '--config', 'test/.mocharc.parallel.cjs', '--reporter', path.join(root, 'test/support/stats-reporter.cjs')],
    cwd: path.join(root, 'emulator'),
    kind: 'mocha',
    together: UI_WINDOWS,
  },
];
const only = process.argv.slice(2);
const UI_STAGES = new Set(uiStages.map((s) => s.name));

const results = [];
const builtEnv = {};
/** Every test's duration, from the stats lines: the slowest are listed at the end. */
const slowest = [];
/** Every failed test with its first line, named again just above the summary (where a CI log's tail shows it). */
const failures = [];

/** Runs one command; `shown`: its output goes to the terminal as it comes, else it is kept and returned. */
function run(cmd, { cwd, env, shown }) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd, env, stdio: shown ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout?.on('data', (c) => out.push(c));
    child.stderr?.on('data', (c) => out.push(c));
    child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(out).toString('utf8') }));
  });
}

/** One stage: its commands in turn (a stage with `then` runs those too, even after the first failed: one run shows everything). */
async function runStage(stage, shown) {
  const statsFile = path.join(statsDir, `${stage.name}.jsonl`);
  const env = { ...process.env, ...builtEnv, REPODESK_STATS_FILE: statsFile };
  const started = Date.now();
  let output = '';
  let status = 0;
  for (const cmd of [stage.cmd, ...(stage.then ?? [])]) {
    const r = await run(cmd, { cwd: stage.cwd ?? root, env, shown });
    output += r.output;
    if (status === 0) status = r.status;
  }
  const seconds = (Date.now() - started) / 1000;
  const stats = readStats(statsFile);
  for (const t of stats.tests) slowest.push({ ...t, stage: stage.name });
  for (const f of stats.failed) failures.push({ ...f, stage: stage.name });
  let { passes: passed, failures: failed } = stats;
  if (stage.kind === 'check') {
    passed = status === 0 ? 1 : 0;
    failed = status === 0 ? 0 : 1;
  } else if (status !== 0 && failed === 0) {
    failed = 1; // crashed before reporting
  }
  return { output, result: { name: stage.name, passed, failed, seconds, codeServerStarts: stats.codeServerStarts, ok: status === 0 } };
}

const chosen = stages.filter((stage) => !only.length || only.includes(stage.name) || stage.name === 'build');
for (let i = 0; i < chosen.length;) {
  // A run of stages with the same `together`: that many at a time (the next starts when one ends), each one's output
  // printed whole as it ends.
  const width = chosen[i].together;
  const batch = [];
  while (width && i < chosen.length && chosen[i].together === width) batch.push(chosen[i++]);
  if (batch.length) {
    // code-server is installed once (a minute, the first time) before the UI stages that share it start side by side.
    // test-results/ is emptied here, once, not by the e2e runner while the others write their screenshots.
    if (batch.some((b) => UI_STAGES.has(b.name))) {
      installCodeServer({ root });
      patchWebviewWorkerUrl(root);
      fs.rmSync(path.join(root, 'test-results'), { recursive: true, force: true });
      builtEnv.REPODESK_RESULTS_EMPTIED = '1';
    }
    if (batch.length > 1) console.log(`\n━━━ ${batch.map((b) => b.name).join(', ')}, side by side ━━━`);
    const done = new Map();
    const waiting = [...batch];
    const lane = async () => {
      for (let stage = waiting.shift(); stage; stage = waiting.shift()) {
        const d = await runStage(stage, batch.length === 1);
        if (batch.length > 1) console.log(`\n━━━ ${stage.name} (${d.result.seconds.toFixed(0)} s) ━━━\n${d.output.trimEnd()}`);
        done.set(stage, d.result);
      }
    };
    await Promise.all(Array.from({ length: width }, lane));
    for (const stage of batch) results.push(done.get(stage));
    continue;
  }
  const stage = chosen[i++];
  console.log(`\n━━━ ${stage.name} ━━━`);
  const { result } = await runStage(stage, true);
  results.push(result);
  if (stage.fatal && !result.ok) break;
  // The later stages' tests need not build again what the build stage made (the package stage built it twice more).
  if (stage.name === 'build') builtEnv.REPODESK_PRODUCTION_BUILT = '1';
}

function readStats(file) {
  const totals = { passes: 0, failures: 0, codeServerStarts: 0, tests: [], failed: [] };
  if (!fs.existsSync(file)) return totals;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const s = JSON.parse(line);
    totals.passes += s.passes ?? 0;
    totals.failures += s.failures ?? 0;
    totals.codeServerStarts += s.codeServerStarts ?? 0;
    totals.tests.push(...(s.tests ?? []));
    totals.failed.push(...(s.failed ?? []));
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

if (failures.length) {
  console.log('\n━━━ failed tests ━━━');
  for (const f of failures) console.log(`✖ ${f.stage.padEnd(11)} ${f.file}  ${f.title}\n    ${f.reason}`);
}

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
