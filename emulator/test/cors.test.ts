// CORS on both APIs (option corsOrigins, flag --cors-origin): what a browser
// page on another origin needs — Access-Control-Allow-Origin on answers,
// errors included, the headers a client reads exposed, and a preflight
// answered 204 with the allowed methods and headers before authentication,
// rate limits and the seeding gate. Requests through node:http, which sends
// Origin and OPTIONS exactly as given.
import assert from 'node:assert/strict';
import http from 'node:http';
import { startEmulator, type TestEmulator } from './support/emulator';
import { UA, basic } from './helpers/hosting';

const PAGE = 'http://localhost:5173';
const REPO = '/repos/ada/notes-on-the-engine';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function raw(base: string, method: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const list = (v: string | string[] | undefined) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
const preflight = (base: string, path: string, method: string, origin = PAGE) =>
  raw(base, 'OPTIONS', path, {
    Origin: origin,
    'Access-Control-Request-Method': method,
    'Access-Control-Request-Headers': 'authorization,content-type,if-none-match',
  });

describe('CORS: any origin by default, as the real service', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('v3 GET: Access-Control-Allow-Origin * and the headers a client reads exposed (ETag, Link, rate limit, scopes, media type)', async () => {
    const res = await raw(emu.url, 'GET', '/user/repos?per_page=1', { Origin: PAGE, 'User-Agent': UA, Authorization: basic('ada') });
    assert.equal(res.status, 200);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const exposed = list(res.headers['access-control-expose-headers']);
    for (const h of [
      'etag',
      'link',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-oauth-scopes',
      'x-accepted-oauth-scopes',
      'x-poll-interval',
      'x-service-media-type',
    ]) {
      assert.ok(exposed.includes(h), `${h} is not exposed: ${exposed.join(', ')}`);
    }
    assert.ok(res.headers.link, 'the exposed Link is there to read');
  });

  it('v3 preflight: 204, no body, the methods GET, POST, PATCH, PUT, DELETE and the request headers allowed, a day of max-age, counted against no rate limit', async () => {
    const res = await preflight(emu.url, REPO, 'PATCH');
    assert.equal(res.status, 204);
    assert.equal(res.body, '');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.deepEqual(list(res.headers['access-control-allow-methods']), ['get', 'post', 'patch', 'put', 'delete']);
    const allowed = list(res.headers['access-control-allow-headers']);
    for (const h of ['authorization', 'content-type', 'if-match', 'if-modified-since', 'if-none-match', 'if-unmodified-since', 'x-requested-with'])
      assert.ok(allowed.includes(h), `${h} is not allowed: ${allowed.join(', ')}`);
    assert.equal(res.headers['access-control-max-age'], '86400');
    assert.equal(res.headers['x-ratelimit-remaining'], undefined, 'a preflight is answered before the rate limit');
  });

  it('v3 preflight under the enterprise prefix /api/v3 and with no User-Agent: 204 all the same', async () => {
    const res = await preflight(emu.url, `/api/v3${REPO}/pulls`, 'POST');
    assert.equal(res.status, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  it('v3 error: a 401 for bad credentials carries Access-Control-Allow-Origin, so the page can read the message', async () => {
    const res = await raw(emu.url, 'GET', '/user', { Origin: PAGE, 'User-Agent': UA, Authorization: basic('ada', 'wrong') });
    assert.equal(res.status, 401);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(res.body, /Bad credentials/);
  });

  it('v2: preflight of POST /api/v2/authenticate is 204, and its answer carries Access-Control-Allow-Origin', async () => {
    const pre = await preflight(emu.url, '/api/v2/authenticate', 'POST');
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    const me = await raw(emu.url, 'GET', '/api/v2/me', { Origin: PAGE, 'User-Agent': UA });
    assert.equal(me.status, 200);
    assert.equal(me.headers['access-control-allow-origin'], '*');
  });

  it('the OAuth pages under /login/ send no CORS headers (the token exchange is not for browsers)', async () => {
    const res = await raw(emu.url, 'POST', '/login/oauth/access_token', { Origin: PAGE, 'User-Agent': UA, Accept: 'application/json' });
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });
});

describe('CORS: configured origins (corsOrigins)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo', corsOrigins: [PAGE, 'https://app.example'], vendor: 'github' });
  });
  after(() => emu.dispose());

  it('an allowed origin is echoed with Vary: Origin; another origin gets no Access-Control-Allow-Origin', async () => {
    const ok = await raw(emu.url, 'GET', REPO, { Origin: 'https://app.example', 'User-Agent': UA });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['access-control-allow-origin'], 'https://app.example');
    assert.ok(list(ok.headers.vary).includes('origin'), `Vary: ${ok.headers.vary}`);
    const other = await raw(emu.url, 'GET', REPO, { Origin: 'https://elsewhere.example', 'User-Agent': UA });
    assert.equal(other.status, 200);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const otherPreflight = await preflight(emu.url, REPO, 'GET', 'https://elsewhere.example');
    assert.equal(otherPreflight.headers['access-control-allow-origin'], undefined);
  });

  it('vendor github: the exposed media-type header is X-GitHub-Media-Type', async () => {
    const res = await raw(emu.url, 'GET', REPO, { Origin: PAGE, 'User-Agent': UA });
    assert.ok(list(res.headers['access-control-expose-headers']).includes('x-github-media-type'));
  });
});

describe('CORS off (corsOrigins [])', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ corsOrigins: [] });
  });
  after(() => emu.dispose());

  it('no Access-Control-* header on an answer or on an OPTIONS request', async () => {
    const get = await raw(emu.url, 'GET', '/rate_limit', { Origin: PAGE, 'User-Agent': UA });
    assert.equal(get.headers['access-control-allow-origin'], undefined);
    const pre = await preflight(emu.url, '/rate_limit', 'GET');
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
    assert.notEqual(pre.status, 204);
  });
});
