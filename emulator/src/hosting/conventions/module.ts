// The hosting conventions module: what every route of the hosting API gets
// (User-Agent, authentication, rate limits, media type, JSON bodies, ETags,
// errors), and GET /rate_limit. No tables of its own; listed first among the
// hosting modules so that its hooks run before every route's.
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext, EmulatorModule } from '../../server';
import { Authenticator } from './auth';
import { installConventions } from './conventions';
import { installErrorHandler } from './errors';
import { RateLimiter } from './rate-limit';
import { installResponseCache } from './response-cache';

export interface ConventionServices {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  searchLimiter: RateLimiter;
}

const services = new WeakMap<EmulatorContext, ConventionServices>();

/** The authenticator and rate limiter of an emulator (e.g. to check a token without counting a failure). */
export function conventionServices(ctx: EmulatorContext): ConventionServices {
  const s = services.get(ctx);
  if (!s) throw new Error('the hosting conventions module is not registered');
  return s;
}

export const hostingConventionsModule: EmulatorModule = {
  name: 'hosting-conventions',
  migrations: [],
  register(app: FastifyInstance, ctx: EmulatorContext) {
    const l = ctx.limits;
    const now = ctx.options.clock ?? (() => Date.now());
    const authenticator = new Authenticator(ctx.db, { lockoutThreshold: l.loginLockoutThreshold, lockoutWindowMs: l.loginLockoutWindowSeconds * 1000, now });
    const rateLimiter = new RateLimiter(l.rateLimits, l.rateLimitWindowSeconds * 1000, '', now);
    // Search: searchRateLimit a minute for users and applications, half of it for an address.
    const searchLimits = { authenticated: l.searchRateLimit, application: l.searchRateLimit, unauthenticated: Math.max(1, Math.floor(l.searchRateLimit / 2)) };
    const searchLimiter = new RateLimiter(searchLimits, 60_000, 'search:', now);
    services.set(ctx, { authenticator, rateLimiter, searchLimiter });
    installErrorHandler(app, l.docsUrl, ctx.log);
    installConventions(app, { vendor: l.vendor, authenticator, rateLimiter, searchLimiter });
    installResponseCache(app, ctx.db, undefined, { rateLimiter, authenticator, answerEarly: ctx.answerEarly });

    // GET /rate_limit: the caller's status; this call itself is given back.
    app.get('/rate_limit', async (req, reply) => {
      rateLimiter.refund(req, reply);
      const core = rateLimiter.status(req);
      const search = searchLimiter.status(req);
      return { resources: { core, search }, rate: core };
    });
  },
};
