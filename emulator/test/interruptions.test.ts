// The interruptions of a working day, for the extension's offline tests: the
// `latency` option (a slow network), `pause()`/`resume()` (a service that is
// down: connections refused, the data kept), a stop and a start again on the
// same data folder and port, and SIGUSR2 to the command (the same toggle).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../src/index';

const ada = { 'User-Agent': 'repodesk-tests', Authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}` };
const entry = path.resolve(__dirname, '../dist/main.js');

/** What a caller sees: the status, or the error code of a connection refused. */
async function outcome(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { headers: ada })).status;
  } catch (err) {
    return ((err as { cause?: { code?: string } }).cause?.code ?? String(err)) as string;
  }
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
    await emu.pause();
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
      child.kill('SIGUSR2');
      await line(/SIGUSR2: refusing connections/);
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
