// Protocol conventions (docs/service-api/hosting/conventions §1–§15) for every
// v3 request: User-Agent required, credentials checked, rate limit counted, the
// media-type header, JSON bodies parsed strictly, ETags and conditional
// requests.
import { checkBodyText } from './text-input';
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from './auth';
import { ApiError, notAJsonHash, problemsParsingJson, validationFailed, type ValidationError } from './errors';
import type { RateLimiter } from './rate-limit';
import { headerWord } from './vendor';

/** Paths that belong to other services or pages, not to the v3 API. */
const NON_HOSTING_PREFIXES = ['/api/v2/', '/login/', '/health'];

/** Lets another module serve a non-v3 path (no v3 conventions applied there). */
export function excludeFromHosting(prefix: string): void {
  if (!NON_HOSTING_PREFIXES.includes(prefix)) NON_HOSTING_PREFIXES.push(prefix);
}

export function isHostingRequest(req: FastifyRequest): boolean {
  if (req.apiPrefix) return true;
  const url = req.url;
  return !NON_HOSTING_PREFIXES.some((p) => url === p || url.startsWith(p) || `${url}/` === p);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON body: invalid UTF-8 or JSON is 400 Problems parsing JSON; an empty body is no body. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw problemsParsingJson();
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw problemsParsingJson();
  }
}

export interface ConventionServices {
  vendor: string;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  /** The search limit (per minute), used instead of the core one for the search paths. */
  searchLimiter: RateLimiter;
}

/** Paths counted against the search limit rather than the core one. */
export function isSearchRequest(req: FastifyRequest): boolean {
  return req.url.startsWith('/legacy/') || req.url.startsWith('/search/');
}

export function installConventions(app: FastifyInstance, s: ConventionServices): void {
  // JSON whatever the content type says (curl -d sends form encoding), except
  // where another service registered its own parser for its paths.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  // text/plain too (fetch labels a string body so; octokit's bodiless PUT sends
  // "" that way): an empty body is no body, whatever its content type.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (req, body, done) => {
    if (!isHostingRequest(req)) return done(null, (body as Buffer).toString('utf8'));
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    if (!isHostingRequest(req)) return done(null, body);
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (req, reply) => {
    req.auth = { kind: 'anonymous' };
    if (!isHostingRequest(req)) return;
    const param = mediaTypeParam(req, s.vendor);
    reply.header(`X-${headerWord(s.vendor)}-Media-Type`, param ? `${s.vendor}.v3; param=${param}` : `${s.vendor}.v3`);
    reply.header('X-Accepted-OAuth-Scopes', '');
    const ua = req.headers['user-agent'];
    if (typeof ua !== 'string' || ua.trim() === '') {
      throw new ApiError(
        403,
        'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.',
        undefined,
        '/v3/#user-agent-required',
      );
    }
    let authError: unknown;
    try {
      req.auth = s.authenticator.authenticate(req);
    } catch (e) {
      authError = e;
    }
    (isSearchRequest(req) ? s.searchLimiter : s.rateLimiter).consume(req, reply);
    if (authError) throw authError;
    if (req.auth.kind === 'token') reply.header('X-OAuth-Scopes', req.auth.scopes.join(', '));
  });

  // A PUT with no body must say so with Content-Length: 0 (docs/service-api/hosting/conventions §6); an empty chunked body does not.
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'PUT' || !isHostingRequest(req) || req.headers['content-length'] !== undefined || req.body !== undefined) return;
    throw new ApiError(411, 'Length Required: a PUT without a body must send Content-Length: 0', undefined, '/v3/#http-verbs');
  });

  // ETag on every GET; If-None-Match / If-Modified-Since give 304, which is not counted.
  // The tag of a text body is remembered by Accept and body: a body from the
  // response cache is the same string each time, so the lookup costs no hashing.
  const etags = new Map<string, Map<string, string>>();
  const etagOf = (payload: string | Buffer, accept: string): string => {
    const compute = () => `"${crypto.createHash('sha1').update(payload).update(accept).digest('hex')}"`;
    if (typeof payload !== 'string') return compute();
    let byBody = etags.get(accept);
    if (!byBody) etags.set(accept, (byBody = new Map()));
    let etag = byBody.get(payload);
    if (etag === undefined) {
      if (byBody.size >= 500) byBody.clear();
      if (etags.size > 50) etags.clear();
      byBody.set(payload, (etag = compute()));
    }
    return etag;
  };
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200 || !isHostingRequest(req)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload, String(req.headers.accept ?? ''));
    reply.header('ETag', etag);
    reply.header('Cache-Control', req.auth.kind === 'anonymous' ? 'public, max-age=60' : 'private, max-age=60');
    // Added to what is there: CORS with listed origins has put `Origin` in it.
    reply.header('Vary', [reply.getHeader('Vary'), 'Accept, Authorization'].filter(Boolean).join(', '));
    if (!isNotModified(req.headers, etag, reply.getHeader('last-modified'))) return payload;
    (isSearchRequest(req) ? s.searchLimiter : s.rateLimiter).refund(req, reply);
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    // No payload at all: for '' Fastify writes `Content-Length: 0`, which a 304
    // must not carry (RFC 9110, 8.6: only the 200's own length). A HEAD route's
    // own hook measures the payload it is given and sends none: give it the 200's.
    return req.method === 'HEAD' ? payload : null;
  });
  // A read is counted once its answer is known (rate-limit.ts, `consume`): after the hook above, which may make it a 304.
  app.addHook('onSend', async (req, reply, payload) => {
    (isSearchRequest(req) ? s.searchLimiter : s.rateLimiter).settle(req, reply);
    return payload;
  });
}

/** Whether a GET's conditional headers match the answer's ETag (or, without If-None-Match, its Last-Modified): 304. */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, lastModified: unknown): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string') {
    const tags = inm.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes(etag) || tags.includes('*');
  }
  const ims = headers['if-modified-since'];
  if (typeof ims !== 'string' || typeof lastModified !== 'string') return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

const MEDIA_PARAMS = ['raw', 'text', 'html', 'full', 'diff', 'patch'] as const;
export type MediaTypeParam = (typeof MEDIA_PARAMS)[number];

/**
 * The custom media type asked for in Accept (`application/vnd.service.v3.raw+json`
 * → `raw`), or undefined for the default representation.
 */
export function mediaTypeParam(req: FastifyRequest, vendor = 'service'): MediaTypeParam | undefined {
  const accept = req.headers.accept;
  if (!accept) return undefined;
  const escaped = vendor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`application/vnd\\.${escaped}(?:\\.v3)?\\.(\\w+)(?:\\+json)?`, 'i').exec(accept);
  const p = m?.[1]?.toLowerCase();
  return (MEDIA_PARAMS as readonly string[]).includes(p ?? '') ? (p as MediaTypeParam) : undefined;
}

/** The body as a JSON object (a hash); absent bodies count as `{}`. */
export function bodyHash(req: FastifyRequest, resource?: string): Record<string, unknown> {
  const body = req.body;
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) throw notAJsonHash();
  // With the resource known, its text is checked too (text-input.ts): well-formed, within its limits.
  if (resource !== undefined) checkBodyText(resource, body as Record<string, unknown>);
  return body as Record<string, unknown>;
}

/**
 * Validates the body against a zod object: a missing required field is
 * `missing_field`, a wrong type or format `invalid`; unknown fields are dropped.
 */
export function parseBody<S extends z.ZodObject>(req: FastifyRequest, resource: string, schema: S): z.infer<S> {
  const body = bodyHash(req, resource);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: ValidationError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ resource, field, code: body[field] === undefined || body[field] === null ? 'missing_field' : 'invalid' });
  }
  throw validationFailed(...errors);
}

/** Reply helper: 201 with a Location header. */
export function created(reply: FastifyReply, location: string, body: unknown): FastifyReply {
  return reply.code(201).header('Location', location).send(body);
}
