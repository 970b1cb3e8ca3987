// `npm run test:alone -- [--stages integration,e2e,web,unit,emulator] [--files <word>] [--seed N] [--lock <file>]`:
// each test file stands alone. Every integration file runs by itself in a window of its
// own, every UI file (test/e2e/) too; the unit and emulator suites run once each with their
// files in a shuffled order (the seed is printed: `--seed N` replays that order). A file that
// passes only after another one, or only in the usual order, fails here. The browser build's
// runner (run-web.mjs) cannot select files: its stage runs once, all its files in one window.
// `--files` keeps the files whose name has the word (or one of `a,b`); `--lock` makes each
// integration, UI and emulator run wait for that flock(1) lock (the machine's heavy-suite
// lock), so that others' runs fit between them. Logs and screenshots go to a
// `repodesk-alone-*` temp folder. Not part of `npm test`: the integration files alone take
// 40–60 s each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failuresIn, runLogged } from './run-log.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const allStages = ['integration', 'e2e', 'web', 'unit', 'emulator'];
const stages = arg('stages', allStages.join(',')).split(',');
const unknown = stages.filter((s) => !allStages.includes(s));
if (unknown.length) throw new Error(`--stages takes some of ${allStages.join(',')}, not ${unknown.join(',')}`);
const words = arg('files', '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const seed = Number(arg('seed', String(1 + Math.floor(Math.random() * 2 ** 31))));
if (!Number.isInteger(seed)) throw new Error(`--seed takes a whole number, not ${arg('seed')}`);
const lockFile = arg('lock', undefined);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-alone-'));
const mochaBin = path.join(root, 'node_modules', '.bin', 'mocha');
const picked = (file) => words.length === 0 || words.some((w) => path.basename(file).includes(w));

console.log(`seed ${seed} (replay the shuffled order with --seed ${seed}); logs in ${out}`);

// One build for every run: the runners read dist/ and the emulator's process tests emulator/dist/.
const built = await runLogged({ cmd: process.execPath, args: ['esbuild.mjs', '--production'], cwd: root, log: path.join(out, 'build.log') });
if (built.code !== 0) {
  console.error(fs.readFileSync(path.join(out, 'build.log'), 'utf8'));
  process.exit(1);
}

/** The files of a folder whose name ends with `suffix`, those `--files` picks; each name must select only itself in its runner's filter. */
function filesOf(dir, suffix) {
  const names = fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(suffix))
    .sort();
  for (const name of names) {
    const wider = names.find((other) => other !== name && other.includes(name));
    if (wider) throw new Error(`${dir}/${name}: the runner's file filter would select ${wider} too`);
  }
  return names.filter(picked);
}

/** The files a mocha config's spec globs (`dir/**\/*.test.ts`) match, relative to `cwd`. */
function specFiles(config, cwd) {
  return [
    ...new Set(
      config.spec.flatMap((glob) => {
        const base = glob.split('/').filter((part, i, parts) => !parts.slice(0, i + 1).some((p) => p.includes('*')));
        const pattern = new RegExp(
          '^' +
            glob
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*\*\//g, '\0')
              .replace(/\*/g, '[^/]*')
              .replace(/\0/g, '(?:.*/)?') +
            '$',
        );
        return fs
          .readdirSync(path.join(cwd, ...base), { recursive: true })
          .map((f) => path.posix.join(...base, f.split(path.sep).join('/')))
          .filter((f) => pattern.test(f));
      }),
    ),
  ].sort();
}

/** A config's options but its spec and reporter, as mocha's command-line flags (a file list given with the config would be added to its spec). */
function configFlags(config) {
  return Object.entries(config)
    .filter(([key]) => key !== 'spec' && key !== 'reporter')
    .flatMap(([key, value]) => [value].flat().flatMap((v) => (v === true ? [`--${key}`] : v === false ? [`--no-${key}`] : [`--${key}`, String(v)])));
}

/** mulberry32: the same seed gives the same order on any machine. */
function shuffled(list, from) {
  let state = from >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function readStats(file) {
  const totals = { passes: 0, failures: 0, failed: [] };
  if (!fs.existsSync(file)) return totals;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const s = JSON.parse(line);
    totals.passes += s.passes ?? 0;
    totals.failures += s.failures ?? 0;
    totals.failed.push(...(s.failed ?? []));
  }
  return totals;
}

const report = [];
let runNumber = 0;

/** One run of a runner, its line printed when it ends. */
async function run({ stage, name, cmd, args, cwd = root, env = {}, heavy = true }) {
  const dir = path.join(out, stage);
  fs.mkdirSync(dir, { recursive: true });
  const slug = name.replace(/[^\w.-]+/g, '-');
  const log = path.join(dir, `${slug}.log`);
  const statsFile = path.join(dir, `${slug}.stats.jsonl`);
  const result = await runLogged({
    cmd,
    args,
    cwd,
    env: { ...process.env, ...env, REPODESK_STATS_FILE: statsFile },
    log,
    lockFile: heavy ? lockFile : undefined,
  });
  const stats = readStats(statsFile);
  const ok = result.code === 0;
  const entry = {
    stage,
    name,
    ok,
    seconds: result.seconds,
    passes: stats.passes,
    failures: stats.failures,
    log,
    titles: [],
    screenshots: [],
    failed: stats.failed,
  };
  if (!ok) Object.assign(entry, failuresIn(log, dir));
  report.push(entry);
  const waited = result.waitedSeconds >= 1 ? `  (waited ${result.waitedSeconds.toFixed(0)} s for the lock)` : '';
  console.log(
    `${ok ? '✔' : '✖'} ${String(++runNumber).padStart(3)} ${stage.padEnd(11)} ${name.padEnd(48)} ${String(stats.passes).padStart(5)} passed ${String(stats.failures).padStart(3)} failed ${result.seconds.toFixed(1).padStart(7)} s${waited}`,
  );
  return entry;
}

/** A shuffled suite's failing files, each run again by itself: does it fail alone too, or only after others? */
async function againAlone(stage, entry, flags, cwd, heavy) {
  const files = [...new Set(entry.failed.map((f) => f.file).filter(Boolean))];
  entry.alone = {};
  for (const file of files) {
    const again = await run({ stage: `${stage}-again`, name: file, cmd: mochaBin, args: [...flags, file], cwd, heavy });
    entry.alone[file] = again.ok;
  }
}

async function shuffledSuite(stage, cwd, configFile, heavy) {
  const config = JSON.parse(fs.readFileSync(path.join(cwd, configFile), 'utf8'));
  const files = shuffled(specFiles(config, cwd).filter(picked), seed);
  if (files.length === 0) return;
  fs.writeFileSync(path.join(out, `${stage}-order.txt`), files.join('\n') + '\n');
  const flags = ['--no-config', ...configFlags(config), '--reporter', path.join(root, 'test', 'support', 'stats-reporter.cjs')];
  const entry = await run({ stage, name: `${files.length} file(s) shuffled (seed ${seed})`, cmd: mochaBin, args: [...flags, ...files], cwd, heavy });
  if (!entry.ok) await againAlone(stage, entry, flags, cwd, heavy);
}

for (const stage of stages) {
  if (stage === 'integration') {
    for (const file of filesOf('test/integration', '.test.ts'))
      await run({
        stage,
        name: file,
        cmd: process.execPath,
        args: ['test/harness/run-integration.mjs'],
        // One file's window: a hang shows within minutes, not the whole suite's 25.
        env: { REPODESK_INTEGRATION_FILES: file, REPODESK_INTEGRATION_TIMEOUT_MS: String(10 * 60_000) },
      });
  } else if (stage === 'e2e') {
    for (const file of filesOf('test/e2e', '.e2e.mjs'))
      await run({ stage, name: file, cmd: process.execPath, args: ['test/harness/run-e2e.mjs'], env: { REPODESK_E2E_FILES: file } });
  } else if (stage === 'web') {
    // Picked by --files or not, all of them run.
    const all = fs.readdirSync(path.join(root, 'test', 'web')).filter((f) => f.endsWith('.web.mjs'));
    if (all.some(picked)) await run({ stage, name: `all ${all.length} files, one window`, cmd: process.execPath, args: ['test/harness/run-web.mjs'] });
  } else if (stage === 'unit') {
    await shuffledSuite(stage, root, 'test/unit/.mocharc.json', false);
  } else {
    await shuffledSuite(stage, path.join(root, 'emulator'), 'test/.mocharc.json', true);
  }
}

const main = report.filter((r) => !r.stage.endsWith('-again'));
const failed = main.filter((r) => !r.ok);
if (failed.length) console.log('\n━━━ failures ━━━');
for (const r of failed) {
  console.log(`✖ ${r.stage} ${r.name}`);
  if (r.failed.length && r.alone) {
    for (const f of r.failed) {
      const alone = r.alone[f.file] === undefined ? '' : r.alone[f.file] ? ' [passes alone: it depends on the files before it]' : ' [fails alone too]';
      console.log(`    ✖ ${f.file}: ${f.title}: ${f.reason}${alone}`);
    }
    console.log(`    order: ${path.join(out, `${r.stage}-order.txt`)}`);
  } else {
    for (const t of r.titles.length ? r.titles : ['(no mocha failure listed: the runner failed to start or crashed)']) console.log(`    ✖ ${t}`);
  }
  for (const s of r.screenshots) console.log(`    screenshot: ${s}`);
  console.log(`    log: ${r.log}`);
}
fs.writeFileSync(path.join(out, 'report.json'), JSON.stringify({ seed, report }, null, 2) + '\n');
console.log(`\n${main.length - failed.length} run(s) passed, ${failed.length} failed (seed ${seed}); logs and screenshots in ${out}`);
process.exit(failed.length ? 1 : 0);
