// The loopback receiver of the web flow: a one-shot node:http server on
// 127.0.0.1 at the port and path of the registered callback URL
// (docs/service-api/hosting/oauth §5: host and port must match it exactly). It
// answers the browser with a small page, hands back the code, checks the state,
// times out, and always closes its port.
import http from 'node:http';
import { OAuthCancelledError, OAuthError, OAuthTimeoutError, StateMismatchError } from './errors';

export interface LoopbackOptions {
  /** The application's registered callback, e.g. `http://127.0.0.1:7481/callback`. */
  callbackUrl: string;
  /** The `state` sent on the authorize URL; any other value aborts. */
  expectedState: string;
  /** Default 5 minutes. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface AuthorizationCode {
  code: string;
  state: string;
}

export interface LoopbackReceiver {
  /** The address the browser comes back to (the registered callback). */
  redirectUri: string;
  /** Resolves with the code, or rejects with OAuthError, StateMismatchError, OAuthTimeoutError or OAuthCancelledError. */
  result: Promise<AuthorizationCode>;
  /** Stops listening (also done when the result settles). */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function startLoopbackReceiver(options: LoopbackOptions): Promise<LoopbackReceiver> {
  const callback = new URL(options.callbackUrl);
  if (callback.protocol !== 'http:' || !LOOPBACK_HOSTS.has(callback.hostname) || !callback.port) {
    throw new Error(`The callback URL must be http://127.0.0.1:<port>/<path> for the loopback sign-in, got "${callback.origin}".`);
  }
  const expectedPath = callback.pathname;
  let settle: { resolve: (c: AuthorizationCode) => void; reject: (e: Error) => void } | undefined;
  const result = new Promise<AuthorizationCode>((resolve, reject) => (settle = { resolve, reject }));
  // Callers may only look at `result` later; never let an early rejection go unhandled.
  result.catch(() => {});

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== expectedPath) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const q = url.searchParams;
    const outcome = readCallback(q, options.expectedState);
    const ok = !(outcome instanceof Error);
    res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
    res.end(
      page(
        ok ? 'Signed in to RepoDesk' : 'RepoDesk sign-in failed',
        ok ? 'You can close this tab and return to VS Code.' : `${outcome.message} You can close this tab.`,
      ),
    );
    finish(outcome);
  });

  const timeout: { handle?: NodeJS.Timeout } = {};
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve) => {
      clearTimeout(timeout.handle);
      options.signal?.removeEventListener('abort', onAbort);
      server.close(() => resolve());
      server.closeIdleConnections();
      // Give the answer page time to flush before cutting keep-alive sockets.
      setTimeout(() => server.closeAllConnections(), 200).unref();
    });
    return closed;
  };
  const finish = (outcome: AuthorizationCode | Error) => {
    const s = settle;
    settle = undefined;
    if (!s) return;
    void close();
    if (outcome instanceof Error) s.reject(outcome);
    else s.resolve(outcome);
  };
  const onAbort = () => finish(new OAuthCancelledError());

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${callback.port} of the OAuth callback is in use; close the program using it and try again.`) : err),
    );
    // Listen where the browser will connect: the IPv6 loopback only when the callback names it.
    server.listen(Number(callback.port), callback.hostname === '[::1]' ? '::1' : '127.0.0.1', () => resolve());
  });
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  timeout.handle = setTimeout(() => finish(new OAuthTimeoutError(Math.round(timeoutMs / 1000))), timeoutMs);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  return { redirectUri: callback.toString(), result, close };
}

function readCallback(q: URLSearchParams, expectedState: string): AuthorizationCode | Error {
  const state = q.get('state') ?? '';
  // The state is checked first: an answer for another request is never trusted, errors included.
  if (state !== expectedState) return new StateMismatchError();
  const error = q.get('error');
  if (error) return new OAuthError(error, q.get('error_description') ?? undefined, q.get('error_uri') ?? undefined);
  const code = q.get('code');
  if (!code) return new OAuthError('missing_code', 'The service sent no authorization code.');
  return { code, state };
}

function page(title: string, text: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;color:#333}</style></head>` +
    `<body><h1>${esc(title)}</h1><p>${esc(text)}</p></body></html>`
  );
}
