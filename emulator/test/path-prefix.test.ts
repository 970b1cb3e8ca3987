// `pathPrefix: '/api/v3'` (`--path-prefix /api/v3`): the v3 API only under the
// prefix, as an enterprise install serves it, so that a second emulator beside
// the first is a real enterprise-form service; the web pages, OAuth pages, git
// over HTTP and the v2 API stay at the root.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../src/index';

const ada = { 'User-Agent': 'repodesk-tests', Authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}` };

describe('startEmulator pathPrefix /api/v3 (the enterprise form only)', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ memory: true, seed: 'demo', pathPrefix: '/api/v3' });
  });
  after(() => emu.close());

  it('apiUrl is the URL and the prefix', () => {
    assert.equal(emu.apiUrl, `${emu.url}/api/v3`);
  });

  it('the v3 API answers under the prefix, with the prefix in the URLs it writes', async () => {
    const res = await fetch(`${emu.apiUrl}/repos/ada/notes-on-the-engine`, { headers: ada });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { url: string; html_url: string };
    assert.equal(body.url, `${emu.url}/api/v3/repos/ada/notes-on-the-engine`);
    assert.equal(body.html_url, `${emu.url}/ada/notes-on-the-engine`);
  });

  it("the v3 API at the root is 404 Not Found in the API's error shape", async () => {
    for (const p of ['/user', '/repos/ada/notes-on-the-engine', '/rate_limit']) {
      const res = await fetch(`${emu.url}${p}`, { headers: ada });
      assert.equal(res.status, 404, p);
      assert.equal(((await res.json()) as { message: string }).message, 'Not Found', p);
    }
  });

  it('the OAuth pages, the health check and the v2 API stay at the root', async () => {
    const health = await fetch(`${emu.url}/health`);
    assert.equal(health.status, 200);
    await health.text();
    const app = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string };
    const authorize = await fetch(`${emu.url}/login/oauth/authorize?client_id=${app.client_id}&state=s`, { redirect: 'manual' });
    assert.equal(authorize.status, 200);
    assert.match(await authorize.text(), /<html/);
    // Unauthenticated, the v2 API answers in its own shape: it is there.
    const v2 = await fetch(`${emu.url}/api/v2/contacts`);
    assert.equal(v2.status, 401);
    assert.equal(((await v2.json()) as { success: boolean }).success, false);
  });

  it('git over HTTP stays at the root: the demo repository clones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-prefix-clone-'));
    try {
      const remote = `${emu.url.replace('http://', 'http://ada:ada-demo-password@')}/ada/notes-on-the-engine.git`;
      // Asynchronously: the server answers in this same process.
      await promisify(execFile)('git', ['clone', '-q', remote, path.join(dir, 'c')], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
      assert.ok(fs.existsSync(path.join(dir, 'c', '.git')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without the option the v3 API answers at the root and under the prefix, and apiUrl is the URL', async () => {
    const plain = await startEmulator({ memory: true, seed: 'demo' });
    try {
      assert.equal(plain.apiUrl, plain.url);
      assert.equal((await fetch(`${plain.url}/user`, { headers: ada })).status, 200);
      assert.equal((await fetch(`${plain.url}/api/v3/user`, { headers: ada })).status, 200);
    } finally {
      await plain.close();
    }
  });
});
