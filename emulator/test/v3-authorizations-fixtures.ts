// Accounts and applications for the token and OAuth tests, written straight
// into the emulator's database (the demo seed is not needed for these).
import type { Db } from '../src/db';
import { hashPassword, newClientCredentials, sha256Hex } from '../src/v3/core/secrets';
import { isoTime } from '../src/v3/core/time';

export const UA = { 'User-Agent': 'repodesk-tests' };

export function addUser(db: Db, login: string, password: string): number {
  const now = isoTime();
  return Number(db.prepare("INSERT INTO users (login, type, password_hash, created_at, updated_at) VALUES (?, 'User', ?, ?, ?)").run(login, hashPassword(password), now, now).lastInsertRowid);
}

export interface TestApplication {
  id: number;
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
}

export function addApplication(db: Db, ownerId: number, name: string, callbackUrl: string, suspended = false): TestApplication {
  const { clientId, clientSecret } = newClientCredentials();
  const now = isoTime();
  const id = Number(
    db
      .prepare('INSERT INTO applications (owner_id, name, url, client_id, client_secret_hash, callback_url, suspended, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(ownerId, name, 'http://app.example/', clientId, sha256Hex(clientSecret), callbackUrl, suspended ? 1 : 0, now, now).lastInsertRowid,
  );
  return { id, clientId, clientSecret, callbackUrl };
}

export function basic(login: string, password: string): Record<string, string> {
  return { ...UA, Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

export function json(headers: Record<string, string>): Record<string, string> {
  return { ...headers, 'Content-Type': 'application/json' };
}
