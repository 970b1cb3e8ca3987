// Addresses and media types of a deployment: the plain (`https://host`) and
// enterprise (`https://host/api/v3`) API forms, the web address used for the
// OAuth pages, and the vendor word of media types and header names.

export interface ServiceAddresses {
  /** API base without a trailing slash, e.g. `https://host` or `https://host/api/v3`. */
  apiUrl: string;
  /** Web base without a trailing slash, e.g. `https://host`. */
  webUrl: string;
}

export function resolveAddresses(apiUrl: string, webUrl?: string): ServiceAddresses {
  const api = new URL(apiUrl);
  if (api.protocol !== 'https:' && api.protocol !== 'http:') throw new Error(`The API URL must be http or https, got "${api.protocol}"`);
  const apiBase = stripSlash(api.origin + api.pathname);
  if (webUrl) return { apiUrl: apiBase, webUrl: stripSlash(new URL(webUrl).toString()) };
  // Enterprise form: the web pages live on the same host without the /api/v3 prefix.
  const webPath = api.pathname.replace(/\/api\/v3\/?$/, '');
  // The public service's API host `api.<domain>` serves its web pages at `<domain>`.
  const host = api.host.startsWith('api.') ? api.host.slice(4) : api.host;
  return { apiUrl: apiBase, webUrl: stripSlash(`${api.protocol}//${host}${webPath}`) };
}

export interface MediaTypes {
  /** `application/vnd.<vendor>.v3+json` */
  json: string;
  /** `application/vnd.<vendor>.v3.<format>+json` for comment bodies (raw, text, html, full). */
  bodyFormat(format: 'raw' | 'text' | 'html' | 'full'): string;
  /** `application/vnd.<vendor>.v3.diff` */
  diff: string;
  /** Lower-case name of the response header that says which media type was used. */
  mediaTypeHeader: string;
}

export function mediaTypes(vendor = 'service'): MediaTypes {
  if (!/^[a-z0-9][a-z0-9.-]*$/i.test(vendor)) throw new Error(`Invalid media type vendor word "${vendor}"`);
  const v = vendor.toLowerCase();
  return {
    json: `application/vnd.${v}.v3+json`,
    bodyFormat: (format) => `application/vnd.${v}.v3.${format}+json`,
    diff: `application/vnd.${v}.v3.diff`,
    mediaTypeHeader: `x-${v}-media-type`,
  };
}

function stripSlash(s: string): string {
  return s.replace(/\/+$/, '');
}
