// docs/service-api/hosting/conventions §13 (rate limits) and the decision of
// docs/service-api/hosting/conventions §16 on conditional requests (ETag,
// If-None-Match, If-Modified-Since, 304 not counted).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { manualClock, startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, makeToken } from './helpers/hosting';

describe('v3 rate limits (docs/service-api/hosting/conventions §13)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('5000 an hour authenticated, 60 an hour unauthenticated, 5000 with application credentials', async () => {
    assert.equal((await call(emu, 'GET', '/users/ada', { auth: basic('ada') })).headers.get('x-ratelimit-limit'), '5000');
    assert.equal((await call(emu, 'GET', '/users/ada', { token: makeToken(emu, 'mary') })).headers.get('x-ratelimit-limit'), '5000');
    assert.equal((await call(emu, 'GET', '/users/ada')).headers.get('x-ratelimit-limit'), '60');
    const app = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    assert.equal((await call(emu, 'GET', `/users/ada?client_id=${app.client_id}&client_secret=${app.client_secret}`)).headers.get('x-ratelimit-limit'), '5000');
  });

  it('X-RateLimit-Limit, -Remaining and -Reset on every response, errors included; each request counts', async () => {
    const first = await call(emu, 'GET', '/users/charles', { auth: basic('charles') });
    const second = await call(emu, 'GET', '/no/such/path', { auth: basic('charles') });
    assert.equal(second.status, 404);
    assert.equal(Number(second.headers.get('x-ratelimit-remaining')), Number(first.headers.get('x-ratelimit-remaining')) - 1);
    const reset = Number(second.headers.get('x-ratelimit-reset'));
    const now = Date.now() / 1000;
    assert.ok(reset > now && reset <= now + 3601, `reset ${reset} is not within the hour`);
  });

  it('the budget is per user: one user spending does not lower another', async () => {
    const before = Number((await call(emu, 'GET', '/users/ada', { auth: basic('luigi') })).headers.get('x-ratelimit-remaining'));
    for (let i = 0; i < 3; i++) await call(emu, 'GET', '/users/ada', { auth: basic('mary') });
    const after = Number((await call(emu, 'GET', '/users/ada', { auth: basic('luigi') })).headers.get('x-ratelimit-remaining'));
    assert.equal(after, before - 1);
  });

  it('GET /rate_limit reports the status and does not count', async () => {
    const a = await call(emu, 'GET', '/rate_limit', { auth: basic('grace') });
    const b = await call(emu, 'GET', '/rate_limit', { auth: basic('grace') });
    assert.equal(a.json.rate.limit, 5000);
    assert.equal(b.json.rate.remaining, a.json.rate.remaining);
    assert.equal(typeof a.json.resources.search.limit, 'number');
  });

  it('Conditional requests — ETag on GET; a matching If-None-Match gets 304 with no body, not counted', async () => {
    const auth = basic('ada');
    const first = await call(emu, 'GET', '/repos/analytical-engines/difference-engine', { auth });
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    const again = await call(emu, 'GET', '/repos/analytical-engines/difference-engine', { auth, headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(Number(again.headers.get('x-ratelimit-remaining')), remaining);
    const other = await call(emu, 'GET', '/repos/analytical-engines/difference-engine', { auth, headers: { 'If-None-Match': '"something-else"' } });
    assert.equal(other.status, 200);
    assert.equal(Number(other.headers.get('x-ratelimit-remaining')), remaining - 1);
  });

  it('Conditional requests — the ETag changes when the resource changes', async () => {
    const auth = basic('ada');
    await call(emu, 'POST', '/user/repos', { auth, body: { name: 'etag-changes' } });
    const before = await call(emu, 'GET', '/repos/ada/etag-changes', { auth });
    await call(emu, 'PATCH', '/repos/ada/etag-changes', { auth, body: { description: 'changed' } });
    const after = await call(emu, 'GET', '/repos/ada/etag-changes', { auth, headers: { 'If-None-Match': before.headers.get('etag')! } });
    assert.equal(after.status, 200);
    assert.equal(after.json.description, 'changed');
  });

  it('Conditional requests — a list’s unchanged first page answers 304 with the current Link, naming a page added at its end', async () => {
    const auth = basic('ada');
    const url = '/user/repos?type=owner&sort=full_name&direction=asc&per_page=1';
    const lastPage = (link: string | null) => Number(/[?&]page=(\d+)[^>]*>; rel="last"/.exec(link ?? '')?.[1]);
    const first = await call(emu, 'GET', url, { auth });
    const pages = lastPage(first.headers.get('link'));
    assert.ok(pages >= 2, String(first.headers.get('link')));
    await call(emu, 'POST', '/user/repos', { auth, body: { name: 'zzz-grown-list' } });
    const again = await call(emu, 'GET', url, { auth, headers: { 'If-None-Match': first.headers.get('etag')! } });
    assert.equal(again.status, 304, 'the first page did not change');
    assert.equal(lastPage(again.headers.get('link')), pages + 1);
  });

  it('Conditional requests — Last-Modified and If-Modified-Since', async () => {
    const auth = basic('ada');
    const first = await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth });
    const lastModified = first.headers.get('last-modified');
    assert.ok(lastModified);
    const same = await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth, headers: { 'If-Modified-Since': lastModified } });
    assert.equal(same.status, 304);
    const older = await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth, headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
    assert.equal(older.status, 200);
  });
});

describe('v3 rate limits run down (options rateLimits, rateLimitWindowSeconds)', () => {
  let emu: TestEmulator;
  const clock = manualClock();
  before(async () => {
    emu = await startEmulator({ seed: 'demo', rateLimits: { unauthenticated: 5, authenticated: 8 }, rateLimitWindowSeconds: 2, clock: clock.now });
  });
  after(() => emu.dispose());

  it('past the limit: 403 API rate limit exceeded with Remaining 0, until the window resets', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await call(emu, 'GET', '/users/ada')).status, 200);
    const over = await call(emu, 'GET', '/users/ada');
    assert.equal(over.status, 403);
    assert.match(over.json.message, /^API rate limit exceeded/);
    assert.match(over.json.documentation_url, /rate-limiting/);
    assert.equal(over.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(over.headers.get('x-ratelimit-limit'), '5');
    // The authenticated budget is separate.
    assert.equal((await call(emu, 'GET', '/users/ada', { auth: basic('ada') })).status, 200);
    const reset = Number(over.headers.get('x-ratelimit-reset'));
    clock.advance(reset * 1000 - clock.now());
    const fresh = await call(emu, 'GET', '/users/ada');
    assert.equal(fresh.status, 200);
    assert.equal(fresh.headers.get('x-ratelimit-remaining'), '4');
  });

  it('an authenticated user is limited too, with the same message shape', async () => {
    const token = makeToken(emu, 'mary');
    let last;
    for (let i = 0; i < 9; i++) last = await call(emu, 'GET', '/user', { token });
    assert.equal(last!.status, 403);
    assert.match(last!.json.message, /^API rate limit exceeded for user ID \d+\.$/);
  });

  it('search (legacy search paths) has its own limit a minute (option searchRateLimit; half of it unauthenticated)', async () => {
    const search = await startEmulator({ searchRateLimit: 4 });
    try {
      const first = await call(search, 'GET', '/legacy/repos/search/engine');
      assert.equal(first.headers.get('x-ratelimit-limit'), '2');
      const resetIn = Number(first.headers.get('x-ratelimit-reset')) - Date.now() / 1000;
      assert.ok(resetIn > 0 && resetIn <= 61, `search window resets in ${resetIn} s`);
      await call(search, 'GET', '/legacy/repos/search/engine');
      const over = await call(search, 'GET', '/legacy/user/search/ada');
      assert.equal(over.status, 403);
      assert.match(over.json.message, /^API rate limit exceeded/);
      // The core budget is untouched.
      const core = await call(search, 'GET', '/rate_limit');
      assert.equal(core.json.rate.remaining, 60);
      assert.equal(core.json.resources.search.remaining, 0);
    } finally {
      await search.dispose();
    }
  });
});
