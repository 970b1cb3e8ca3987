// Benchmark of the emulator's git data library:
//   POST-like: create a tree of 1,000 entries with inline content (goal < 2 s)
//   GET-like:  read the recursive tree of a 10,000-file repository (goal < 500 ms)
// first through the library, then through HTTP (POST/GET /repos/:owner/:repo/git/trees
// on an in-process emulator with the demo seed).
// Run: npx tsx emulator/bench/git-data.ts   (prints one line per figure; never part of npm test)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTree, readHistory, readTree, repoGitPath, Repositories } from '../src/git';
import { startEmulator } from '../test/support/emulator';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-git-'));
  const repos = new Repositories(dataDir);
  try {
    const repo = await repos.create(path.join(dataDir, 'bench.git'));

    const thousand = Array.from({ length: 1000 }, (_, i) => ({ path: `dir${i % 20}/file${i}.txt`, mode: '100644', type: 'blob', content: `line ${i}\n`.repeat(20) }));
    const createRuns: number[] = [];
    for (let run = 0; run < 3; run++) {
      const entries = thousand.map((e) => ({ ...e, content: `${e.content}run ${run}\n` }));
      createRuns.push((await time(() => createTree(repo, { tree: entries })))[0]);
    }
    console.log(`create tree, 1,000 inline entries in 20 folders: median ${median(createRuns).toFixed(0)} ms of 3 (${createRuns.map((t) => t.toFixed(0)).join(', ')}) — goal < 2000 ms`);

    const tenThousand = Array.from({ length: 10000 }, (_, i) => ({ path: `pkg${i % 10}/mod${Math.floor(i / 10) % 100}/f${i}.ts`, mode: '100644', content: `export const v${i} = ${i};\n` }));
    const [buildMs, big] = await time(() => createTree(repo, { tree: tenThousand }));
    console.log(`create tree, 10,000 inline entries in 1,010 folders: ${buildMs.toFixed(0)} ms`);

    const readRuns: number[] = [];
    let count = 0;
    for (let run = 0; run < 5; run++) {
      const [ms, listing] = await time(() => readTree(repo, big.sha, { recursive: true }));
      readRuns.push(ms);
      count = listing.tree.length;
    }
    console.log(`read recursive tree (${count} entries, 10,000 blobs with sizes) through readTree: first ${readRuns[0]?.toFixed(0)} ms, median ${median(readRuns).toFixed(0)} ms of 5 — goal < 500 ms`);

    const lsTreeRuns: number[] = [];
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      execFileSync('git', [`--git-dir=${repo.gitDir}`, 'ls-tree', '-r', '-t', '-l', '-z', big.sha], { maxBuffer: 64 * 1024 * 1024 });
      lsTreeRuns.push(performance.now() - start);
    }
    console.log(`for comparison, one git ls-tree -r -t -l process (output only, not parsed): median ${median(lsTreeRuns).toFixed(0)} ms of 5`);

    // 10,000 commits, each changing one of 50 files, written by one fast-import (a commit-tree per commit would take minutes).
    const stream: string[] = [];
    for (let i = 0; i < 10000; i++) {
      const content = `commit ${i}\n`;
      stream.push(`commit refs/heads/history\ncommitter Dev${i % 7} <dev${i % 7}@example.com> ${1700000000 + i * 3600} ${i % 2 ? '+0530' : '-0800'}\ndata 9\nchange ${String(i % 10)}\n`);
      stream.push(`M 100644 inline f${i % 50}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`);
    }
    await repo.run(['fast-import', '--quiet'], { input: stream.join('') });
    const historyRuns: number[] = [];
    let commits = 0;
    for (let run = 0; run < 3; run++) {
      const [ms, history] = await time(() => readHistory(repo, { from: 'refs/heads/history' }));
      historyRuns.push(ms);
      commits = history.length;
    }
    console.log(`readHistory (git log --numstat) of ${commits} commits: median ${median(historyRuns).toFixed(0)} ms of 3 (${historyRuns.map((t) => t.toFixed(0)).join(', ')})`);
  } finally {
    await repos.closeAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function overHttp(): Promise<void> {
  const emu = await startEmulator({ seed: 'demo' });
  const repos = new Repositories(path.join(emu.dataDir, 'bench-home'));
  try {
    const headers = { 'User-Agent': 'RepoDesk-bench', Authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`, 'Content-Type': 'application/json' };
    const base = `${emu.url}/repos/ada/notes-on-the-engine/git/trees`;
    const postRuns: number[] = [];
    for (let run = 0; run < 3; run++) {
      const tree = Array.from({ length: 1000 }, (_, i) => ({ path: `dir${i % 20}/file${i}.txt`, mode: '100644', type: 'blob', content: `line ${i} run ${run}\n`.repeat(20) }));
      const [ms, res] = await time(() => fetch(base, { method: 'POST', headers, body: JSON.stringify({ tree }) }));
      if (res.status !== 201) throw new Error(`POST trees answered ${res.status}`);
      postRuns.push(ms);
    }
    console.log(`HTTP POST /git/trees, 1,000 inline entries: median ${median(postRuns).toFixed(0)} ms of 3 (${postRuns.map((t) => t.toFixed(0)).join(', ')}) — goal < 2000 ms`);

    // The 10,000-file tree is written straight into the repository's git data, then read over HTTP.
    const id = (emu.db.prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'ada' AND r.name = 'notes-on-the-engine'").get() as { id: number }).id;
    const repo = repos.get(repoGitPath(path.join(emu.dataDir, 'git'), id));
    const big = await createTree(repo, { tree: Array.from({ length: 10000 }, (_, i) => ({ path: `pkg${i % 10}/mod${Math.floor(i / 10) % 100}/f${i}.ts`, mode: '100644', content: `export const v${i} = ${i};\n` })) });
    const getRuns: number[] = [];
    let bytes = 0;
    for (let run = 0; run < 5; run++) {
      const [ms, body] = await time(async () => (await fetch(`${base}/${big.sha}?recursive=1`, { headers })).text());
      getRuns.push(ms);
      bytes = body.length;
    }
    console.log(`HTTP GET /git/trees/:sha?recursive=1, 10,000 files (${(bytes / 1e6).toFixed(1)} MB JSON): first ${getRuns[0]?.toFixed(0)} ms, median ${median(getRuns).toFixed(0)} ms of 5 — goal < 500 ms`);
  } finally {
    await repos.closeAll();
    await emu.dispose();
  }
}

void main().then(overHttp);
