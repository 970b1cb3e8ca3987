// The message for a request that got no answer. In a browser a service that
// does not allow cross-origin requests (no CORS headers for the page's
// origin) fails exactly as one that is down: "Failed to fetch", nothing
// more. A second request in `no-cors` mode (which must follow redirects:
// the fetch standard refuses it otherwise), whose answer the page may not
// read but which completes when the service answers at all, tells them apart.
import { CALLS_ACROSS_ORIGINS } from '../platform/crossOrigin';

/** Why `url` could not be read (`failure`: the fetch error's text); `fetchFn` makes the no-cors probe. */
export async function unreachableMessage(url: string, failure: string, fetchFn: typeof fetch, crossOrigin = CALLS_ACROSS_ORIGINS): Promise<string> {
  const plain = `Could not reach the service: ${failure}`;
  if (!crossOrigin) return plain;
  const answered = await fetchFn(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
    () => true,
    () => false,
  );
  if (!answered) return plain;
  return `The service at ${new URL(url).origin} answered, but does not allow requests from VS Code in the browser: it sends no CORS headers (Access-Control-Allow-Origin) for this page. Its administrator can allow this page's origin, or use VS Code on a desktop.`;
}
