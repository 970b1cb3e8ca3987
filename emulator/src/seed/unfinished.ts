// A seed interrupted by a kill. The seed writes SQLite rows and git
// repositories in many steps (git work cannot join a SQLite transaction), so
// it is made restartable instead. A database that never served a request
// (no `served` marker: written when a start completes without a seed) and
// has no completed seed holds no client's data, since every request but
// /health gets 503 until the seed completes. Before seeding such a database
// the emulator records `seed-started`; the `seed` marker is written only
// once every step is done. A folder with the first and not the second holds
// a half-done seed and nothing else, so the next start removes the database,
// the git repositories and the OAuth application file and seeds again.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db';

const SEED_STARTED_KEY = 'seed-started';
const SEED_DONE_KEY = 'seed';
const SERVED_KEY = 'served';

/** Files of the data folder that the seed writes besides the database and the git folder. */
const SEED_FILES = ['oauth-app.json'];
const DATABASE_FILES = ['emulator.sqlite', 'emulator.sqlite-wal', 'emulator.sqlite-shm', 'emulator.sqlite-journal'];

function meta(db: Db, key: string): string | undefined {
  return db.prepare('SELECT value FROM emulator_meta WHERE key = ?').pluck().get(key) as string | undefined;
}

/** The seed that completed in this folder, if any. */
export function completedSeed(db: Db): string | undefined {
  return meta(db, SEED_DONE_KEY);
}

/** True when a seed started and did not complete. */
export function hasUnfinishedSeed(db: Db): boolean {
  return meta(db, SEED_STARTED_KEY) !== undefined && meta(db, SEED_DONE_KEY) === undefined;
}

/** True when the database never served a request: no client data to lose. */
export function neverServed(db: Db): boolean {
  return meta(db, SERVED_KEY) === undefined && meta(db, SEED_DONE_KEY) === undefined;
}

/** Records, before the first request, that the database now serves requests without a completed seed. */
export function markServed(db: Db): void {
  db.prepare('INSERT OR REPLACE INTO emulator_meta (key, value) VALUES (?, ?)').run(SERVED_KEY, new Date().toISOString());
}

/** Records that a seed starts on a database that never served: if it does not finish, the next start may discard everything. */
export function markSeedStarted(db: Db, seed: string): void {
  db.prepare('INSERT OR REPLACE INTO emulator_meta (key, value) VALUES (?, ?)').run(SEED_STARTED_KEY, seed);
}

export function markSeedDone(db: Db, seed: string): void {
  db.prepare('INSERT OR REPLACE INTO emulator_meta (key, value) VALUES (?, ?)').run(SEED_DONE_KEY, seed);
}

/** Removes what a half-done seed wrote (the database must be closed): the next open starts from an empty folder. */
export function discardUnfinishedSeed(dataDir: string, gitDir: string): void {
  for (const name of [...DATABASE_FILES, ...SEED_FILES]) fs.rmSync(path.join(dataDir, name), { force: true });
  fs.rmSync(gitDir, { recursive: true, force: true });
  fs.mkdirSync(gitDir, { recursive: true });
}
