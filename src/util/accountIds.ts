// An account's id: in the session, the Repositories view's groups and every
// key RepoDesk stores under it (pending reviews, kept listings, viewed files,
// the account chosen per repository). It names the account's service by its
// API URL (a session belongs to its service by that URL too) and the user by
// the service's user id, whatever services are configured: adding, removing
// or renaming a service changes no account's id, so nothing kept for it is
// lost. Earlier versions used other ids (formerAccountIds); what was stored
// under one is read once and moved to the account's id.

/** The service's API URL in the form the id holds: no trailing slash, encoded so that no URL can forge another's id. */
function encodedApi(apiUrl: string): string {
  return encodeURIComponent(apiUrl.replace(/\/+$/, ''));
}

/** The id of the user `userId` on the service whose API is at `apiUrl`. */
export function accountId(apiUrl: string, userId: string): string {
  return `${encodedApi(apiUrl)}/${userId}`;
}

/** The service's API URL and the user id an accountId holds; undefined for any other string (an id of an earlier version). */
export function parseAccountId(id: string): { apiUrl: string; userId: string } | undefined {
  // The encoded URL holds no slash; without one (a bare user id) it is no URL either.
  const slash = id.indexOf('/');
  const userId = id.slice(slash + 1);
  let apiUrl = '';
  try {
    apiUrl = decodeURIComponent(id.slice(0, slash));
  } catch {
    // Not encoded as accountId encodes: no id of this version.
  }
  if (!/^https?:\/\//i.test(apiUrl) || userId === '') return undefined;
  return { apiUrl, userId };
}

/**
 * The ids the account `id` had in earlier versions, newest first: with
 * several services configured, the service's name (any case) and the user
 * id; with one, the bare user id. A bare id cannot say its service: it is
 * taken as the first configured service's (the one that was there alone
 * when a second was added after it), never another's, so no user's drafts
 * reach another user of the same id on another service.
 */
export function formerAccountIds(id: string, services: readonly { name: string; apiUrl: string }[]): string[] {
  const parsed = parseAccountId(id);
  if (!parsed) return [];
  const api = encodedApi(parsed.apiUrl);
  const service = services.find((s) => encodedApi(s.apiUrl) === api);
  const former: string[] = [];
  if (service) former.push(`${encodeURIComponent(service.name.toLowerCase())}/${parsed.userId}`);
  if (services[0] && encodedApi(services[0].apiUrl) === api) former.push(parsed.userId);
  return former;
}
