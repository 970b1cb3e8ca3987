// What the authentication provider needs from the hosting service. The real
// implementation (signInBackend.ts) uses src/oauth and src/hosting; keeping
// this seam small lets the provider's logic stay readable.
import type * as vscode from 'vscode';
import type { SignInMethod } from './sessionStore';

export interface NewSession {
  accessToken: string;
  login: string;
  userId: number;
  scopes: string[];
  method: SignInMethod;
  authorizationId?: number;
  clientId?: string;
}

export interface HostingAuthBackend {
  /** Base URL of the API the sessions belong to (from the settings). */
  apiUrl(): string;
  /** Host name shown to the user, e.g. in the provider's label. */
  hostLabel(): string;
  browserSignIn(scopes: readonly string[], token: vscode.CancellationToken): Promise<NewSession>;
  tokenSignIn(token: string): Promise<NewSession>;
  passwordSignIn(login: string, password: string, scopes: readonly string[]): Promise<NewSession>;
  /** Revokes a token that RepoDesk created; a no-op for pasted tokens. */
  revoke(session: { accessToken: string; method: SignInMethod; authorizationId?: number; clientId?: string }): Promise<void>;
}
