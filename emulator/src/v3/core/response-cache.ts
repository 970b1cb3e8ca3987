// A response cache for GET routes that opt in with `config: { cacheable: true }`
// and whose body depends only on the database and the caller: the body is
// kept with the data version it was built at, and served again while nothing
// was written. User-Agent, credentials, rate limit and ETag/304 still run on
// every request; only the handler is skipped.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataVersion, type Db } from '../../db';

interface Entry {
  version: number;
  payload: string;
  /** Headers the route itself set (the per-request ones are set again by the hooks). */
  headers: Record<string, string>;
}

const ROUTE_HEADERS = ['last-modified', 'link', 'x-accepted-oauth-scopes'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The GET body depends only on the database and the caller (see response-cache.ts). */
    cacheable?: boolean;
  }
}

export interface ResponseCacheLimits {
  /** Entries kept at most. */
  maxEntries: number;
  /** Bytes of payload kept at most (UTF-16 length × 2 counted as bytes): the least recently stored go first. */
  maxBytes: number;
  /** A payload larger than this is not kept at all. */
  maxEntryBytes: number;
}

const DEFAULT_CACHE_LIMITS: ResponseCacheLimits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024, maxEntryBytes: 1024 * 1024 };

const entryBytes = (key: string, e: Entry) => 2 * (key.length + e.payload.length) + 64;

function cacheKey(req: FastifyRequest): string {
  return `${req.apiPrefix}${req.url}\n${req.headers.authorization ?? ''}\n${req.headers.accept ?? ''}`;
}

export function installResponseCache(app: FastifyInstance, db: Db, limits: ResponseCacheLimits = DEFAULT_CACHE_LIMITS): { bytes(): number; size(): number } {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= entryBytes(key, old);
  };
  const started = new WeakMap<FastifyRequest, number>();
  const isCacheable = (req: FastifyRequest) => (req.method === 'GET' || req.method === 'HEAD') && req.routeOptions.config?.cacheable === true;

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isCacheable(req)) return;
    const version = dataVersion(db);
    const hit = entries.get(cacheKey(req));
    if (hit && hit.version === version) {
      for (const [name, value] of Object.entries(hit.headers)) reply.header(name, value);
      return reply.code(200).type('application/json; charset=utf-8').send(hit.payload);
    }
    started.set(req, version);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const version = started.get(req);
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const key = cacheKey(req);
    remove(key);
    const headers: Record<string, string> = {};
    for (const name of ROUTE_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    const entry = { version, payload, headers };
    const size = entryBytes(key, entry);
    if (size > limits.maxEntryBytes) return payload;
    // Oldest first (a Map keeps insertion order) until the new entry fits.
    for (const oldest of entries.keys()) {
      if (entries.size < limits.maxEntries && bytes + size <= limits.maxBytes) break;
      remove(oldest);
    }
    entries.set(key, entry);
    bytes += size;
    return payload;
  });
  return { bytes: () => bytes, size: () => entries.size };
}
