// Accounts and applications for the token and OAuth tests, written straight
// into the emulator's database (the demo seed is not needed for these).
import { addApplication, addUser, type TestApplication } from '../src/testing';

export { addApplication, addUser, type TestApplication };

export const UA = { 'User-Agent': 'repodesk-tests' };

export function basic(login: string, password: string): Record<string, string> {
  return { ...UA, Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

export function json(headers: Record<string, string>): Record<string, string> {
  return { ...headers, 'Content-Type': 'application/json' };
}
