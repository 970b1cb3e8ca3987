// The emulator as a process: `repodesk-emulator --port <n> --data <dir>` (dist/main.js).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const entry = path.resolve(__dirname, '../dist/main.js');

function start(args: string[]): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const proc = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${out}`)), 15000);
    proc.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1]!, output: () => out });
      }
    });
    proc.on('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${out}`)));
  });
}

describe('emulator process (CLI)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-emu-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves /health on 127.0.0.1 and stops cleanly on SIGTERM', async () => {
    const { proc, url } = await start(['--port', '0', '--data', dataDir]);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/health`);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { status: string }).status, 'ok');
    const code = await new Promise<number | null>((resolve) => {
      proc.on('exit', resolve);
      proc.kill('SIGTERM');
    });
    assert.equal(code, 0);
  });

  it('stops cleanly on SIGINT', async () => {
    const { proc } = await start(['--port', '0', '--data', dataDir]);
    const code = await new Promise<number | null>((resolve) => {
      proc.on('exit', resolve);
      proc.kill('SIGINT');
    });
    assert.equal(code, 0);
  });

  it('logs one line per request, without the credentials of its URL', async () => {
    const { proc, url, output } = await start(['--port', '0', '--data', dataDir]);
    await fetch(`${url}/health?access_token=supersecretvalue123`);
    // The request's line is written after the answer: waited for on the process's output.
    await new Promise<void>((resolve) => {
      const seen = () => (output().includes('/health') ? resolve() : proc.stdout!.once('data', () => setImmediate(seen)));
      seen();
    });
    proc.kill('SIGTERM');
    const lines = output()
      .split('\n')
      .filter((l) => l.includes('/health'));
    assert.equal(lines.length, 1);
    assert.ok(!output().includes('supersecretvalue123'), 'token leaked into the log');
    assert.match(lines[0]!, /GET \/health\?access_token=\[redacted\] 200/);
  });

  it('refuses a bad --port with a usage message and exit code 2', async () => {
    const proc = spawn(process.execPath, [entry, '--port', 'nope', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    assert.equal(code, 2);
    assert.match(err, /--port must be a port number/);
  });

  it('answers at the --base-url it was given', async () => {
    const { proc, url } = await start(['--port', '0', '--data', dataDir, '--base-url', 'http://emulator.test:9999/']);
    proc.kill('SIGTERM');
    assert.equal(url, 'http://emulator.test:9999');
  });

  it('refuses a lockout or rate-limit option that is not a positive integer, naming the flag', async () => {
    for (const [flag, value] of [
      ['--lockout-threshold', '0'],
      ['--lockout-window', 'soon'],
      ['--rate-limit-window', '-5'],
      ['--rate-limit-authenticated', '1.5'],
    ] as const) {
      const proc = spawn(process.execPath, [entry, '--data', dataDir, `${flag}=${value}`], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
      assert.equal(code, 2, flag);
      assert.match(err, new RegExp(`${flag} must be a positive integer`));
    }
  });
});
