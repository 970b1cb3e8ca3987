// OAuth errors of docs/service-api/hosting/oauth §7, §8 and of the loopback
// receiver, each with a message a user can act on.

export type OAuthErrorCode = 'application_suspended' | 'redirect_uri_mismatch' | 'access_denied' | 'incorrect_client_credentials' | 'bad_verification_code';

const USER_MESSAGES: Record<OAuthErrorCode, string> = {
  application_suspended: "The RepoDesk application is suspended on this service. Contact the service's support.",
  redirect_uri_mismatch:
    "The callback address RepoDesk used does not match the one registered for the application. Check the application's callback URL setting.",
  access_denied: "Sign-in was cancelled: access was denied on the service's authorization page.",
  incorrect_client_credentials:
    'The application\'s client id or client secret is wrong. Set the client secret again with the "Set OAuth Client Secret" command.',
  bad_verification_code: 'The authorization code was incorrect or expired. Sign in again to get a new one.',
};

/** An OAuth error answered by the service, with the service's own description kept apart. */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    readonly description?: string,
    readonly uri?: string,
  ) {
    super(userMessageFor(code, description));
    this.name = 'OAuthError';
  }
}

export function userMessageFor(code: string, description?: string): string {
  const known = (USER_MESSAGES as Record<string, string | undefined>)[code];
  if (known) return known;
  return `Sign-in failed: ${description || code}`;
}

/** The `state` that came back is not the one sent: possible request forgery, the flow is aborted. */
export class StateMismatchError extends Error {
  constructor() {
    super('Sign-in was aborted: the answer from the browser did not carry the state RepoDesk sent (possible request forgery).');
    this.name = 'StateMismatchError';
  }
}

export class OAuthTimeoutError extends Error {
  constructor(seconds: number) {
    super(`Sign-in timed out: no answer came back from the browser within ${seconds} seconds.`);
    this.name = 'OAuthTimeoutError';
  }
}

export class OAuthCancelledError extends Error {
  constructor() {
    super('Sign-in was cancelled.');
    this.name = 'OAuthCancelledError';
  }
}

/** Signing in with a user name and password failed for a reason the user can fix. */
export class PasswordSignInError extends Error {
  constructor(
    readonly reason: 'bad-credentials' | 'locked-out',
    message: string,
  ) {
    super(message);
    this.name = 'PasswordSignInError';
  }
}
