// An emulator that runs for days holds no state without bound: the git
// `cat-file` processes of deleted repositories end with them (and their open
// files), the response cache is bounded in bytes, and the per-login failure
// counters and per-address rate-limit windows expire (an injected clock).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db';
import { Authenticator } from '../src/hosting/conventions/auth';
import { RateLimiter } from '../src/hosting/conventions/rate-limit';
import { installResponseCache } from '../src/hosting/conventions/response-cache';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

/** Ids of this process's child processes running git (Linux /proc). */
function gitChildren(): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid && stat.includes('(git)')) out.push(Number(entry));
    } catch {
      // Gone while listed.
    }
  }
  return out;
}

const openFds = () => fs.readdirSync('/proc/self/fd').length;

describe('bounded state: git helpers, caches and counters', () => {
  describe('git cat-file processes of deleted repositories', () => {
    let emu: TestEmulator;
    before(async () => {
      emu = await startEmulator({ seed: 'demo' });
    });
    after(() => emu.dispose());

    it('20 repositories read through every git-reading module, then deleted: no git child process left, open descriptors back where they were', async function () {
      this.timeout(120_000);
      const ada = basic('ada');
      const fdsBefore = openFds();
      const childrenBefore = gitChildren().length;
      for (let i = 0; i < 20; i++) {
        const name = `touched-${i}`;
        assert.equal((await call(emu, 'POST', '/user/repos', { auth: ada, body: { name, auto_init: true } })).status, 201);
        const master = (await call(emu, 'GET', `/repos/ada/${name}/git/refs/heads/master`, { auth: ada })).json.object.sha as string;
        // git data (commits, trees), releases (the tag's commit) and the archive: each module that reads objects.
        assert.equal((await call(emu, 'GET', `/repos/ada/${name}/git/commits/${master}`, { auth: ada })).status, 200);
        const tree = (await call(emu, 'GET', `/repos/ada/${name}/git/trees/${master}?recursive=1`, { auth: ada })).json.tree as Array<{ sha: string }>;
        assert.equal((await call(emu, 'GET', `/repos/ada/${name}/git/blobs/${tree[0]!.sha}`, { auth: ada })).status, 200);
        assert.equal((await call(emu, 'POST', `/repos/ada/${name}/releases`, { auth: ada, body: { tag_name: 'v1', target_commitish: 'master' } })).status, 201);
      }
      for (let i = 0; i < 20; i++) assert.equal((await call(emu, 'DELETE', `/repos/ada/touched-${i}`, { auth: ada })).status, 204);
      assert.deepEqual(gitChildren().length, childrenBefore, `git children: ${gitChildren().join(', ')}`);
      assert.ok(openFds() <= fdsBefore + 4, `open descriptors: ${fdsBefore} before, ${openFds()} after`);
    });
  });

  describe('response cache', () => {
    it('bounded in bytes: 40 distinct 100 KB answers keep at most 1 MB; a 2 MB answer is not kept', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bounded-'));
      const db = openDatabase(dir, []);
      const app = Fastify({ logger: false });
      const cache = installResponseCache(app, db, { maxEntries: 1000, maxBytes: 1024 * 1024, maxEntryBytes: 1024 * 1024 });
      app.get('/big/:n', { config: { cacheable: true } }, async (req) => JSON.stringify({ n: (req.params as { n: string }).n, text: 'x'.repeat(50_000) }));
      app.get('/huge', { config: { cacheable: true } }, async () => JSON.stringify({ text: 'x'.repeat(1024 * 1024) }));
      try {
        for (let n = 0; n < 40; n++) assert.equal((await app.inject({ url: `/big/${n}` })).statusCode, 200);
        assert.ok(cache.bytes() <= 1024 * 1024, `${cache.bytes()} bytes kept`);
        assert.ok(cache.size() >= 5 && cache.size() < 40, `${cache.size()} entries kept`);
        const before = cache.size();
        assert.equal((await app.inject({ url: '/huge' })).statusCode, 200);
        assert.equal(cache.size(), before, 'the 2 MB answer was kept');
      } finally {
        await app.close();
        db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('counters expire', () => {
    let emu: TestEmulator;
    before(async () => {
      emu = await startEmulator({ seed: 'demo' });
    });
    after(() => emu.dispose());

    it('per-login failure counters: 2,000 refused logins within the window are kept, and dropped once the window has passed', () => {
      let now = 1_000_000;
      const auth = new Authenticator(emu.db, { lockoutThreshold: 5, lockoutWindowMs: 60_000, verify: () => false, now: () => now });
      const fakeReq = (value: string) =>
        ({ headers: { authorization: `Basic ${Buffer.from(value).toString('base64')}` }, query: {} }) as unknown as FastifyRequest;
      for (let i = 0; i < 2000; i++) {
        assert.throws(
          () => auth.authenticate(fakeReq(`nobody-${i}:guess`)),
          (e: { status?: number }) => e.status === 401,
        );
        now += 10;
      }
      assert.equal(auth.failureCount, 2000);
      now += 60_000;
      assert.throws(() => auth.authenticate(fakeReq('one-more:guess')));
      assert.equal(auth.failureCount, 1);
      // The lockout itself still works: five failures of one login lock it.
      for (let i = 0; i < 4; i++)
        assert.throws(
          () => auth.authenticate(fakeReq('one-more:guess')),
          (e: { status?: number }) => e.status === 401,
        );
      assert.throws(
        () => auth.authenticate(fakeReq('one-more:guess')),
        (e: { status?: number }) => e.status === 403,
      );
    });

    it('per-address rate-limit windows: 5,000 addresses seen once leave no window behind once their windows have ended', () => {
      let now = 1_000_000;
      const limiter = new RateLimiter({ authenticated: 5000, unauthenticated: 60, application: 5000 }, 60_000, '', () => now);
      const reply = { header: () => reply } as never;
      for (let i = 0; i < 5000; i++) limiter.consume({ auth: { kind: 'anonymous' }, ip: `10.0.${i >> 8}.${i & 255}` } as unknown as FastifyRequest, reply);
      assert.equal(limiter.size, 5000);
      now += 60_001;
      for (let i = 0; i < 3000; i++) limiter.consume({ auth: { kind: 'anonymous' }, ip: `10.1.${i >> 8}.${i & 255}` } as unknown as FastifyRequest, reply);
      assert.ok(limiter.size <= 3000, `${limiter.size} windows held`);
    });
  });
});
