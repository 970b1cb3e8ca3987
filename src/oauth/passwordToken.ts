// Signing in with a user name and password: a token created through
// `POST /authorizations` with Basic credentials
// (docs/service-api/hosting/oauth §6).
import { hostName as thisHostName } from '../platform/machine';
import type { HostingClient } from '../hosting/client';
import { BadCredentialsError, LoginLockedOutError } from '../hosting/errors';
import type { Authorization } from '../hosting/schemas/authorizations';
import { PasswordSignInError } from './errors';

export interface PasswordSignIn {
  username: string;
  password: string;
  scopes: readonly string[];
  /** Defaults to this machine's host name; the note reads `RepoDesk on <host name>`. */
  hostName?: string | undefined;
  noteUrl?: string | undefined;
  /** Binds the token to an OAuth application, so that it can later be revoked with the application's credentials. */
  app?: { clientId: string; clientSecret: string } | undefined;
}

export function tokenNote(hostName = thisHostName()): string {
  return `RepoDesk on ${hostName}`;
}

/** Creates a token; bad credentials and the lockout become PasswordSignInError with a clear message. */
export async function createTokenWithPassword(client: HostingClient, r: PasswordSignIn): Promise<Authorization> {
  try {
    return await client.authorizations.create(
      { username: r.username, password: r.password },
      {
        note: tokenNote(r.hostName),
        scopes: [...r.scopes],
        ...(r.noteUrl ? { note_url: r.noteUrl } : {}),
        ...(r.app ? { client_id: r.app.clientId, client_secret: r.app.clientSecret } : {}),
      },
    );
  } catch (err) {
    if (err instanceof BadCredentialsError) {
      throw new PasswordSignInError('bad-credentials', `The user name or password is wrong (the service said: ${err.message}).`);
    }
    if (err instanceof LoginLockedOutError) {
      throw new PasswordSignInError(
        'locked-out',
        `Too many failed sign-ins: the service has blocked sign-in for "${r.username}" for a while, even with the right password. Try again later. (${err.message})`,
      );
    }
    throw err;
  }
}
