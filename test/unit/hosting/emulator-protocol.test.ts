// The client's error paths and protocol rules against the emulator
// (docs/service-api/hosting/conventions §1, §11, §13, §16,
// docs/service-api/hosting/auth §4), using the token endpoints as the vehicle.
// What each token row answers is in contract/authorizations.ts.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import {
  BadCredentialsError,
  HostingClient,
  LoginLockedOutError,
  RateLimitedError,
  ValidationFailedError,
  collect,
  type RateLimitState,
} from '../../../src/hosting';
import { addUser } from '../oauth/accounts';

describe('v3 client errors and protocol rules against the emulator (docs/service-api/hosting/conventions §1–§16)', () => {
  let emu: TestEmulator;
  const ada = { username: 'ada', password: 'ada-pw' };
  let client: HostingClient;

  before(async () => {
    emu = await startEmulator({ loginLockoutThreshold: 3 });
    addUser(emu.db, 'ada', 'ada-pw');
    addUser(emu.db, 'cy', 'cy-pw');
    client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test' });
  });
  after(() => emu.dispose());

  it('Client errors: a missing note is ValidationFailedError with errors naming the field', async () => {
    const err = await client.authorizations.create(ada, { note: '' }).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationFailedError, String(err));
    assert.equal(err.status, 422);
    assert.ok(
      err.errors.some((e) => e.field === 'note'),
      JSON.stringify(err.errors),
    );
  });

  it('a wrong password is BadCredentialsError, then the lockout is LoginLockedOutError even with the right one (docs/service-api/hosting/auth §3, §4)', async () => {
    const wrong = { username: 'cy', password: 'nope' };
    const first = await collect(client.authorizations.list(wrong)).catch((e: unknown) => e);
    assert.ok(first instanceof BadCredentialsError);
    assert.equal(first.message, 'Bad credentials');
    // The threshold is 3 failed logins: the second and third are still plain bad credentials.
    for (const attempt of [2, 3]) await assert.rejects(collect(client.authorizations.list(wrong)), BadCredentialsError, `failed login ${attempt}`);
    const locked = await collect(client.authorizations.list({ username: 'cy', password: 'cy-pw' })).catch((e: unknown) => e);
    assert.ok(locked instanceof LoginLockedOutError, String(locked));
    assert.match(locked.message, /Maximum number of login attempts exceeded/);
  });

  it('Conditional requests: a repeated GET is answered 304 from the cache and does not use the rate limit', async () => {
    const statuses: number[] = [];
    const watched = new HostingClient({
      apiUrl: emu.url,
      userAgentVersion: 'test',
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        statuses.push(res.status);
        return res;
      },
    });
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

describe('v3 client rate limits against the emulator (docs/service-api/hosting/conventions §13)', () => {
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
    assert.deepEqual(
      seen.map((s) => s.remaining),
      [2, 1, 0],
    );
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
