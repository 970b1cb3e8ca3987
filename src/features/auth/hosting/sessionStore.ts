// Sessions of the hosting service live only in SecretStorage: one JSON array
// under one key, never in settings or global state.
import * as vscode from 'vscode';

export type SignInMethod = 'browser' | 'token' | 'password';

export interface StoredSession {
  id: string;
  accessToken: string;
  account: { id: string; label: string };
  scopes: string[];
  method: SignInMethod;
  /** API base URL the token belongs to; a session is only offered for its own server. */
  apiUrl: string;
  /** Id of the authorization RepoDesk created (password sign-in), revoked on sign-out. */
  authorizationId?: number;
  /** Client id of the OAuth application that issued the token (browser sign-in). */
  clientId?: string;
  createdAt: string;
}

const KEY = 'repodesk.hosting.sessions';

export class SessionStore {
  private cache: StoredSession[] | undefined;

  constructor(private readonly secrets: vscode.SecretStorage) {}

  async all(): Promise<StoredSession[]> {
    if (this.cache) return this.cache;
    const raw = await this.secrets.get(KEY);
    let parsed: unknown = [];
    try {
      parsed = raw ? JSON.parse(raw) : [];
    } catch {
      parsed = [];
    }
    this.cache = Array.isArray(parsed) ? (parsed as StoredSession[]) : [];
    return this.cache;
  }

  async add(session: StoredSession): Promise<void> {
    const all = (await this.all()).filter((s) => !(s.account.id === session.account.id && s.apiUrl === session.apiUrl && sameScopes(s.scopes, session.scopes)));
    await this.write([...all, session]);
  }

  async remove(id: string): Promise<StoredSession | undefined> {
    const all = await this.all();
    const found = all.find((s) => s.id === id);
    if (found) await this.write(all.filter((s) => s.id !== id));
    return found;
  }

  /** Drops the cache so that a change made by another window is seen. */
  invalidate(): void {
    this.cache = undefined;
  }

  private async write(sessions: StoredSession[]): Promise<void> {
    this.cache = sessions;
    await this.secrets.store(KEY, JSON.stringify(sessions));
  }
}

function sameScopes(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

export const SESSIONS_SECRET_KEY = KEY;
