// A response cache for GET routes that opt in with `config: { cacheable: true }`
// and whose body depends only on the database and the caller: the body is
// kept with the data version it was built at, and served again while nothing
// was written. User-Agent, credentials, rate limit and ETag/304 still run on
// every request; only the handler is skipped.
//
// The fast path: a token caller's 200 is also kept as written (status line
// aside: its headers in order and its bytes), under the request as sent (path
// and query before any rewrite, Authorization, Accept, Origin). The same
// request at the same data version is then answered on the raw request,
// before Fastify, with only the rate-limit headers filled in: a token's
// caller is a matter of the data alone (a revoked token or a changed user
// moves the version), unlike a password's (the lockout window).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dataVersion, type Db } from '../../db';
import type { EarlyResponder } from '../../server';
import type { Authenticator } from './auth';
import { isNotModified } from './conventions';
import type { RateLimiter, RateStatus } from './rate-limit';

interface Entry {
  version: number;
  payload: string;
  /** Headers the route itself set (the per-request ones are set again by the hooks). */
  headers: Record<string, string>;
  /** Bytes counted for it. */
  size: number;
  /** The payload in UTF-8, made for the first fast-path answer built from it. */
  body?: Buffer;
  /** Keys of the fast-path answers built from it: they go with it. */
  wires: string[];
}

/** Headers as written (a flat name, value list) with where the rate-limit values go. */
interface HeaderList {
  list: string[];
  /** Indices of the values of X-RateLimit-Limit, -Remaining and -Reset. */
  rate: [number, number, number];
}

/** A token caller's answer as the normal path writes it. */
interface Wire {
  entry: Entry;
  etag: string;
  lastModified: unknown;
  /** The caller's rate-limit bucket (the core limit: no cacheable route is a search). */
  bucket: { key: string; limit: number };
  ok: HeaderList;
  /** The 304 (no Content-Type, no Content-Length), and that of a HEAD (Content-Length of the 200 last). */
  notModified: HeaderList;
  notModifiedHead: HeaderList;
}

/** Fast-path answers kept per cached body at most (one per Origin, prefix and the like). */
const MAX_WIRES_PER_ENTRY = 8;
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

const entryBytes = (key: string, payload: string) => 2 * (key.length + payload.length) + 64;

function cacheKey(req: FastifyRequest): string {
  return `${req.apiPrefix}${req.url}\n${req.headers.authorization ?? ''}\n${req.headers.accept ?? ''}`;
}

/** The key of a fast-path answer: the request as sent, by what its answer depends on. */
function wireKey(url: string | undefined, headers: IncomingMessage['headers']): string {
  return `${url}\n${headers.authorization ?? ''}\n${headers.accept ?? ''}\n${headers.origin ?? ''}`;
}

/** What the fast path needs of the conventions module: the rate limit it counts, and where it answers. */
interface FastPath {
  rateLimiter: RateLimiter;
  authenticator: Authenticator;
  answerEarly(fn: EarlyResponder): void;
}

export function installResponseCache(
  app: FastifyInstance,
  db: Db,
  limits: ResponseCacheLimits = DEFAULT_CACHE_LIMITS,
  fast?: FastPath,
): { bytes(): number; size(): number } {
  const entries = new Map<string, Entry>();
  const wires = new Map<string, Wire>();
  let bytes = 0;
  const remove = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.size;
    for (const w of old.wires) wires.delete(w);
  };
  /**
   * Oldest first (a Map keeps insertion order) until `size` more bytes and a new entry fit, or, with `grown`
   * (an entry that has just grown), until the bytes are within the limit again; never `grown` itself.
   */
  const makeRoom = (size: number, grown?: Entry) => {
    const places = grown ? 0 : 1;
    for (const [key, entry] of entries) {
      if (entries.size + places <= limits.maxEntries && bytes + size <= limits.maxBytes) break;
      if (entry !== grown) remove(key);
    }
  };
  /** The data version a cacheable request started at, and the entry it was answered from (a hit) or stored as. */
  const started = new WeakMap<FastifyRequest, { version: number; entry?: Entry }>();
  const isCacheable = (req: FastifyRequest) => (req.method === 'GET' || req.method === 'HEAD') && req.routeOptions.config?.cacheable === true;

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isCacheable(req)) return;
    const version = dataVersion(db);
    const hit = entries.get(cacheKey(req));
    if (hit && hit.version === version) {
      started.set(req, { version, entry: hit });
      for (const [name, value] of Object.entries(hit.headers)) reply.header(name, value);
      return reply.code(200).type('application/json; charset=utf-8').send(hit.payload);
    }
    started.set(req, { version });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const start = started.get(req);
    if (start === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    let entry = start.entry;
    if (!entry) {
      const key = cacheKey(req);
      remove(key);
      const headers: Record<string, string> = {};
      for (const name of ROUTE_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      const size = entryBytes(key, payload);
      if (size > limits.maxEntryBytes) return payload;
      makeRoom(size);
      entry = { version: start.version, payload, headers, size, wires: [] };
      entries.set(key, entry);
      bytes += size;
    }
    if (fast) keepWire(req, reply, entry, payload);
    return payload;
  });

  /** Keeps a token caller's GET answer as written, for the fast path (after the conventions' onSend: ETag and the like are set). */
  const keepWire = (req: FastifyRequest, reply: FastifyReply, entry: Entry, payload: string) => {
    const auth = req.auth;
    if (req.method !== 'GET' || auth.kind !== 'token' || entry.payload !== payload || entry.wires.length >= MAX_WIRES_PER_ENTRY) return;
    // Nothing written since the entry was built, and the caller is who it was then (a write between the
    // authentication and now would have moved the version: the token is looked up again at this one).
    if (entry.version !== dataVersion(db) || sameTokenAgain(fast!.authenticator, req) !== auth.authorization.id) return;
    const bucket = fast!.rateLimiter.countedBucket(req);
    if (!bucket) return;
    const key = wireKey(req.originalUrl, req.headers);
    if (wires.has(key)) return;
    if (!entry.body) {
      entry.body = Buffer.from(payload);
      entry.size += entry.body.length;
      bytes += entry.body.length;
      makeRoom(0, entry);
    }
    const sent = reply.getHeaders();
    const etag = sent.etag;
    if (typeof etag !== 'string') return;
    // Content-Length last, where Fastify adds it (a HEAD's 304 keeps the 200's, as its route's hook sets it).
    const length = String(entry.body.length);
    const ok = headerList({ ...sent, 'content-length': length }, []);
    const notModified = headerList(sent, ['content-type', 'content-length']);
    const notModifiedHead = headerList({ ...sent, 'content-type': undefined, 'content-length': length }, []);
    if (!ok || !notModified || !notModifiedHead) return;
    wires.set(key, { entry, etag, lastModified: sent['last-modified'], bucket, ok, notModified, notModifiedHead });
    entry.wires.push(key);
  };

  fast?.answerEarly((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const headers = req.headers;
    const wire = wires.get(wireKey(req.url, headers));
    if (!wire || wire.entry.version !== dataVersion(db)) return false;
    // What the conventions would refuse (no User-Agent) or the router read (a body): the normal path.
    const ua = headers['user-agent'];
    if (typeof ua !== 'string' || ua.trim() === '' || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const notModified = isNotModified(headers, wire.etag, wire.lastModified);
    // Past the limit: the normal path answers its 403 (nothing was counted here).
    const rate = fast.rateLimiter.take(wire.bucket, notModified);
    if (!rate) return false;
    if (!notModified) {
      res.writeHead(200, withRate(wire.ok, rate));
      res.end(method === 'HEAD' ? undefined : wire.entry.body);
    } else {
      res.writeHead(304, withRate(method === 'HEAD' ? wire.notModifiedHead : wire.notModified, rate));
      res.end();
    }
    return true;
  });

  return { bytes: () => bytes, size: () => entries.size };
}

/** The headers in their order as a flat list, without `omit` and undefined values; undefined without the rate-limit ones. */
function headerList(headers: Record<string, string | number | string[] | undefined>, omit: string[]): HeaderList | undefined {
  const list: string[] = [];
  const rate: [number, number, number] = [-1, -1, -1];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || omit.includes(name)) continue;
    const slot = RATE_HEADERS.indexOf(name);
    if (slot >= 0) rate[slot] = list.length + 1;
    for (const v of Array.isArray(value) ? value : [value]) list.push(name, String(v));
  }
  return rate.includes(-1) ? undefined : { list, rate };
}

/** The authorization a request's credentials give now, if a token's. */
function sameTokenAgain(authenticator: Authenticator, req: FastifyRequest): number | undefined {
  try {
    const auth = authenticator.authenticate(req);
    return auth.kind === 'token' ? auth.authorization.id : undefined;
  } catch {
    return undefined;
  }
}

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

function withRate(h: HeaderList, s: RateStatus): string[] {
  const list = h.list.slice();
  list[h.rate[0]] = String(s.limit);
  list[h.rate[1]] = String(s.remaining);
  list[h.rate[2]] = String(s.reset);
  return list;
}
