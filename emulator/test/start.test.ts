// The programmatic API, `startEmulator(options)` from the package's entry
// (src/index.ts): a data folder or a throw-away one, the URL it listens on,
// `close()`, and a clear error for options that cannot work.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../src/index';

const ada = { 'User-Agent': 'repodesk-tests', Authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}` };

describe('startEmulator (the package API)', () => {
  let emu: RunningEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it('memory: true listens on a free loopback port with the demo seed, and close() removes its throw-away folder', async () => {
    emu = await startEmulator({ memory: true, seed: 'demo' });
    assert.match(emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(emu.url, 'http://127.0.0.1:0');
    const res = await fetch(`${emu.url}/repos/ada/notes-on-the-engine`, { headers: ada });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { full_name: string }).full_name, 'ada/notes-on-the-engine');
    const { dataDir } = emu;
    assert.ok(fs.existsSync(dataDir), 'the throw-away data folder exists while it runs');
    await emu.close();
    emu = undefined;
    assert.equal(fs.existsSync(dataDir), false, 'close() removed the throw-away data folder');
  });

  it('dataDir: the data stays in the folder after close(), and a second start on it serves the same data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-start-'));
    try {
      emu = await startEmulator({ dataDir, seed: 'demo' });
      assert.equal(emu.dataDir, dataDir);
      await emu.close();
      emu = undefined;
      assert.ok(fs.existsSync(path.join(dataDir, 'git')), 'the data folder is kept');
      emu = await startEmulator({ dataDir });
      assert.equal((await fetch(`${emu.url}/repos/ada/notes-on-the-engine`, { headers: ada })).status, 200);
    } finally {
      await emu?.close();
      emu = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('passes the command-line options through (rateLimits.authenticated 2: the third request is 403)', async () => {
    emu = await startEmulator({ memory: true, seed: 'demo', rateLimits: { authenticated: 2 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${emu.url}/user`, { headers: ada })).status);
    assert.deepEqual(statuses, [200, 200, 403]);
  });

  it('refuses neither a data folder nor memory, and both, with an error that says what to give', async () => {
    await assert.rejects(startEmulator({}), /give dataDir \(a folder for the data\) or memory: true/);
    await assert.rejects(startEmulator({ memory: true, dataDir: os.tmpdir() }), /give either dataDir or memory: true, not both/);
  });

  it('sends its log lines to the log option, one per request when logRequests is on', async () => {
    const lines: string[] = [];
    emu = await startEmulator({ memory: true, logRequests: true, log: (line) => lines.push(line) });
    await fetch(`${emu.url}/health`);
    await emu.close();
    emu = undefined;
    assert.ok(
      lines.some((l) => /^GET \/health 200 /.test(l)),
      lines.join('\n'),
    );
  });
});
