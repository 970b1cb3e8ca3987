// The demo seed (`--seed demo`) with its fixed names.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator, useModules } from '../src/server';
import { allModules } from '../src/modules';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/v3';

const ORG = 'analytical-engines';

describe('demo seed', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('users ada, charles, mary, luigi, grace sign in with <login>-demo-password; ada is a site admin', async () => {
    for (const login of ['ada', 'charles', 'mary', 'luigi', 'grace']) {
      const res = await call(emu, 'GET', '/user', { auth: basic(login) });
      assert.equal(res.status, 200, login);
      assert.equal(res.json.login, login);
      assert.equal(res.json.site_admin, login === 'ada');
    }
  });

  it(`organization ${ORG} with Owners (admin), Engineers (push), Translators (pull); ada in every team`, async () => {
    const teams = (await call(emu, 'GET', '/user/teams', { auth: basic('ada') })).json as Array<{ name: string; permission: string }>;
    assert.deepEqual(teams.map((t) => `${t.name}:${t.permission}`).sort(), ['Engineers:push', 'Owners:admin', 'Translators:pull']);
  });

  it('the organization has public and concealed members', async () => {
    const everyone = (await call(emu, 'GET', `/orgs/${ORG}/members`, { auth: basic('ada') })).json.map((u: { login: string }) => u.login);
    const publicOnes = (await call(emu, 'GET', `/orgs/${ORG}/public_members`)).json.map((u: { login: string }) => u.login);
    assert.ok(publicOnes.length > 0);
    assert.ok(everyone.length > publicOnes.length, 'no concealed member');
    assert.ok(everyone.includes('ada'));
  });

  it('the five repositories, public and private, and the fork', async () => {
    const expectations: Array<[string, boolean, boolean]> = [
      [`${ORG}/difference-engine`, false, false],
      [`${ORG}/analytical-engine`, true, false],
      ['ada/notes-on-the-engine', false, false],
      ['ada/bernoulli-numbers', true, false],
      ['charles/difference-engine', false, true],
    ];
    for (const [fullName, isPrivate, isFork] of expectations) {
      const res = await call(emu, 'GET', `/repos/${fullName}`, { auth: basic('ada') });
      assert.equal(res.status, 200, fullName);
      assert.equal(res.json.private, isPrivate, fullName);
      assert.equal(res.json.fork, isFork, fullName);
    }
    const fork = (await call(emu, 'GET', '/repos/charles/difference-engine')).json;
    assert.equal(fork.parent.full_name, `${ORG}/difference-engine`);
  });

  it('the main demo repository is auto-initialized in its real git repository', async () => {
    const repo = (await call(emu, 'GET', `/repos/${ORG}/difference-engine`)).json;
    const gitDir = path.join(emu.dataDir, 'git', `${repo.id}.git`);
    const files = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '--name-only', repo.default_branch], { encoding: 'utf8' }).trim().split('\n');
    assert.ok(files.includes('README.md'));
  });

  it('the OAuth application RepoDesk: <data>/oauth-app.json holds a 20-character client id and a 40-character secret', async () => {
    const file = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    assert.match(file.client_id, /^[0-9a-f]{20}$/);
    assert.match(file.client_secret, /^[0-9a-f]{40}$/);
    const row = emu.db
      .prepare('SELECT a.name, a.callback_url, u.login AS owner FROM applications a JOIN users u ON u.id = a.owner_id WHERE client_id = ?')
      .get(file.client_id);
    assert.deepEqual(row, { name: 'RepoDesk', callback_url: 'http://127.0.0.1:7481/callback', owner: 'ada' });
    // The application credentials work on the API.
    const res = await call(emu, 'GET', `/rate_limit?client_id=${file.client_id}&client_secret=${file.client_secret}`);
    assert.equal(res.status, 200);
  });

  it('the start-up log names the client id and the file of the secret, never the secret; again on a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-seed-log-'));
    try {
      for (let run = 0; run < 2; run++) {
        const lines: string[] = [];
        useModules(allModules);
        const e = await createEmulator({ port: 0, host: '127.0.0.1', dataDir, logRequests: false, seed: 'demo' }, (l) => lines.push(l));
        await e.close();
        const { client_id, client_secret } = JSON.parse(fs.readFileSync(path.join(dataDir, 'oauth-app.json'), 'utf8')) as {
          client_id: string;
          client_secret: string;
        };
        const log = lines.join('\n');
        assert.ok(log.includes(client_id), `run ${run}: client id not logged`);
        assert.ok(log.includes(path.join(dataDir, 'oauth-app.json')), `run ${run}: file not named`);
        assert.ok(!log.includes(client_secret), `run ${run}: secret logged`);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
