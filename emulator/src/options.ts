// Command-line options of the emulator: `repodesk-emulator --port <n>
// --data <dir>|--memory [--seed demo|<file>] [--host <h>] [--base-url <url>]`.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { parseLatency, type Latency } from './latency';

export interface EmulatorOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind; loopback by default so nothing is exposed. */
  host: string;
  /** Folder holding the SQLite database and the bare git repositories. */
  dataDir: string;
  /** What to load into an empty data folder: `demo`, or the path of a scenario file (JSON or YAML; see the README). */
  seed?: string | undefined;
  /** Public base URL used in every `*_url`; defaults to http://host:port. */
  baseUrl?: string | undefined;
  /** Log one line per request to stdout. */
  logRequests: boolean;
  /** v2 engagement: lifetime of an access token in seconds (default 3600). */
  engagementTokenTtlSeconds?: number | undefined;
  /** v2 engagement: the domain's time zone as a numeric offset, e.g. `-0300` (the default). */
  engagementTimeZone?: string | undefined;
  /** Vendor word of media types and headers (`X-Service-Media-Type: service.v3`). */
  vendor?: string | undefined;
  /** Failed Basic logins within `loginLockoutWindowSeconds` that lock a user out (default 10). */
  loginLockoutThreshold?: number | undefined;
  /** Length of the failed-login window and of the lockout, in seconds (default 300). */
  loginLockoutWindowSeconds?: number | undefined;
  /** Length of a rate-limit window in seconds (default 3600). */
  rateLimitWindowSeconds?: number | undefined;
  /** Requests a window: authenticated (5000), unauthenticated per address (60), application credentials (5000). */
  rateLimits?: Partial<RateLimits> | undefined;
  /** Requests a minute allowed to the search endpoints (default 20). */
  searchRateLimit?: number | undefined;
  /** Largest request body accepted, in bytes (default 25 MiB); larger ones get 413. */
  bodyLimitBytes?: number | undefined;
  /** Base of the documentation links in error bodies (default https://docs.service.test). */
  docsUrl?: string | undefined;
  /** A statistics job waits this long before computing (default 0), as the real service takes seconds or more: shows the 202 state on a fast machine. */
  statisticsDelayMs?: number | undefined;
  /**
   * The clock, in ms since the epoch (default `Date.now`), of the v2 tokens' expiry, the rate-limit windows and the
   * login lockout: a test moves it on instead of waiting for a token to expire or a window to end. API only.
   */
  clock?: (() => number) | undefined;
  /** Origins a browser page may call from (default `['*']`, any, as the real service); `[]` sends no CORS headers. */
  corsOrigins?: readonly string[] | undefined;
  /**
   * `/api/v3`: the v3 API answers only under this prefix, as an enterprise
   * install does (its web pages, OAuth pages, git and the v2 API stay at the
   * root). Unset: the v3 API answers at `/` and at `/api/v3`.
   */
  pathPrefix?: '/api/v3' | undefined;
  /** Every answer waits this long (ms), or a delay drawn from `minMs`–`maxMs` for each request (default none), as over a slow network. */
  latency?: Latency | undefined;
  /**
   * The callback URL the seed registers for its OAuth application, in the
   * place of the scenario's (the demo's: http://127.0.0.1:7481/callback): for
   * an editor whose sign-in listens on another port, as two side by side do.
   */
  oauthCallbackUrl?: string | undefined;
}

export interface RateLimits {
  authenticated: number;
  unauthenticated: number;
  application: number;
}

/** The v3 options with every default filled in. */
export interface ResolvedLimits {
  vendor: string;
  loginLockoutThreshold: number;
  loginLockoutWindowSeconds: number;
  rateLimitWindowSeconds: number;
  rateLimits: RateLimits;
  searchRateLimit: number;
  bodyLimitBytes: number;
  docsUrl: string;
  statisticsDelayMs: number;
}

export function resolveLimits(o: EmulatorOptions): ResolvedLimits {
  return {
    vendor: o.vendor ?? 'service',
    loginLockoutThreshold: o.loginLockoutThreshold ?? 10,
    loginLockoutWindowSeconds: o.loginLockoutWindowSeconds ?? 300,
    rateLimitWindowSeconds: o.rateLimitWindowSeconds ?? 3600,
    rateLimits: {
      authenticated: o.rateLimits?.authenticated ?? 5000,
      unauthenticated: o.rateLimits?.unauthenticated ?? 60,
      application: o.rateLimits?.application ?? 5000,
    },
    searchRateLimit: o.searchRateLimit ?? 20,
    bodyLimitBytes: o.bodyLimitBytes ?? 25 * 1024 * 1024,
    docsUrl: (o.docsUrl ?? 'https://docs.service.test').replace(/\/+$/, ''),
    statisticsDelayMs: o.statisticsDelayMs ?? 0,
  };
}

export const DEFAULT_PORT = 7480;

export const USAGE = `Usage: repodesk-emulator [--port <n>] --data <dir>|--memory [--seed demo|<file>] [--host <h>] [--base-url <url>] [--quiet]

  --port <n>        port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --data <dir>      folder for the SQLite database and the bare git repositories
  --memory          a throw-away data folder instead, removed when the emulator stops
  --seed demo       load the demo data set when the data folder is empty
  --seed <file>     load a scenario file (JSON or YAML) instead, when the data folder is empty
  --host <h>        interface to bind (default 127.0.0.1)
  --base-url <url>  public base URL written into every *_url (default http://<host>:<port>)
  --quiet           no per-request log lines
  --vendor <word>   vendor word of media types and headers (default service);
                    github: X-GitHub-* headers and the real service's wire format
  --lockout-threshold <n>       failed logins that lock a user out (default 10)
  --lockout-window <seconds>    failed-login window and lockout length (default 300)
  --rate-limit-window <seconds> rate-limit window length (default 3600)
  --rate-limit-authenticated <n>    requests a window for a user (default 5000)
  --rate-limit-unauthenticated <n>  requests a window for an address (default 60)
  --engagement-token-ttl <seconds>  lifetime of a v2 access token (default 3600)
  --engagement-time-zone=<±hhmm>    the v2 domain's time zone (default -0300; the = is needed before a -)
  --stats-delay <ms>                a statistics job waits this long before computing (default 0)
  --cors-origin <origin>            an origin a browser page may call from, repeatable (default *, any;
                                    none: no CORS headers)
  --path-prefix /api/v3             the v3 API only under /api/v3, as an enterprise install (default: at / and /api/v3)
  --latency <ms>|<min>-<max>        every answer waits this long, or a delay drawn from min-max for each (default 0)
  --oauth-callback-url <url>        the callback URL the seed registers for its OAuth application
                                    (default the scenario's; the demo's is http://127.0.0.1:7481/callback)

  SIGUSR2 to the process toggles refusing connections: the port is closed (open
  connections dropped) and opened again, the data folder untouched.
`;

export class UsageError extends Error {}

/** The scheme of `value` with its colon (`https:`), or '' when it is no URL. */
function urlProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

/** `--cors-origin` values: `*`, `none`, or origins (scheme, host, port: no path). */
function corsOrigins(values: string[]): string[] {
  if (values.includes('none')) {
    if (values.length > 1) throw new UsageError(`--cors-origin none turns CORS off and goes alone, got ${values.join(', ')}`);
    return [];
  }
  for (const v of values) {
    if (v === '*') continue;
    let url: URL | undefined;
    try {
      url = new URL(v);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== v)
      throw new UsageError(`--cors-origin must be *, none or an origin such as http://localhost:5173 (no path, no trailing slash), got "${v}"`);
  }
  return values;
}

/** What the command line gives: a data folder, or `memory` for a throw-away one. */
export type CliOptions = Omit<EmulatorOptions, 'dataDir'> & { dataDir?: string; memory?: true };

export function parseOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      memory: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'base-url': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      vendor: { type: 'string' },
      'lockout-threshold': { type: 'string' },
      'lockout-window': { type: 'string' },
      'rate-limit-window': { type: 'string' },
      'rate-limit-authenticated': { type: 'string' },
      'rate-limit-unauthenticated': { type: 'string' },
      'engagement-token-ttl': { type: 'string' },
      'engagement-time-zone': { type: 'string' },
      'stats-delay': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'path-prefix': { type: 'string' },
      'oauth-callback-url': { type: 'string' },
      latency: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new UsageError(USAGE);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${values.port}"\n\n${USAGE}`);
  if (!values.data && !values.memory) throw new UsageError(`--data <dir> or --memory is required\n\n${USAGE}`);
  if (values.data && values.memory) throw new UsageError(`--data and --memory exclude each other: --memory uses a throw-away folder\n\n${USAGE}`);
  if (values.seed === '') throw new UsageError(`--seed needs demo or the path of a scenario file\n\n${USAGE}`);
  if (values['base-url'] !== undefined) {
    try {
      new URL(values['base-url']);
    } catch {
      throw new UsageError(`--base-url must be an absolute URL, got "${values['base-url']}"`);
    }
  }
  const callback = values['oauth-callback-url'];
  if (callback !== undefined && !/^https?:$/.test(urlProtocol(callback)))
    throw new UsageError(`--oauth-callback-url must be an http(s) URL, got "${callback}"\n\n${USAGE}`);
  const pathPrefix = values['path-prefix']?.replace(/\/+$/, '');
  if (pathPrefix !== undefined && pathPrefix !== '/api/v3')
    throw new UsageError(`--path-prefix must be /api/v3 (the enterprise form), got "${values['path-prefix']}"\n\n${USAGE}`);
  const latency = values.latency === undefined ? undefined : parseLatency(values.latency);
  if (values.latency !== undefined && !latency)
    throw new UsageError(`--latency must be milliseconds (250) or a range of them (100-400), got "${values.latency}"\n\n${USAGE}`);
  const positive = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive integer, got "${v}"\n\n${USAGE}`);
    return n;
  };
  const timeZone = (v: string | undefined): string | undefined => {
    if (v !== undefined && !/^[+-](0\d|1[0-4])[0-5]\d$/.test(v))
      throw new UsageError(`--engagement-time-zone must look like -0300 or +0530, got "${v}"\n\n${USAGE}`);
    return v;
  };
  return {
    vendor: values.vendor,
    loginLockoutThreshold: positive('lockout-threshold', values['lockout-threshold']),
    loginLockoutWindowSeconds: positive('lockout-window', values['lockout-window']),
    rateLimitWindowSeconds: positive('rate-limit-window', values['rate-limit-window']),
    rateLimits: {
      authenticated: positive('rate-limit-authenticated', values['rate-limit-authenticated']),
      unauthenticated: positive('rate-limit-unauthenticated', values['rate-limit-unauthenticated']),
    },
    engagementTokenTtlSeconds: positive('engagement-token-ttl', values['engagement-token-ttl']),
    engagementTimeZone: timeZone(values['engagement-time-zone']),
    statisticsDelayMs: positive('stats-delay', values['stats-delay']),
    port,
    host: values.host ?? '127.0.0.1',
    ...(values.data ? { dataDir: path.resolve(values.data) } : { memory: true as const }),
    seed: values.seed === undefined || values.seed === 'demo' ? values.seed : path.resolve(values.seed),
    baseUrl: values['base-url']?.replace(/\/+$/, ''),
    logRequests: !values.quiet,
    ...(values['cors-origin'] ? { corsOrigins: corsOrigins(values['cors-origin']) } : {}),
    ...(pathPrefix ? { pathPrefix } : {}),
    ...(latency ? { latency } : {}),
    ...(callback ? { oauthCallbackUrl: callback } : {}),
  };
}
