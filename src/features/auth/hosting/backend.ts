// What the authentication provider needs from the hosting service. The real
// implementation (signInBackend.ts) uses src/oauth and src/hosting; keeping
// this seam small lets the provider's logic stay readable.
import type * as vscode from 'vscode';
import type { SignInMethod } from './sessionStore';
import type { HostingService } from '../../shared/session/settings';

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
  /** The services sessions can belong to (from the settings; the first is the default). */
  services(): HostingService[];
  /** The service's name as shown to the user, e.g. in the sign-in's title. */
  hostLabel(service: HostingService): string;
  browserSignIn(service: HostingService, scopes: readonly string[], token: vscode.CancellationToken): Promise<NewSession>;
  tokenSignIn(service: HostingService, token: string): Promise<NewSession>;
  passwordSignIn(service: HostingService, login: string, password: string, scopes: readonly string[]): Promise<NewSession>;
  /** Revokes a token that RepoDesk created on the service of `apiUrl`; a no-op for pasted tokens. */
  revoke(session: { accessToken: string; method: SignInMethod; apiUrl: string; authorizationId?: number; clientId?: string }): Promise<void>;
}
