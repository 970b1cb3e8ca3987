// What "Open Pull Request…" and RepoDesk's `vscode://` links accept: a pull
// request's web page (`https://host/owner/repo/pull/12`, any tab or anchor
// after it), its API URL (`…/repos/owner/repo/pulls/12`), `owner/repo#12`,
// `#12` of the active repository, or a `vscode://repodesk.repodesk/open`
// link carrying one of these in `?url=` or as `?owner=&repo=&number=`. A URL
// names its service by its host; the caller matches it to a configured one.

/** A configured hosting service as the links need it: its name and API URL. */
export interface LinkService {
  name: string;
  apiUrl: string;
}

export interface PullLink {
  owner: string;
  repo: string;
  number: number;
  /** The configured service whose web or API host the link named; undefined for `owner/repo#N` and `#N`. */
  service?: string;
}

export type PullLinkProblem =
  /** Nothing typed. */
  | { kind: 'empty' }
  /** `#N` with no active repository to take it from. */
  | { kind: 'noRepository' }
  /** A URL of a host no configured service has. */
  | { kind: 'unknownHost'; host: string }
  /** Text of none of the accepted forms, or a URL that names no pull request. */
  | { kind: 'notAPull' };

export type PullLinkResult = { ok: true; link: PullLink } | { ok: false; problem: PullLinkProblem };

const NAME = '[A-Za-z0-9_.-]+';
const SHORT = new RegExp(`^(?:(${NAME})/(${NAME}))?#([1-9]\\d{0,9})$`);
// Web: /owner/repo/pull/N[/tab]; API: [/api/v3]/repos/owner/repo/pulls/N[/…].
const WEB_PATH = new RegExp(`^/(${NAME})/(${NAME})/pull/([1-9]\\d{0,9})(?:/.*)?$`);
const API_PATH = new RegExp(`^(?:/api/v3)?/repos/(${NAME})/(${NAME})/pulls/([1-9]\\d{0,9})(?:/.*)?$`);
const VSCODE_SCHEME = /^vscode(?:-insiders)?:$/;

/** The hosts a service answers on: its API's, and for an `api.` host (github.com's form) the web host beside it. */
export function hostsOf(apiUrl: string): string[] {
  let host: string;
  try {
    host = new URL(apiUrl).host.toLowerCase();
  } catch {
    return [];
  }
  return host.startsWith('api.') ? [host, host.slice(4)] : [host];
}

function pullOf(owner: string, repo: string, number: string, service?: string): PullLinkResult {
  return { ok: true, link: { owner, repo, number: Number(number), ...(service === undefined ? {} : { service }) } };
}

function fromUrl(url: URL, services: readonly LinkService[], active: { owner: string; name: string } | undefined, depth: number): PullLinkResult {
  if (VSCODE_SCHEME.test(url.protocol)) {
    // A link inside a link is not followed (one level, as RepoDesk writes them).
    if (depth > 0) return { ok: false, problem: { kind: 'notAPull' } };
    const inner = url.searchParams.get('url');
    if (inner !== null) return parsePullLink(inner, services, active, depth + 1);
    const [owner, repo, number] = ['owner', 'repo', 'number'].map((k) => url.searchParams.get(k) ?? '');
    const service = url.searchParams.get('service') ?? undefined;
    if (!new RegExp(`^${NAME}$`).test(owner!) || !new RegExp(`^${NAME}$`).test(repo!) || !/^[1-9]\d{0,9}$/.test(number!))
      return { ok: false, problem: { kind: 'notAPull' } };
    const known = service === undefined ? undefined : services.find((s) => s.name.toLowerCase() === service.toLowerCase());
    if (service !== undefined && !known) return { ok: false, problem: { kind: 'unknownHost', host: service } };
    return pullOf(owner!, repo!, number!, known?.name);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: { kind: 'notAPull' } };
  const path = url.pathname.replace(/\/+$/, '');
  const m = WEB_PATH.exec(path) ?? API_PATH.exec(path);
  if (!m) return { ok: false, problem: { kind: 'notAPull' } };
  const host = url.host.toLowerCase();
  const service = services.find((s) => hostsOf(s.apiUrl).includes(host));
  if (!service) return { ok: false, problem: { kind: 'unknownHost', host } };
  return pullOf(m[1]!, m[2]!, m[3]!, service.name);
}

/** Reads `text` as a pull request; `services` are the configured ones, `active` the repository `#N` refers to. */
export function parsePullLink(text: string, services: readonly LinkService[], active?: { owner: string; name: string }, depth = 0): PullLinkResult {
  const t = text.trim();
  if (!t) return { ok: false, problem: { kind: 'empty' } };
  const short = SHORT.exec(t);
  if (short) {
    if (short[1] !== undefined) return pullOf(short[1], short[2]!, short[3]!);
    if (!active) return { ok: false, problem: { kind: 'noRepository' } };
    return pullOf(active.owner, active.name, short[3]!);
  }
  // A bare number is the active repository's too, as the number box always took it.
  if (/^[1-9]\d{0,9}$/.test(t)) return parsePullLink(`#${t}`, services, active, depth);
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return { ok: false, problem: { kind: 'notAPull' } };
  }
  return fromUrl(url, services, active, depth);
}
