// Helpers of the v3 conformance tests: requests with a User-Agent and a
// chosen caller, tokens made straight in the database (the token endpoints
// have their own tests), and raw requests for what fetch cannot send.
import http from 'node:http';
import net from 'node:net';
import type { TestEmulator } from '../support/emulator';
import { normalizeScopes } from '../../src/hosting/conventions/scopes';
import { newToken, sha256Hex } from '../../src/hosting/conventions/secrets';
import { isoTime } from '../../src/hosting/conventions/time';

export const UA = 'RepoDesk-conformance-tests';

export function basic(login: string, password = `${login}-demo-password`): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

/** A token for `login` with `scopes`, stored as the token endpoints store it. */
export function makeToken(emu: TestEmulator, login: string, scopes: string[] = []): string {
  const token = newToken();
  const user = emu.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number };
  const now = isoTime();
  emu.db
    .prepare('INSERT INTO authorizations (user_id, token_hash, token_last_eight, scopes, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(user.id, sha256Hex(token), token.slice(-8), JSON.stringify(normalizeScopes(scopes)), 'conformance test', now, now);
  return token;
}

export interface CallOptions {
  /** `Authorization` header value (see `basic`), or a token (sent as `token <t>`). */
  auth?: string | undefined;
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** One request; redirects are not followed so tests see them. */
export async function call(emu: TestEmulator, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'User-Agent': UA, ...o.headers };
  if (o.auth) headers.Authorization = o.auth;
  if (o.token) headers.Authorization = `token ${o.token}`;
  let body: string | undefined;
  if (o.body !== undefined) {
    body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(path.startsWith('http') ? path : `${emu.url}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A request through node:http, with exactly the headers given (no User-Agent unless set). */
export function rawRequest(
  emu: TestEmulator,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(`${emu.url}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The rel → URL map of a Link header. */
export function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>;\s*rel="([^"]+)"/.exec(part.trim());
    if (m) out[m[2]!] = m[1]!;
  }
  return out;
}

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Sends bytes exactly as given over a socket (for requests no HTTP client would send); returns the status and body. */
export function rawHttp(emu: TestEmulator, head: string, body: Buffer = Buffer.alloc(0)): Promise<{ status: number; text: string }> {
  const url = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(Buffer.concat([Buffer.from(`${head.replace(/\n/g, '\r\n')}\r\nConnection: close\r\n\r\n`), body]));
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

/** git's refusal of a request without credentials (401 with prompts off): it could not ask for a user name. */
export const GIT_ASKED_FOR_CREDENTIALS = (e: unknown): boolean => e instanceof Error && /could not read Username/.test(e.message);

/** git's refusal of a push without push access: the service answers it as it answers a repository it does not show. */
export const GIT_PUSH_REFUSED = (e: unknown): boolean => e instanceof Error && /fatal: repository '[^']+' not found/.test(e.message);
