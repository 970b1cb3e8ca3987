// The services RepoDesk can sign in to, read from the settings: a list
// (`repodesk.hosting.services`, `repodesk.engagement.services`) or, when the
// list is not set, the older single-URL settings as one service. Pure: the
// host turns each problem into a localized message naming the setting; a bad
// entry is left out and never stops the good ones from working.

/** One hosting (v3) service: its API in either form, `https://host` or `https://host/api/v3`. */
export interface HostingService {
  /** Unique (case-insensitively) among the services: what the user sees of it (labels, groups). */
  name: string;
  /** The API's base URL, without a trailing slash. */
  apiUrl: string;
  /** The OAuth application's client id; '' when none is set (no browser sign-in). */
  oauthClientId: string;
  /** The name of its engagement service (an entry of `repodesk.engagement.services`), when the entry names one. */
  engagement?: string;
}

/** One engagement (v2) service: its address, `https://host`. */
export interface EngagementService {
  name: string;
  apiUrl: string;
}

/** What is wrong with one entry (or the whole setting); `index` counts from 0. */
export type ServiceProblem =
  | { kind: 'notAList' }
  | { kind: 'notAnObject'; index: number }
  | { kind: 'missingName'; index: number }
  | { kind: 'duplicateName'; index: number; name: string }
  | { kind: 'badUrl'; index: number; name: string; value: string }
  | { kind: 'missingOAuth'; index: number; name: string }
  | { kind: 'unknownEngagement'; index: number; name: string; value: string };

export interface ParsedServices<T> {
  services: T[];
  problems: ServiceProblem[];
}

/** The older single-service settings, used when the list is not set. */
export interface LegacyHosting {
  apiUrl: string;
  oauthClientId: string;
}

/**
 * The API URL without a trailing slash if it has one of the two forms (an
 * origin, or an origin and `/api/v3`); undefined otherwise.
 */
export function normalizeHostingApiUrl(value: string): string | undefined {
  const url = parseHttpUrl(value);
  if (!url) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== '' && path !== '/api/v3') return undefined;
  return url.origin + path;
}

/** The engagement address without a trailing slash if it is an origin; undefined otherwise. */
export function normalizeEngagementApiUrl(value: string): string | undefined {
  const url = parseHttpUrl(value);
  if (!url || url.pathname.replace(/\/+$/, '') !== '') return undefined;
  return url.origin;
}

function parseHttpUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.search || url.hash || url.username || url.password) return undefined;
  return url;
}

/** A service's default name: the host of its URL. */
function hostName(apiUrl: string): string {
  return new URL(apiUrl).host;
}

interface Entry {
  index: number;
  name: string;
  raw: Record<string, unknown>;
}

/** The entries with a unique name, and the problems of the others. */
function namedEntries(raw: readonly unknown[], problems: ServiceProblem[]): Entry[] {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  raw.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ kind: 'notAnObject', index });
      return;
    }
    const record = item as Record<string, unknown>;
    const name = typeof record.name === 'string' ? record.name.trim() : '';
    if (!name) {
      problems.push({ kind: 'missingName', index });
      return;
    }
    const key = name.toLowerCase();
    if (seen.has(key)) {
      problems.push({ kind: 'duplicateName', index, name });
      return;
    }
    seen.add(key);
    entries.push({ index, name, raw: record });
  });
  return entries;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The hosting services of `repodesk.hosting.services` (`list`), or the older
 * settings as one service when the list is unset or empty. An entry with a
 * duplicate name, no name or a URL of neither form is left out; one without
 * an OAuth application is kept (a token or password sign-in still works) and
 * reported, as is one whose `engagement` is not one of `engagementNames`
 * (the engagement services' names): it has no engagement service then.
 */
export function parseHostingServices(list: unknown, legacy: LegacyHosting, engagementNames: readonly string[] = []): ParsedServices<HostingService> {
  const problems: ServiceProblem[] = [];
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) {
    const apiUrl = normalizeHostingApiUrl(legacy.apiUrl);
    if (!apiUrl) return { services: [], problems: [{ kind: 'badUrl', index: 0, name: legacy.apiUrl, value: legacy.apiUrl }] };
    return { services: [{ name: hostName(apiUrl), apiUrl, oauthClientId: legacy.oauthClientId.trim() }], problems };
  }
  if (!Array.isArray(list)) return { services: [], problems: [{ kind: 'notAList' }] };
  const services: HostingService[] = [];
  for (const { index, name, raw } of namedEntries(list, problems)) {
    const value = text(raw.apiUrl);
    const apiUrl = normalizeHostingApiUrl(value);
    if (!apiUrl) {
      problems.push({ kind: 'badUrl', index, name, value });
      continue;
    }
    const oauthClientId = text(raw.oauthClientId);
    if (!oauthClientId) problems.push({ kind: 'missingOAuth', index, name });
    const service: HostingService = { name, apiUrl, oauthClientId };
    if (raw.engagement !== undefined) {
      const wanted = text(raw.engagement);
      const known = engagementNames.find((n) => n.toLowerCase() === wanted.toLowerCase());
      if (known) service.engagement = known;
      else
        problems.push({ kind: 'unknownEngagement', index, name, value: typeof raw.engagement === 'string' ? raw.engagement : JSON.stringify(raw.engagement) });
    }
    services.push(service);
  }
  return { services, problems };
}

/** The engagement services of `repodesk.engagement.services`, or `legacyApiUrl` as one service. */
export function parseEngagementServices(list: unknown, legacyApiUrl: string): ParsedServices<EngagementService> {
  const problems: ServiceProblem[] = [];
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) {
    const apiUrl = normalizeEngagementApiUrl(legacyApiUrl);
    if (!apiUrl) return { services: [], problems: [{ kind: 'badUrl', index: 0, name: legacyApiUrl, value: legacyApiUrl }] };
    return { services: [{ name: hostName(apiUrl), apiUrl }], problems };
  }
  if (!Array.isArray(list)) return { services: [], problems: [{ kind: 'notAList' }] };
  const services: EngagementService[] = [];
  for (const { index, name, raw } of namedEntries(list, problems)) {
    const value = text(raw.apiUrl);
    const apiUrl = normalizeEngagementApiUrl(value);
    if (!apiUrl) {
      problems.push({ kind: 'badUrl', index, name, value });
      continue;
    }
    services.push({ name, apiUrl });
  }
  return { services, problems };
}

/** Why a hosting service has no engagement service (engagementServiceFor). */
export type NoEngagement = { reason: 'notNamed' } | { reason: 'unknown'; name: string } | { reason: 'noneConfigured' };

/**
 * The engagement service whose cases a hosting service's repositories show:
 * the one its entry names; with a single hosting service (the older settings
 * or a list of one) and no name, the first engagement service, as before
 * there were several. With several hosting services, one that names none
 * has none: the cases of one company's server are not looked for in
 * another's engagement service.
 */
export function engagementServiceFor(
  hosting: Pick<HostingService, 'engagement'> | undefined,
  hostingCount: number,
  engagement: readonly EngagementService[],
): EngagementService | NoEngagement {
  if (hosting?.engagement !== undefined) {
    const named = engagement.find((e) => e.name.toLowerCase() === hosting.engagement!.toLowerCase());
    return named ?? { reason: 'unknown', name: hosting.engagement };
  }
  if (hostingCount > 1) return { reason: 'notNamed' };
  return engagement[0] ?? { reason: 'noneConfigured' };
}
