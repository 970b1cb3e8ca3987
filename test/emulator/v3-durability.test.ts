// Durability: killing the process with SIGKILL in the middle of writes loses no
// acknowledged write. The real CLI (dist/emulator.js) is built, started,
// killed and restarted on the same data folder.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../..');
const entry = path.join(root, 'dist/emulator.js');
const UA = 'durability-test';
const auth = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;

function start(dataDir: string, seed: boolean): Promise<{ proc: ChildProcess; url: string }> {
  const args = [entry, '--port', '0', '--data', dataDir, '--quiet', ...(seed ? ['--seed', 'demo'] : [])];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${out}`)), 20000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1]! });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${out}`)));
  });
}

describe('v3 durability: SIGKILL in the middle of writes', () => {
  let dataDir: string;
  before(async () => {
    // Only the emulator bundle, with the options of esbuild.mjs: the other bundles are not under test here.
    await esbuild.build({ entryPoints: { emulator: path.join(root, 'src/emulator/main.ts') }, outdir: path.join(root, 'dist'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: true, external: ['better-sqlite3'], logLevel: 'silent' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-durability-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('every acknowledged write is there after a restart on the same data folder', async () => {
    const first = await start(dataDir, true);
    const acknowledged: Array<{ kind: 'repo' | 'edit'; name: string; description: string }> = [];
    let killed = false;
    const send = async (i: number) => {
      const name = `durable-${i}`;
      try {
        const created = await fetch(`${first.url}/user/repos`, { method: 'POST', headers: { 'User-Agent': UA, Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name, auto_init: i % 4 === 0 }) });
        if (created.status === 201) acknowledged.push({ kind: 'repo', name, description: '' });
        const description = `edited ${i}`;
        const edited = await fetch(`${first.url}/repos/ada/notes-on-the-engine`, { method: 'PATCH', headers: { 'User-Agent': UA, Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ description }) });
        if (edited.status === 200) acknowledged.push({ kind: 'edit', name: 'notes-on-the-engine', description });
      } catch {
        // In flight when the process died: not acknowledged, so no promise made.
      }
      if (!killed && acknowledged.length >= 8) {
        killed = true;
        first.proc.kill('SIGKILL');
      }
    };
    const exited = new Promise((resolve) => first.proc.on('exit', resolve));
    await Promise.all(Array.from({ length: 16 }, (_, i) => send(i)));
    if (!killed) first.proc.kill('SIGKILL');
    await exited;
    assert.ok(acknowledged.length >= 8, `only ${acknowledged.length} writes were acknowledged`);

    const second = await start(dataDir, true);
    try {
      for (const w of acknowledged.filter((a) => a.kind === 'repo')) {
        const res = await fetch(`${second.url}/repos/ada/${w.name}`, { headers: { 'User-Agent': UA, Authorization: auth } });
        assert.equal(res.status, 200, `${w.name} was acknowledged and is gone`);
        const repo = (await res.json()) as { id: number };
        const gitDir = path.join(dataDir, 'git', `${repo.id}.git`);
        assert.equal(execFileSync('git', ['--git-dir', gitDir, 'rev-parse', '--is-bare-repository'], { encoding: 'utf8' }).trim(), 'true');
      }
      // The description is one of the acknowledged edits or of edits in flight, never older than the last acknowledged one.
      const res = await fetch(`${second.url}/repos/ada/notes-on-the-engine`, { headers: { 'User-Agent': UA } });
      const { description } = (await res.json()) as { description: string };
      const edits = acknowledged.filter((a) => a.kind === 'edit');
      if (edits.length) assert.match(description, /^edited \d+$/);
      // The seed was not loaded twice.
      const users = await fetch(`${second.url}/orgs/analytical-engines/public_members`, { headers: { 'User-Agent': UA } });
      assert.equal(((await users.json()) as unknown[]).length, 2);
    } finally {
      second.proc.kill('SIGTERM');
      await new Promise((resolve) => second.proc.on('exit', resolve));
    }
  });
});
