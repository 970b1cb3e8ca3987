// The customer-engagement service (v2) of the emulator: one Fastify plugin
// under /api/v2 with its own body parsers, error handler and 404 handler, so
// nothing of it leaks onto the v3 routes or the other way round.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { EmulatorContext, EmulatorModule } from '../server';
import { registerAuth } from './auth';
import { registerCaseRoutes } from './case-routes';
import { registerContactRoutes } from './contact-routes';
import type { EngagementContext } from './context';
import { parseOffset } from './dates';
import { registerMessageRoutes } from './message-routes';
import { engagementMigrations } from './schema';
import { badRequest, jsonTooDeep, MAX_JSON_DEPTH, EngagementError } from './params';

const DEFAULT_TOKEN_TTL_SECONDS = 3600;
const DEFAULT_TIME_ZONE = '-0300';

function engagementContext(ctx: EmulatorContext): EngagementContext {
  const ttl = ctx.options.engagementTokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  if (!(ttl > 0)) throw new Error(`engagementTokenTtlSeconds must be positive, got ${ttl}`);
  return {
    db: ctx.db,
    offsetMinutes: parseOffset(ctx.options.engagementTimeZone ?? DEFAULT_TIME_ZONE),
    tokenTtlMs: ttl * 1000,
    baseUrl: ctx.baseUrl,
    now: ctx.options.clock ?? (() => Date.now()),
  };
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

async function engagementPlugin(app: FastifyInstance, opts: { v2: EngagementContext; log: (line: string) => void }): Promise<void> {
  // Our own form parser (repeated names kept) even if the server gained one: removal here only affects this plugin.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, new URLSearchParams(body as string)));
  if (app.hasContentTypeParser(JSON_TYPE)) app.removeContentTypeParser(JSON_TYPE);
  app.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (_req, body, done) => {
    if (jsonTooDeep(body as string)) return done(badRequest(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    try {
      done(null, (body as string).trim() === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON; send parameters as a form or a query string'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | EngagementError, _req, reply) => {
    if (error instanceof EngagementError) return reply.code(error.status).send({ success: false, statusMessage: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      opts.log(`v2: internal error: ${error.stack ?? error.message}`);
      return reply.code(500).send({ success: false, statusMessage: 'Internal error of the emulator' });
    }
    return reply.code(status).send({ success: false, statusMessage: error.message });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ success: false, statusMessage: `No such resource: ${req.method} ${req.url.split('?')[0]}` }));

  registerAuth(app, opts.v2);
  registerContactRoutes(app, opts.v2);
  registerCaseRoutes(app, opts.v2);
  registerMessageRoutes(app, opts.v2);
}

const contexts = new WeakMap<EmulatorContext, EngagementContext>();

/** The v2 context of a server (one per EmulatorContext), for the routes and the seed. */
export const contextOf = (ctx: EmulatorContext): EngagementContext => {
  let v2 = contexts.get(ctx);
  if (!v2) contexts.set(ctx, (v2 = engagementContext(ctx)));
  return v2;
};

export const engagementModule: EmulatorModule = {
  name: 'engagement',
  migrations: engagementMigrations,
  async register(app, ctx) {
    await app.register(engagementPlugin, { prefix: '/api/v2', v2: contextOf(ctx), log: ctx.log });
  },
};
