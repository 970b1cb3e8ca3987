// The OAuth errors (docs/service-api/hosting/oauth §7–§9), each with its
// description and an error_uri under {docs_url}/v3/oauth/ whose anchor is the
// error name with dashes.
export type AuthorizeError = 'application_suspended' | 'redirect_uri_mismatch' | 'access_denied';
export type ExchangeError = 'incorrect_client_credentials' | 'redirect_uri_mismatch' | 'bad_verification_code';
export type OAuthError = AuthorizeError | ExchangeError;

const DESCRIPTIONS: Record<OAuthError, string> = {
  application_suspended: 'Your application has been suspended. Contact support.',
  redirect_uri_mismatch: 'The redirect_uri MUST match the registered callback URL for this application.',
  access_denied: 'The user has denied your application access.',
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  bad_verification_code: 'The code passed is incorrect or expired.',
};

export interface OAuthErrorBody {
  error: OAuthError;
  error_description: string;
  error_uri: string;
}

/** `docsUrl` is the base of the documentation, e.g. `http://127.0.0.1:7480/docs`. */
export function oauthError(error: OAuthError, docsUrl: string): OAuthErrorBody {
  return {
    error,
    error_description: DESCRIPTIONS[error],
    error_uri: `${docsUrl}/v3/oauth/#${error.replace(/_/g, '-')}`,
  };
}
