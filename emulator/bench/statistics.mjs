// Benchmark of the repository statistics: the five
// statistics of a 10,000-commit history (goal under 5 s), i.e. what the
// background job of /stats/* does: `git log --numstat` parsed by the git
// data library, then the arithmetic of emulator/src/stats/compute.ts.
// Run: node --import tsx emulator/bench/statistics.mjs   (never part of npm test)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Repositories } from '../src/git/index.ts';
import { demoScenarioFile } from '../src/scenario/demo.ts';
import { historyStream, planHistory } from '../src/scenario/history.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { historyOf, statisticsOf } from '../src/hosting/stats/job.ts';

const COMMITS = 10_000;
const RUNS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-stats-'));
const repos = new Repositories(dataDir);
try {
  const gitDir = path.join(dataDir, 'bench.git');
  const repo = await repos.create(gitDir);
  const now = Math.floor(Date.now() / 1000);
  let start = performance.now();
  // The demo's generated history (scenarios/demo.yaml), longer.
  const demo = loadScenarioFile(demoScenarioFile()).scenario;
  const source = demo.repositories[0];
  const bench = { ...source, auto_init: false, generate: { ...source.generate, commits: COMMITS }, commits: [], tags: [], notes: [] };
  const users = new Map(demo.users.map((u) => [u.login, u]));
  const identity = (login) => ({ name: users.get(login).name, email: users.get(login).email });
  execFileSync('git', ['--git-dir', gitDir, 'fast-import', '--quiet'], { input: historyStream(bench, planHistory(bench, now), identity), maxBuffer: 1 << 30 });
  const setupMs = performance.now() - start;
  const sha = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'master'], { encoding: 'utf8' }).trim();
  const count = Number(execFileSync('git', ['--git-dir', gitDir, 'rev-list', '--count', 'master'], { encoding: 'utf8' }).trim());
  const logins = new Map(demo.users.map((u) => [u.email, u.login]));

  const logRuns = [];
  const computeRuns = [];
  const totalRuns = [];
  let stats;
  for (let run = 0; run < RUNS; run++) {
    start = performance.now();
    const commits = await historyOf(repo, sha, logins);
    const parsed = performance.now();
    stats = statisticsOf(commits, 'ada', now);
    const done = performance.now();
    logRuns.push(parsed - start);
    computeRuns.push(done - parsed);
    totalRuns.push(done - start);
  }
  console.log(`history: ${count} commits by ${stats.contributors.length} authors (fast-import setup ${(setupMs / 1000).toFixed(2)} s)`);
  console.log(`git log --numstat + parse: median ${median(logRuns).toFixed(0)} ms (${logRuns.map((t) => t.toFixed(0)).join(' / ')})`);
  console.log(`five statistics (compute):  median ${median(computeRuns).toFixed(0)} ms (${computeRuns.map((t) => t.toFixed(0)).join(' / ')})`);
  console.log(`total per job:              median ${median(totalRuns).toFixed(0)} ms — goal < 5000 ms: ${median(totalRuns) < 5000 ? 'met' : 'NOT met'}`);
} finally {
  await repos.closeAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
