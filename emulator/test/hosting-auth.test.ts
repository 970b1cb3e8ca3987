// docs/service-api/hosting/auth §1–§9.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { manualClock, startEmulator, type TestEmulator } from './support/emulator';
import { normalizeScopes, scopesSatisfy } from '../src/hosting/conventions/scopes';
import { basic, call, makeToken } from './helpers/hosting';

const LOCKED = 'Maximum number of login attempts exceeded. Please try again later.';

describe('v3 authentication (docs/service-api/hosting/auth §1–§9)', () => {
  let emu: TestEmulator;
  const clock = manualClock();
  before(async () => {
    emu = await startEmulator({ seed: 'demo', loginLockoutThreshold: 3, loginLockoutWindowSeconds: 1, clock: clock.now });
  });
  after(() => emu.dispose());

  it('Basic Authentication with the account name and password', async () => {
    const res = await call(emu, 'GET', '/user', { auth: basic('ada') });
    assert.equal(res.status, 200);
    assert.equal(res.json.login, 'ada');
    assert.equal(res.json.site_admin, true);
  });

  it('OAuth2 token in a header: Authorization: token <t>', async () => {
    const token = makeToken(emu, 'mary', ['user']);
    const res = await call(emu, 'GET', '/user', { token });
    assert.equal(res.status, 200);
    assert.equal(res.json.login, 'mary');
  });

  it('OAuth2 token as a parameter: ?access_token=', async () => {
    const token = makeToken(emu, 'luigi');
    const res = await call(emu, 'GET', `/user?access_token=${token}`);
    assert.equal(res.json.login, 'luigi');
  });

  it('OAuth2 key and secret: ?client_id=&client_secret= gives the application rate limit', async () => {
    const app = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    const res = await call(emu, 'GET', `/users/ada?client_id=${app.client_id}&client_secret=${app.client_secret}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-ratelimit-limit'), '5000');
    const wrong = await call(emu, 'GET', `/users/ada?client_id=${app.client_id}&client_secret=${'0'.repeat(40)}`);
    assert.equal(wrong.status, 401);
  });

  it('invalid credentials get 401 Bad credentials with a documentation_url (docs/service-api/hosting/auth §3)', async () => {
    for (const auth of [basic('charles', 'wrong'), 'token 0123456789abcdef0123456789abcdef01234567', basic('nobody-here', 'x')]) {
      const res = await call(emu, 'GET', '/users/ada', { auth });
      assert.equal(res.status, 401, auth);
      assert.equal(res.json.message, 'Bad credentials');
      assert.match(res.json.documentation_url, /^https?:\/\//);
    }
    const param = await call(emu, 'GET', '/users/ada?access_token=not-a-token');
    assert.equal(param.status, 401);
  });

  it('after repeated failures even the right password gets 403 until the window passes (docs/service-api/hosting/auth §4)', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await call(emu, 'GET', '/user', { auth: basic('grace', `wrong-${i}`) })).status, 401);
    const locked = await call(emu, 'GET', '/user', { auth: basic('grace') });
    assert.equal(locked.status, 403);
    assert.equal(locked.json.message, LOCKED);
    // Other users are not affected.
    assert.equal((await call(emu, 'GET', '/user', { auth: basic('mary') })).status, 200);
    clock.advance(999);
    assert.equal((await call(emu, 'GET', '/user', { auth: basic('grace') })).status, 403, 'still locked a moment before the window passes');
    clock.advance(1);
    assert.equal((await call(emu, 'GET', '/user', { auth: basic('grace') })).status, 200);
  });

  it('Scope headers — X-OAuth-Scopes lists the token scopes, X-Accepted-OAuth-Scopes what the action checks', async () => {
    const token = makeToken(emu, 'ada', ['repo', 'user']);
    const res = await call(emu, 'GET', '/orgs/analytical-engines/teams', { token: makeToken(emu, 'ada', ['read:org', 'user']) });
    assert.equal(res.headers.get('x-oauth-scopes'), 'read:org, user');
    assert.equal(res.headers.get('x-accepted-oauth-scopes'), 'read:org');
    const user = await call(emu, 'GET', '/user', { token });
    assert.equal(user.headers.get('x-oauth-scopes'), 'repo, user');
    assert.equal(user.headers.get('x-accepted-oauth-scopes'), '');
  });

  it('Scopes — private repositories need repo: without it a token sees 404', async () => {
    const none = makeToken(emu, 'ada', []);
    const publicOnly = makeToken(emu, 'ada', ['public_repo']);
    const repo = makeToken(emu, 'ada', ['repo']);
    assert.equal((await call(emu, 'GET', '/repos/ada/bernoulli-numbers', { token: none })).status, 404);
    assert.equal((await call(emu, 'GET', '/repos/ada/bernoulli-numbers', { token: publicOnly })).status, 404);
    assert.equal((await call(emu, 'GET', '/repos/ada/bernoulli-numbers', { token: repo })).status, 200);
    // With no scope a token still reads public repositories.
    assert.equal((await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { token: none })).status, 200);
    const list = await call(emu, 'GET', '/user/repos', { token: publicOnly });
    assert.ok(!list.json.some((r: { private: boolean }) => r.private), 'a public_repo token lists private repositories');
  });

  it('Scopes — team reads need read:org (write:org and admin:org include it)', async () => {
    assert.equal((await call(emu, 'GET', '/orgs/analytical-engines/teams', { token: makeToken(emu, 'ada', ['repo']) })).status, 404);
    for (const scope of ['read:org', 'write:org', 'admin:org']) {
      assert.equal((await call(emu, 'GET', '/orgs/analytical-engines/teams', { token: makeToken(emu, 'ada', [scope]) })).status, 200, scope);
    }
  });

  it('Scopes — organization writes need admin:org; a token with read:org cannot create a team', async () => {
    const read = await call(emu, 'POST', '/orgs/analytical-engines/teams', { token: makeToken(emu, 'ada', ['read:org']), body: { name: 'Readers only' } });
    assert.equal(read.status, 404);
    const admin = await call(emu, 'POST', '/orgs/analytical-engines/teams', { token: makeToken(emu, 'ada', ['admin:org']), body: { name: 'Scoped team' } });
    assert.equal(admin.status, 201);
  });

  it('Scopes — publicizing membership needs write:org; creating repositories public_repo or repo', async () => {
    const read = await call(emu, 'PUT', '/orgs/analytical-engines/public_members/mary', {
      token: makeToken(emu, 'mary', ['read:org']),
      headers: { 'Content-Length': '0' },
    });
    assert.equal(read.status, 403);
    const write = await call(emu, 'PUT', '/orgs/analytical-engines/public_members/mary', {
      token: makeToken(emu, 'mary', ['write:org']),
      headers: { 'Content-Length': '0' },
    });
    assert.equal(write.status, 204);
    const noScope = await call(emu, 'POST', '/user/repos', { token: makeToken(emu, 'mary', []), body: { name: 'scoped' } });
    assert.equal(noScope.status, 403);
    const privateWithPublicRepo = await call(emu, 'POST', '/user/repos', {
      token: makeToken(emu, 'mary', ['public_repo']),
      body: { name: 'scoped', private: true },
    });
    assert.equal(privateWithPublicRepo.status, 403);
    assert.equal((await call(emu, 'POST', '/user/repos', { token: makeToken(emu, 'mary', ['public_repo']), body: { name: 'scoped' } })).status, 201);
  });

  it('Scopes normalization — user, gist, user:email is stored as user, gist', () => {
    assert.deepEqual(normalizeScopes(['user', 'gist', 'user:email']), ['user', 'gist']);
    assert.deepEqual(normalizeScopes(['read:org', 'admin:org', 'repo', 'public_repo', 'repo']), ['admin:org', 'repo']);
    assert.deepEqual(normalizeScopes([]), []);
  });

  it('Scopes hierarchy — repo includes public_repo and repo:status; admin:repo_hook includes read:repo_hook', () => {
    assert.ok(scopesSatisfy(['repo'], ['public_repo']));
    assert.ok(scopesSatisfy(['repo'], ['repo:status']));
    assert.ok(scopesSatisfy(['admin:repo_hook'], ['read:repo_hook']));
    assert.ok(!scopesSatisfy(['public_repo'], ['repo']));
    assert.ok(!scopesSatisfy(['read:org'], ['write:org']));
  });
});
