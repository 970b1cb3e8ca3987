// A faithful service never gives the id of a deleted resource to a new one: a
// client that remembered it (a reply target, a cached page, a URL, a webhook
// delivery) would take the new resource for the old. SQLite gives a table
// declared `id INTEGER PRIMARY KEY` the highest id there + 1, so deleting the
// newest row hands its id out again; with AUTOINCREMENT it counts on from the
// highest id the table ever had (kept in `sqlite_sequence`). New data folders
// make these tables with AUTOINCREMENT (their CREATE says so), and this
// migration finds nothing to do there. Earlier versions made them without it,
// which SQLite cannot add to a table: each is rebuilt once, from its own text
// plus AUTOINCREMENT, every row copied with its id (so the sequence starts at
// the old highest id), its indexes and triggers made again.
import type { Db, Migration } from './db';

/** A migration that makes the `id` of each of `tables` AUTOINCREMENT, keeping every row and id. */
export function idsNeverReused(id: string, tables: readonly string[]): Migration {
  return {
    id,
    foreignKeysOff: true,
    run: (db) => {
      for (const table of tables) rebuildWithAutoincrement(db, table);
    },
  };
}

const ID_COLUMN = /\bid INTEGER PRIMARY KEY\b(?!\s+AUTOINCREMENT)/gi;

function rebuildWithAutoincrement(db: Db, table: string): void {
  const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck().get(table) as string | undefined;
  if (sql === undefined) throw new Error(`ids-never-reused: no table ${table}`);
  if (/\bAUTOINCREMENT\b/i.test(sql)) return;
  if (sql.match(ID_COLUMN)?.length !== 1) throw new Error(`ids-never-reused: ${table} has no single "id INTEGER PRIMARY KEY" column`);
  const dependents = db
    .prepare("SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name")
    .pluck()
    .all(table) as string[];
  const temp = `${table}__autoincrement`;
  db.exec(`CREATE TABLE "${temp}" ${sql.slice(sql.indexOf('(')).replace(ID_COLUMN, 'id INTEGER PRIMARY KEY AUTOINCREMENT')}`);
  db.exec(`INSERT INTO "${temp}" SELECT * FROM "${table}"`);
  // Foreign keys are off (Migration.foreignKeysOff): the drop takes no child row with it.
  db.exec(`DROP TABLE "${table}"`);
  // The legacy rename only renames. The current one re-reads every trigger,
  // and one of another table that names this one (hooks → hook_deliveries)
  // fails on the name that is, for this moment, dropped.
  const legacy = db.pragma('legacy_alter_table', { simple: true }) as number;
  db.pragma('legacy_alter_table = ON');
  try {
    db.exec(`ALTER TABLE "${temp}" RENAME TO "${table}"`);
  } finally {
    db.pragma(`legacy_alter_table = ${legacy ? 'ON' : 'OFF'}`);
  }
  for (const dependent of dependents) db.exec(dependent);
}
