// The emulator's state: one SQLite database under the data folder, in WAL
// mode. Each module contributes its own migrations; they run in order, once.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

export interface Migration {
  /** Unique and stable: `<module>/<n>-<what>`, e.g. `hosting/001-accounts`. */
  id: string;
  sql?: string;
  /** Code to run after `sql`, in the same transaction (a table rebuild: `ids-never-reused.ts`). */
  run?: (db: Db) => void;
  /**
   * Run with foreign keys off: a rebuild drops a table that others reference,
   * and with them on the drop would first delete (or cascade to) every child row.
   */
  foreignKeysOff?: boolean;
  /**
   * The id of an earlier migration that already made these tables (one split
   * into several): where it ran, this one is recorded as applied, not run.
   */
  madeBy?: string;
}

export function openDatabase(dataDir: string, migrations: readonly Migration[]): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'emulator.sqlite'));
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a SIGKILL right after the response.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  cachePreparedStatements(db);
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    if (m.madeBy !== undefined && applied.has(m.madeBy)) {
      record.run(m.id, new Date().toISOString());
      continue;
    }
    runMigration(db, m, () => record.run(m.id, new Date().toISOString()));
  }
  return db;
}

function runMigration(db: Db, m: Migration, record: () => void): void {
  // The pragma is a no-op inside a transaction: it is switched around it.
  if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      if (m.sql !== undefined) db.exec(m.sql);
      m.run?.(db);
      record();
    })();
  } finally {
    if (m.foreignKeysOff) db.pragma('foreign_keys = ON');
  }
}

/** A list query: how many rows match, and one page of them. */
export interface Listing<T> {
  total: number;
  page(limit: number, offset: number): T[];
}

/**
 * The listing of a query given twice, as `SELECT count(*) FROM ... WHERE ...`
 * and `SELECT <columns> FROM ... WHERE ...` with the same placeholders
 * (`params`); pages are ordered by `orderBy`. The count runs at once, the
 * page when asked for.
 */
export function listing<T>(db: Db, q: { count: string; select: string; params: readonly unknown[]; orderBy: string }): Listing<T> {
  return {
    total: db
      .prepare(q.count)
      .pluck()
      .get(...q.params) as number,
    page: (limit, offset) => db.prepare(`${q.select} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`).all(...q.params, limit, offset) as T[],
  };
}

const versions = new WeakMap<Db, number>();

/** A number that changes whenever anything is written to the database. */
export function dataVersion(db: Db): number {
  return versions.get(db) ?? 0;
}

/**
 * Makes `db.prepare(sql)` return one compiled statement per SQL text: routes
 * prepare their queries inline, and compiling on every request cost ~15% of
 * the CPU of a GET. The statement comes back in its default mode (no pluck,
 * raw or expand left over from the previous user). Do not call `iterate()`
 * on a statement while running the same SQL text again inside the loop.
 */
function cachePreparedStatements(db: Db): void {
  const compile = db.prepare.bind(db) as (sql: string) => Database.Statement;
  const cache = new Map<string, Database.Statement>();
  const exec = db.exec.bind(db);
  db.exec = (sql: string) => {
    versions.set(db, dataVersion(db) + 1);
    return exec(sql);
  };
  (db as { prepare: (sql: string) => Database.Statement }).prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = compile(sql);
      cache.set(sql, stmt);
      // Every write (RETURNING ones included) moves the data version on: response caches check it.
      if (!stmt.reader || /^\s*(insert|update|delete|replace)\b/i.test(sql)) {
        const s = stmt as unknown as Record<'run' | 'get' | 'all' | 'iterate', (...p: unknown[]) => unknown>;
        for (const method of ['run', 'get', 'all', 'iterate'] as const) {
          const original = s[method]!.bind(stmt);
          s[method] = (...params: unknown[]) => {
            versions.set(db, dataVersion(db) + 1);
            return original(...params);
          };
        }
      }
    } else if (stmt.reader) {
      stmt.pluck(false);
      stmt.expand(false);
      stmt.raw(false);
    }
    return stmt;
  };
}
