// Passwords, tokens and client secrets: only their hashes are stored.
import crypto from 'node:crypto';

/** scrypt with a modest cost: the emulator is local; a cache avoids rehashing per request. */
const SCRYPT = { N: 4096, r: 8, p: 1 } as const;

export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${salt.toString('hex')}$${key.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [kind, n, saltHex, keyHex] = stored.split('$');
  if (kind !== 'scrypt' || !n || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const key = crypto.scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length, { ...SCRYPT, N: Number(n) });
  return crypto.timingSafeEqual(key, expected);
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** A new token value: 40 lowercase hex characters, like the service's. */
export function newToken(): string {
  return crypto.randomBytes(20).toString('hex');
}

/** A new OAuth application's credentials: 20-character id, 40-character secret. */
export function newClientCredentials(): { clientId: string; clientSecret: string } {
  return { clientId: crypto.randomBytes(10).toString('hex'), clientSecret: crypto.randomBytes(20).toString('hex') };
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
