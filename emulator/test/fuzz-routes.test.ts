// Bad input over every route of both APIs (and the web and OAuth pages):
// the routes come from the running app, so a new route is fuzzed without
// being listed here. A fixed number of cases per route from a seeded PRNG
// (REPODESK_FUZZ_SEED, REPODESK_FUZZ_CASES to change them); no answer may be
// a 5xx or a dropped connection, API errors keep the API's JSON shape, and
// afterwards the demo repositories, their refs, pull requests and git data,
// and the engagement service's records read exactly as before. The routes
// `--vendor github` adds are served only with it: a second run starts the
// emulator with the option and fuzzes those, with what they read besides.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { createEmulator, useModules, type EmulatorModule } from '../src/server';
import { allModules } from '../src/modules';
import { repoGitPath } from '../src/git';
import { vendorGithubModule } from '../src/hosting/vendor-github/module';
import { copyOfSeededDemo, type TestEmulator } from './support/emulator';
import { basic, call, makeToken } from './helpers/hosting';
import { body, hash32, paramValue, pick, prng, query, vendorGithubInputs, type Body, type Known } from './fuzz/inputs';

const SEED = Number(process.env.REPODESK_FUZZ_SEED ?? 20_261_123);
const CASES = Number(process.env.REPODESK_FUZZ_CASES ?? 8);
const run = promisify(execFile);
const DEMO_REPOS = ['analytical-engines/difference-engine', 'ada/notes-on-the-engine'];
const ada = basic('ada');

interface Route {
  method: string;
  url: string;
  /** The module that registered it; '' for the POST twins of PATCH routes, added after every module. */
  module: string;
}
interface Sent {
  status: number;
  text: string;
  error?: string;
}

/**
 * Sends exactly these bytes (fetch would refuse some of them), one connection
 * a request: a server may close a kept-alive connection after answering
 * early, and a client that reuses it sees a reset that says nothing about
 * the request it sent. A reset after the answer arrived is not a failure.
 */
function send(base: URL, method: string, target: string, headers: Record<string, string>, payload?: Body): Promise<Sent> {
  return new Promise((resolve) => {
    const h: Record<string, string | number> = { 'User-Agent': 'repodesk-fuzz', Connection: 'close', ...headers };
    if (payload) {
      if (payload.contentType) h['Content-Type'] = payload.contentType;
      h['Content-Length'] = payload.bytes.length;
    } else if (method === 'PUT' || method === 'POST' || method === 'PATCH') h['Content-Length'] = 0;
    let status = 0;
    const chunks: Buffer[] = [];
    const done = (error?: string) => resolve({ status, text: Buffer.concat(chunks).toString('utf8'), ...(status === 0 && error ? { error } : {}) });
    // Link headers repeat the query four times (first, prev, next, last): a 9 KB query makes them larger than Node's default 16 KB.
    const req = http.request(
      { host: base.hostname, port: base.port, method, path: target, headers: h, agent: false, timeout: 30_000, maxHeaderSize: 256 * 1024 },
      (res) => {
        status = res.statusCode ?? 0;
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done());
        res.on('error', (e) => done(e.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (e) => done(e.message));
    req.end(payload?.bytes);
  });
}

/** Whether an error answer keeps its API's shape (v2: success false; v3: a message). Pages and git's smart HTTP answer text. */
function shapeProblem(route: Route, sent: Sent): string | undefined {
  // 431: the request line and headers passed Node's 16 KB before any route saw them; Node's parser answers that one itself.
  if (sent.status < 400 || sent.status === 431 || route.method === 'HEAD') return undefined;
  const isEngagement = route.url.startsWith('/api/v2/');
  const isApi =
    isEngagement ||
    /^\/(repos|user|users|orgs|teams|gists|authorizations|applications|hooks|legacy|rate_limit|repositories|gitignore|avatars)\b/.test(route.url);
  if (!isApi) return undefined;
  try {
    const answer = JSON.parse(sent.text) as { success?: unknown; message?: unknown };
    if (isEngagement ? answer.success === false : typeof answer.message === 'string') return undefined;
  } catch {
    // not JSON
  }
  return `error body not in the API's shape: ${sent.text.slice(0, 120)}`;
}

/**
 * Every module, each route it registers recorded in `routes` with the
 * module's name: Fastify runs onRoute hooks as a route is added, and the
 * modules register one after another (server.ts, registerModules).
 */
function recordingRoutes(routes: Route[]): EmulatorModule[] {
  let registering = '';
  const recorder: EmulatorModule = {
    name: 'route-recorder',
    migrations: [],
    register(app) {
      app.addHook('onRoute', (r) => {
        for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, module: registering });
      });
    },
  };
  const named = allModules.map((m): EmulatorModule => ({
    ...m,
    async register(app, ctx) {
      registering = m.name;
      await m.register(app, ctx);
      registering = '';
    },
  }));
  return [recorder, ...named];
}

/** The emulator on a copy of the seeded demo, `vendor` as given, its routes recorded in `routes` as they are registered. */
async function startFuzzEmulator(routes: Route[], vendor?: string): Promise<TestEmulator> {
  const dataDir = await copyOfSeededDemo();
  useModules(recordingRoutes(routes));
  // Limits out of the way, so that the cases reach the handlers rather than the rate limit or a login lockout.
  const emulator = await createEmulator({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logRequests: false,
    seed: 'demo',
    ...(vendor !== undefined && { vendor }),
    rateLimits: { authenticated: 1e6, unauthenticated: 1e6, application: 1e6 },
    searchRateLimit: 1e6,
    loginLockoutThreshold: 1e6,
  });
  return Object.assign(emulator, {
    dataDir,
    dispose: async () => {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** The demo's last v2 record ids, read before any case (every run starts on the same seeded demo): the records the cases add come after them. */
const seeded: { case?: number; contact?: number } = {};
/** What must not change: the demo repositories as ada sees them, their refs and pull requests, and the v2 records. */
async function snapshot(emu: TestEmulator, engagementToken: string): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const full of DEMO_REPOS) {
    const repo = (await call(emu, 'GET', `/repos/${full}`, { auth: ada })).json;
    out[full] = {
      repo: [repo.full_name, repo.description, repo.default_branch, repo.private, repo.owner.login],
      refs: (await call(emu, 'GET', `/repos/${full}/git/refs?per_page=100`, { auth: ada })).json,
      pulls: (
        (await call(emu, 'GET', `/repos/${full}/pulls?state=all&per_page=100`, { auth: ada })).json as Array<Record<string, { sha: string; ref: string }>>
      ).map((p) => [p.number, p.state, p.title, p.head!.sha, p.base!.ref]),
    };
  }
  // The seeded records but 1-3, which the fuzzer addresses with plausible ids (and may change legitimately).
  const fields = {
    case: ['id', 'subject', 'state', 'priority', 'source', 'creation_date'],
    contact: ['id', 'name', 'first_name', 'last_name', 'crm_id', 'creation_date'],
  };
  for (const kind of ['case', 'contact'] as const) {
    const list = await call(emu, 'GET', `/api/v2/${kind}?access_token=${engagementToken}&count=100`);
    const items = list.json.items as Array<Record<string, unknown> & { id: number }>;
    seeded[kind] ??= Math.max(...items.map((item) => item.id));
    out[kind] = items.filter((item) => item.id > 3 && item.id <= seeded[kind]!).map((item) => fields[kind].map((f) => item[f]));
  }
  return out;
}

async function engagementLogin(emu: TestEmulator): Promise<string> {
  const res = await call(emu, 'POST', '/api/v2/authenticate', { body: { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' } });
  return res.json.access_token as string;
}

/** ada's repository the cases may write to, delete or rename: created (again) with one commit on master. */
async function createFuzzTarget(emu: TestEmulator): Promise<{ status: number; sha: string }> {
  const created = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'fuzz-target', auto_init: true } });
  const sha = (await call(emu, 'GET', '/repos/ada/fuzz-target/git/refs/heads/master', { auth: ada })).json.object.sha as string;
  return { status: created.status, sha };
}

/** What some routes read besides what every route is sent (fuzz/inputs.ts, vendorGithubInputs). */
interface Extras {
  plausible?: Record<string, unknown>;
  /** Media types to send as Accept ('' for none). */
  accepts?: readonly string[];
  queries?: readonly string[];
  /** The plausible values of a route's wildcard (`*`). */
  rest?: (url: string, known: Known) => readonly string[] | undefined;
}

/** What a run saw: its failures, how many requests it sent, and how many got each status (0: no answer). */
interface Outcome {
  failures: string[];
  tried: number;
  byStatus: Map<number, number>;
}

/**
 * CASES cases a route, each a request from the route's own seeded stream;
 * the failures are the 5xx answers, the dropped connections and the API
 * errors outside the API's shape.
 */
async function fuzz(emu: TestEmulator, routes: readonly Route[], extras: Extras = {}): Promise<Outcome> {
  const target = await createFuzzTarget(emu);
  assert.equal(target.status, 201);
  const fuzzRepo: Known = { owner: 'ada', repo: 'fuzz-target', sha: target.sha };
  const base = new URL(emu.url);
  const failures: string[] = [];
  let tried = 0;
  const byStatus = new Map<number, number>();
  for (const route of routes) {
    const token = makeToken(emu, 'ada', ['repo', 'user', 'delete_repo', 'admin:org', 'admin:repo_hook', 'admin:org_hook', 'gist', 'admin:public_key']);
    const engagementToken = route.url.startsWith('/api/v2/') ? await engagementLogin(emu) : '';
    const rest = extras.rest?.(route.url, fuzzRepo);
    for (let i = 0; i < CASES; i++) {
      const r = prng(hash32(`${SEED} ${route.method} ${route.url} ${i}`));
      let target = route.url.replace(/:(\w+)|\*/g, (m, name: string | undefined) => paramValue(r, name ?? '*', fuzzRepo, rest));
      if (!route.url.startsWith('/api/v2/') && r() < 0.1) target = `/api/v3${target}`;
      let q = query(r, extras.queries);
      if (engagementToken && r() < 0.7) q = `${q ? `${q}&` : '?'}access_token=${engagementToken}`;
      target += q;
      const headers: Record<string, string> = {};
      const who = r();
      if (who < 0.6) headers.Authorization = `token ${token}`;
      else if (who < 0.75) headers.Authorization = ada;
      else if (who < 0.85)
        headers.Authorization = pick(r, [
          'Basic %%%',
          'Basic ' + Buffer.from('ada\u0000:x').toString('base64'),
          'token \u00e9',
          `Basic ${'A'.repeat(10_000)}`,
          'Bearer',
        ]);
      const accept = extras.accepts ? pick(r, extras.accepts) : '';
      if (accept) headers.Accept = accept;
      const plausible = {
        name: `fuzz-${i}`,
        title: 'fuzz',
        body: 'fuzz',
        message: 'fuzz',
        sha: fuzzRepo.sha,
        ref: `refs/heads/fuzz-${i}`,
        head: 'master',
        base: 'master',
        tag_name: `fz-${i}`,
        content: 'eA==',
        encoding: 'base64',
        color: 'ff0000',
        config: { url: 'http://127.0.0.1:9/' },
        userName: 'ada',
        apiKey: 'ada-demo-api-key',
        password: 'ada-demo-password',
        subject: 'fuzz',
        ...extras.plausible,
      };
      const payload = route.method === 'GET' ? undefined : body(r, plausible);
      const sent = await send(base, route.method, target, headers, payload);
      tried++;
      byStatus.set(sent.status, (byStatus.get(sent.status) ?? 0) + 1);
      const where = `${route.method} ${route.url} case ${i} (${route.method} ${target.slice(0, 160)}${accept ? `, Accept ${accept}` : ''}, body ${payload?.kind ?? 'none'})`;
      if (sent.error || sent.status >= 500) failures.push(`${where} → ${sent.status} ${sent.error ?? sent.text.slice(0, 200)}`);
      const shape = shapeProblem(route, sent);
      if (shape) failures.push(`${where} → ${sent.status} ${shape}`);
    }
    // A case may have deleted or renamed the fuzz repository: bring it back for the next route.
    if ((await call(emu, 'GET', '/repos/ada/fuzz-target', { auth: ada })).status !== 200) fuzzRepo.sha = (await createFuzzTarget(emu)).sha;
  }
  return { failures, tried, byStatus };
}

/** The run's figures on the console, then no failure. */
function assertNoFailures(routes: readonly Route[], outcome: Outcome): void {
  const { failures, tried, byStatus } = outcome;
  const fiveHundreds = [...byStatus].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
  console.log(
    `      fuzz seed ${SEED}: ${routes.length} routes × ${CASES} cases = ${tried} requests; 5xx or dropped: ${fiveHundreds}; statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort((a, b) => a[0] - b[0])))}`,
  );
  assert.deepEqual(failures, [], `seed ${SEED}: ${failures.length} failures`);
}

/** The service is still up and the demo state is what it was: `before`, the database sound, the demo repositories' git data whole, no repository left half made. */
async function assertDemoUnchanged(emu: TestEmulator, before: unknown): Promise<void> {
  assert.equal((await call(emu, 'GET', '/health')).json.status, 'ok');
  assert.deepEqual(await snapshot(emu, await engagementLogin(emu)), before);
  assert.equal(emu.db.pragma('integrity_check', { simple: true }), 'ok');
  assert.deepEqual(emu.db.pragma('foreign_key_check'), []);
  for (const full of DEMO_REPOS) {
    const id = (await call(emu, 'GET', `/repos/${full}`, { auth: ada })).json.id as number;
    await run('git', ['--git-dir', repoGitPath(path.join(emu.dataDir, 'git'), id), 'fsck', '--no-dangling', '--no-progress']);
  }
  assert.deepEqual(
    fs.readdirSync(path.join(emu.dataDir, 'git')).filter((n) => n.startsWith('.tmp-')),
    [],
  );
}

describe('fuzz: bad input over every route answers 4xx, never 5xx, and changes nothing it should not', function () {
  this.timeout(600_000);
  let emu: TestEmulator;
  const routes: Route[] = [];
  before(async () => {
    emu = await startFuzzEmulator(routes);
  });
  after(() => emu?.dispose());

  it('every route, every case: no 5xx, no dropped connection, API errors in the API shape; the demo state reads the same afterwards', async () => {
    assert.ok(routes.length > 150, `only ${routes.length} routes were found`);
    const before = await snapshot(emu, await engagementLogin(emu));
    assertNoFailures(routes, await fuzz(emu, routes));
    await assertDemoUnchanged(emu, before);
  });
});

describe('fuzz with --vendor github: bad input over the routes it adds answers 4xx, never 5xx, and changes nothing it should not', function () {
  this.timeout(600_000);
  let emu: TestEmulator;
  const routes: Route[] = [];
  before(async () => {
    emu = await startFuzzEmulator(routes, 'github');
  });
  after(() => emu?.dispose());

  it('branches, contents (GET, PUT, DELETE), readme, commits, compare, raw files and the .diff/.patch addresses, every case with their media types: no 5xx, no dropped connection, API errors in the API shape; the demo state reads the same afterwards', async () => {
    const added = routes.filter((r) => r.module === vendorGithubModule.name);
    const names = added.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /repos/:owner/:repo/branches/*',
      'PUT /repos/:owner/:repo/contents/*',
      'DELETE /repos/:owner/:repo/contents/*',
      'GET /repos/:owner/:repo/readme',
      'GET /repos/:owner/:repo/commits',
      'GET /repos/:owner/:repo/compare/*',
      'GET /:owner/:repo/raw/*',
      'GET /:owner/:repo/pull/:number.diff',
      'GET /:owner/:repo/compare/*',
    ]) {
      assert.ok(names.includes(expected), `${expected} is not among the routes the option adds: ${names.join(', ')}`);
    }
    const before = await snapshot(emu, await engagementLogin(emu));
    assertNoFailures(added, await fuzz(emu, added, vendorGithubInputs));
    await assertDemoUnchanged(emu, before);
  });
});
