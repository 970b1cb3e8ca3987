// Data folders of earlier versions (tables made without AUTOINCREMENT) open
// with every row and id, and from then on count above the highest id they
// had (emulator/src/ids-never-reused.ts). The earlier schema is made as the
// migration tests make one, from the migrations of that version: every one but
// the `…ids-never-reused` ones, their CREATE statements without AUTOINCREMENT.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db, type Migration } from '../src/db';
import { allModules } from '../src/modules';
import { addUser } from '../src/testing';
import { startEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

/** The tables whose ids the APIs show and whose rows an endpoint (or a cascade) deletes. */
const NEVER_REUSED = [
  'teams',
  'repositories',
  'authorizations',
  'hooks',
  'hook_deliveries',
  'issues',
  'issue_comments',
  'pull_requests',
  'review_comments',
  'gist_comments',
  'deploy_keys',
  'downloads',
  'releases',
  'release_assets',
  'v2_profiles',
];

const earlierMigrations: Migration[] = allModules
  .flatMap((m) => m.migrations)
  .filter((m) => !m.id.endsWith('ids-never-reused'))
  .map((m) => ({ ...m, sql: m.sql?.replace(/ AUTOINCREMENT\b/g, '') }));
const tableSql = (db: Db, table: string) => db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck().get(table) as string;
const dependents = (db: Db) => db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name").all();
const rowsOf = (db: Db) => Object.fromEntries(NEVER_REUSED.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY id`).all()]));

/** An earlier version's data folder: a repository with an issue, comments 1, 2 and 7 on it, and a hook with a delivery. */
function earlierDataFolder(dir: string): void {
  const db = openDatabase(dir, earlierMigrations);
  try {
    const now = '2026-03-02T12:00:00Z';
    const ada = addUser(db, 'ada', 'ada-pw');
    db.prepare('INSERT INTO repositories (id, owner_id, name, created_at, updated_at) VALUES (3, ?, ?, ?, ?)').run(ada, 'engine', now, now);
    db.prepare('INSERT INTO issues (id, repo_id, number, user_id, title, created_at, updated_at) VALUES (4, 3, 1, ?, ?, ?, ?)').run(ada, 'Gears', now, now);
    const comment = db.prepare('INSERT INTO issue_comments (id, issue_id, repo_id, user_id, body, created_at, updated_at) VALUES (?, 4, 3, ?, ?, ?, ?)');
    for (const id of [1, 2, 7]) comment.run(id, ada, `comment ${id}`, now, now);
    db.prepare("INSERT INTO hooks (id, repo_id, name, events, active, config, created_at, updated_at) VALUES (5, 3, 'web', '[\"push\"]', 0, ?, ?, ?)").run(
      JSON.stringify({ url: 'http://127.0.0.1:9/hook' }),
      now,
      now,
    );
    db.prepare(
      `INSERT INTO hook_deliveries (id, guid, hook_id, event, url, content_type, request_headers, request_body, state, status, created_at)
       VALUES (6, 'guid-6', 5, 'ping', 'http://127.0.0.1:9/hook', 'json', '{}', '{}', 'delivered', 'OK', ?)`,
    ).run(now);
  } finally {
    db.close();
  }
}

describe('data folders of earlier versions: ids never reused from the upgrade on', () => {
  it('a new data folder: every table whose ids the APIs show and whose rows can go is AUTOINCREMENT', async () => {
    const emu = await startEmulator();
    try {
      for (const table of NEVER_REUSED) assert.match(tableSql(emu.db, table), /\bid INTEGER PRIMARY KEY AUTOINCREMENT\b/, table);
    } finally {
      await emu.dispose();
    }
  });

  it('an earlier data folder opens with its rows, ids, indexes and triggers; a new comment gets an id above the old highest, and so does the next after deleting it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-ids-upgrade-'));
    try {
      earlierDataFolder(dataDir);
      const old = openDatabase(dataDir, []);
      for (const table of NEVER_REUSED) assert.doesNotMatch(tableSql(old, table), /AUTOINCREMENT/, `${table} as an earlier version made it`);
      const [rows, indexesAndTriggers] = [rowsOf(old), dependents(old)];
      old.close();
      const emu = await startEmulator({ dataDir, keepData: true });
      try {
        assert.deepEqual(rowsOf(emu.db), rows);
        assert.deepEqual(dependents(emu.db), indexesAndTriggers);
        assert.deepEqual(emu.db.pragma('foreign_key_check'), []);
        const ada = basic('ada', 'ada-pw');
        const listed = await call(emu, 'GET', '/repos/ada/engine/issues/1/comments', { auth: ada });
        assert.deepEqual(
          listed.json.map((c: { id: number }) => c.id),
          [1, 2, 7],
        );
        const post = async (body: string) => (await call(emu, 'POST', '/repos/ada/engine/issues/1/comments', { auth: ada, body: { body } })).json.id as number;
        const next = await post('after the upgrade');
        assert.equal(next, 8, 'above the highest id of the earlier folder');
        assert.equal((await call(emu, 'DELETE', `/repos/ada/engine/issues/comments/${next}`, { auth: ada })).status, 204);
        assert.equal(await post('one more'), 9, 'the deleted one is not given again');
        assert.equal((await call(emu, 'DELETE', '/repos/ada/engine/hooks/5', { auth: ada })).status, 204);
        assert.equal(emu.db.prepare('SELECT count(*) FROM hook_deliveries').pluck().get(), 0, 'the delivery log still goes with its hook (trigger kept)');
      } finally {
        await emu.dispose();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
