// The interruptions of a working day, for the extension's offline tests: the
// `latency` option (a slow network), `pause()`/`resume()` (a service that is
// down: connections refused, the data kept), a stop and a start again on the
// same data folder and port, and SIGUSR2 to the command (the same toggle).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../src/index';

const ada = { 'User-Agent': 'repodesk-tests', Authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}` };
const entry = path.resolve(__dirname, '../dist/main.js');

/**
 * What a caller sees on a new connection: the status, or the error code of a
 * refused connection. Never a kept-alive socket of an earlier call: one the
 * server has just dropped may be reused before its close is read here, and
 * fail as a reset (UND_ERR_SOCKET) where a new connection is refused;
 * `openConnection` checks the dropping.
 */
function outcome(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: ada, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
  });
}

/** An idle connection to the server; `closed` resolves once the server drops it. */
async function openConnection(url: string): Promise<{ closed: Promise<unknown> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {});
  await once(socket, 'connect');
  return { closed: once(socket, 'close') };
}

async function elapsedMs(url: string): Promise<number> {
  const started = performance.now();
  assert.equal((await fetch(url, { headers: ada })).status, 200);
  return performance.now() - started;
}

describe('emulator interruptions (latency, pause/resume, restart)', () => {
  let emu: RunningEmulator | undefined;
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-interruptions-'));
  });
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('latency: every answer waits at least the given milliseconds (the API option; --latency on the command line)', async () => {
    emu = await startEmulator({ dataDir, seed: 'demo', latency: { minMs: 400, maxMs: 400 } });
    for (const p of ['/health', '/repos/ada/notes-on-the-engine']) assert.ok((await elapsedMs(`${emu.url}${p}`)) >= 395, p);
  });

  it('latency min-max: each answer waits within the range', async () => {
    emu = await startEmulator({ dataDir, latency: { minMs: 200, maxMs: 300 } });
    for (let i = 0; i < 3; i++) assert.ok((await elapsedMs(`${emu.url}/health`)) >= 195);
  });

  it('pause(): connections are refused while the data stays; resume(): the same URL answers with the same data', async () => {
    emu = await startEmulator({ dataDir, seed: 'demo' });
    const created = await fetch(`${emu.url}/user/repos`, {
      method: 'POST',
      headers: { ...ada, 'Content-Type': 'application/json' },
      body: '{"name":"written-before"}',
    });
    assert.equal(created.status, 201);
    const open = await openConnection(emu.url);
    await emu.pause();
    await open.closed;
    assert.equal(await outcome(`${emu.url}/repos/ada/written-before`), 'ECONNREFUSED');
    assert.ok(fs.existsSync(path.join(dataDir, 'emulator.sqlite')), 'the data folder stays');
    await emu.resume();
    assert.equal(await outcome(`${emu.url}/repos/ada/written-before`), 200);
  });

  it('stopped and started again on the same data folder and port: the same URL answers with the data written before', async () => {
    emu = await startEmulator({ dataDir, seed: 'demo' });
    const { url } = emu;
    const port = Number(new URL(url).port);
    const created = await fetch(`${url}/user/repos`, {
      method: 'POST',
      headers: { ...ada, 'Content-Type': 'application/json' },
      body: '{"name":"kept-across-restarts"}',
    });
    assert.equal(created.status, 201);
    await emu.close();
    emu = undefined;
    assert.equal(await outcome(`${url}/repos/ada/kept-across-restarts`), 'ECONNREFUSED');
    emu = await startEmulator({ dataDir, port });
    assert.equal(emu.url, url);
    assert.equal(await outcome(`${url}/repos/ada/kept-across-restarts`), 200);
  });

  it('the command: SIGUSR2 refuses connections, a second SIGUSR2 answers again on the same URL', async function () {
    this.timeout(60_000);
    const child = spawn(process.execPath, [entry, '--port', '0', '--data', dataDir, '--seed', 'demo'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      const line = (pattern: RegExp) =>
        new Promise<RegExpExecArray>((resolve, reject) => {
          const check = () => {
            const m = pattern.exec(out);
            if (m) {
              child.stdout.off('data', onData);
              resolve(m);
            }
          };
          const onData = (chunk: Buffer) => {
            out += chunk.toString();
            check();
          };
          child.stdout.on('data', onData);
          child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before "${pattern}"`)));
          check();
        });
      const url = (await line(/listening on (http:\/\/\S+)/))[1]!;
      assert.equal(await outcome(`${url}/health`), 200);
      const open = await openConnection(url);
      child.kill('SIGUSR2');
      await line(/SIGUSR2: refusing connections/);
      await open.closed;
      assert.equal(await outcome(`${url}/health`), 'ECONNREFUSED');
      child.kill('SIGUSR2');
      await line(/SIGUSR2: accepting connections again/);
      assert.equal(await outcome(`${url}/health`), 200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    }
  });
});
