// How the engagement client talks to the service: plain HTTP parameters
// (query for GET, form body for POST, repeated names for lists), the
// access_token on every call, one silent re-authentication on
// "Please renew your access_token", the success/statusMessage envelope, and
// zod validation of every answer.
import type * as z from 'zod/mini';
// ky is ESM-only and this project is CommonJS: types via resolution-mode, code via import() (see loadKy).
import type { KyInstance, Options as KyOptions } from 'ky' with { 'resolution-mode': 'import' };
import { formatEngagementDate, type EngagementDate } from './dates';
import { EngagementAuthError, EngagementError, EngagementResponseError } from './errors';
import { authResultSchema } from './schemas';

export const RENEW_TEXT = 'Please renew your access_token';
const TRANSIENT_STATUSES = [408, 429, 500, 502, 503, 504];

type ParamValue = string | number | boolean | Date | EngagementDate | undefined | null;
export type Params = Record<string, ParamValue | readonly ParamValue[]>;

export interface EngagementCredentials {
  userName: string;
  apiKey: string;
  password: string;
}

export interface EngagementToken {
  accessToken: string;
  expires: EngagementDate;
}

export interface TransportOptions {
  /** The service's base URL, e.g. `http://127.0.0.1:7480`; `/api/v2/` is added. */
  baseUrl: string;
  /** The credentials, or a function asked for them when a token is needed. */
  credentials: EngagementCredentials | (() => Promise<EngagementCredentials>);
  /** A token kept from an earlier session. */
  token?: EngagementToken | undefined;
  /** Told about every new token (to keep it in secret storage, say). */
  onToken?: ((token: EngagementToken) => void | Promise<void>) | undefined;
  /** Per-request timeout in milliseconds (default 30 s). */
  timeoutMs?: number | undefined;
  /** Extra ky options (retry policy, hooks, fetch). */
  ky?: KyOptions | undefined;
}

const isEngagementDate = (v: unknown): v is EngagementDate => typeof v === 'object' && v !== null && 'instant' in v && 'offsetMinutes' in v;

/** Form/query encoding: one pair per value, so lists become repeated names; dates in the service's form. */
export function encodeParams(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? (value as readonly ParamValue[]) : [value as ParamValue];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      if (v instanceof Date || isEngagementDate(v)) out.append(name, formatEngagementDate(v));
      else out.append(name, String(v));
    }
  }
  return out;
}

let kyModule: Promise<typeof import('ky', { with: { 'resolution-mode': 'import' } })> | undefined;
/** ky loaded once; a dynamic import is how a CommonJS module reaches an ES module (esbuild inlines it in the bundle). */
const loadKy = () => (kyModule ??= import('ky'));

export class Transport {
  private token: EngagementToken | undefined;
  private renewing: Promise<EngagementToken> | undefined;
  private http: Promise<KyInstance> | undefined;

  constructor(private readonly options: TransportOptions) {
    this.token = options.token;
  }

  private client(): Promise<KyInstance> {
    return (this.http ??= loadKy().then(({ default: ky }) =>
      ky.create({
        prefixUrl: `${this.options.baseUrl.replace(/\/+$/, '')}/api/v2/`,
        timeout: this.options.timeoutMs ?? 30_000,
        // ky retries only what it throws: transient statuses (see send() for how they come back as answers).
        throwHttpErrors: (status) => TRANSIENT_STATUSES.includes(status),
        // Only idempotent GETs are retried; a POST that may have been processed is not replayed.
        retry: { limit: 2, methods: ['get', 'head'], statusCodes: TRANSIENT_STATUSES },
        ...this.options.ky,
      }),
    ));
  }

  currentToken(): EngagementToken | undefined {
    return this.token;
  }

  /** Authenticates now (one request at a time, however many calls wait for it). */
  authenticate(): Promise<EngagementToken> {
    this.renewing ??= this.doAuthenticate().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async doAuthenticate(): Promise<EngagementToken> {
    const c = this.options.credentials;
    const credentials = typeof c === 'function' ? await c() : c;
    const res = await this.send('post', 'authenticate', { ...credentials });
    const body = await readJson(res);
    if (res.status !== 200 || !isObject(body) || body.success !== true) {
      const message = statusMessageOf(body) ?? res.statusText;
      throw new EngagementAuthError(`Engagement sign-in failed: ${message}`, res.status, statusMessageOf(body));
    }
    const parsed = validate(authResultSchema, body, 'POST authenticate');
    this.token = { accessToken: parsed.access_token, expires: parsed.expires };
    await this.options.onToken?.(this.token);
    return this.token;
  }

  /** A call that needs the access_token; renews it once on "Please renew your access_token". */
  async call<T extends z.ZodMiniType>(method: 'get' | 'post', path: string, params: Params, schema: T): Promise<z.output<T>> {
    let renewed = false;
    for (;;) {
      const token = this.token ?? (await this.authenticate());
      const res = await this.send(method, path, { ...params, access_token: token.accessToken });
      const body = await readJson(res);
      if (res.status === 401 && !renewed && (res.statusText === RENEW_TEXT || statusMessageOf(body) === RENEW_TEXT)) {
        renewed = true;
        // Another call may have renewed meanwhile; authenticate only if the token is still the refused one.
        if (this.token === token) this.token = undefined;
        continue;
      }
      return this.answer(method, path, res, body, schema);
    }
  }

  /** A call without the access_token (GET /me reports on the token it gets, or on none). */
  async callPublic<T extends z.ZodMiniType>(method: 'get' | 'post', path: string, params: Params, schema: T): Promise<z.output<T>> {
    const res = await this.send(method, path, params);
    return this.answer(method, path, res, await readJson(res), schema);
  }

  private async send(method: 'get' | 'post', path: string, params: Params): Promise<Response> {
    const http = await this.client();
    const encoded = encodeParams(params);
    try {
      // GET parameters go in the query; POST parameters (the token too) in the form body, out of URLs and logs.
      return await (method === 'get' ? http.get(path, { searchParams: encoded }) : http.post(path, { body: encoded }));
    } catch (e) {
      // A transient status still failing after the retries: read it like any other answer.
      if (e instanceof Error && e.name === 'HTTPError' && (e as { response?: unknown }).response instanceof Response)
        return (e as unknown as { response: Response }).response;
      throw e;
    }
  }

  private answer<T extends z.ZodMiniType>(method: string, path: string, res: Response, body: unknown, schema: T): z.output<T> {
    const what = `${method.toUpperCase()} ${path}`;
    const message = statusMessageOf(body);
    if (res.status !== 200) {
      throw new EngagementError(`${what} failed with ${res.status}: ${message ?? res.statusText}`, res.status, message);
    }
    if (isObject(body) && body.success === false) throw new EngagementError(`${what} failed: ${message ?? 'no statusMessage'}`, 200, message);
    return validate(schema, body, what);
  }
}

function validate<T extends z.ZodMiniType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : '(root)';
  throw new EngagementResponseError(`${what}: unexpected answer at ${field}: ${issue.message}`, 200);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const statusMessageOf = (body: unknown) => (isObject(body) && typeof body.statusMessage === 'string' ? body.statusMessage : undefined);
