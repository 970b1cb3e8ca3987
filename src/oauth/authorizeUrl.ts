// Step 1 of the web application flow: the random state and the address of
// the authorization page on the service's web URL.
import { randomBytes, toBase64Url } from '../util/bytes';

/** An unguessable value against request forgery (256 bits, URL-safe). */
export function createState(): string {
  return toBase64Url(randomBytes(32));
}

export interface AuthorizeRequest {
  /** Web address of the service (not the API one), e.g. `https://host`. */
  webUrl: string;
  clientId: string;
  /** Omitted: the service uses the application's registered callback. */
  redirectUri?: string | undefined;
  scopes: readonly string[];
  state: string;
}

export function buildAuthorizeUrl(r: AuthorizeRequest): string {
  const url = new URL(`${r.webUrl.replace(/\/+$/, '')}/login/oauth/authorize`);
  url.searchParams.set('client_id', r.clientId);
  if (r.redirectUri) url.searchParams.set('redirect_uri', r.redirectUri);
  // Comma-separated, as docs/service-api/hosting/oauth §1 says; omitted when
  // empty (§2).
  if (r.scopes.length) url.searchParams.set('scope', r.scopes.join(','));
  url.searchParams.set('state', r.state);
  return url.toString();
}
