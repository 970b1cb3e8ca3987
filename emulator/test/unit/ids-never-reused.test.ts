// The rebuild of src/ids-never-reused.ts on a small schema with what the
// emulator's tables have: a parent with cascading children, a self reference,
// an index, and a trigger of another table that names the rebuilt one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db, type Migration } from '../../src/db';
import { idsNeverReused } from '../../src/ids-never-reused';

const before: Migration[] = [
  {
    id: 't/001-tables',
    sql: `
CREATE TABLE t_parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE t_child (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES t_parent(id) ON DELETE CASCADE,
  reply_to INTEGER REFERENCES t_child(id) ON DELETE SET NULL
);
CREATE INDEX t_child_parent ON t_child (parent_id);
CREATE TABLE t_log (id INTEGER PRIMARY KEY, child_id INTEGER NOT NULL);
CREATE TRIGGER t_child_log_gone AFTER DELETE ON t_child BEGIN DELETE FROM t_log WHERE child_id = OLD.id; END;
INSERT INTO t_parent VALUES (1, 'one'), (4, 'four');
INSERT INTO t_child VALUES (1, 1, NULL), (2, 4, 1), (9, 4, 2);
INSERT INTO t_log VALUES (1, 2), (3, 9);
`,
  },
];
const after = [...before, idsNeverReused('t/002-ids-never-reused', ['t_log', 't_parent', 't_child'])];

const rows = (db: Db, table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
const schemaOf = (db: Db, type: string) => db.prepare('SELECT name, sql FROM sqlite_schema WHERE type = ? ORDER BY name').all(type);

describe('ids never reused: the AUTOINCREMENT rebuild of a table', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-ids-'));
    openDatabase(dir, before).close();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every row with its id, every index and trigger, and leaves foreign keys on and satisfied', () => {
    const old = openDatabase(dir, before);
    const [parents, children, log, indexes, triggers] = [
      rows(old, 't_parent'),
      rows(old, 't_child'),
      rows(old, 't_log'),
      schemaOf(old, 'index'),
      schemaOf(old, 'trigger'),
    ];
    old.close();
    const db = openDatabase(dir, after);
    try {
      assert.deepEqual([rows(db, 't_parent'), rows(db, 't_child'), rows(db, 't_log')], [parents, children, log]);
      assert.deepEqual([schemaOf(db, 'index'), schemaOf(db, 'trigger')], [indexes, triggers]);
      for (const t of ['t_parent', 't_child', 't_log'])
        assert.match(db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(t) as string, /id INTEGER PRIMARY KEY AUTOINCREMENT/);
      assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
      assert.deepEqual(db.pragma('foreign_key_check'), []);
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      db.close();
    }
  });

  it('the next id is above the highest the table had, even once the newest row is deleted', () => {
    const db = openDatabase(dir, after);
    try {
      db.prepare('DELETE FROM t_child WHERE id = 9').run();
      assert.equal(db.prepare('INSERT INTO t_child (parent_id) VALUES (1)').run().lastInsertRowid, 10);
      assert.equal(db.prepare("INSERT INTO t_parent (name) VALUES ('five')").run().lastInsertRowid, 5);
    } finally {
      db.close();
    }
  });

  it('foreign keys and triggers still act on the rebuilt tables: a deleted parent takes its children, a deleted child its log rows', () => {
    const db = openDatabase(dir, after);
    try {
      db.prepare('DELETE FROM t_child WHERE id = 2').run();
      assert.deepEqual(rows(db, 't_log'), [{ id: 3, child_id: 9 }]);
      assert.deepEqual(rows(db, 't_child'), [
        { id: 1, parent_id: 1, reply_to: null },
        { id: 9, parent_id: 4, reply_to: null },
      ]);
      db.prepare('DELETE FROM t_parent WHERE id = 4').run();
      assert.deepEqual(rows(db, 't_child'), [{ id: 1, parent_id: 1, reply_to: null }]);
      assert.deepEqual(rows(db, 't_log'), []);
    } finally {
      db.close();
    }
  });

  it('a table already AUTOINCREMENT is left as it is; a table without an id column stops the migration, which changes nothing', () => {
    openDatabase(dir, after).close();
    const again = openDatabase(dir, [...after, idsNeverReused('t/003-again', ['t_parent'])]);
    const sql = again.prepare("SELECT sql FROM sqlite_schema WHERE name = 't_parent'").pluck().get();
    again.close();
    assert.equal(sql, 'CREATE TABLE "t_parent" (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)');
    const broken: Migration[] = [{ id: 't/004-no-id', sql: 'CREATE TABLE t_plain (key TEXT PRIMARY KEY)' }, idsNeverReused('t/005-plain', ['t_plain'])];
    assert.throws(() => openDatabase(dir, [...after, ...broken]), /t_plain has no single "id INTEGER PRIMARY KEY" column/);
    const db = openDatabase(dir, []);
    try {
      assert.deepEqual(db.prepare("SELECT id FROM schema_migrations WHERE id LIKE 't/00%' ORDER BY id").pluck().all(), [
        't/001-tables',
        't/002-ids-never-reused',
        't/003-again',
        't/004-no-id',
      ]);
    } finally {
      db.close();
    }
  });
});
