// `npm run test:stress -- --runs N [--stages integration,e2e] [--one-by-one] [--full]`:
// the UI stages (all of scripts/ui-stages.mjs by default) N times in a row while a
// child process keeps one core busy, as a loaded CI machine or a build beside
// the tests would; `--full`: the whole of `npm test` (scripts/test-all.mjs)
// each time. Each run starts its stages side by side, as npm test does
// (`--one-by-one`: one after another). A test that passes only on an idle
// machine fails here. Each failure is reported with its test's title, its
// screenshots and the stage's log; the logs and screenshots are kept in a
// folder of their own (test-results/ is emptied before each run). Run it
// under the heavy lock on a shared machine.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failuresIn, runLogged } from './run-log.mjs';
import { installCodeServer, patchWebviewWorkerUrl } from '../test/harness/codeServer.mjs';
import { UI_WINDOWS, uiStages } from './ui-stages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', '1'));
const names = arg('stages', uiStages.map((s) => s.name).join(',')).split(',');
const unknown = names.filter((n) => !uiStages.some((s) => s.name === n));
if (unknown.length) throw new Error(`--stages takes some of ${uiStages.map((s) => s.name).join(',')}, not ${unknown.join(',')}`);
const stages = uiStages.filter((s) => names.includes(s.name));
const oneByOne = process.argv.includes('--one-by-one');
const full = process.argv.includes('--full');
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, not ${arg('runs')}`);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-stress-'));

// One build for every run (the stages' runners read dist/; npm test builds for itself).
const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
// code-server once, before stages that share it start side by side.
installCodeServer({ root });
patchWebviewWorkerUrl(root);

// The load: a loop in its own process on one core, for the whole stress run.
const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stopBusy = () => busy.kill('SIGKILL');
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const report = [];
const env = { ...process.env, REPODESK_RESULTS_EMPTIED: '1' };
for (let run = 1; run <= runs && full; run++) {
  // npm test as a contributor runs it: it builds, installs code-server and empties test-results/ itself.
  const dir = path.join(out, `run-${run}`, 'npm-test');
  fs.mkdirSync(dir, { recursive: true });
  const log = path.join(dir, 'output.log');
  console.log(`\n━━━ stress run ${run}/${runs}: npm test (one core kept busy) ━━━`);
  const { code, seconds } = await runLogged({ cmd: process.execPath, args: ['scripts/test-all.mjs'], cwd: root, env: process.env, log });
  const summary = fs.readFileSync(log, 'utf8').trimEnd().split('\n').at(-1);
  console.log(`${code === 0 ? '✔' : '✖'} stress run ${run}/${runs}: npm test ended in ${seconds.toFixed(0)} s: ${summary} (log: ${log})`);
  report.push({ run, stage: 'npm test', ok: code === 0, seconds, log, ...(code === 0 ? { titles: [], screenshots: [] } : failuresIn(log, dir)) });
}
for (let run = 1; run <= runs && !full; run++) {
  fs.rmSync(path.join(root, 'test-results'), { recursive: true, force: true });
  const runStage = async ({ name: stage, script }) => {
    const dir = path.join(out, `run-${run}`, stage);
    fs.mkdirSync(dir, { recursive: true });
    const log = path.join(dir, 'output.log');
    const { code, seconds } = await runLogged({ cmd: process.execPath, args: [script], cwd: root, env, log, echo: oneByOne });
    if (!oneByOne) console.log(`${code === 0 ? '✔' : '✖'} stress run ${run}/${runs}: ${stage} ended in ${seconds.toFixed(0)} s (log: ${log})`);
    report.push({ run, stage, ok: code === 0, seconds, log, ...(code === 0 ? { titles: [], screenshots: [] } : failuresIn(log, dir)) });
  };
  if (oneByOne) {
    for (const stage of stages) {
      console.log(`\n━━━ stress run ${run}/${runs}: ${stage.name} (one core kept busy) ━━━`);
      await runStage(stage);
    }
  } else {
    // As npm test runs them: UI_WINDOWS at a time, the next starting when one ends.
    console.log(`\n━━━ stress run ${run}/${runs}: ${names.join(', ')}, ${UI_WINDOWS} at a time (one core kept busy) ━━━`);
    const waiting = [...stages];
    const lane = async () => {
      for (let stage = waiting.shift(); stage; stage = waiting.shift()) await runStage(stage);
    };
    await Promise.all(Array.from({ length: UI_WINDOWS }, lane));
  }
}
stopBusy();

const what = full ? 'npm test' : `${names.join(', ')}${oneByOne ? ' one by one' : ' side by side'}`;
console.log(`\n━━━ stress: ${runs} run(s) of ${what} with one core busy ━━━`);
for (const r of report) {
  console.log(`${r.ok ? '✔' : '✖'} run ${r.run} ${r.stage.padEnd(12)} ${r.seconds.toFixed(1)} s`);
  if (r.ok) continue;
  for (const t of r.titles.length ? r.titles : ['(no mocha failure listed: the runner failed to start or crashed)']) console.log(`    ✖ ${t}`);
  for (const s of r.screenshots) console.log(`    screenshot: ${s}`);
  console.log(`    log: ${r.log}`);
}
fs.writeFileSync(path.join(out, 'report.json'), JSON.stringify(report, null, 2) + '\n');
const failed = report.filter((r) => !r.ok).length;
console.log(`${report.length - failed} ${full ? 'run' : 'stage run'}(s) passed, ${failed} failed; logs and screenshots in ${out}`);
process.exit(failed ? 1 : 0);
