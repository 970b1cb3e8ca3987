// CORS on both APIs, so that a page in a browser can call the emulator, as the
// hosting service answers one (its "CORS" section): any origin by default
// (`Access-Control-Allow-Origin: *`), the headers a client reads exposed, a
// preflight answered 204 with the methods and headers it allows, before
// authentication, rate limits or the seeding gate (a preflight carries no
// credentials). `corsOrigins` narrows the origins (the matching one is echoed,
// with `Vary: Origin`); an empty list sends no CORS headers. The OAuth pages
// under /login/ send none: the token exchange is not for browsers there either.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { headerWord } from './hosting/conventions/vendor';

/** The methods a preflight allows. */
const CORS_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/** The request headers a preflight allows. */
function corsAllowedHeaders(vendor: string): string[] {
  return [
    'Authorization',
    'Content-Type',
    'If-Match',
    'If-Modified-Since',
    'If-None-Match',
    'If-Unmodified-Since',
    `X-${headerWord(vendor)}-OTP`,
    'X-Requested-With',
  ];
}

/** The response headers a page may read; Retry-After (the seeding 503) is the emulator's addition. */
function corsExposedHeaders(vendor: string): string[] {
  const word = headerWord(vendor);
  return [
    'ETag',
    'Link',
    `X-${word}-OTP`,
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'X-OAuth-Scopes',
    'X-Accepted-OAuth-Scopes',
    'X-Poll-Interval',
    `X-${word}-Media-Type`,
    'Retry-After',
  ];
}

/** Registers CORS first, so that a preflight is answered before every other hook. */
export async function registerCors(app: FastifyInstance, origins: readonly string[], vendor: string): Promise<void> {
  if (origins.length === 0) return;
  const allowed: FastifyCorsOptions = {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: CORS_METHODS,
    allowedHeaders: corsAllowedHeaders(vendor),
    exposedHeaders: corsExposedHeaders(vendor),
    maxAge: 86400,
    optionsSuccessStatus: 204,
    strictPreflight: false,
  };
  // Static options, normalized once: a delegator choosing them per request made
  // @fastify/cors normalize them on every request (4 % of the CPU of an
  // authenticated GET). The OAuth pages opt out per route instead.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/login/')) route.config = { ...route.config, cors: false } as typeof route.config;
  });
  await app.register(cors, allowed);
  // A preflight to an OAuth page: no CORS, as for its other requests (the 404 of an unknown route).
  app.options('/login/*', { config: { cors: false } }, (_req, reply) => reply.callNotFound());
}
