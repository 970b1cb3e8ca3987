// Migrations (src/db.ts): each runs once; one split into several (`madeBy`)
// is not run again in a data folder where the earlier one ran.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Migration } from '../../src/db';

const tablesOf = (dir: string, migrations: Migration[]): string[] => {
  const db = openDatabase(dir, migrations);
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 't_%' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
};

describe('emulator migrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-migrations-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const before: Migration[] = [{ id: 'old/001-both', sql: 'CREATE TABLE t_a (x); CREATE TABLE t_b (y);' }];
  const split: Migration[] = [
    { id: 'new/001-a', sql: 'CREATE TABLE t_a (x);', madeBy: 'old/001-both' },
    { id: 'new/002-b', sql: 'CREATE TABLE t_b (y);', madeBy: 'old/001-both' },
    { id: 'new/003-c', sql: 'CREATE TABLE t_c (z);' },
  ];

  it('a new data folder runs the split migrations', () => {
    assert.deepEqual(tablesOf(dir, split), ['t_a', 't_b', 't_c']);
  });

  it('a data folder of the migration before the split opens: the split ones are recorded, not run', () => {
    tablesOf(dir, before);
    assert.deepEqual(tablesOf(dir, split), ['t_a', 't_b', 't_c']);
    const db = openDatabase(dir, []);
    const ids = db.prepare('SELECT id FROM schema_migrations ORDER BY id').pluck().all();
    db.close();
    assert.deepEqual(ids, ['new/001-a', 'new/002-b', 'new/003-c', 'old/001-both']);
  });

  it('a migration already applied is not run again', () => {
    tablesOf(dir, split);
    assert.deepEqual(tablesOf(dir, split), ['t_a', 't_b', 't_c']);
  });
});
