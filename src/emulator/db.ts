// The emulator's state: one SQLite database under the data folder, in WAL
// mode. Each module contributes its own migrations; they run in order, once.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

export interface Migration {
  /** Unique and stable: `<module>/<n>-<what>`, e.g. `v3/001-accounts`. */
  id: string;
  sql: string;
}

export function openDatabase(dataDir: string, migrations: readonly Migration[]): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'emulator.sqlite'));
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a SIGKILL right after the response.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, new Date().toISOString());
    })();
  }
  return db;
}
