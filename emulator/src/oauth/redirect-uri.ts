// docs/service-api/hosting/oauth §5: a redirect_uri must have the callback URL's host and
// port exactly, and a path equal to the callback path or below it.
export type RedirectCheck = { ok: true; uri: string } | { ok: false };

/**
 * Resolves the redirect target of an authorization request. With no
 * redirect_uri the registered callback is used. Scheme must match too (a
 * downgrade from https is not "the same callback"); credentials in the URL and
 * fragments are refused since a browser redirect cannot carry them safely.
 */
export function checkRedirectUri(callbackUrl: string, redirectUri: string | undefined): RedirectCheck {
  if (redirectUri === undefined || redirectUri === '') return { ok: true, uri: callbackUrl };
  let callback: URL;
  let given: URL;
  try {
    callback = new URL(callbackUrl);
    given = new URL(redirectUri);
  } catch {
    return { ok: false };
  }
  if (given.protocol !== callback.protocol) return { ok: false };
  // URL normalises case and default ports, so "exactly" compares like for like.
  if (given.hostname !== callback.hostname || given.port !== callback.port) return { ok: false };
  if (given.username || given.password || given.hash) return { ok: false };
  if (!isSameOrSubPath(callback.pathname, given.pathname)) return { ok: false };
  return { ok: true, uri: given.toString() };
}

function isSameOrSubPath(base: string, candidate: string): boolean {
  if (candidate === base) return true;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return candidate.startsWith(prefix);
}
