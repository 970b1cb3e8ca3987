// The client's token methods (document 1, the 10 token rows and their state
// transitions) and its error paths, against the emulator.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import {
  BadCredentialsError, HostingClient, LoginLockedOutError, NotFoundError, RateLimitedError, ValidationFailedError, collect, type RateLimitState,
} from '../../../src/hosting';
import { addLoopbackApplication, addUser, type TestApplication } from '../oauth/accounts';

describe('v3 client token methods against the emulator (document 1, Authorizations)', () => {
  let emu: TestEmulator;
  let app: TestApplication;
  const ada = { username: 'ada', password: 'ada-pw' };
  let client: HostingClient;

  before(async () => {
    emu = await startEmulator({ loginLockoutThreshold: 3, tokenRevocationDelayMs: 10 });
    const adaId = addUser(emu.db, 'ada', 'ada-pw');
    addUser(emu.db, 'bob', 'bob-pw');
    addUser(emu.db, 'cy', 'cy-pw');
    app = await addLoopbackApplication(emu, adaId);
    client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test' });
  });
  after(() => emu.dispose());

  it('POST /authorizations creates a token; GET /authorizations/:id reads it back; PATCH adds a scope; DELETE removes it', async () => {
    const created = await client.authorizations.create(ada, { note: 'unit test', scopes: ['repo'] });
    assert.equal(created.note, 'unit test');
    assert.deepEqual(created.scopes, ['repo']);
    assert.ok(created.token.length >= 20);
    assert.equal((await client.authorizations.get(ada, created.id)).note, 'unit test');
    const widened = await client.authorizations.update(ada, created.id, { add_scopes: ['gist'] });
    assert.deepEqual([...widened.scopes].sort(), ['gist', 'repo']);
    await client.authorizations.delete(ada, created.id);
    await assert.rejects(client.authorizations.get(ada, created.id), NotFoundError);
  });

  it('GET /authorizations pages through Link rel=next (105 tokens, 100 a page)', async () => {
    const requests: string[] = [];
    const counting = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', fetch: (url, init) => (requests.push(String(url)), fetch(url, init)) });
    for (let i = 0; i < 105; i++) await client.authorizations.create({ username: 'bob', password: 'bob-pw' }, { note: `t${i}` });
    const all = await collect(counting.authorizations.list({ username: 'bob', password: 'bob-pw' }));
    assert.equal(all.length, 105);
    assert.equal(new Set(all.map((a) => a.id)).size, 105);
    assert.equal(requests.length, 2);
    assert.match(requests[0]!, /per_page=100/);
  });

  it('PUT /authorizations/clients/:client_id: 201 creates, then 200 returns the existing one', async () => {
    const first = await client.authorizations.getOrCreateForApp(ada, app.clientId, { client_secret: app.clientSecret, scopes: ['repo'], note: 'app' });
    const second = await client.authorizations.getOrCreateForApp(ada, app.clientId, { client_secret: app.clientSecret, scopes: ['repo'], note: 'app' });
    assert.equal(first.created, true);
    assert.equal(second.created, false);
    assert.equal(second.authorization.id, first.authorization.id);
  });

  it('application rows: check a token (with its user), reset it (old stops working), revoke one, revoke all', async () => {
    const creds = { clientId: app.clientId, clientSecret: app.clientSecret };
    const token = (await client.authorizations.create(ada, { note: 'app token', client_id: app.clientId, client_secret: app.clientSecret })).token;
    const checked = await client.authorizations.checkToken(creds, token);
    assert.equal(checked.user?.login, 'ada');
    const reset = await client.authorizations.resetToken(creds, token);
    assert.notEqual(reset.token, token);
    await assert.rejects(client.authorizations.checkToken(creds, token), NotFoundError, 'an invalid token gives 404');
    await client.authorizations.revokeToken(creds, reset.token);
    await assert.rejects(client.authorizations.checkToken(creds, reset.token), NotFoundError);
    const another = (await client.authorizations.create(ada, { note: 'app token 2', client_id: app.clientId, client_secret: app.clientSecret })).token;
    await client.authorizations.revokeAllTokens(creds);
    // Revoke-all is a background job; it finishes within moments.
    for (let i = 0; i < 50; i++) {
      const alive = await client.authorizations.checkToken(creds, another).then(() => true, () => false);
      if (!alive) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail('revoke-all did not revoke the token');
  });

  it('Client errors: a missing note is ValidationFailedError with errors naming the field', async () => {
    const err = await client.authorizations.create(ada, { note: '' }).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationFailedError, String(err));
    assert.equal(err.status, 422);
    assert.ok(err.errors.some((e) => e.field === 'note'), JSON.stringify(err.errors));
  });

  it('Authentication rules 2-3: a wrong password is BadCredentialsError, then the lockout is LoginLockedOutError even with the right one', async () => {
    const wrong = { username: 'cy', password: 'nope' };
    const first = await collect(client.authorizations.list(wrong)).catch((e: unknown) => e);
    assert.ok(first instanceof BadCredentialsError);
    assert.equal(first.message, 'Bad credentials');
    for (let i = 0; i < 3; i++) await collect(client.authorizations.list(wrong)).catch(() => undefined);
    const locked = await collect(client.authorizations.list({ username: 'cy', password: 'cy-pw' })).catch((e: unknown) => e);
    assert.ok(locked instanceof LoginLockedOutError, String(locked));
    assert.match(locked.message, /Maximum number of login attempts exceeded/);
  });

  it('Conditional requests: a repeated GET is answered 304 from the cache and does not use the rate limit', async () => {
    const statuses: number[] = [];
    const watched = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', fetch: async (url, init) => {
      const res = await fetch(url, init);
      statuses.push(res.status);
      return res;
    } });
    const created = await watched.authorizations.create(ada, { note: 'etag' });
    await watched.authorizations.get(ada, created.id);
    const before = watched.rateLimit!.remaining;
    const again = await watched.authorizations.get(ada, created.id);
    assert.equal(again.id, created.id);
    assert.deepEqual(statuses, [201, 200, 304]);
    assert.equal(watched.rateLimit!.remaining, before);
  });

  it('enterprise form: the client works under /api/v3 and the service answers with /api/v3 URLs', async () => {
    const enterprise = new HostingClient({ apiUrl: `${emu.url}/api/v3`, userAgentVersion: 'test' });
    const created = await enterprise.authorizations.create(ada, { note: 'enterprise' });
    assert.equal(created.url, `${emu.url}/api/v3/authorizations/${created.id}`);
    assert.equal(enterprise.addresses.webUrl, emu.url);
  });
});

describe('v3 client rate limits against the emulator (document 1, Limits)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ rateLimits: { authenticated: 3 } });
    addUser(emu.db, 'ada', 'ada-pw');
  });
  after(() => emu.dispose());

  it('X-RateLimit-* updates the state event; past the limit a user action fails with the reset time, then fails at once', async () => {
    let requests = 0;
    const client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', fetch: (url, init) => (requests++, fetch(url, init)) });
    const seen: RateLimitState[] = [];
    client.onDidChangeRateLimit((s) => seen.push(s));
    const ada = { username: 'ada', password: 'ada-pw' };
    for (let i = 0; i < 3; i++) await client.authorizations.create(ada, { note: `n${i}` });
    assert.deepEqual(seen.map((s) => s.remaining), [2, 1, 0]);
    assert.equal(seen[0]!.limit, 3);
    const err = await client.authorizations.create(ada, { note: 'one too many' }).catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.ok(err.resetAt.getTime() > Date.now());
    assert.match(err.message, /resets at \d{4}-/);
    const sent = requests;
    await assert.rejects(client.authorizations.create(ada, { note: 'still spent' }), RateLimitedError);
    assert.equal(requests, sent, 'no request is sent while the limit is spent');
  });
});
