// The persistent webhook delivery queue. An API operation only inserts a row;
// a worker POSTs it to the receiver, retries failures with exponential backoff
// a bounded number of times, and records every answer. Rows survive restarts,
// so pending deliveries resume when the emulator starts again.
import { randomUUID } from 'node:crypto';
import type { Db, Migration } from '../../db';
import type { DeliveryOptions } from './delivery-options';
import { CONTENT_TYPE_HEADER, encodeBody, signBody, type HookContentType } from './signature';
import { headerWord } from '../conventions/vendor';

/** The hookshot User-Agent under a vendor word (`GitHub-Hookshot/emulator-1` under `github`). */
function hookshotUserAgent(vendor = 'service'): string {
  return `${headerWord(vendor)}-Hookshot/emulator-1`;
}
/** Enough of a receiver's answer to debug it, without filling the database. */
const MAX_STORED_RESPONSE = 64 * 1024;

export const deliveryMigrations: Migration[] = [
  {
    id: 'v3/hooks/001-deliveries',
    sql: `CREATE TABLE hook_deliveries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      guid TEXT NOT NULL UNIQUE,
      hook_id INTEGER NOT NULL,
      event TEXT NOT NULL,
      action TEXT,
      url TEXT NOT NULL,
      content_type TEXT NOT NULL,
      request_headers TEXT NOT NULL,
      request_body TEXT NOT NULL,
      redelivery_of INTEGER,
      state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
      status TEXT NOT NULL,
      status_code INTEGER,
      response_headers TEXT,
      response_body TEXT,
      duration_ms REAL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER,
      delivered_at TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX hook_deliveries_hook ON hook_deliveries (hook_id, id);
    CREATE INDEX hook_deliveries_due ON hook_deliveries (state, next_attempt_at);`,
  },
];

export interface DeliveryRow {
  id: number;
  guid: string;
  hook_id: number;
  event: string;
  action: string | null;
  url: string;
  content_type: HookContentType;
  request_headers: string;
  request_body: string;
  redelivery_of: number | null;
  state: 'pending' | 'delivered' | 'failed';
  status: string;
  status_code: number | null;
  response_headers: string | null;
  response_body: string | null;
  duration_ms: number | null;
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: string | null;
  created_at: string;
}

export interface NewDelivery {
  hookId: number;
  event: string;
  payload: unknown;
  url: string;
  contentType: HookContentType;
  secret?: string | null | undefined;
}

/** YYYY-MM-DDTHH:MM:SSZ (convention 2). */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function requestHeaders(
  event: string,
  guid: string,
  contentType: HookContentType,
  body: string,
  secret: string | null | undefined,
  vendor: string | undefined,
) {
  const word = headerWord(vendor ?? 'service');
  const headers: Record<string, string> = {
    'User-Agent': hookshotUserAgent(vendor),
    'Content-Type': CONTENT_TYPE_HEADER[contentType],
    [`X-${word}-Event`]: event,
    [`X-${word}-Delivery`]: guid,
  };
  if (secret) headers['X-Hub-Signature'] = signBody(secret, body);
  return headers;
}

export class DeliveryQueue {
  private readonly inFlight = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private timerDueAt = Infinity;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: DeliveryOptions,
    private readonly log: (line: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a delivery and wakes the worker; never waits on the receiver. */
  enqueue(d: NewDelivery): DeliveryRow {
    const guid = randomUUID();
    const body = encodeBody(d.payload, d.contentType);
    const action = typeof (d.payload as { action?: unknown })?.action === 'string' ? (d.payload as { action: string }).action : null;
    return this.insert({ hookId: d.hookId, event: d.event, action, url: d.url, contentType: d.contentType, body, guid, secret: d.secret, redeliveryOf: null });
  }

  /** Sends a recorded delivery again, as a new delivery signed with the hook's current secret. */
  redeliver(original: DeliveryRow, target: { url: string; secret?: string | null | undefined }): DeliveryRow {
    return this.insert({
      hookId: original.hook_id,
      event: original.event,
      action: original.action,
      url: target.url,
      contentType: original.content_type,
      body: original.request_body,
      guid: randomUUID(),
      secret: target.secret,
      redeliveryOf: original.id,
    });
  }

  get(hookId: number, id: number): DeliveryRow | undefined {
    return this.db.prepare('SELECT * FROM hook_deliveries WHERE hook_id = ? AND id = ?').get(hookId, id) as DeliveryRow | undefined;
  }

  /** Newest first. */
  list(hookId: number, limit: number, offset: number): { rows: DeliveryRow[]; total: number } {
    const rows = this.db
      .prepare('SELECT * FROM hook_deliveries WHERE hook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
      .all(hookId, limit, offset) as DeliveryRow[];
    const total = this.db.prepare('SELECT COUNT(*) FROM hook_deliveries WHERE hook_id = ?').pluck().get(hookId) as number;
    return { rows, total };
  }

  latest(hookId: number): DeliveryRow | undefined {
    return this.db.prepare("SELECT * FROM hook_deliveries WHERE hook_id = ? AND state != 'pending' ORDER BY id DESC LIMIT 1").get(hookId) as
      DeliveryRow | undefined;
  }

  deleteForHook(hookId: number): void {
    this.db.prepare('DELETE FROM hook_deliveries WHERE hook_id = ?').run(hookId);
  }

  /** Resumes deliveries left pending by an earlier run. */
  start(): void {
    this.stopped = false;
    this.wake(0);
  }

  /** Stops the worker; in-flight attempts are cancelled and stay pending. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const f of this.inFlight.values()) f.abort.abort();
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
  }

  private insert(d: {
    hookId: number;
    event: string;
    action: string | null;
    url: string;
    contentType: HookContentType;
    body: string;
    guid: string;
    secret: string | null | undefined;
    redeliveryOf: number | null;
  }): DeliveryRow {
    const now = this.now();
    const headers = requestHeaders(d.event, d.guid, d.contentType, d.body, d.secret, this.options.vendor);
    const info = this.db
      .prepare(
        `INSERT INTO hook_deliveries (guid, hook_id, event, action, url, content_type, request_headers, request_body, redelivery_of,
           state, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 'pending', 0, ?, ?)`,
      )
      .run(d.guid, d.hookId, d.event, d.action, d.url, d.contentType, JSON.stringify(headers), d.body, d.redeliveryOf, now, isoSeconds(now));
    this.wake(0);
    return this.db.prepare('SELECT * FROM hook_deliveries WHERE id = ?').get(info.lastInsertRowid) as DeliveryRow;
  }

  private wake(delayMs: number): void {
    if (this.stopped) return;
    const dueAt = this.now() + delayMs;
    if (this.timer && this.timerDueAt <= dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerDueAt = Infinity;
        this.run();
      },
      Math.max(0, delayMs),
    );
    this.timer.unref();
  }

  private run(): void {
    if (this.stopped) return;
    // One clock reading for both queries, so a row never falls between them.
    const now = this.now();
    const free = this.options.concurrency - this.inFlight.size;
    if (free > 0) {
      const due = this.db
        .prepare("SELECT * FROM hook_deliveries WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?")
        .all(now, free + this.inFlight.size) as DeliveryRow[];
      for (const row of due.filter((r) => !this.inFlight.has(r.id)).slice(0, free)) this.attempt(row);
    }
    const next = this.db.prepare("SELECT MIN(next_attempt_at) FROM hook_deliveries WHERE state = 'pending' AND next_attempt_at > ?").pluck().get(now) as
      number | null;
    if (next !== null) this.wake(next - now);
  }

  private attempt(row: DeliveryRow): void {
    const abort = new AbortController();
    const done = this.send(row, abort).finally(() => {
      this.inFlight.delete(row.id);
      this.run();
    });
    this.inFlight.set(row.id, { abort, done });
  }

  private async send(row: DeliveryRow, abort: AbortController): Promise<void> {
    const timeout = setTimeout(() => abort.abort(new Error('timed out')), this.options.timeoutMs);
    const started = performance.now();
    let statusCode: number | null = null;
    let status: string;
    let responseHeaders: Record<string, string> | null = null;
    let responseBody: string | null = null;
    try {
      const res = await fetch(row.url, {
        method: 'POST',
        headers: JSON.parse(row.request_headers) as Record<string, string>,
        body: row.request_body,
        redirect: 'manual',
        signal: abort.signal,
      });
      statusCode = res.status;
      responseHeaders = Object.fromEntries(res.headers);
      responseBody = (await res.text()).slice(0, MAX_STORED_RESPONSE);
      status = res.ok ? 'OK' : `Invalid HTTP Response: ${res.status}`;
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      status = abort.signal.aborted ? 'Timed out' : `Delivery failed: ${cause?.code ?? cause?.message ?? (e as Error).message}`;
    } finally {
      clearTimeout(timeout);
    }
    // Cancelled by stop(): the database may be closing; the row stays pending.
    if (this.stopped) return;
    const durationMs = performance.now() - started;
    const attempts = row.attempts + 1;
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retry = !ok && attempts < this.options.maxAttempts;
    const state = ok ? 'delivered' : retry ? 'pending' : 'failed';
    const nextAttemptAt = retry ? this.now() + Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (attempts - 1)) : null;
    this.db
      .prepare(
        `UPDATE hook_deliveries SET state = ?, status = ?, status_code = ?, response_headers = ?, response_body = ?, duration_ms = ?,
           attempts = ?, next_attempt_at = ?, delivered_at = ? WHERE id = ?`,
      )
      .run(
        state,
        status,
        statusCode,
        responseHeaders && JSON.stringify(responseHeaders),
        responseBody,
        durationMs,
        attempts,
        nextAttemptAt,
        isoSeconds(this.now()),
        row.id,
      );
    if (!ok) this.log(`webhook delivery ${row.guid} (${row.event}) attempt ${attempts}: ${status}${retry ? '' : ', giving up'}`);
  }
}
