// The emulator's resident memory while git pushes and clones a repository
// holding one large file of random bytes (incompressible, so the pack is as
// large as the file): the emulator runs as its command (dist/main.js) in a
// process of its own, whose VmRSS (/proc/<pid>/status) is sampled while each
// git command runs, the clone in a new process on the same data (memory a
// process once took is seldom given back, so after a buffered push the clone
// would start from its peak). A pack held whole in memory shows as growth of
// about its size or more; a streamed one stays within a few chunks.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MB = 1024 * 1024;
const ADA = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;

export interface TransferFigures {
  /** VmRSS before the push (a fresh process with the demo seed), MB. */
  baselineMb: number;
  push: { growthMb: number; seconds: number };
  clone: { growthMb: number; seconds: number };
}

function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

/** The highest VmRSS of `pid` while `work` runs, less its VmRSS before, and the time `work` took. */
async function growthDuring(pid: number, work: () => Promise<unknown>): Promise<{ growthMb: number; seconds: number }> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(pid));
  return { growthMb: Math.round(peak - before), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function startCommand(entry: string, dataDir: string): Promise<{ proc: ChildProcess; url: string; stop: () => Promise<unknown> }> {
  const proc = spawn(process.execPath, [entry, '--port', '0', '--data', dataDir, '--seed', 'demo', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const stop = () => {
    proc.kill('SIGTERM');
    return exited;
  };
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1]!, stop });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`the emulator exited with ${code}:\n${out}`)));
  });
}

/** Pushes then clones a repository with one `megabytes`-MB file through the emulator command at `entry`. */
export async function measureGitTransfer(entry: string, megabytes: number): Promise<TransferFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-git-memory-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: work,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Ada',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
  };
  const git = (...args: string[]) => run('git', args, { env, maxBuffer: 16 * MB });
  const dataDir = path.join(work, 'data');
  let emulator = await startCommand(entry, dataDir);
  try {
    const { url } = emulator;
    const created = await fetch(`${url}/user/repos`, {
      method: 'POST',
      headers: { Authorization: ADA, 'User-Agent': 'git-memory', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'large-file' }),
    });
    if (created.status !== 201) throw new Error(`POST /user/repos: ${created.status} ${await created.text()}`);
    const cloneUrl = ((await created.json()) as { clone_url: string }).clone_url.replace('://', '://ada:ada-demo-password@');

    const source = path.join(work, 'source');
    await git('init', '--quiet', source);
    // Random bytes do not compress: zlib level 0 spares the time of trying.
    await git('-C', source, 'config', 'core.compression', '0');
    const file = fs.openSync(path.join(source, 'large.bin'), 'w');
    for (let i = 0; i < megabytes; i++) fs.writeSync(file, crypto.randomBytes(MB));
    fs.closeSync(file);
    await git('-C', source, 'add', 'large.bin');
    await git('-C', source, 'commit', '--quiet', '-m', 'A large file');

    const baselineMb = Math.round(rssMb(emulator.proc.pid!));
    const push = await growthDuring(emulator.proc.pid!, () => git('-C', source, 'push', '--quiet', cloneUrl, 'HEAD:refs/heads/master'));
    await emulator.stop();
    emulator = await startCommand(entry, dataDir);
    const port = new URL(emulator.url).port;
    const clone = await growthDuring(emulator.proc.pid!, () =>
      git('clone', '--quiet', '--bare', cloneUrl.replace(/:\d+\//, `:${port}/`), path.join(work, 'clone.git')),
    );
    const [pushed, cloned] = await Promise.all([git('-C', source, 'rev-parse', 'HEAD'), git('-C', path.join(work, 'clone.git'), 'rev-parse', 'master')]);
    if (pushed.stdout !== cloned.stdout) throw new Error(`the clone's master is ${cloned.stdout.trim()}, the push's ${pushed.stdout.trim()}`);
    return { baselineMb, push, clone };
  } finally {
    await emulator.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
