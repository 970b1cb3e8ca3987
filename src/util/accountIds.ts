// An account's id: in the session, the Repositories view's groups and every
// key RepoDesk stores under it (pending reviews, kept listings, viewed files,
// the account chosen per repository). It names the account's service by its
// API URL (a session belongs to its service by that URL too) and the user by
// the service's user id, whatever services are configured: adding, removing
// or renaming a service changes no account's id, so nothing kept for it is
// lost.

/** The service's API URL in the form the id holds: no trailing slash, encoded so that no URL can forge another's id. */
function encodedApi(apiUrl: string): string {
  return encodeURIComponent(apiUrl.replace(/\/+$/, ''));
}

/** The id of the user `userId` on the service whose API is at `apiUrl`. */
export function accountId(apiUrl: string, userId: string): string {
  return `${encodedApi(apiUrl)}/${userId}`;
}
