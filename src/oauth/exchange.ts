// Step 2 of the web flow: exchanging the code for a token at
// `POST {web}/login/oauth/access_token` with `Accept: application/json`.
import { NetworkError } from '../hosting/errors';
import { unreachableMessage } from '../hosting/unreachable';
import { accessTokenResultSchema, oauthErrorSchema } from '../hosting/schemas/authorizations';
import { parseScopes } from '../util/scopes';
import { OAuthError } from './errors';

export interface ExchangeRequest {
  webUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  /** Must be the redirect_uri of step 1 when one was sent. */
  redirectUri?: string | undefined;
  userAgentVersion: string;
  fetch?: typeof fetch | undefined;
}

export interface ExchangedToken {
  accessToken: string;
  /** The granted scopes (they can differ from the requested ones). */
  scopes: string[];
  tokenType: string;
}

const ENDPOINT = 'POST /login/oauth/access_token';

export async function exchangeCode(r: ExchangeRequest): Promise<ExchangedToken> {
  const form = new URLSearchParams({ client_id: r.clientId, client_secret: r.clientSecret, code: r.code });
  if (r.redirectUri) form.set('redirect_uri', r.redirectUri);
  const doFetch = r.fetch ?? fetch;
  const url = `${r.webUrl.replace(/\/+$/, '')}/login/oauth/access_token`;
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': `RepoDesk/${r.userAgentVersion}` },
      body: form.toString(),
    });
  } catch (err) {
    const failure = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
    // In the browser a service that sends no CORS headers for the exchange fails as one that is down: the message tells them apart.
    throw new NetworkError(await unreachableMessage(url, failure, doFetch), ENDPOINT);
  }
  const body: unknown = await res.json().catch(() => undefined);
  const failure = oauthErrorSchema.safeParse(body);
  if (failure.success) throw new OAuthError(failure.data.error, failure.data.error_description, failure.data.error_uri);
  const ok = accessTokenResultSchema.safeParse(body);
  if (!res.ok || !ok.success) throw new OAuthError('invalid_response', `The service answered ${res.status} without a token.`);
  return { accessToken: ok.data.access_token, scopes: parseScopes(ok.data.scope), tokenType: ok.data.token_type };
}
