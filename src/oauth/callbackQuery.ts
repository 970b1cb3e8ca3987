// Step 1's answer, as VS Code hands it to the extension's UriHandler: the
// query of the redirect to the callback (code and state, or error,
// error_description, error_uri and state; docs/service-api/hosting/oauth §3,
// §7, §9). The state must be one RepoDesk sent and is
// waiting for: a client must abort when the returned state differs.
import { OAuthError } from './errors';

export type CallbackAnswer =
  /** The service's code for the flow that sent `state`. */
  | { kind: 'code'; state: string; code: string }
  /** The service's error for that flow (the user declined, a suspended application…). */
  | { kind: 'error'; state: string; error: OAuthError }
  /** A state no flow is waiting for (none, or forged): every waiting flow is aborted. */
  | { kind: 'unknown-state' };

/** Reads a callback's query; `isPending(state)` says whether a flow sent that state and waits for it. */
export function readCallback(query: string, isPending: (state: string) => boolean): CallbackAnswer {
  const q = new URLSearchParams(query);
  const state = q.get('state') ?? '';
  if (!state || !isPending(state)) return { kind: 'unknown-state' };
  const error = q.get('error');
  if (error) return { kind: 'error', state, error: new OAuthError(error, q.get('error_description') ?? undefined, q.get('error_uri') ?? undefined) };
  const code = q.get('code');
  if (!code) return { kind: 'error', state, error: new OAuthError('missing_code', 'the answer from the browser carried no authorization code') };
  return { kind: 'code', state, code };
}
