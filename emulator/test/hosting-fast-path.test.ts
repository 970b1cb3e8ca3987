// The response cache's fast path (emulator/src/hosting/conventions/response-cache.ts): a
// token caller's cached GET is answered on the raw request, before Fastify.
// Its answers must be those of the normal path byte for byte (headers in
// their order, Date aside), with the rate limit counted as there (conventions
// §13; a 304 is not counted, §16), and never once something was written, the
// token revoked or the request differs in what its answer depends on.
// `earlyAnswers()` tells which path answered.
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch } from '../src/start';
import { manualClock, startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, makeToken, UA } from './helpers/hosting';

const REPO = '/repos/analytical-engines/difference-engine';

interface Exchange {
  status: number;
  /** Header lines in the order sent, `name: value`, without Date. */
  lines: string[];
  body: Buffer;
}

/** One request on its own connection; the answer's header lines as written. */
function exchange(emu: { url: string }, method: string, path: string, headers: Record<string, string>): Promise<Exchange> {
  const url = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, lines, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The value of a header line of an exchange. */
function header(e: Exchange, name: string): string | undefined {
  const prefix = `${name.toLowerCase()}: `;
  return e.lines.find((l) => l.toLowerCase().startsWith(prefix))?.slice(prefix.length);
}

/** The lines with X-RateLimit-Remaining set to `remaining` (to compare answers that counted differently). */
function withRemaining(e: Exchange, remaining: number): string[] {
  return e.lines.map((l) => (/^x-ratelimit-remaining:/i.test(l) ? `x-ratelimit-remaining: ${remaining}` : l));
}

const remainingOf = (e: Exchange) => Number(header(e, 'x-ratelimit-remaining'));

describe('v3 response cache fast path: cached GETs answered before Fastify', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  /** A request, and whether the fast path answered it. */
  async function timed(method: string, path: string, headers: Record<string, string>): Promise<Exchange & { fast: boolean }> {
    const before = emu.earlyAnswers();
    const e = await exchange(emu, method, path, headers);
    return { ...e, fast: emu.earlyAnswers() === before + 1 };
  }

  it('a cached GET equals the first, uncached one: status, every header in order (Date aside), body; one more request counted', async () => {
    const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
    const first = await timed('GET', REPO, auth);
    const second = await timed('GET', REPO, auth);
    assert.equal(first.fast, false, 'the first request went through Fastify');
    assert.equal(second.fast, true, 'the second was answered from the fast path');
    assert.equal(second.status, 200);
    assert.equal(remainingOf(second), remainingOf(first) - 1);
    assert.deepEqual(withRemaining(second, remainingOf(first)), first.lines);
    assert.ok(first.body.length > 1000);
    assert.deepEqual(second.body, first.body);
  });

  it('HEAD: the same headers as the normal path, no body', async () => {
    const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
    const normal = await timed('HEAD', REPO, auth);
    await timed('GET', REPO, auth);
    const fast = await timed('HEAD', REPO, auth);
    assert.equal(normal.fast, false);
    assert.equal(fast.fast, true);
    assert.equal(fast.status, 200);
    assert.deepEqual(withRemaining(fast, remainingOf(normal)), normal.lines);
    assert.equal(fast.body.length, 0);
  });

  it('If-None-Match that matches: the 304 of the normal path (GET and HEAD), not counted (§16)', async () => {
    // The tag from another token of the same user: this one's answer is not kept before its 304s.
    const other = `token ${makeToken(emu, 'ada', ['repo'])}`;
    const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
    const etag = header(await exchange(emu, 'GET', REPO, { 'User-Agent': UA, Authorization: other }), 'etag')!;
    const conditional = { ...auth, 'If-None-Match': etag };
    const normalGet = await timed('GET', REPO, conditional);
    const normalHead = await timed('HEAD', REPO, conditional);
    assert.equal(normalGet.fast || normalHead.fast, false, 'a 304 is not kept: these went through Fastify');
    const counted = await timed('GET', REPO, auth);
    assert.equal(counted.fast, false, 'the first 200 is kept');
    const fastGet = await timed('GET', REPO, conditional);
    const fastHead = await timed('HEAD', REPO, conditional);
    assert.equal(fastGet.fast && fastHead.fast, true);
    assert.equal(fastGet.status, 304);
    assert.equal(fastHead.status, 304);
    // The normal 304s and the fast ones around the one counted GET: each shows the count as it was.
    assert.equal(remainingOf(counted), remainingOf(normalGet) - 1);
    assert.equal(remainingOf(fastGet), remainingOf(counted));
    assert.equal(remainingOf(fastHead), remainingOf(counted));
    assert.deepEqual(withRemaining(fastGet, remainingOf(normalGet)), normalGet.lines);
    assert.deepEqual(withRemaining(fastHead, remainingOf(normalHead)), normalHead.lines);
    assert.equal(fastGet.body.length, 0);
  });

  it('If-Modified-Since at Last-Modified: 304 from the fast path; an older date: the 200', async () => {
    const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
    const first = await timed('GET', REPO, auth);
    const lastModified = header(first, 'last-modified')!;
    const same = await timed('GET', REPO, { ...auth, 'If-Modified-Since': lastModified });
    const older = await timed('GET', REPO, { ...auth, 'If-Modified-Since': new Date(Date.parse(lastModified) - 1000).toUTCString() });
    assert.equal(same.fast && older.fast, true);
    assert.equal(same.status, 304);
    assert.equal(older.status, 200);
    assert.deepEqual(older.body, first.body);
  });

  it('X-RateLimit-Remaining goes down by one on each fast read (§13)', async () => {
    const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const e = await timed('GET', REPO, auth);
      assert.equal(e.fast, i > 0);
      seen.push(remainingOf(e));
    }
    assert.deepEqual(seen, [seen[0]!, seen[0]! - 1, seen[0]! - 2, seen[0]! - 3]);
  });

  it('a write makes the cached answer stale: the next read shows the change, then is fast again', async () => {
    const token = makeToken(emu, 'ada', ['repo']);
    const auth = { 'User-Agent': UA, Authorization: `token ${token}` };
    await timed('GET', REPO, auth);
    const cached = await timed('GET', REPO, auth);
    assert.equal(cached.fast, true);
    const description = `changed ${Date.now()}`;
    const patched = await call(emu, 'PATCH', REPO, { token, body: { name: 'difference-engine', description } });
    assert.equal(patched.status, 200);
    const after = await timed('GET', REPO, auth);
    assert.equal(after.fast, false);
    assert.equal(JSON.parse(after.body.toString('utf8')).description, description);
    const again = await timed('GET', REPO, auth);
    assert.equal(again.fast, true);
    assert.equal(JSON.parse(again.body.toString('utf8')).description, description);
  });

  it('a deleted token is refused on the next request (401), not served from the cache', async () => {
    const created = await call(emu, 'POST', '/authorizations', { auth: basic('ada'), body: { note: `fast path ${Date.now()}`, scopes: ['repo'] } });
    assert.equal(created.status, 201);
    const auth = { 'User-Agent': UA, Authorization: `token ${created.json.token}` };
    await timed('GET', REPO, auth);
    assert.equal((await timed('GET', REPO, auth)).fast, true);
    assert.equal((await call(emu, 'DELETE', `/authorizations/${created.json.id}`, { auth: basic('ada') })).status, 204);
    const refused = await timed('GET', REPO, auth);
    assert.equal(refused.status, 401);
    assert.equal(refused.fast, false);
  });

  it('a different Accept, query or Origin gets its own answer; no User-Agent is still 403', async () => {
    const token = makeToken(emu, 'ada', ['repo']);
    const auth = { 'User-Agent': UA, Authorization: `token ${token}` };
    await timed('GET', REPO, auth);
    assert.equal((await timed('GET', REPO, auth)).fast, true);
    const plain = await timed('GET', REPO, auth);

    const raw = { ...auth, Accept: 'application/vnd.service.v3.raw+json' };
    const rawFirst = await timed('GET', REPO, raw);
    assert.equal(rawFirst.fast, false, 'another Accept is not the cached answer');
    assert.equal(header(rawFirst, 'x-service-media-type'), 'service.v3; param=raw');
    assert.notEqual(header(rawFirst, 'etag'), header(plain, 'etag'));
    const rawAgain = await timed('GET', REPO, raw);
    assert.equal(rawAgain.fast, true);
    assert.equal(header(rawAgain, 'x-service-media-type'), 'service.v3; param=raw');
    assert.equal(header(rawAgain, 'etag'), header(rawFirst, 'etag'));

    const one = await timed('GET', '/user/repos?per_page=1', auth);
    const two = await timed('GET', '/user/repos?per_page=2', auth);
    assert.equal(one.fast || two.fast, false);
    const oneAgain = await timed('GET', '/user/repos?per_page=1', auth);
    const twoAgain = await timed('GET', '/user/repos?per_page=2', auth);
    assert.equal(oneAgain.fast && twoAgain.fast, true);
    assert.equal(JSON.parse(oneAgain.body.toString('utf8')).length, 1);
    assert.equal(JSON.parse(twoAgain.body.toString('utf8')).length, 2);
    assert.equal(header(oneAgain, 'link'), header(one, 'link'));

    const withOrigin = await timed('GET', REPO, { ...auth, Origin: 'http://page.example' });
    assert.equal(withOrigin.fast, false);

    const noAgent = await timed('GET', REPO, { Authorization: auth.Authorization });
    assert.equal(noAgent.status, 403);
    assert.equal(noAgent.fast, false);
  });

  it('the enterprise form (/api/v3) is cached under its own path and gets its own URLs', async () => {
    const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
    await timed('GET', REPO, auth);
    const first = await timed('GET', `/api/v3${REPO}`, auth);
    const again = await timed('GET', `/api/v3${REPO}`, auth);
    assert.equal(first.fast, false);
    assert.equal(again.fast, true);
    assert.deepEqual(again.body, first.body);
    assert.match(JSON.parse(again.body.toString('utf8')).url, /\/api\/v3\/repos\//);
  });
});

describe('v3 response cache fast path: rate limit window, CORS origins, request log', () => {
  it('past the limit: 403 from the normal path; a new window counts again from the limit (§13)', async () => {
    const clock = manualClock();
    const emu = await startEmulator({ seed: 'demo', rateLimits: { authenticated: 3 }, clock: clock.now });
    try {
      const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await exchange(emu, 'GET', REPO, auth)).status);
      assert.deepEqual(statuses, [200, 200, 200, 403]);
      const refused = await exchange(emu, 'GET', REPO, auth);
      assert.match(JSON.parse(refused.body.toString('utf8')).message, /^API rate limit exceeded/);
      assert.equal(header(refused, 'x-ratelimit-remaining'), '0');
      clock.advance(3600 * 1000);
      const before = emu.earlyAnswers();
      const next = await exchange(emu, 'GET', REPO, auth);
      assert.equal(emu.earlyAnswers(), before + 1);
      assert.equal(next.status, 200);
      assert.equal(header(next, 'x-ratelimit-remaining'), '2');
      assert.equal(Number(header(next, 'x-ratelimit-reset')), Math.ceil((clock.now() + 3600 * 1000) / 1000));
    } finally {
      await emu.dispose();
    }
  });

  it('listed CORS origins: each Origin gets its own echo from the fast path', async () => {
    const emu = await startEmulator({ seed: 'demo', corsOrigins: ['http://a.example', 'http://b.example'] });
    try {
      const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
      for (const origin of ['http://a.example', 'http://b.example']) {
        const first = await exchange(emu, 'GET', REPO, { ...auth, Origin: origin });
        const before = emu.earlyAnswers();
        const again = await exchange(emu, 'GET', REPO, { ...auth, Origin: origin });
        assert.equal(emu.earlyAnswers(), before + 1);
        assert.equal(header(again, 'access-control-allow-origin'), origin);
        assert.deepEqual(withRemaining(again, remainingOf(first)), first.lines);
      }
    } finally {
      await emu.dispose();
    }
  });

  it('the request log has a line for each fast answer, as for the normal one', async () => {
    const lines: string[] = [];
    // The line is written once the answer has gone: the fourth request's line resolves this.
    let fourth!: () => void;
    const allLogged = new Promise<void>((resolve) => (fourth = resolve));
    const log = (line: string) => {
      if (line.startsWith('GET ') && lines.push(line) === 4) fourth();
    };
    // `launch` (the command's own start) takes the log; the test emulator's helpers take its shape.
    const started = await launch({ memory: true, seed: 'demo', logRequests: true, log });
    const emu: TestEmulator = Object.assign(started, { dispose: () => started.close() });
    try {
      const auth = { 'User-Agent': UA, Authorization: `token ${makeToken(emu, 'ada', ['repo'])}` };
      for (const path of [REPO, REPO, `/api/v3${REPO}`, `/api/v3${REPO}`]) await exchange(emu, 'GET', path, auth);
      assert.equal(emu.earlyAnswers(), 2);
      await allLogged;
      assert.deepEqual(
        lines.map((l) => l.replace(/ [\d.]+ms$/, ' <ms>')),
        Array(4).fill(`GET ${REPO} 200 <ms>`),
      );
    } finally {
      await emu.dispose();
    }
  });
});
