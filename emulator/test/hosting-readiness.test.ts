// Readiness: the port opens before the demo seed is loaded (the seed needs the
// final base URL), so until the seed is complete every request but
// `GET /health` answers 503 with Retry-After, and `/health` says `seeding`.
// Requests are fired from the first moment the port accepts connections: none
// may see a half-seeded service.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { UA, basic } from './helpers/hosting';
import { createEmulator, SEEDING_MESSAGE, useModules, type EmulatorModule } from '../src/server';
import { allModules } from '../src/modules';

const entry = path.resolve(__dirname, '../dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Seen {
  what: string;
  status: number;
  retryAfter: string | null;
  body: string;
  oauthAppWritten: boolean;
}

describe('readiness: no request sees a half-seeded service (conventions: 503 while loading)', () => {
  let dataDir: string;
  let proc: ChildProcess | undefined;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-ready-'));
  });
  afterEach(async () => {
    if (proc && proc.exitCode === null) {
      const p = proc;
      await new Promise((resolve) => {
        p.on('exit', resolve);
        p.kill('SIGTERM');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('from the first open of the port: v2 authenticate, v3 /user and a seeded repository answer 503 + Retry-After or the seeded answer; /health says seeding then ok', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    proc = spawn(process.execPath, [entry, '--port', String(port), '--data', dataDir, '--seed', 'demo'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const oauthApp = path.join(dataDir, 'oauth-app.json');

    const probes: Array<[string, () => Promise<Response>]> = [
      [
        'v2 authenticate',
        () =>
          fetch(`${url}/api/v2/authenticate`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'userName=ada&apiKey=ada-demo-api-key&password=ada-demo-password',
          }),
      ],
      ['v3 /user', () => fetch(`${url}/user`, { headers: { 'User-Agent': UA, Authorization: basic('ada') } })],
      ['v3 /repos/ada/notes-on-the-engine', () => fetch(`${url}/repos/ada/notes-on-the-engine`, { headers: { 'User-Agent': UA } })],
      ['health', () => fetch(`${url}/health`)],
    ];
    const seen: Seen[] = [];
    const deadline = Date.now() + 25_000;
    let listening = false;
    let roundsAfterListening = 0;
    while (roundsAfterListening < 2) {
      assert.ok(Date.now() < deadline, `emulator never became ready:\n${out}`);
      assert.equal(proc.exitCode, null, `emulator exited:\n${out}`);
      if (/listening on/.test(out)) listening = true;
      const round = await Promise.all(
        probes.map(async ([what, go]): Promise<Seen | undefined> => {
          try {
            const res = await go();
            const body = await res.text();
            return { what, status: res.status, retryAfter: res.headers.get('retry-after'), body, oauthAppWritten: fs.existsSync(oauthApp) };
          } catch {
            return undefined; // port not open yet
          }
        }),
      );
      for (const s of round) if (s) seen.push(s);
      if (listening) roundsAfterListening++;
      if (round.every((s) => s === undefined)) await new Promise((r) => setTimeout(r, 5));
    }

    assert.ok(seen.length > 0);
    for (const s of seen) {
      if (s.what === 'health') {
        assert.equal(s.status, 200);
        assert.ok(['seeding', 'ok'].includes(JSON.parse(s.body).status), s.body);
        continue;
      }
      if (s.status === 503) {
        assert.ok(s.retryAfter && Number(s.retryAfter) > 0, `${s.what}: 503 without Retry-After`);
        continue;
      }
      // Anything but 503 is the seeded answer, and by then oauth-app.json is written.
      assert.ok(s.oauthAppWritten, `${s.what} answered ${s.status} before oauth-app.json was written`);
      if (s.what === 'v2 authenticate') {
        assert.equal(s.status, 200, s.body);
        assert.equal(JSON.parse(s.body).success, true, s.body);
      } else {
        assert.equal(s.status, 200, `${s.what}: ${s.status} ${s.body}`);
      }
    }
    // The last round (after the listening line) is fully ready.
    const last = seen.slice(-probes.length);
    assert.deepEqual(
      last.map((s) => s.status),
      probes.map(() => 200),
    );
    assert.equal(JSON.parse(last.find((s) => s.what === 'health')!.body).status, 'ok');
  });

  it('/health says seeding and v2, v3, OAuth pages all answer 503 + Retry-After while the seed runs', async () => {
    let checked = false;
    const probe: EmulatorModule = {
      name: 'readiness-probe',
      migrations: [],
      register() {},
      // Runs last in the seed: everything before it is loaded, the gate is still closed.
      async seed(ctx) {
        const base = ctx.baseUrl();
        const health = await fetch(`${base}/health`);
        assert.equal(((await health.json()) as { status: string }).status, 'seeding');
        for (const [method, p, headers, body] of [
          ['GET', '/users/ada', { 'User-Agent': UA }, undefined],
          ['POST', '/user/repos', { 'User-Agent': UA, Authorization: basic('ada'), 'Content-Type': 'application/json' }, '{"name":"early"}'],
          ['GET', '/api/v3/users/ada', { 'User-Agent': UA }, undefined],
          ['GET', '/login/oauth/authorize?client_id=x', {}, undefined],
        ] as const) {
          const res = await fetch(`${base}${p}`, { method, headers, body });
          assert.equal(res.status, 503, `${method} ${p}`);
          assert.equal(res.headers.get('retry-after'), '1');
          assert.equal(((await res.json()) as { message: string }).message, SEEDING_MESSAGE);
        }
        const v2 = await fetch(`${base}/api/v2/authenticate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'userName=ada&apiKey=ada-demo-api-key&password=ada-demo-password',
        });
        assert.equal(v2.status, 503);
        assert.deepEqual(await v2.json(), { success: false, statusMessage: SEEDING_MESSAGE });
        checked = true;
      },
    };
    useModules([...allModules, probe]);
    const emu = await createEmulator({ port: 0, host: '127.0.0.1', dataDir, seed: 'demo', logRequests: false });
    try {
      assert.ok(checked);
      const health = await fetch(`${emu.url}/health`);
      assert.equal(((await health.json()) as { status: string }).status, 'ok');
      const user = await fetch(`${emu.url}/users/ada`, { headers: { 'User-Agent': UA } });
      assert.equal(user.status, 200);
    } finally {
      await emu.close();
      useModules(allModules);
    }
  });
});
