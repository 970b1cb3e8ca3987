// Crash safety of writes: the real CLI (dist/main.js, in a process group of
// its own with its git helpers) is killed with SIGKILL at a random point of a
// git push, of a release asset upload and of a webhook delivery, then started
// again on the same data folder. The point is a byte of the exchange, drawn
// from a seeded generator (several seeds a case), or the moment the client has
// its answer (the server may still be finishing the write): a proxy (or the
// webhook receiver) counts the bytes through it and kills the group when the
// point is reached.
// After the restart: the folder starts, every repository passes `git fsck`,
// a write the client saw acknowledged is there, and nothing is half-written
// (a ref is the old or the new commit, an asset has all its bytes or is absent,
// a delivery is sent again whole).
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const entry = path.resolve(__dirname, '../dist/main.js');
const UA = 'write-crash-test';
const ADA = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;
const REPO = '/repos/ada/notes-on-the-engine';
const SEEDS = [1, 2, 3];
const run = promisify(execFile);

/** mulberry32: a small seeded generator, so a failing seed can be run again. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bytes drawn from the seed (incompressible, so a push's pack and an upload have their full size). */
function seededBytes(seed: number, size: number): Buffer {
  const next = generator(seed * 7919);
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = Math.floor(next() * 256);
  return out;
}

interface Emulator {
  proc: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<void>;
}

/** Starts the CLI on the folder, in its own process group; resolves once it listens. */
function start(dataDir: string, seed = false): Promise<Emulator> {
  const args = [entry, '--port', '0', '--data', dataDir, '--quiet', ...(seed ? ['--seed', 'demo'] : [])];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
      if (m) resolve({ proc, url: m[1]!, port: Number(m[2]), output: () => out, exited });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`the emulator did not start (exit ${proc.exitCode ?? proc.signalCode}):\n${out}`)));
  });
}

/** SIGKILL to the emulator and every process of its group (its git helpers), as a power cut would. */
function killGroup(e: Emulator): void {
  try {
    process.kill(-e.proc.pid!, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function stop(e: Emulator): Promise<void> {
  e.proc.kill('SIGTERM');
  await e.exited;
}

/**
 * A loopback proxy in front of the emulator that counts the bytes through it,
 * both ways, over every connection; when the count reaches `cutAt` it kills
 * the emulator's group and closes the client's side (what was forwarded
 * reaches the client). `cutAt` Infinity: a plain proxy that only counts.
 */
class KillingProxy {
  forwarded = 0;
  cut = false;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly target: Emulator,
    private readonly cutAt: number,
  ) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(target.port, '127.0.0.1');
      this.sockets.add(client).add(upstream);
      client.on('data', (chunk: Buffer) => this.forward(chunk, upstream, client));
      upstream.on('data', (chunk: Buffer) => this.forward(chunk, client, client));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.end());
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port)));
  }

  private forward(chunk: Buffer, to: net.Socket, client: net.Socket): void {
    if (this.cut) return;
    const room = this.cutAt - this.forwarded;
    if (chunk.length < room) {
      this.forwarded += chunk.length;
      to.write(chunk);
      return;
    }
    to.write(chunk.subarray(0, room));
    this.forwarded = this.cutAt;
    this.cut = true;
    killGroup(this.target);
    client.end();
    for (const s of this.sockets) if (s !== client) s.destroy();
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
    this.server.close();
  }
}

async function api(e: Emulator, method: string, p: string, body?: unknown): Promise<{ status: number; json: any }> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${e.url}${p}`, {
    method,
    headers: { 'User-Agent': UA, Authorization: ADA, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Every bare repository of the folder passes `git fsck`. */
function fsckAll(dataDir: string, label: string): void {
  const gitDir = path.join(dataDir, 'git');
  for (const folder of fs.readdirSync(gitDir)) {
    try {
      execFileSync('git', ['--git-dir', path.join(gitDir, folder), 'fsck', '--no-dangling', '--no-progress'], { stdio: 'pipe' });
    } catch (error) {
      assert.fail(`${label}: git fsck of ${folder}: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    }
  }
}

/** A byte of the exchange, or the moment the client has its answer. */
type CutPoint = number | 'answer';

/** The cut points of a case: one drawn from each seed in [1, total], and the client's answer. */
function cutPoints(total: number): Array<{ label: string; cutAt: CutPoint }> {
  return [
    ...SEEDS.map((seed) => ({ label: `seed ${seed}`, cutAt: 1 + Math.floor(generator(seed)() * total) })),
    { label: 'the answer', cutAt: 'answer' as const },
  ];
}

describe('write crash safety: SIGKILL at random points of a push, an upload and a webhook delivery, then a restart (emulator process)', () => {
  let dataDir: string;
  let emu: Emulator;
  before(async function () {
    this.timeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-write-crash-'));
    emu = await start(dataDir, true);
  });
  after(async () => {
    if (emu.proc.exitCode === null && emu.proc.signalCode === null) await stop(emu);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `op` through a proxy that kills at `cutAt` (Infinity: never), then starts the emulator again on the folder. */
  async function throughProxy<T>(cutAt: CutPoint, op: (proxyUrl: string) => Promise<T>): Promise<{ result: T; forwarded: number; cut: boolean }> {
    const proxy = new KillingProxy(emu, cutAt === 'answer' ? Infinity : cutAt);
    const port = await proxy.listen();
    try {
      const result = await op(`http://127.0.0.1:${port}`);
      if (cutAt === 'answer') {
        killGroup(emu);
        proxy.cut = true;
      }
      return { result, forwarded: proxy.forwarded, cut: proxy.cut };
    } finally {
      proxy.close();
      if (proxy.cut) {
        await emu.exited;
        emu = await start(dataDir);
      }
    }
  }

  it('git push: killed at a random byte (seeds 1–3) and as the client has its answer, the folder starts, git fsck is clean, an acknowledged push is there with its push delivery recorded, an unacknowledged one is the old ref or the whole new one', async function () {
    this.timeout(180_000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-write-crash-git-'));
    const env = {
      ...process.env,
      GIT_TERMINAL_PROMPT: '0',
      GIT_AUTHOR_NAME: 'Crash',
      GIT_AUTHOR_EMAIL: 'crash@example.test',
      GIT_COMMITTER_NAME: 'Crash',
      GIT_COMMITTER_EMAIL: 'crash@example.test',
    };
    const git = async (args: string[]) => (await run('git', args, { cwd: work, env })).stdout.trim();
    const hook = await api(emu, 'POST', `${REPO}/hooks`, {
      name: 'web',
      active: true,
      events: ['push'],
      config: { url: 'http://127.0.0.1:9/unreachable', content_type: 'json' },
    });
    assert.equal(hook.status, 201);
    const withAuth = (base: string) => `${base.replace('http://', 'http://ada:ada-demo-password@')}/ada/notes-on-the-engine.git`;
    await git(['clone', '--quiet', withAuth(emu.url), '.']);
    const commit = async (name: string, seed: number) => {
      await git(['checkout', '--quiet', '--force', '-B', name, 'origin/master']);
      fs.writeFileSync(path.join(work, 'payload.bin'), seededBytes(seed, 64 * 1024));
      await git(['add', 'payload.bin']);
      await git(['commit', '--quiet', '-m', name]);
      return git(['rev-parse', 'HEAD']);
    };
    const push = async (proxyUrl: string, name: string) => {
      try {
        await run('git', ['push', '--quiet', withAuth(proxyUrl), `HEAD:refs/heads/${name}`], { cwd: work, env });
        return true;
      } catch {
        return false;
      }
    };
    try {
      // A push of the same size through a counting proxy gives the exchange's length.
      await commit('calibration', 100);
      const calibration = await throughProxy(Infinity, (proxyUrl) => push(proxyUrl, 'calibration'));
      assert.equal(calibration.result, true, 'the calibration push');
      for (const { label, cutAt } of cutPoints(calibration.forwarded)) {
        const name = `crash-${label.replace(/\W+/g, '-')}`;
        const sha = await commit(name, typeof cutAt === 'number' ? cutAt : 0);
        const { result: acked, cut } = await throughProxy(cutAt, (proxyUrl) => push(proxyUrl, name));
        assert.ok(cut, `${label}: the kill happened (at ${cutAt} of ${calibration.forwarded} bytes)`);
        fsckAll(dataDir, label);
        const ref = await api(emu, 'GET', `${REPO}/git/refs/heads/${name}`);
        if (acked) assert.equal(ref.json?.object?.sha, sha, `${label}: the acknowledged push is there`);
        else assert.ok(ref.status === 404 || ref.json.object.sha === sha, `${label}: the ref is absent or the whole new commit, got ${ref.status}`);
        if (ref.status === 200) {
          assert.equal((await api(emu, 'GET', `${REPO}/git/commits/${sha}`)).status, 200, `${label}: the pushed commit is readable`);
          const deliveries = (await api(emu, 'GET', `${REPO}/hooks/${hook.json.id}/deliveries?per_page=100`)).json as Array<{ id: number; event: string }>;
          const refsDelivered = await Promise.all(
            deliveries
              .filter((d) => d.event === 'push')
              .map(async (d) => (await api(emu, 'GET', `${REPO}/hooks/${hook.json.id}/deliveries/${d.id}`)).json.request.payload.ref as string),
          );
          assert.ok(
            refsDelivered.includes(`refs/heads/${name}`),
            `${label}: the push of ${name} has its delivery recorded (${acked ? 'acknowledged' : 'not acknowledged, but there'})`,
          );
        }
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('release asset upload: killed at a random byte (seeds 1–3) and as the client has its answer, the folder starts, git fsck is clean, an acknowledged asset is there with every byte, no asset is partial', async function () {
    this.timeout(180_000);
    const release = await api(emu, 'POST', `${REPO}/releases`, { tag_name: 'crash-assets', name: 'crash' });
    assert.equal(release.status, 201);
    const upload = async (proxyUrl: string, name: string, bytes: Buffer) => {
      try {
        const res = await fetch(`${proxyUrl}${REPO}/releases/${release.json.id}/assets?name=${name}`, {
          method: 'POST',
          headers: { 'User-Agent': UA, Authorization: ADA, 'Content-Type': 'application/octet-stream' },
          body: new Uint8Array(bytes),
        });
        return res.status === 201 && typeof ((await res.json()) as { id?: unknown }).id === 'number';
      } catch {
        return false;
      }
    };
    const size = 256 * 1024;
    const calibration = await throughProxy(Infinity, (proxyUrl) => upload(proxyUrl, 'calibration.bin', seededBytes(100, size)));
    assert.equal(calibration.result, true, 'the calibration upload');
    for (const { label, cutAt } of cutPoints(calibration.forwarded)) {
      const name = `crash-${label.replace(/\W+/g, '-')}.bin`;
      const bytes = seededBytes(typeof cutAt === 'number' ? cutAt : 0, size);
      const { result: acked, cut } = await throughProxy(cutAt, (proxyUrl) => upload(proxyUrl, name, bytes));
      assert.ok(cut, `${label}: the kill happened`);
      fsckAll(dataDir, label);
      const assets = (await api(emu, 'GET', `${REPO}/releases/${release.json.id}/assets?per_page=100`)).json as Array<{
        name: string;
        size: number;
        browser_download_url: string;
      }>;
      const asset = assets.find((a) => a.name === name);
      if (acked) assert.ok(asset, `${label}: the acknowledged asset is there`);
      for (const a of assets) {
        const res = await fetch(a.browser_download_url, { headers: { 'User-Agent': UA, Authorization: ADA } });
        const got = Buffer.from(await res.arrayBuffer());
        assert.equal(got.length, a.size, `${label}: ${a.name} has all its bytes`);
      }
      if (asset) {
        assert.equal(asset.size, size, `${label}: the asset is whole`);
        const got = Buffer.from(await (await fetch(asset.browser_download_url, { headers: { 'User-Agent': UA, Authorization: ADA } })).arrayBuffer());
        assert.equal(
          createHash('sha256').update(got).digest('hex'),
          createHash('sha256').update(bytes).digest('hex'),
          `${label}: the asset's bytes are the uploaded ones`,
        );
      }
    }
  });

  it("webhook delivery: killed at a random byte of the delivery (seeds 1–3) and after the receiver's answer, the folder starts, git fsck is clean, the acknowledged issue is there, the delivery is sent again whole with its guid or recorded as delivered", async function () {
    this.timeout(180_000);
    // The receiver: raw sockets, so that it can kill the emulator at an exact byte of the delivery it reads.
    // cutAt: kill once that many bytes of a delivery have arrived; a delivery that is whole before then is
    // answered 200 and the kill follows the answer. Infinity: answer every delivery, never kill.
    let cutAt = Infinity;
    let killed = false;
    const whole: Array<{ guid: string; body: string; length: number }> = [];
    let onWhole: (() => void) | undefined;
    const kill = () => {
      killed = true;
      killGroup(emu);
    };
    const receiver = net.createServer((socket) => {
      let buffer = Buffer.alloc(0);
      socket.on('error', () => {});
      socket.on('data', (chunk: Buffer) => {
        if (killed) return;
        buffer = Buffer.concat([buffer, chunk]);
        const head = buffer.indexOf('\r\n\r\n');
        const length = head < 0 ? Infinity : head + 4 + Number(/content-length:\s*(\d+)/i.exec(buffer.subarray(0, head).toString('latin1'))?.[1] ?? 0);
        if (buffer.length < length) {
          if (buffer.length >= cutAt) {
            kill();
            socket.destroy();
          }
          return;
        }
        const headers = buffer.subarray(0, head).toString('latin1');
        whole.push({ guid: /x-service-delivery:\s*(\S+)/i.exec(headers)?.[1] ?? '', body: buffer.subarray(head + 4, length).toString(), length });
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok', () => {
          if (cutAt !== Infinity) kill();
          onWhole?.();
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const nextWhole = () => new Promise<void>((resolve) => (onWhole = resolve));
    try {
      const hook = await api(emu, 'POST', `${REPO}/hooks`, {
        name: 'web',
        active: true,
        events: ['issues'],
        config: { url: `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`, content_type: 'json' },
      });
      assert.equal(hook.status, 201);
      // A delivery with no cut gives its length (the later titles are as long).
      let arrived = nextWhole();
      assert.equal((await api(emu, 'POST', `${REPO}/issues`, { title: 'crash delivery, calibration' })).status, 201);
      await arrived;
      const total = whole[0]!.length;
      const points = [
        ...SEEDS.map((seed) => ({ label: `seed ${seed}`, at: 1 + Math.floor(generator(seed)() * total) })),
        { label: "after the receiver's answer", at: Number.MAX_SAFE_INTEGER },
      ];
      for (const { label, at } of points) {
        whole.length = 0;
        killed = false;
        cutAt = at;
        const title = `crash delivery ${label.padEnd(12, '.')}`;
        const exited = emu.exited;
        let acked = false;
        let number = 0;
        try {
          const issue = await api(emu, 'POST', `${REPO}/issues`, { title });
          acked = issue.status === 201;
          number = issue.json.number;
        } catch {
          // The kill came before the answer: not acknowledged.
        }
        await exited;
        // Started again with the receiver answering in full: a delivery left pending is sent again.
        cutAt = Infinity;
        killed = false;
        arrived = nextWhole();
        emu = await start(dataDir);
        fsckAll(dataDir, label);
        if (acked) assert.equal((await api(emu, 'GET', `${REPO}/issues/${number}`)).json.title, title, `${label}: the acknowledged issue is there`);
        const rows = (await api(emu, 'GET', `${REPO}/hooks/${hook.json.id}/deliveries?per_page=100`)).json as Array<{
          id: number;
          guid: string;
          state: string;
          status_code: number | null;
        }>;
        const mine = [];
        for (const row of rows) {
          const detail = (await api(emu, 'GET', `${REPO}/hooks/${hook.json.id}/deliveries/${row.id}`)).json;
          if (detail.request.payload.issue?.title === title) mine.push(row);
        }
        if (!acked && mine.length === 0) continue;
        assert.equal(mine.length, 1, `${label}: one delivery of the issue's event, got ${mine.length}`);
        const row = mine[0]!;
        if (row.state === 'delivered') {
          assert.equal(row.status_code, 200, `${label}: a delivery recorded as delivered has the receiver's answer`);
        } else {
          assert.equal(row.state, 'pending', `${label}: the delivery is pending or delivered`);
          await arrived;
          const again = whole.find((w) => w.guid === row.guid);
          assert.ok(again, `${label}: the delivery ${row.guid} was sent again`);
          assert.equal((JSON.parse(again.body) as { issue: { title: string } }).issue.title, title, `${label}: the delivery sent again is whole`);
        }
      }
    } finally {
      receiver.close();
    }
  });
});
