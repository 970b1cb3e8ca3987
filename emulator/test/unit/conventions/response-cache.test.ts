// The emulator's response cache (emulator/src/hosting/conventions/response-cache.ts; the
// promise in docs/EMULATOR.md that answers are those of the database as it
// is): a cacheable GET is answered again from the cache while nothing was
// written, per URL, caller and Accept, with the route's own headers; a write
// makes it stale; failures, other methods and streamed bodies are never
// replayed. Checked in-process so that mutation testing sees it: a server
// with only the cache and counting routes, then the emulator itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { openDatabase, type Db } from '../../../src/db';
import { installResponseCache } from '../../../src/hosting/conventions/response-cache';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const LAST_MODIFIED = 'Tue, 03 Mar 2026 10:00:00 GMT';

interface Counting {
  app: FastifyInstance;
  db: Db;
  /** How many times each route's handler ran. */
  runs: Record<string, number>;
  get(
    url: string,
    headers?: Record<string, string>,
    method?: InjectOptions['method'],
  ): Promise<{ status: number; body: string; headers: Record<string, unknown> }>;
  /** A write to the database, as a route would make one. */
  write(): void;
  dispose(): Promise<void>;
}

async function countingServer(): Promise<Counting> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-cache-'));
  const db = openDatabase(dir, [{ id: 'test/001-notes', sql: 'CREATE TABLE notes (text TEXT)' }]);
  const runs: Record<string, number> = {};
  const ran = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
  let missing = true;
  const app = Fastify({ logger: false });
  installResponseCache(app, db);
  app.get('/things', { config: { cacheable: true } }, async (req, reply) => {
    const n = ran('things');
    reply
      .header('Last-Modified', LAST_MODIFIED)
      .header('Link', '<http://emu/things?page=2>; rel="next"')
      .header('X-Accepted-OAuth-Scopes', 'repo')
      .header('X-Run', String(n));
    return { run: n, url: req.url, auth: req.headers.authorization ?? null, accept: req.headers.accept ?? null };
  });
  app.get('/plain', async () => ({ run: ran('plain') }));
  app.get('/other-config', { config: { cacheable: false } }, async () => ({ run: ran('other-config') }));
  app.route({ method: ['GET', 'POST'], url: '/both', config: { cacheable: true }, handler: async (req) => ({ run: ran('both'), method: req.method }) });
  app.get('/sometimes', { config: { cacheable: true } }, async (_req, reply) => {
    ran('sometimes');
    if (missing) {
      missing = false;
      return reply.code(404).send({ message: 'Not Found' });
    }
    return { found: true };
  });
  app.get('/accepted', { config: { cacheable: true } }, async (_req, reply) => reply.code(202).send({ run: ran('accepted') }));
  app.get('/streamed', { config: { cacheable: true } }, async (_req, reply) => reply.type('text/plain').send(Readable.from([`stream ${ran('streamed')}`])));
  app.get<{ Params: { n: string } }>('/many/:n', { config: { cacheable: true } }, async (req) => ({ n: req.params.n, run: ran(`many/${req.params.n}`) }));
  await app.ready();
  return {
    app,
    db,
    runs,
    async get(url, headers = {}, method = 'GET') {
      const res = await app.inject({ method, url, headers });
      return { status: res.statusCode, body: res.body, headers: res.headers };
    },
    write: () => {
      db.prepare('INSERT INTO notes (text) VALUES (?)').run('a write');
    },
    async dispose() {
      await app.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('emulator v3 response cache', () => {
  describe('the cache itself', () => {
    let s: Counting;
    beforeEach(async () => {
      s = await countingServer();
    });
    afterEach(() => s.dispose());

    it('a cacheable GET is answered again from the cache: the same body, 200, JSON in UTF-8, the handler not run', async () => {
      const first = await s.get('/things');
      const again = await s.get('/things');
      assert.equal(first.status, 200);
      assert.equal(again.status, 200);
      assert.equal(again.body, first.body);
      assert.equal(again.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(s.runs.things, 1);
    });

    it("the route's Last-Modified, Link and X-Accepted-OAuth-Scopes come back with the cached body; no other header of the route", async () => {
      await s.get('/things');
      const again = await s.get('/things');
      assert.equal(again.headers['last-modified'], LAST_MODIFIED);
      assert.equal(again.headers.link, '<http://emu/things?page=2>; rel="next"');
      assert.equal(again.headers['x-accepted-oauth-scopes'], 'repo');
      assert.equal(again.headers['x-run'], undefined);
    });

    it('a route that set none of those headers gets none back', async () => {
      await s.get('/many/7');
      const again = await s.get('/many/7');
      assert.equal(s.runs['many/7'], 1);
      for (const name of ['last-modified', 'link', 'x-accepted-oauth-scopes']) assert.equal(again.headers[name], undefined, name);
    });

    it('HEAD is answered from the cache too', async () => {
      await s.get('/things');
      const head = await s.get('/things', {}, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.headers['last-modified'], LAST_MODIFIED);
      assert.equal(s.runs.things, 1);
    });

    it('a write makes every cached answer stale', async () => {
      await s.get('/things');
      s.write();
      const after = await s.get('/things');
      assert.equal(JSON.parse(after.body).run, 2);
      assert.equal(JSON.parse((await s.get('/things')).body).run, 2, 'then cached again');
    });

    it('one answer per path and query, per Authorization, per Accept', async () => {
      await s.get('/things');
      assert.deepEqual(JSON.parse((await s.get('/things?page=2')).body), { run: 2, url: '/things?page=2', auth: null, accept: null });
      assert.deepEqual(JSON.parse((await s.get('/things', { authorization: 'token a' })).body), { run: 3, url: '/things', auth: 'token a', accept: null });
      assert.deepEqual(JSON.parse((await s.get('/things', { authorization: 'token b' })).body), { run: 4, url: '/things', auth: 'token b', accept: null });
      assert.deepEqual(JSON.parse((await s.get('/things', { accept: 'application/vnd.service.v3.raw+json' })).body), {
        run: 5,
        url: '/things',
        auth: null,
        accept: 'application/vnd.service.v3.raw+json',
      });
      assert.deepEqual(JSON.parse((await s.get('/things', { accept: 'application/vnd.service.v3.full+json' })).body).run, 6, 'each Accept its own answer');
      assert.deepEqual(JSON.parse((await s.get('/things', { authorization: 'token a' })).body).run, 3, 'each one kept');
    });

    it('routes that do not opt in are never cached', async () => {
      await s.get('/plain');
      await s.get('/plain');
      await s.get('/other-config');
      await s.get('/other-config');
      assert.deepEqual([s.runs.plain, s.runs['other-config']], [2, 2]);
    });

    it("a path without a route is the server's 404, untouched by the cache", async () => {
      for (let i = 0; i < 2; i++) {
        const res = await s.get('/nowhere');
        assert.equal(res.status, 404);
        assert.equal(JSON.parse(res.body).message, 'Route GET:/nowhere not found');
      }
    });

    it('only GET and HEAD: a POST to a cacheable path runs, and is not served to a later GET', async () => {
      assert.deepEqual(JSON.parse((await s.get('/both', {}, 'POST')).body), { run: 1, method: 'POST' });
      assert.deepEqual(JSON.parse((await s.get('/both', {}, 'POST')).body), { run: 2, method: 'POST' });
      assert.deepEqual(JSON.parse((await s.get('/both')).body), { run: 3, method: 'GET' });
      assert.deepEqual(JSON.parse((await s.get('/both')).body), { run: 3, method: 'GET' });
    });

    it('an answer other than 200 is not kept: a 404 stays a 404 and is asked again', async () => {
      const missing = await s.get('/sometimes');
      assert.equal(missing.status, 404);
      const found = await s.get('/sometimes');
      assert.equal(found.status, 200);
      assert.deepEqual(JSON.parse(found.body), { found: true });
      await s.get('/accepted');
      assert.equal((await s.get('/accepted')).status, 202);
      assert.equal(s.runs.accepted, 2);
    });

    it('a streamed body is not kept', async () => {
      assert.equal((await s.get('/streamed')).body, 'stream 1');
      assert.equal((await s.get('/streamed')).body, 'stream 2');
    });

    it('it keeps a thousand answers, and starts over at the next one', async () => {
      for (let n = 0; n < 1000; n++) await s.get(`/many/${n}`);
      await s.get('/many/0');
      await s.get('/many/999');
      assert.deepEqual([s.runs['many/0'], s.runs['many/999']], [1, 1], 'a thousand are kept');
      await s.get('/many/1000');
      await s.get('/many/0');
      assert.equal(s.runs['many/0'], 2, 'the thousand-and-first answer emptied the cache');
      await s.get('/many/1000');
      assert.equal(s.runs['many/1000'], 1, 'and was kept itself');
    });
  });

  describe('in the emulator', () => {
    let emu: TestEmulator;
    before(async () => {
      emu = await startEmulator({ seed: 'demo' });
    });
    after(() => emu.dispose());
    const get = (url: string, headers: Record<string, string> = {}) =>
      emu.app.inject({ method: 'GET', url, headers: { 'user-agent': 'RepoDesk-unit-tests', ...headers } });

    it('the /api/v3 form of a path is answered with its own URLs, not with the cached answer of the other form', async () => {
      const plain = await get('/users/ada');
      const prefixed = await get('/api/v3/users/ada');
      assert.equal(plain.json().url, `${emu.url}/users/ada`);
      assert.equal(prefixed.json().url, `${emu.url}/api/v3/users/ada`);
      assert.equal((await get('/users/ada')).json().url, `${emu.url}/users/ada`);
    });

    it('a cached answer is still counted, and still answers If-None-Match with 304', async () => {
      const first = await get('/users/grace');
      const cached = await get('/users/grace');
      assert.equal(cached.body, first.body);
      assert.equal(Number(first.headers['x-ratelimit-remaining']) - Number(cached.headers['x-ratelimit-remaining']), 1);
      assert.equal(cached.headers.etag, first.headers.etag);
      const notModified = await get('/users/grace', { 'if-none-match': String(first.headers.etag) });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.body, '');
    });
  });
});
