// Benchmark of a large pull request's files pages: page 1 computes the diff
// `base...head` (git diff and its parse), pages 2..N are answered from the
// files kept per (repository, base, head) (src/hosting/pulls/pair-cache.ts).
// Without the cache every page ran the whole diff again; that cost is measured
// through the library with a cache that keeps nothing (the same PullGit.files
// the route calls), one run per page.
// The pull request has the files of the extension's large pull request fixture
// (test/support/big-pull.mjs, which this package cannot import): one commit
// adds `big/pkg-NN/mod-N/file-N.txt`, written into the bare repository with
// `git fast-import`. Each round first moves the head (one file rewritten in the bare repository),
// so that page 1 is cold: the pull request's creation computed its files.
// Run: npx tsx emulator/bench/pull-files-pages.ts   (BENCH_FILES, default 3000;
// BENCH_PER_PAGE, default 100; BENCH_ROUNDS, default 3)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pairCaches, PullGit } from '../src/hosting/pulls/git';
import { commitOnBranch } from '../test/hosting-pulls-fixture';
import { startEmulator, type TestEmulator } from '../test/support/emulator';

const FILES = Number(process.env.BENCH_FILES ?? 3000);
const PER_PAGE = Number(process.env.BENCH_PER_PAGE ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`;

const ADA = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;

/** A repository of ada's with a pull request of FILES added files; its bare repository and first (base, head). */
async function bigPull(emu: TestEmulator): Promise<{ owner: string; repo: string; number: number; gitDir: string; base: string; head: string }> {
  const call = async (method: string, p: string, body: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(emu.url + p, {
      method,
      headers: { authorization: ADA, 'user-agent': 'repodesk-bench', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const repo = (await call('POST', '/user/repos', { name: 'big-pull', auto_init: true })) as { id: number; default_branch: string };
  const gitDir = path.join(emu.dataDir, 'git', `${repo.id}.git`);
  const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  const who = `Ada Lovelace <ada@analytical-engines.test> ${Math.floor(Date.now() / 1000)} +0000`;
  const adds = Array.from({ length: FILES }, (_, i) => {
    const file = `big/pkg-${String(i % 30).padStart(2, '0')}/mod-${Math.floor(i / 30) % 10}/file-${i}.txt`;
    return `M 100644 inline ${file}\n${data(`file ${i}\nline 2\nline 3\n`)}`;
  });
  const stream = `commit refs/heads/big-change\nauthor ${who}\ncommitter ${who}\n${data('Big change: every file\n')}from refs/heads/${repo.default_branch}\n${adds.join('')}\n`;
  execFileSync('git', [`--git-dir=${gitDir}`, 'fast-import', '--quiet'], { input: stream });
  const pull = (await call('POST', '/repos/ada/big-pull/pulls', { title: 'Big change', head: 'big-change', base: repo.default_branch })) as {
    number: number;
    base: { sha: string };
    head: { sha: string };
  };
  return { owner: 'ada', repo: 'big-pull', number: pull.number, gitDir, base: pull.base.sha, head: pull.head.sha };
}

async function main(): Promise<void> {
  const emu = await startEmulator({ seed: 'demo' });
  try {
    const made = await bigPull(emu);
    const pages = Math.ceil(FILES / PER_PAGE);
    const page = async (n: number): Promise<number> => {
      const start = performance.now();
      const res = await fetch(`${emu.url}/repos/${made.owner}/${made.repo}/pulls/${made.number}/files?per_page=${PER_PAGE}&page=${n}`, {
        headers: { authorization: ADA, 'user-agent': 'repodesk-bench' },
      });
      const rows = (await res.json()) as unknown[];
      if (res.status !== 200 || rows.length === 0) throw new Error(`page ${n}: ${res.status}, ${rows.length} rows`);
      return performance.now() - start;
    };
    const { gitDir, base, head } = made;
    const firsts: number[] = [];
    const later: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      commitOnBranch(gitDir, 'big-change', 'big-change', { 'big/pkg-00/mod-0/file-0.txt': `file 0\nround ${round}\n` });
      firsts.push(await page(1));
      for (let n = 2; n <= pages; n++) later.push(await page(n));
    }
    const uncached = new PullGit({ homeDir: os.tmpdir() }, gitDir, pairCaches({ maxBytes: 0 }));
    const diffRuns: number[] = [];
    for (let n = 0; n < Math.min(pages, 10); n++) {
      const start = performance.now();
      const files = await uncached.files(base, head);
      diffRuns.push(performance.now() - start);
      if (files.length !== FILES) throw new Error(`${files.length} files, not ${FILES}`);
    }

    console.log(`files pages of a ${FILES}-file pull request, ${PER_PAGE} a page, ${pages} pages, over HTTP (in-process emulator):`);
    console.log(`  page 1 after the head moved (the diff computed), ${ROUNDS} rounds: ${firsts.map(ms).join(', ')}`);
    console.log(
      `  pages 2..${pages} (kept), ${later.length} pages: median ${ms(median(later))}, max ${ms(Math.max(...later))}; a round's pages 2..${pages}: ${ms(later.reduce((a, b) => a + b, 0) / ROUNDS)}`,
    );
    console.log(
      `  without the cache, each page's diff (library, median of ${diffRuns.length}): ${ms(median(diffRuns))} — pages 2..${pages} ≈ ${ms(median(diffRuns) * (pages - 1))} more`,
    );
    console.log(
      `  load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await emu.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
