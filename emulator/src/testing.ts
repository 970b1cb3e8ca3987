// `@repodesk/emulator/testing`: the emulator with its internals, for white-box
// tests that need more than HTTP — its database (to add an account without
// the API), the Fastify app (`inject`, `hasRoute`), its event bus. The shapes
// here follow the emulator's code; `startEmulator` is the stable API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from './db';
import type { Emulator } from './server';
import type { EmulatorOptions } from './options';
import { launch } from './start';
import { hashPassword, newClientCredentials, sha256Hex } from './hosting/conventions/secrets';
import { isoTime } from './hosting/conventions/time';

export type { Db, Emulator, EmulatorOptions };

export interface TestEmulator extends Emulator {
  dataDir: string;
  /** Closes the server and removes its data folder (unless `keepData`). */
  dispose(): Promise<void>;
}

/** A clock a test moves on by hand (the `clock` option): `now` reads it, `advance(ms)` moves it on. */
export interface ManualClock {
  now: () => number;
  advance(ms: number): void;
}

/** A clock standing at `start` (now by default) until the test moves it on. */
export function manualClock(start = Date.now()): ManualClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** Starts the emulator in-process on a free port with a fresh data folder (or `dataDir`), no request log. */
export async function startTestEmulator(overrides: Partial<EmulatorOptions> & { keepData?: boolean } = {}): Promise<TestEmulator> {
  const { keepData, ...options } = overrides;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-test-'));
  const emulator = await launch({ ...options, dataDir });
  return Object.assign(emulator, {
    async dispose() {
      await emulator.close();
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** Adds a user with a password straight into the database; returns its id. */
export function addUser(db: Db, login: string, password: string): number {
  const now = isoTime();
  return Number(
    db
      .prepare("INSERT INTO users (login, type, password_hash, created_at, updated_at) VALUES (?, 'User', ?, ?, ?)")
      .run(login, hashPassword(password), now, now).lastInsertRowid,
  );
}

export interface TestApplication {
  id: number;
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
}

/** Adds an OAuth application owned by `ownerId` straight into the database. */
export function addApplication(db: Db, ownerId: number, name: string, callbackUrl: string, suspended = false): TestApplication {
  const { clientId, clientSecret } = newClientCredentials();
  const now = isoTime();
  const id = Number(
    db
      .prepare(
        'INSERT INTO applications (owner_id, name, url, client_id, client_secret_hash, callback_url, suspended, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(ownerId, name, 'http://app.example/', clientId, sha256Hex(clientSecret), callbackUrl, suspended ? 1 : 0, now, now).lastInsertRowid,
  );
  return { id, clientId, clientSecret, callbackUrl };
}
