// Crash safety of the seed: the real CLI (dist/main.js) is killed with
// SIGKILL at exact points of `--seed demo` (REPODESK_EMULATOR_SEED_CRASH_AT
// makes it kill itself there, see emulator/src/seed/crash-points.ts), then
// started again on the same data folder: it must start, every git repository
// must pass `git fsck`, and the demo data must be whole and loaded once.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_CRASH_ENV } from '../src/seed/crash-points';

const entry = path.resolve(__dirname, '../dist/main.js');
const UA = 'seed-crash-test';
const auth = (login: string) => `Basic ${Buffer.from(`${login}:${login}-demo-password`).toString('base64')}`;

interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(dataDir: string, crashAt?: number): Run {
  const env = { ...process.env };
  delete env[SEED_CRASH_ENV];
  if (crashAt !== undefined) env[SEED_CRASH_ENV] = String(crashAt);
  const proc = spawn(process.execPath, [entry, '--port', '0', '--data', dataDir, '--seed', 'demo'], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return { proc, output: () => out, exited };
}

/** Runs the seed until it kills itself at point `n`. */
async function crashAt(dataDir: string, n: number): Promise<void> {
  const run = launch(dataDir, n);
  // A seed with fewer points starts instead: stop it, and the assertion below says so.
  run.proc.stdout!.on('data', () => {
    if (/listening on/.test(run.output())) run.proc.kill('SIGTERM');
  });
  const { signal, code } = await run.exited;
  assert.equal(signal, 'SIGKILL', `expected a kill at seed point ${n}, got exit ${code}:\n${run.output()}`);
  assert.match(run.output(), new RegExp(`seed crash point ${n} `));
}

/** Starts without a crash point; resolves with the URL once listening, rejects if the process ends first. */
function startClean(dataDir: string): Promise<{ run: Run; url: string }> {
  const run = launch(dataDir);
  return new Promise((resolve, reject) => {
    run.proc.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(run.output());
      if (m) resolve({ run, url: m[1]! });
    });
    void run.exited.then(({ code, signal }) => reject(new Error(`the emulator did not start after the crash (exit ${code ?? signal}):\n${run.output()}`)));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function get(url: string, p: string, login = 'ada'): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${p}`, { headers: { 'User-Agent': UA, Authorization: auth(login) } });
  return { status: res.status, body: await res.json() };
}

async function checkWhole(url: string, dataDir: string, label: string): Promise<void> {
  for (const login of ['ada', 'charles', 'mary', 'luigi', 'grace']) {
    assert.equal((await get(url, '/user', login)).status, 200, `${label}: ${login} cannot sign in`);
  }
  const names = async (p: string) => ((await get(url, p)).body as Array<{ full_name: string }>).map((r) => r.full_name);
  const repos = new Set([
    ...(await names('/user/repos?per_page=100')),
    ...(await names('/orgs/analytical-engines/repos?type=all&per_page=100')),
    ...(await names('/users/charles/repos?per_page=100')),
  ]);
  assert.deepEqual(
    [...repos].sort(),
    [
      'ada/bernoulli-numbers',
      'ada/notes-on-the-engine',
      'analytical-engines/analytical-engine',
      'analytical-engines/difference-engine',
      'charles/difference-engine',
    ],
    label,
  );
  const members = await get(url, '/orgs/analytical-engines/public_members');
  assert.deepEqual((members.body as Array<{ login: string }>).map((m) => m.login).sort(), ['ada', 'charles'], label);
  const demo = '/repos/analytical-engines/difference-engine';
  assert.equal((await get(url, `${demo}/pulls?state=all`)).body.length, 3, `${label}: pull requests`);
  assert.equal((await get(url, `${demo}/labels`)).body.length, 3, `${label}: labels`);
  assert.equal((await get(url, `${demo}/releases`)).body.length, 3, `${label}: releases`);
  assert.equal((await get(url, `${demo}/keys`)).body.length, 2, `${label}: deploy keys`);
  // The demo history's tags (the releases name them).
  const tags = (await get(url, `${demo}/git/refs/tags`)).body as Array<{ ref: string }>;
  assert.deepEqual(tags.map((t) => t.ref).sort(), ['refs/tags/v0.1.0', 'refs/tags/v0.9.0', 'refs/tags/v1.0.0', 'refs/tags/v1.1.0-rc.1'], `${label}: tags`);
  // The OAuth application of the seed, once, with its file.
  assert.ok(fs.existsSync(path.join(dataDir, 'oauth-app.json')), `${label}: oauth-app.json`);
  // v2: the ten demo cases, and no eleventh from a second load.
  const login = await fetch(`${url}/api/v2/authenticate`, {
    method: 'POST',
    body: new URLSearchParams({ userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  assert.equal((await fetch(`${url}/api/v2/case/10?access_token=${token}`)).status, 200, `${label}: v2 case 10`);
  assert.equal((await fetch(`${url}/api/v2/case/11?access_token=${token}`)).status, 404, `${label}: v2 case 11`);
  // Every repository on disk has its row and passes fsck; nothing unfinished is left.
  const gitDir = path.join(dataDir, 'git');
  const folders = fs.readdirSync(gitDir).sort();
  assert.equal(folders.length, 5, `${label}: git folders ${folders.join(', ')}`);
  for (const folder of folders) {
    execFileSync('git', ['--git-dir', path.join(gitDir, folder), 'fsck', '--no-dangling', '--no-progress'], { stdio: 'pipe' });
  }
}

describe('seed crash safety: SIGKILL at points of the demo seed, then a restart (emulator process)', () => {
  // Points across the seed (scenarios/demo.yaml): 1 before it, 2 the accounts,
  // 3-6 each repository created, 7 the fork, 8 the history, 9-11 the pull
  // requests, 12 the rest of difference-engine, 13-15 the other repositories,
  // 16 the gist, 17 just before the marker.
  const cases: Array<{ title: string; points: number[] }> = [
    { title: 'killed after the accounts (point 2)', points: [2] },
    { title: 'killed between repositories (point 4)', points: [4] },
    { title: 'killed after the fork (point 7)', points: [7] },
    { title: 'killed after the demo history (point 8)', points: [8] },
    { title: 'killed just before the seed marker (the last point, 17)', points: [17] },
    { title: 'killed twice: at point 12, then again at point 5 of the second seed', points: [12, 5] },
  ];
  for (const { title, points } of cases) {
    it(`${title}: the folder starts, git fsck is clean, the demo data is whole`, async function () {
      this.timeout(120_000);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-seed-crash-'));
      try {
        for (const n of points) await crashAt(dataDir, n);
        const { run, url } = await startClean(dataDir);
        try {
          await checkWhole(url, dataDir, title);
        } finally {
          run.proc.kill('SIGTERM');
          await run.exited;
        }
        // And once more: a seeded folder starts without seeding again.
        const again = await startClean(dataDir);
        try {
          await checkWhole(again.url, dataDir, `${title}, second start`);
        } finally {
          again.run.proc.kill('SIGTERM');
          await again.run.exited;
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
