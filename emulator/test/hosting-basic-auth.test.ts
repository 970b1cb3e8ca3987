// docs/service-api/hosting/auth §1–§4 (Basic): a failed login costs the same
// for an unknown account as for an existing one (one scrypt comparison, against
// a dummy hash when there is no account), and — beyond the spec's table, as the
// real service does — a token is accepted as the Basic password
// (`<login>:<token>`) or login (`<token>:x-oauth-basic`), with its scopes, for
// the API and for git smart HTTP; a wrong value still counts as a failed login.
import assert from 'node:assert/strict';
import type { FastifyRequest } from 'fastify';
import { startEmulator, type TestEmulator } from './support/emulator';
import { Authenticator, DUMMY_PASSWORD_HASH, LOCKED_OUT_MESSAGE } from '../src/hosting/conventions/auth';
import { verifyPassword } from '../src/hosting/conventions/secrets';
import { call, makeToken, rawRequest, UA } from './helpers/hosting';

const b64 = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;

describe('Basic authentication: equal cost of failures, tokens in Basic (docs/service-api/hosting/auth §1–§4)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo', loginLockoutThreshold: 3, loginLockoutWindowSeconds: 60 });
  });
  after(() => emu.dispose());

  describe('a failed login compares against a real hash whether or not the account exists', () => {
    const fakeReq = (value: string) => ({ headers: { authorization: b64(value) }, query: {} }) as unknown as FastifyRequest;
    let seen: string[];
    let auth: Authenticator;
    beforeEach(() => {
      seen = [];
      auth = new Authenticator(emu.db, {
        lockoutThreshold: 100,
        lockoutWindowMs: 60_000,
        verify: (password, hash) => {
          seen.push(hash);
          return verifyPassword(password, hash);
        },
      });
    });

    it('unknown login: one comparison, against the dummy scrypt hash; 401', () => {
      assert.throws(
        () => auth.authenticate(fakeReq('nobody-here:guess')),
        (e: { status?: number }) => e.status === 401,
      );
      assert.deepEqual(seen, [DUMMY_PASSWORD_HASH]);
      assert.match(DUMMY_PASSWORD_HASH, /^scrypt\$/);
    });

    it('existing login, wrong password: one comparison, against its own hash; 401', () => {
      const own = emu.db.prepare("SELECT password_hash FROM users WHERE login = 'ada'").pluck().get() as string;
      assert.throws(
        () => auth.authenticate(fakeReq('ada:guess')),
        (e: { status?: number }) => e.status === 401,
      );
      assert.deepEqual(seen, [own]);
      assert.notEqual(own, DUMMY_PASSWORD_HASH);
    });

    it('an organization login (no password) also goes through the dummy hash; the dummy never signs anyone in', () => {
      assert.throws(
        () => auth.authenticate(fakeReq('analytical-engines:x')),
        (e: { status?: number }) => e.status === 401,
      );
      assert.deepEqual(seen, [DUMMY_PASSWORD_HASH]);
      const always = new Authenticator(emu.db, { lockoutThreshold: 100, lockoutWindowMs: 60_000, verify: () => true });
      assert.throws(
        () => always.authenticate(fakeReq('nobody-here:x')),
        (e: { status?: number }) => e.status === 401,
      );
    });
  });

  it('ada:<token> and <token>:x-oauth-basic are that token: 200 on /user, X-OAuth-Scopes of the token', async () => {
    const token = makeToken(emu, 'ada', ['repo', 'user']);
    for (const value of [`ada:${token}`, `${token}:x-oauth-basic`]) {
      const res = await call(emu, 'GET', '/user', { auth: b64(value) });
      assert.equal(res.status, 200, value);
      assert.equal(res.json.login, 'ada');
      assert.equal(res.headers.get('x-oauth-scopes'), 'repo, user');
    }
  });

  it('a token in Basic keeps its scopes: with no scope it cannot create an issue on a public repository (404)', async () => {
    const none = makeToken(emu, 'ada', []);
    const res = await call(emu, 'POST', '/repos/analytical-engines/difference-engine/issues', { auth: b64(`${none}:x-oauth-basic`), body: { title: 'x' } });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('x-accepted-oauth-scopes'), 'public_repo, repo');
  });

  it('a token in Basic is not the password: the token endpoints (Basic with login and password only) refuse it with 403', async () => {
    const token = makeToken(emu, 'ada', ['repo']);
    const res = await call(emu, 'GET', '/authorizations', { auth: b64(`ada:${token}`) });
    assert.equal(res.status, 403);
    assert.equal(res.json.message, 'This API can only be accessed with username and password Basic Auth');
  });

  it("another user's token as ada's password, and a wrong token, count as failed logins toward the lockout (docs/service-api/hosting/auth §4)", async () => {
    const marys = makeToken(emu, 'mary', ['repo']);
    assert.equal((await call(emu, 'GET', '/user', { auth: b64(`grace:${marys}`) })).status, 401);
    assert.equal((await call(emu, 'GET', '/user', { auth: b64(`grace:${'0'.repeat(40)}`) })).status, 401);
    assert.equal((await call(emu, 'GET', '/user', { auth: b64(`grace:wrong`) })).status, 401);
    const locked = await call(emu, 'GET', '/user', { auth: b64('grace:grace-demo-password') });
    assert.equal(locked.status, 403);
    assert.equal(locked.json.message, LOCKED_OUT_MESSAGE);
    // A valid token of grace still works during the lockout, in Basic as in its own header.
    const graces = makeToken(emu, 'grace', []);
    assert.equal((await call(emu, 'GET', '/user', { auth: b64(`grace:${graces}`) })).status, 200);
    assert.equal((await call(emu, 'GET', '/user', { auth: b64(`${graces}:x-oauth-basic`) })).status, 200);
  });

  it('git smart HTTP: a token as the Basic password reads a private repository with repo, and is refused without it', async () => {
    const repo = makeToken(emu, 'ada', ['repo']);
    const publicOnly = makeToken(emu, 'ada', ['public_repo']);
    const refs = (auth: string, service = 'git-upload-pack') =>
      rawRequest(emu, 'GET', `/ada/bernoulli-numbers.git/info/refs?service=${service}`, { 'User-Agent': `git/2.40 ${UA}`, Authorization: auth });
    const ok = await refs(b64(`ada:${repo}`));
    assert.equal(ok.status, 200, ok.text);
    assert.match(String(ok.headers['content-type']), /git-upload-pack-advertisement/);
    assert.equal((await refs(b64(`${repo}:x-oauth-basic`))).status, 200);
    assert.equal((await refs(b64(`${repo}:x-oauth-basic`), 'git-receive-pack')).status, 200);
    assert.equal((await refs(b64(`ada:${publicOnly}`))).status, 404);
  });
});
