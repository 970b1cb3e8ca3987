// Repository hooks: their table and their JSON. The secret is kept to sign
// deliveries but never shown again (********, like the real family).
import type { Db, Migration } from '../../db';
import { idsNeverReused } from '../../ids-never-reused';
import { isoTime } from '../conventions/time';
import type { DeliveryQueue } from './queue';
import type { HookConfig } from './services';

export const hookMigrations: Migration[] = [
  {
    id: 'v3/hooks/002-repo-hooks',
    sql: `CREATE TABLE repo_hooks (
      id INTEGER PRIMARY KEY,
      repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      events TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 1,
      config TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX repo_hooks_repo ON repo_hooks (repo_id);
    -- A deleted hook (or repository) takes its delivery log with it.
    CREATE TRIGGER repo_hooks_deliveries_gone AFTER DELETE ON repo_hooks
    BEGIN DELETE FROM hook_deliveries WHERE hook_id = OLD.id; END;`,
  },
  {
    // Organization hooks share the table (and so the id space of the delivery log).
    id: 'v3/hooks/003-organization-hooks',
    sql: `CREATE TABLE hooks (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      repo_id INTEGER REFERENCES repositories(id) ON DELETE CASCADE,
      org_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      events TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 1,
      config TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      CHECK ((repo_id IS NULL) != (org_id IS NULL))
    );
    INSERT INTO hooks (id, repo_id, name, events, active, config, created_at, updated_at)
      SELECT id, repo_id, name, events, active, config, created_at, updated_at FROM repo_hooks;
    DROP TABLE repo_hooks;
    CREATE INDEX hooks_repo ON hooks (repo_id);
    CREATE INDEX hooks_org ON hooks (org_id);
    CREATE TRIGGER hooks_deliveries_gone AFTER DELETE ON hooks
    BEGIN DELETE FROM hook_deliveries WHERE hook_id = OLD.id; END;`,
  },
  // Deliveries (queue.ts) go with their hook; their ids are global, as the hooks' are.
  idsNeverReused('v3/hooks/004-ids-never-reused', ['hooks', 'hook_deliveries']),
];

/** What a hook belongs to: a repository, or an organization (organization hooks). */
export type HookOwner = { kind: 'repo'; id: number } | { kind: 'org'; id: number };

const ownerColumn = (o: HookOwner) => (o.kind === 'repo' ? 'repo_id' : 'org_id');

interface HookRow {
  id: number;
  repo_id: number | null;
  org_id: number | null;
  name: string;
  /** JSON array. */
  events: string;
  active: number;
  /** JSON object of strings, secret included. */
  config: string;
  created_at: string;
  updated_at: string;
}

export interface Hook {
  row: HookRow;
  events: string[];
  config: HookConfig;
}

function parseHook(row: HookRow): Hook {
  return { row, events: JSON.parse(row.events) as string[], config: JSON.parse(row.config) as HookConfig };
}

export function insertHook(db: Db, owner: HookOwner, name: string, events: string[], active: boolean, config: HookConfig): Hook {
  const now = isoTime();
  const info = db
    .prepare(`INSERT INTO hooks (${ownerColumn(owner)}, name, events, active, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .run(owner.id, name, JSON.stringify(events), active ? 1 : 0, JSON.stringify(config), now, now);
  return findHook(db, owner, Number(info.lastInsertRowid))!;
}

export function updateHook(db: Db, hook: Hook, events: string[], active: boolean, config: HookConfig): Hook {
  db.prepare('UPDATE hooks SET events = ?, active = ?, config = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(events),
    active ? 1 : 0,
    JSON.stringify(config),
    isoTime(),
    hook.row.id,
  );
  return parseHook(db.prepare<[number], HookRow>('SELECT * FROM hooks WHERE id = ?').get(hook.row.id)!);
}

export function deleteHook(db: Db, hook: Hook): void {
  db.prepare('DELETE FROM hooks WHERE id = ?').run(hook.row.id);
}

export function findHook(db: Db, owner: HookOwner, id: number): Hook | undefined {
  const row = db.prepare<[number, number], HookRow>(`SELECT * FROM hooks WHERE ${ownerColumn(owner)} = ? AND id = ?`).get(owner.id, id);
  return row && parseHook(row);
}

export function hooksOf(db: Db, owner: HookOwner, activeOnly = false): Hook[] {
  return db
    .prepare<[number], HookRow>(`SELECT * FROM hooks WHERE ${ownerColumn(owner)} = ? ${activeOnly ? 'AND active = 1' : ''} ORDER BY id`)
    .all(owner.id)
    .map(parseHook);
}

/** The highest hook id given so far (0 before the first): hooks made later have higher ids (ids are never reused). */
export function lastHookId(db: Db): number {
  return db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM hooks').get()?.id ?? 0;
}

/** Configuration as shown: secrets and passwords masked. */
function publicConfig(config: HookConfig): HookConfig {
  const out = { ...config };
  for (const key of ['secret', 'password']) if (out[key]) out[key] = '********';
  return out;
}

/** The hook as the API shows it; `hookUrl` is `.../repos/:owner/:repo/hooks/:id` or `.../orgs/:org/hooks/:id`. */
export function renderHook(hook: Hook, hookUrl: string, queue: DeliveryQueue): Record<string, unknown> {
  const last = queue.latest(hook.row.id);
  return {
    id: hook.row.id,
    url: hookUrl,
    test_url: `${hookUrl}/tests`,
    ping_url: `${hookUrl}/pings`,
    deliveries_url: `${hookUrl}/deliveries`,
    name: hook.row.name,
    events: hook.events,
    active: hook.row.active === 1,
    config: publicConfig(hook.config),
    last_response: last
      ? { code: last.status_code, status: last.state === 'delivered' ? 'active' : 'failed', message: last.status }
      : { code: null, status: 'unused', message: null },
    updated_at: isoTime(hook.row.updated_at),
    created_at: isoTime(hook.row.created_at),
  };
}
