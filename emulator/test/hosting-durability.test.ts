// Durability: killing the process with SIGKILL in the middle of writes loses no
// acknowledged write. The real CLI (dist/main.js) is built, started,
// killed and restarted on the same data folder, three times over; the tests
// use execFileSync only against git, never against the emulator (a child process).
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist/main.js');
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

const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'User-Agent': UA, Authorization: auth, 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** What the service acknowledged (2xx) before it was killed: each must be there after a restart. */
interface Acknowledged {
  repos: string[];
  issues: Array<{ number: number; title: string }>;
  refs: Array<{ ref: string; sha: string }>;
  /** The description edits go one after another with a growing number: the last one answered 200, and the last one sent. */
  lastEditAcked: number;
  lastEditSent: number;
}

/**
 * Four streams of writes (repositories, issues, refs, description edits) until
 * the process dies; SIGKILL once `killAfter` writes of this round were acknowledged.
 */
async function writeUntilKilled(url: string, proc: ChildProcess, round: number, killAfter: number, ack: Acknowledged, master: string): Promise<number> {
  let acked = 0;
  let dead = false;
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const acknowledge = () => {
    if (++acked === killAfter) proc.kill('SIGKILL');
  };
  const stream = async (write: (i: number) => Promise<void>) => {
    for (let i = 0; !dead; i++) {
      try {
        await write(i);
      } catch {
        // In flight when the process died: not acknowledged, so no promise made.
        dead = true;
      }
    }
  };
  const repos = (worker: number) =>
    stream(async (i) => {
      const name = `durable-${round}-${worker}-${i}`;
      const res = await fetch(`${url}/user/repos`, json('POST', { name, auto_init: i % 4 === 0 }));
      if (res.status === 201) {
        ack.repos.push(name);
        acknowledge();
      }
    });
  const issues = stream(async (i) => {
    const title = `durable issue ${round}-${i}`;
    const res = await fetch(`${url}/repos/ada/notes-on-the-engine/issues`, json('POST', { title, body: 'written before the kill' }));
    if (res.status === 201) {
      ack.issues.push({ number: ((await res.json()) as { number: number }).number, title });
      acknowledge();
    }
  });
  const refs = stream(async (i) => {
    const ref = `refs/heads/durable-${round}-${i}`;
    const res = await fetch(`${url}/repos/ada/notes-on-the-engine/git/refs`, json('POST', { ref, sha: master }));
    if (res.status === 201) {
      ack.refs.push({ ref, sha: master });
      acknowledge();
    }
  });
  const edits = stream(async () => {
    const n = ++ack.lastEditSent;
    const res = await fetch(`${url}/repos/ada/notes-on-the-engine`, json('PATCH', { description: `edited ${n}` }));
    if (res.status === 200) {
      ack.lastEditAcked = n;
      acknowledge();
    }
  });
  await Promise.all([repos(0), repos(1), issues, refs, edits]);
  if (acked < killAfter) proc.kill('SIGKILL');
  await exited;
  return acked;
}

describe('v3 durability: SIGKILL in the middle of writes', () => {
  const ROUNDS = 3;
  let dataDir: string;
  before(async () => {
    // The package's own build (build.mjs): the command under test is the one a user runs.
    const built = spawnSync(process.execPath, [path.join(root, 'build.mjs')], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-durability-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`every acknowledged write (repositories with their git data, issues, refs, the latest description) is there after each of ${ROUNDS} SIGKILLs and restarts`, async function () {
    this.timeout(240_000);
    const ack: Acknowledged = { repos: [], issues: [], refs: [], lastEditAcked: 0, lastEditSent: 0 };
    let server = await start(dataDir, true);
    const master = (
      (await (await fetch(`${server.url}/repos/ada/notes-on-the-engine/git/refs/heads/master`, json('GET'))).json()) as { object: { sha: string } }
    ).object.sha;
    let total = 0;
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const killAfter = 20 + 20 * round;
        const acked = await writeUntilKilled(server.url, server.proc, round, killAfter, ack, master);
        assert.ok(acked >= killAfter, `round ${round}: only ${acked} writes were acknowledged before the kill`);
        total += acked;
        server = await start(dataDir, true);
        await checkAcknowledged(server.url, ack, round);
      }
    } finally {
      server.proc.kill('SIGTERM');
      await new Promise((resolve) => server.proc.on('exit', resolve));
    }
    console.log(`      durability: ${ROUNDS} SIGKILLs during writes, ${total} writes acknowledged, 0 lost`);
  });

  async function checkAcknowledged(url: string, ack: Acknowledged, round: number): Promise<void> {
    const get = async (p: string) => fetch(`${url}${p}`, json('GET'));
    for (const name of ack.repos) {
      const res = await get(`/repos/ada/${name}`);
      assert.equal(res.status, 200, `round ${round}: ${name} was acknowledged and is gone`);
      const repo = (await res.json()) as { id: number };
      const gitDir = path.join(dataDir, 'git', `${repo.id}.git`);
      assert.equal(execFileSync('git', ['--git-dir', gitDir, 'rev-parse', '--is-bare-repository'], { encoding: 'utf8' }).trim(), 'true');
    }
    for (const issue of ack.issues) {
      const res = await get(`/repos/ada/notes-on-the-engine/issues/${issue.number}`);
      assert.equal(res.status, 200, `round ${round}: issue ${issue.number} was acknowledged and is gone`);
      assert.equal(((await res.json()) as { title: string }).title, issue.title);
    }
    for (const ref of ack.refs) {
      const res = await get(`/repos/ada/notes-on-the-engine/git/${ref.ref}`);
      assert.equal(res.status, 200, `round ${round}: ${ref.ref} was acknowledged and is gone`);
      assert.equal(((await res.json()) as { object: { sha: string } }).object.sha, ref.sha);
    }
    // One edit at a time, numbered: the description is the last acknowledged edit or one sent after it, never an older one.
    const { description } = (await (await get('/repos/ada/notes-on-the-engine')).json()) as { description: string };
    const n = Number(/^edited (\d+)$/.exec(description)?.[1]);
    assert.ok(
      n >= ack.lastEditAcked && n <= ack.lastEditSent,
      `round ${round}: description "${description}", last acknowledged edit ${ack.lastEditAcked}, last sent ${ack.lastEditSent}`,
    );
    // git data intact, no unfinished repository left behind, the seed not loaded twice.
    const notes = (await (await get('/repos/ada/notes-on-the-engine')).json()) as { id: number };
    execFileSync('git', ['--git-dir', path.join(dataDir, 'git', `${notes.id}.git`), 'fsck', '--no-dangling', '--no-progress'], { stdio: 'pipe' });
    assert.deepEqual(
      fs.readdirSync(path.join(dataDir, 'git')).filter((f) => f.startsWith('.tmp-')),
      [],
    );
    const members = await fetch(`${url}/orgs/analytical-engines/public_members`, { headers: { 'User-Agent': UA } });
    assert.equal(((await members.json()) as unknown[]).length, 2);
  }
});
