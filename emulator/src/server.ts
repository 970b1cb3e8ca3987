// Builds the emulator: one Fastify server for the hosting service (v3, at `/`
// and `/api/v3/`), its OAuth pages (`/login/oauth/`) and the engagement
// service (`/api/v2/`), over one SQLite database and real bare git repositories.
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { openDatabase, type Db, type Migration } from './db';
import { resolveLimits, type EmulatorOptions, type ResolvedLimits } from './options';
import { EventBus } from './events';
import { redactUrl } from './redact';
import { registerCors } from './cors';
import { connectionSwitch } from './connections';
import { drawLatency } from './latency';
import type { GitEnvironment } from './git';
import { crashPointFromEnv, SeedCrashPoints } from './seed/crash-points';
import { completedSeed, discardUnfinishedSeed, hasUnfinishedSeed, markSeedDone, markSeedStarted, markServed, neverServed } from './seed/unfinished';
import { notFound } from './hosting/conventions/errors';
import { loadScenarioFile, type LoadedScenario } from './scenario/load';

export interface Emulator {
  app: FastifyInstance;
  db: Db;
  /** Base URL the server answers on, without a trailing slash. */
  url: string;
  /** Base URL of the v3 API: `url`, or `url` and `/api/v3` with the `pathPrefix` option. */
  apiUrl: string;
  options: EmulatorOptions;
  /** The event bus of this server (tests subscribe to see what operations emitted). */
  events: EventBus;
  /** Requests answered before Fastify (ctx.answerEarly) so far (tests: the fast path was taken). */
  earlyAnswers(): number;
  /** Refuses connections (the port is closed, open connections dropped) until `resume()`; the data stays. */
  pause(): Promise<void>;
  /** Listens again on the same port after `pause()`. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** Everything a module of the emulator needs to register its routes. */
export interface EmulatorContext {
  db: Db;
  options: EmulatorOptions;
  /** Public base URL, resolved once listening (no trailing slash). */
  baseUrl(): string;
  /** Folder of the bare git repositories. */
  gitDir: string;
  /** What every git command runs with: HOME at the data folder's git-home, so no user configuration applies. */
  gitEnv: GitEnvironment;
  /** Work to run when the server closes (timers, child processes). */
  onClose(fn: () => void | Promise<void>): void;
  /** Writes a line to the emulator's log (never a secret). */
  log(line: string): void;
  /** The options with their defaults filled in. */
  limits: ResolvedLimits;
  /** Events that operations cause (webhooks subscribe here). */
  events: EventBus;
  /**
   * Adds a rewrite of request paths, run before routing on the path without
   * the enterprise prefix (path and query); `undefined` leaves it as it is.
   * Runs on every request: keep it synchronous and cheap.
   */
  rewritePath(fn: (url: string) => string | undefined): void;
  /** Marks a point of the seed where a crash test may kill the process (seed/crash-points.ts). */
  seedPoint(label: string): void;
  /**
   * Adds a responder that sees each raw request before Fastify does, once the
   * seed is loaded: it answers it and returns true, or returns false (having
   * written nothing) to let Fastify handle it. Its answer must be the one the
   * routes would give, byte for byte; the request log records it as usual.
   */
  answerEarly(fn: EarlyResponder): void;
}

/** See EmulatorContext.answerEarly; `req.url` is the path as sent (enterprise prefix included). */
export type EarlyResponder = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What every request but `GET /health` gets (503) until the seed is complete. */
export const SEEDING_MESSAGE = 'The emulator is loading its seed; try again shortly.';

/** Path prefix of the enterprise form of the v3 API. */
const ENTERPRISE_PREFIX = '/api/v3';

declare module 'fastify' {
  interface FastifyRequest {
    /** `/api/v3` when the request came in the enterprise form, else ''. */
    apiPrefix: string;
    /** The server's public base URL (no trailing slash, no prefix). */
    baseUrl: string;
  }
}

/** A module of the emulator: its tables and its routes. */
export interface EmulatorModule {
  name: string;
  migrations: readonly Migration[];
  register(app: FastifyInstance, ctx: EmulatorContext): Promise<void> | void;
  /** Loads this module's part of a seed into an empty database: the demo, or a scenario file's data. */
  seed?(ctx: EmulatorContext, seed: 'demo' | LoadedScenario): Promise<void> | void;
  /** Runs once the server listens with its seed loaded, before any request but /health is answered (recovery of a killed run's work). */
  ready?(ctx: EmulatorContext): Promise<void> | void;
}

const modules: EmulatorModule[] = [];

/** Modules add themselves here (see emulator/src/modules.ts). */
export function useModules(list: EmulatorModule[]): void {
  modules.splice(0, modules.length, ...list);
}

export async function createEmulator(options: EmulatorOptions, log: (line: string) => void = () => {}): Promise<Emulator> {
  // A scenario file is read and checked before the data folder is touched: a bad one changes nothing.
  const seed = options.seed === undefined || options.seed === 'demo' ? options.seed : loadScenarioFile(options.seed);
  const { db, gitDir, gitEnv } = openDataFolder(options.dataDir, log);
  const server = newServerState(options);
  const ctx = newContext(options, log, db, gitDir, gitEnv, server);
  const app = newFastify(server);

  // First of all hooks: a preflight is answered before authentication, rate limits and the seeding gate.
  await registerCors(app, options.corsOrigins ?? ['*'], server.limits.vendor);
  installRequestHooks(app, options, log, server);
  const tracker = trackRoutes(app);
  const readiness = { ready: false };
  const earlyAnswers = installEarlyResponders(app, options, log, server, readiness);
  installSeedingGate(app, readiness);
  await registerModules(app, ctx, tracker);

  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  if (!options.baseUrl) server.baseUrl = `http://${hostForUrl}:${port}`;

  try {
    await loadSeed(ctx, seed);
  } catch (err) {
    // A failed seed must not leave a listening server behind.
    await app.close();
    for (const fn of server.closers.reverse()) await fn();
    db.close();
    throw err;
  }
  for (const m of modules) await m.ready?.(ctx);
  readiness.ready = true;

  const connections = connectionSwitch(app.server, options.host, port);
  let closed = false;
  return {
    app,
    db,
    url: server.baseUrl,
    apiUrl: `${server.baseUrl}${options.pathPrefix ?? ''}`,
    options,
    events: ctx.events,
    earlyAnswers,
    pause: () => connections.pause(),
    resume: () => connections.resume(),
    async close() {
      if (closed) return;
      closed = true;
      connections.dispose();
      await app.close();
      ctx.events.close();
      for (const fn of server.closers.reverse()) await fn();
      db.close();
    },
  };
}

/**
 * The data folder's database (migrated) and git folders. A seed a kill
 * interrupted is discarded first, and so are repositories left half-built.
 */
function openDataFolder(dataDir: string, log: (line: string) => void): { db: Db; gitDir: string; gitEnv: GitEnvironment } {
  const gitDir = path.join(dataDir, 'git');
  fs.mkdirSync(gitDir, { recursive: true });
  removeUnfinishedRepositories(gitDir, log);
  const gitEnv: GitEnvironment = { homeDir: path.join(dataDir, 'git-home') };
  fs.mkdirSync(gitEnv.homeDir, { recursive: true });
  const migrations = modules.flatMap((m) => m.migrations);
  let db = openDatabase(dataDir, migrations);
  if (hasUnfinishedSeed(db)) {
    db.close();
    discardUnfinishedSeed(dataDir, gitDir);
    log('an earlier run was stopped during its seed: its partial data was removed and the seed starts again');
    db = openDatabase(dataDir, migrations);
  }
  return { db, gitDir, gitEnv };
}

/** What the server's steps share: what modules added to the context, and the base URL once known. */
interface ServerState {
  baseUrl: string;
  limits: ResolvedLimits;
  closers: Array<() => void | Promise<void>>;
  pathRewrites: Array<(url: string) => string | undefined>;
  earlyResponders: EarlyResponder[];
  /** Raw requests that came in the enterprise form (`/api/v3/...`). */
  prefixed: WeakSet<object>;
}

function newServerState(options: EmulatorOptions): ServerState {
  return {
    baseUrl: options.baseUrl ?? '',
    limits: resolveLimits(options),
    closers: [],
    pathRewrites: [],
    earlyResponders: [],
    prefixed: new WeakSet<object>(),
  };
}

function newContext(
  options: EmulatorOptions,
  log: (line: string) => void,
  db: Db,
  gitDir: string,
  gitEnv: GitEnvironment,
  server: ServerState,
): EmulatorContext {
  const crashPoints = new SeedCrashPoints(crashPointFromEnv(), log);
  return {
    db,
    options,
    gitDir,
    gitEnv,
    baseUrl: () => server.baseUrl,
    onClose: (fn) => server.closers.push(fn),
    log,
    limits: server.limits,
    events: new EventBus(log),
    rewritePath: (fn) => server.pathRewrites.push(fn),
    seedPoint: (label) => crashPoints.point(label),
    answerEarly: (fn) => server.earlyResponders.push(fn),
  };
}

/**
 * The hosting API answers at `/` and at `/api/v3/` (the enterprise form): one
 * set of routes, the prefix remembered so that URLs are built the same way.
 * Modules' rewrites (ctx.rewritePath) then apply to the unprefixed path.
 */
function rewritePath(server: ServerState, sent: string): { url: string; prefixed: boolean } {
  let url = sent;
  let prefixed = false;
  if (url === ENTERPRISE_PREFIX || url.startsWith(`${ENTERPRISE_PREFIX}/`) || url.startsWith(`${ENTERPRISE_PREFIX}?`)) {
    prefixed = true;
    const rest = url.slice(ENTERPRISE_PREFIX.length);
    url = rest.startsWith('/') ? rest : `/${rest}`;
  }
  for (const fn of server.pathRewrites) url = fn(url) ?? url;
  return { url, prefixed };
}

function newFastify(server: ServerState): FastifyInstance {
  return Fastify({
    logger: false,
    bodyLimit: server.limits.bodyLimitBytes,
    rewriteUrl(req) {
      const { url, prefixed: isPrefixed } = rewritePath(server, req.url ?? '/');
      if (isPrefixed) server.prefixed.add(req);
      return url;
    },
    // Repository and ref names carry dots and slashes; keep paths as sent.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    forceCloseConnections: true,
    // A path the router cannot decode (a broken `%` escape) or a bad content
    // type: 400 in the API's own error shape, never Fastify's.
    frameworkErrors(error, req, res) {
      const reply = res as FastifyReply;
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const message = (error as { code?: string }).code === 'FST_ERR_BAD_URL' ? 'Bad Request: the path is not valid percent-encoding' : error.message;
      reply.code(status >= 400 && status < 500 ? status : 400);
      void (req.url.startsWith('/api/v2/') ? reply.send({ success: false, statusMessage: message }) : reply.send({ message }));
    },
  });
}

/** The request log, and what every request carries: its API prefix and the base URL. */
function installRequestHooks(app: FastifyInstance, options: EmulatorOptions, log: (line: string) => void, server: ServerState): void {
  if (options.logRequests) {
    app.addHook('onResponse', async (req, reply) => {
      log(`${req.method} ${redactUrl(req.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
    });
  }
  app.decorateRequest('apiPrefix', '');
  app.decorateRequest('baseUrl', '');
  app.addHook('onRequest', async (req) => {
    req.apiPrefix = server.prefixed.has(req.raw) ? ENTERPRISE_PREFIX : '';
    req.baseUrl = server.baseUrl;
    // An enterprise install serves its API only under the prefix.
    if (options.pathPrefix && !req.apiPrefix && (req.routeOptions.config as { hosting?: boolean } | undefined)?.hosting) {
      throw notFound();
    }
  });
}

/** What trackRoutes saw: the PATCH routes, and which module is registering. */
interface RouteTracker {
  patchRoutes: RouteOptions[];
  registering: string | undefined;
}

/**
 * POST is accepted wherever PATCH is (docs/service-api/hosting/conventions §6): every PATCH route
 * is kept to get a POST twin. With `pathPrefix` the hosting API's routes
 * refuse a request without it (installRequestHooks): a route is the API's
 * when a hosting module (`hosting-*`) registered it, unless it is a web-style
 * path at the root (`/:owner/...`: git over HTTP, release downloads).
 */
function trackRoutes(app: FastifyInstance): RouteTracker {
  const tracker: RouteTracker = { patchRoutes: [], registering: undefined };
  app.addHook('onRoute', (route) => {
    if (tracker.registering?.startsWith('hosting-') && !route.url.startsWith('/:')) {
      route.config = { ...route.config, hosting: true } as typeof route.config;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('PATCH')) tracker.patchRoutes.push(route);
  });
  return tracker;
}

/**
 * The `latency` option's wait, then the responders ahead of Fastify
 * (ctx.answerEarly): Fastify's own listener on the server runs only for what they leave. Its server settings (keep-alive
 * timeout and the like) stay as Fastify made them. Returns the count of
 * requests they answered.
 */
function installEarlyResponders(
  app: FastifyInstance,
  options: EmulatorOptions,
  log: (line: string) => void,
  server: ServerState,
  readiness: { ready: boolean },
): () => number {
  let earlyAnswers = 0;
  const listeners = app.server.listeners('request');
  if (listeners.length !== 1) throw new Error(`expected Fastify's one request listener on its server, found ${listeners.length}`);
  const fastifyListener = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
  app.server.removeListener('request', fastifyListener);
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (readiness.ready && server.earlyResponders.length > 0) {
      const started = options.logRequests ? performance.now() : 0;
      for (const answer of server.earlyResponders) {
        if (!answer(req, res)) continue;
        earlyAnswers++;
        // The line of the onResponse hook (installRequestHooks), for the same request.
        if (options.logRequests) {
          res.once('finish', () =>
            log(`${req.method} ${redactUrl(rewritePath(server, req.url ?? '/').url)} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`),
          );
        }
        return;
      }
    }
    fastifyListener(req, res);
  };
  const { latency } = options;
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const delay = latency ? drawLatency(latency) : 0;
    if (delay > 0) setTimeout(() => answer(req, res), delay).unref();
    else answer(req, res);
  });
  return () => earlyAnswers;
}

/**
 * Until the seed is complete every request but `GET /health` gets 503 with
 * Retry-After: the port opens before the seed runs (the seed needs the final
 * base URL), and no caller may see a half-seeded service.
 */
function installSeedingGate(app: FastifyInstance, readiness: { ready: boolean }): void {
  app.addHook('onRequest', async (req, reply) => {
    if (readiness.ready || ((req.method === 'GET' || req.method === 'HEAD') && req.url.split('?')[0] === '/health')) return;
    reply.code(503).header('Retry-After', '1');
    if (req.url.startsWith('/api/v2/') || req.url === '/api/v2') return reply.send({ success: false, statusMessage: SEEDING_MESSAGE });
    return reply.send({ message: SEEDING_MESSAGE });
  });
  app.get('/health', async () => ({ status: readiness.ready ? 'ok' : 'seeding', uptime_seconds: Math.round(process.uptime()) }));
}

/** Every module's routes, in order, then the POST twins of the PATCH routes. */
async function registerModules(app: FastifyInstance, ctx: EmulatorContext, tracker: RouteTracker): Promise<void> {
  for (const m of modules) {
    tracker.registering = m.name;
    await m.register(app, ctx);
  }
  tracker.registering = undefined;
  await app.after();
  for (const route of tracker.patchRoutes) {
    if (app.hasRoute({ method: 'POST', url: route.url })) continue;
    app.route({ ...route, method: 'POST', url: route.url });
  }
}

/** The seed, into a database that has not completed it; a database without a seed is marked as having served. */
async function loadSeed(ctx: EmulatorContext, seed: 'demo' | LoadedScenario | undefined): Promise<void> {
  const { db, options } = ctx;
  if (options.seed && !completedSeed(db)) {
    // Only a seed into a database that never served a request may be discarded if it does not finish.
    if (neverServed(db)) markSeedStarted(db, options.seed);
    for (const m of modules) {
      if (!m.seed) continue;
      ctx.seedPoint(`before ${m.name}`);
      await m.seed(ctx, seed!);
    }
    ctx.seedPoint('before the seed marker');
    markSeedDone(db, options.seed);
  }
  if (!completedSeed(db)) markServed(db);
}

/**
 * Removes `.tmp-*.git` folders a killed process left behind: a repository is
 * built under such a name and renamed into place only once complete and
 * recorded, so a leftover is never an acknowledged write.
 */
function removeUnfinishedRepositories(gitDir: string, log: (line: string) => void = () => {}): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(gitDir)) {
    if (!/^\.tmp-.*\.git$/.test(name)) continue;
    fs.rmSync(path.join(gitDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  if (removed.length) log(`removed ${removed.length} unfinished repositor${removed.length === 1 ? 'y' : 'ies'} left by an earlier run`);
  return removed;
}

/**
 * The meta module: the emulator's own bookkeeping (`emulator_meta`: the seed's
 * state), not a service's. Its migration id keeps the module's former name.
 */
export const metaModule: EmulatorModule = {
  name: 'meta',
  migrations: [{ id: 'core/001-meta', sql: 'CREATE TABLE emulator_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)' }],
  register() {},
};
