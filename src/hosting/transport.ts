// The transport: the one object every hosting call goes through: base URL, User-Agent,
// authentication, redirects, rate-limit bookkeeping, the ETag cache, typed
// errors and zod validation. Resource groups (repos.ts, pulls.ts, ...) only
// name a route, its parameters and the schema of its answer.
import { toBase64, utf8Bytes } from '../util/bytes';
import { unreachableMessage } from './unreachable';
import { request as octokitRequest } from '@octokit/request';
import LinkHeader from 'http-link-header';
import * as z from 'zod/mini';
import { EtagCache } from './etagCache';
import {
  BadCredentialsError,
  CrossOriginError,
  ForbiddenError,
  HostingError,
  LoginLockedOutError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ResponseShapeError,
  ServerError,
  StatisticsPendingError,
  ValidationFailedError,
  type ValidationErrorItem,
} from './errors';
import { TypedEmitter } from './emitter';
import { RateLimitTracker } from './rateLimit';
import { mediaTypes, resolveAddresses, type MediaTypes, type ServiceAddresses } from './urls';

export type Credentials = { type: 'token'; token: string } | { type: 'basic'; username: string; password: string };

export interface HostingClientOptions {
  /** `https://host` or `https://host/api/v3` (setting `repodesk.hosting.apiUrl`). */
  apiUrl: string;
  /** Web address for the OAuth pages; derived from `apiUrl` when empty. */
  webUrl?: string | undefined;
  /** Vendor word of media types and header names; default `service`. */
  mediaTypeVendor?: string | undefined;
  /** RepoDesk's version, sent as `User-Agent: RepoDesk/<version>`. */
  userAgentVersion: string;
  /** Default credentials; methods of /authorizations and /applications take their own Basic ones. */
  credentials?: Credentials | undefined;
  /** Entries of the ETag cache (default 500). */
  cacheSize?: number | undefined;
  /** Statistics: how often a 202 is retried and how long to wait between tries. */
  statistics?: { maxAttempts?: number; initialDelayMs?: number; maxDelayMs?: number } | undefined;
  /**
   * Background calls (views' reads) wait for this before they are sent; user
   * actions never do. At start-up the extension holds them until the views
   * have drawn the rows they kept.
   */
  beforeBackground?: (() => Promise<void>) | undefined;
  /** For tests: the fetch implementation, clock and sleep. */
  fetch?: typeof fetch | undefined;
  now?: (() => number) | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** User actions fail at once when the budget is spent; background refreshes wait for the reset. */
export type Priority = 'user' | 'background';

export interface CallOptions {
  priority?: Priority | undefined;
  /** Credentials for this call instead of the client's. */
  credentials?: Credentials | undefined;
  /** Accept header instead of `application/vnd.<vendor>.v3+json`. */
  accept?: string | undefined;
  /**
   * The body of a success as the bytes the service sent (an ArrayBuffer), never
   * parsed as JSON nor decoded as text: a downloaded file stays byte for byte.
   */
  rawBody?: boolean | undefined;
}

export interface ListAllOptions<T> extends CallOptions {
  /** The first page's items, when more pages follow: a view can draw them while the rest is read. */
  onFirstPage?: ((items: T[]) => void) | undefined;
}

export interface StatisticsProgress {
  attempt: number;
  maxAttempts: number;
  /** Milliseconds until the next try. */
  nextDelayMs: number;
}

export interface HostingResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
  /** True when a 304 was answered from the ETag cache. */
  fromCache: boolean;
}

/** Whether a request got an answer (onDidReach). */
export type Outcome = { answered: true } | { answered: false; failure: string };

type Params = Record<string, unknown>;
type SendByOptions = (options: {
  method: string;
  url: string;
  headers: Record<string, string>;
  data?: unknown;
}) => Promise<{ status: number; headers: Record<string, unknown>; data: unknown }>;
/** The shape of @octokit/request's RequestError (a transitive package, so matched by shape rather than imported). */
interface RequestErrorLike extends Error {
  status: number;
  response?: { headers: Record<string, unknown>; data: unknown };
}
interface RawResponse {
  status: number;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  fromCache: boolean;
}
interface Prepared {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  raw?: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export class HostingCore {
  readonly addresses: ServiceAddresses;
  readonly media: MediaTypes;
  readonly rateLimit: RateLimitTracker;
  readonly cache: EtagCache;
  /** Permanent moves learnt from 301 answers: old URL prefix -> new one. */
  private readonly moves = new Map<string, string>();
  /** GETs under way, by the same key as the ETag cache: an identical GET meanwhile shares the answer. */
  private readonly inFlight = new Map<string, Promise<RawResponse>>();
  private readonly send: typeof octokitRequest;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly refused = new TypedEmitter<void>();
  /**
   * Fires when the service refuses the client's own credentials (401): the
   * token was revoked or expired, whichever call saw it. A call made with
   * credentials of its own (a password, an application's) does not count.
   */
  readonly onDidRefuseCredentials = this.refused.event;
  private readonly reached = new TypedEmitter<Outcome>();
  /**
   * Fires after every request sent: whether the service answered at all (any
   * status counts) or not (refused, timed out, no such host), with the
   * failure's text. The session's reachability is fed from here.
   */
  readonly onDidReach = this.reached.event;
  private readonly moved = new TypedEmitter<{ from: string; to: string }>();
  /**
   * Fires when the service answered that an address moved for good (301,
   * docs/service-api/hosting/conventions §8): the addresses, the parent's when
   * the move is of a parent (a repository renamed), before the query.
   */
  readonly onDidMove = this.moved.event;

  constructor(private readonly options: HostingClientOptions) {
    this.addresses = resolveAddresses(options.apiUrl, options.webUrl);
    this.media = mediaTypes(options.mediaTypeVendor ?? 'service');
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.rateLimit = new RateLimitTracker(this.now);
    this.cache = new EtagCache(options.cacheSize ?? 500);
    this.send = octokitRequest.defaults({
      baseUrl: this.addresses.apiUrl,
      headers: { 'user-agent': `RepoDesk/${options.userAgentVersion}`, accept: this.media.json },
      request: { redirect: 'manual', ...(options.fetch ? { fetch: options.fetch } : {}) },
    });
  }

  /** One call; the answer is validated with `schema` (204 answers have no body: pass `z.undefined()` or use `callNoContent`). */
  async call<S extends z.ZodMiniType>(route: string, params: Params, schema: S, options: CallOptions = {}): Promise<HostingResponse<z.infer<S>>> {
    const res = await this.execute(this.prepare(route, params, options), route, options);
    return { status: res.status, headers: res.headers, data: this.validate(route, schema, res.data), fromCache: res.fromCache };
  }

  /** A call whose success has no body (204). */
  async callNoContent(route: string, params: Params, options: CallOptions = {}): Promise<void> {
    await this.execute(this.prepare(route, params, options), route, options);
  }

  /** A `204 if yes, 404 if no` check (team membership, public membership...). */
  async check(route: string, params: Params, options: CallOptions = {}): Promise<boolean> {
    try {
      await this.callNoContent(route, params, options);
      return true;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  /**
   * Every item of a list, page after page, following `Link: rel="next"` as the
   * service wrote it (page numbers and the `since` cursor alike).
   */
  async *paginate<S extends z.ZodMiniType>(
    route: string,
    params: Params,
    itemSchema: S,
    options: CallOptions = {},
  ): AsyncGenerator<z.infer<S>, void, undefined> {
    const pageSchema = z.array(itemSchema);
    const first = this.prepare(route, params, options);
    const res = await this.execute(first, route, options);
    yield* this.validate(route, pageSchema, res.data);
    yield* this.pagesAfter(first, res, route, itemSchema, options);
  }

  /** The items of the pages after `res`, one after another, following each page's `Link: rel="next"`. */
  private async *pagesAfter<S extends z.ZodMiniType>(
    prepared: Prepared,
    res: RawResponse,
    route: string,
    itemSchema: S,
    options: CallOptions,
  ): AsyncGenerator<z.infer<S>, void, undefined> {
    const pageSchema = z.array(itemSchema);
    let page = res;
    let url = prepared.url;
    for (let next = nextLink(page.headers.link); next; next = nextLink(page.headers.link)) {
      url = new URL(next, url).toString();
      page = await this.execute({ ...prepared, url }, route, options);
      yield* this.validate(route, pageSchema, page.data);
    }
  }

  /**
   * Every item of a list, for a caller that needs them all before it shows
   * any (a pull request's review comments make threads only together). The
   * requests are those `paginate` sends, as many, but once the first page's
   * `Link` names the last page by number the pages between are read a few at
   * a time instead of one after another: three pages cost one round trip
   * after the first, not two. Links without a page number are followed as
   * `paginate` does.
   */
  async listAll<S extends z.ZodMiniType>(route: string, params: Params, itemSchema: S, options: ListAllOptions<z.infer<S>> = {}): Promise<z.infer<S>[]> {
    const pageSchema = z.array(itemSchema);
    const first = this.prepare(route, params, options);
    const res = await this.execute(first, route, options);
    const items: z.infer<S>[] = [...this.validate(route, pageSchema, res.data)];
    const pages = numberedPages(res.headers.link, first.url);
    if (pages || nextLink(res.headers.link)) options.onFirstPage?.([...items]);
    if (!pages) {
      for await (const item of this.pagesAfter(first, res, route, itemSchema, options)) items.push(item);
      return items;
    }
    const read = async (url: string) => this.validate(route, pageSchema, (await this.execute({ ...first, url }, route, options)).data);
    return items.concat(...(await mapAtMost(pages, PAGES_AT_ONCE, read)));
  }

  /** Statistics: a 202 means "computing"; retry with backoff until 200 or the attempt limit. */
  async statistics<S extends z.ZodMiniType>(
    route: string,
    params: Params,
    schema: S,
    onProgress?: (p: StatisticsProgress) => void,
    options: CallOptions = {},
  ): Promise<z.infer<S>> {
    const maxAttempts = this.options.statistics?.maxAttempts ?? 8;
    const maxDelay = this.options.statistics?.maxDelayMs ?? 8000;
    let delay = this.options.statistics?.initialDelayMs ?? 500;
    const prepared = this.prepare(route, params, options);
    for (let attempt = 1; ; attempt++) {
      const res = await this.execute(prepared, route, options);
      if (res.status !== 202) return this.validate(route, schema, res.data);
      if (attempt >= maxAttempts) {
        throw new StatisticsPendingError(`Statistics are still being computed after ${attempt} tries; try again later.`, route, 202);
      }
      onProgress?.({ attempt, maxAttempts, nextDelayMs: delay });
      await this.sleep(delay);
      delay = Math.min(delay * 2, maxDelay);
    }
  }

  /** Validates data against a schema; a mismatch names the endpoint and the field path. */
  validate<S extends z.ZodMiniType>(endpoint: string, schema: S, data: unknown): z.infer<S> {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
    throw new ResponseShapeError(endpoint, path, issue?.message ?? 'does not match');
  }

  authorizationHeader(credentials: Credentials | undefined): string | undefined {
    if (!credentials) return undefined;
    if (credentials.type === 'token') return `token ${credentials.token}`;
    return `Basic ${toBase64(utf8Bytes(`${credentials.username}:${credentials.password}`))}`;
  }

  private prepare(route: string, params: Params, options: CallOptions): Prepared {
    const ep = this.send.endpoint(route, params);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(ep.headers)) if (v !== undefined) headers[k.toLowerCase()] = String(v);
    if (options.accept) headers.accept = options.accept;
    const auth = this.authorizationHeader(options.credentials ?? this.options.credentials);
    if (auth) headers.authorization = auth;
    return { method: ep.method, url: ep.url, headers, body: ep.body, ...(options.rawBody ? { raw: true } : {}) };
  }

  /** Sends one request: budget check, cache revalidation, redirects, error mapping. */
  private async execute(prepared: Prepared, endpoint: string, options: CallOptions): Promise<RawResponse> {
    if (options.priority === 'background' && this.options.beforeBackground) await this.options.beforeBackground();
    for (let tries = 0; ; tries++) {
      await this.waitForBudget(endpoint, options.priority ?? 'user');
      try {
        const res = await this.followRedirects(prepared, endpoint);
        // A write makes the GETs under way stale: a read after it (the list
        // read again to show the change) asks anew instead of joining one
        // that was sent before the write and answers the old rows.
        if (prepared.method !== 'GET' && prepared.method !== 'HEAD') this.inFlight.clear();
        return res;
      } catch (err) {
        if (err instanceof BadCredentialsError && !options.credentials && this.options.credentials) this.refused.fire();
        // A background refresh that hit the limit waits for the reset and tries again.
        if (err instanceof RateLimitedError && options.priority === 'background' && tries < 3) continue;
        throw err;
      }
    }
  }

  private async waitForBudget(endpoint: string, priority: Priority): Promise<void> {
    const until = this.rateLimit.exhaustedUntil();
    if (!until) return;
    if (priority === 'user') throw new RateLimitedError('API rate limit exceeded.', endpoint, until);
    await this.sleep(Math.max(0, until.getTime() - this.now()) + 1000);
  }

  private async followRedirects(prepared: Prepared, endpoint: string): Promise<RawResponse> {
    let url = this.applyMoves(prepared.url);
    const headers = { ...prepared.headers };
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await this.sendOnce({ ...prepared, url, headers }, endpoint);
      if (!REDIRECT_STATUSES.has(res.status)) return res;
      const location = res.headers.location;
      if (!location) throw new RedirectError(`The service answered ${res.status} without a Location.`, endpoint, res.status);
      const target = new URL(location, url).toString();
      if (res.status === 301 || res.status === 308) this.rememberMove(url, target);
      // Never hand credentials to another origin.
      if (new URL(target).origin !== new URL(url).origin) delete headers.authorization;
      url = target;
    }
    throw new RedirectError(`More than ${MAX_REDIRECTS} redirects.`, endpoint);
  }

  /**
   * Records a permanent move. When both addresses end alike (`/repos/a/old/labels`
   * -> `/repos/a/new/labels`) the move is of the parent (`/repos/a/old`), so
   * the other resources below it move too; the parent keeps at least three
   * segments below the API base (`/api/v3` included in the enterprise form) so
   * that a move is never widened to a whole owner or service.
   */
  private rememberMove(fromUrl: string, toUrl: string): void {
    const from = fromUrl.split('?')[0]!.split('/');
    const to = toUrl.split('?')[0]!.split('/');
    const origin = this.addresses.apiUrl.split('/').length; // 'http:', '', 'host' and the base path's segments
    while (from.length > origin + 3 && to.length > origin + 1 && from[from.length - 1] === to[to.length - 1]) {
      from.pop();
      to.pop();
    }
    this.moves.set(from.join('/'), to.join('/'));
    this.moved.fire({ from: from.join('/'), to: to.join('/') });
  }

  /** Rewrites a URL (or one below it) that answered 301 before, so the old address is not asked again. */
  private applyMoves(url: string): string {
    const [path = url, query] = url.split(/\?(.*)/s);
    for (const [from, to] of this.moves) {
      if (path === from || path.startsWith(`${from}/`)) return `${to}${path.slice(from.length)}${query !== undefined ? `?${query}` : ''}`;
    }
    return url;
  }

  /**
   * Several views often read the same list at once (a selected pull request's
   * review comments feed four of them): identical GETs share one request and
   * its answer, rather than each costing a round trip (and, uncached, rate
   * limit). Raw bodies are streams read once: never shared.
   */
  private sendOnce(prepared: Prepared, endpoint: string): Promise<RawResponse> {
    // Keyed by Accept too: the same URL answers JSON, a diff or other body formats.
    const key = prepared.method === 'GET' ? this.cache.key(`${prepared.headers.accept ?? ''} ${prepared.url}`, prepared.headers.authorization) : undefined;
    if (!key || prepared.raw) return this.sendNow(prepared, endpoint, key);
    const running = this.inFlight.get(key);
    if (running) return running;
    const sent = this.sendNow(prepared, endpoint, key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, sent);
    return sent;
  }

  private async sendNow(prepared: Prepared, endpoint: string, cacheKey: string | undefined): Promise<RawResponse> {
    const cached = cacheKey ? this.cache.get(cacheKey) : undefined;
    const headers = cached ? { ...prepared.headers, 'if-none-match': cached.etag } : prepared.headers;
    const requestBody = prepared.body === '' || prepared.body === undefined ? undefined : prepared.body;
    try {
      const res = await (this.send as unknown as SendByOptions)({
        method: prepared.method,
        url: prepared.url,
        headers,
        ...(requestBody !== undefined ? { data: requestBody } : {}),
        // A raw body arrives unparsed, as the response's stream.
        ...(prepared.raw ? { request: { parseSuccessResponseBody: false } } : {}),
      });
      const resHeaders = normalizeHeaders(res.headers);
      this.reached.fire({ answered: true });
      this.rateLimit.update(resHeaders);
      // Raw: the stream read whole, as bytes (a JSON or Latin-1 file parsed or decoded would not be the file).
      if (prepared.raw) res.data = await new Response(res.data as ReadableStream<Uint8Array> | null).arrayBuffer();
      // Non-JSON answers without a charset (a diff) arrive as bytes: textual ones
      // are decoded, binary ones (release assets) stay bytes.
      else if (res.data instanceof ArrayBuffer && isTextual(resHeaders['content-type'])) res.data = new TextDecoder().decode(res.data);
      const etag = resHeaders.etag;
      if (cacheKey && res.status === 200 && etag) this.cache.set(cacheKey, { etag, status: 200, headers: resHeaders, data: res.data });
      return { status: res.status, url: prepared.url, headers: resHeaders, data: res.data, fromCache: false };
    } catch (err) {
      if (isRequestError(err) && err.response) this.reached.fire({ answered: true });
      if (isRequestError(err) && err.status === 304 && cached) {
        const fresh = normalizeHeaders(err.response?.headers ?? {});
        this.rateLimit.update(fresh);
        // The stored answer takes the 304's header fields (RFC 9111, 3.2): a
        // list that grew a page answers its unchanged first page 304 with a
        // Link naming the new last page, which the stored Link does not.
        const headers = { ...cached.headers, ...withoutBodyFields(fresh) };
        this.cache.set(cacheKey!, { ...cached, headers });
        return { status: 200, url: prepared.url, headers, data: cached.data, fromCache: true };
      }
      // No answer: in the browser build, a service without CORS is named as such (unreachable.ts).
      if (isRequestError(err) && !err.response) {
        const message = await unreachableMessage(prepared.url, err.message, this.options.fetch ?? ((...args) => fetch(...args)));
        // Another text than the plain one: the service answered the no-cors request, so it is not down.
        const answered = message !== `Could not reach the service: ${err.message}`;
        this.reached.fire(answered ? { answered } : { answered, failure: err.message });
        throw answered ? new CrossOriginError(message, endpoint) : new NetworkError(message, endpoint);
      }
      throw this.toHostingError(err, endpoint);
    }
  }

  private toHostingError(err: unknown, endpoint: string): Error {
    if (!isRequestError(err)) return err instanceof Error ? err : new Error(String(err));
    if (!err.response) return new NetworkError(`Could not reach the service: ${err.message}`, endpoint);
    const status = err.status;
    const headers = normalizeHeaders(err.response.headers);
    this.rateLimit.update(headers);
    const body = (typeof err.response.data === 'object' && err.response.data !== null ? err.response.data : {}) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
    if (status === 401) return new BadCredentialsError(message, endpoint, status);
    if (status === 403 && /login attempts/i.test(message)) return new LoginLockedOutError(message, endpoint, status);
    if ((status === 403 || status === 429) && (/rate limit/i.test(message) || headers['x-ratelimit-remaining'] === '0')) {
      const reset = Number(headers['x-ratelimit-reset']);
      const resetAt = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(this.now() + 60_000);
      this.rateLimit.markExhausted(resetAt);
      return new RateLimitedError(message, endpoint, resetAt, status);
    }
    if (status === 403) return new ForbiddenError(message, endpoint, status);
    if (status === 404) return new NotFoundError(message, endpoint, status);
    if (status === 400 || status === 422) return new ValidationFailedError(message, endpoint, toValidationItems(body.errors), status);
    if (status >= 500) return new ServerError(message, endpoint, status);
    return new HostingError(message, endpoint, status);
  }
}

function isRequestError(err: unknown): err is RequestErrorLike {
  return err instanceof Error && err.name === 'HttpError' && typeof (err as Partial<RequestErrorLike>).status === 'number';
}

/** How many pages `listAll` reads at once: a few, as the service asks clients not to flood it. */
const PAGES_AT_ONCE = 3;
/** A `last` page beyond this many is not trusted to be a page number. */
const MAX_NUMBERED_PAGES = 1000;

/**
 * The URLs of the pages from `next` to `last` when those two links differ
 * only in their `page` number (as the service writes them); undefined when
 * there is no next page or the links are not numbered that way.
 */
export function numberedPages(link: string | undefined, base: string): string[] | undefined {
  if (!link) return undefined;
  const parsed = LinkHeader.parse(link);
  const next = parsed.get('rel', 'next')[0]?.uri;
  const last = parsed.get('rel', 'last')[0]?.uri;
  if (!next || !last) return undefined;
  const nextUrl = new URL(next, base);
  const lastUrl = new URL(last, base);
  const from = Number(nextUrl.searchParams.get('page') ?? NaN);
  const to = Number(lastUrl.searchParams.get('page') ?? NaN);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from || to - from >= MAX_NUMBERED_PAGES) return undefined;
  nextUrl.searchParams.delete('page');
  lastUrl.searchParams.delete('page');
  if (nextUrl.toString() !== lastUrl.toString()) return undefined;
  return Array.from({ length: to - from + 1 }, (_, i) => {
    const url = new URL(next, base);
    url.searchParams.set('page', String(from + i));
    return url.toString();
  });
}

/** `read` of every item, at most `limit` at a time, the results in the items' order. */
async function mapAtMost<T, R>(items: readonly T[], limit: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const i = nextIndex++;
      results[i] = await read(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function nextLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  return LinkHeader.parse(link).get('rel', 'next')[0]?.uri;
}

function normalizeHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && v !== null) out[k.toLowerCase()] = String(v);
  return out;
}

/** Fields that describe a body: a 304 has none, so its own (if any) are not the stored body's. */
const BODY_FIELDS = new Set(['content-length', 'content-type', 'content-encoding', 'transfer-encoding']);

function withoutBodyFields(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !BODY_FIELDS.has(k)));
}

function toValidationItems(errors: unknown): ValidationErrorItem[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((e: Record<string, unknown>) => ({
    resource: typeof e.resource === 'string' ? e.resource : undefined,
    field: typeof e.field === 'string' ? e.field : undefined,
    code: typeof e.code === 'string' ? e.code : 'invalid',
    message: typeof e.message === 'string' ? e.message : undefined,
  }));
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^text\/|[+/.](json|xml|diff|patch)\b/i.test(contentType);
}
