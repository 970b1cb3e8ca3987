// A tiny node:http server that plays the spec's documented answers, for the
// protocol mechanics the emulator cannot show on demand (statistics 202,
// 307 repeats, 5,000-item pagination, error statuses). Each test gives it a
// handler; it records every request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeService(handle: (req: RecordedRequest, base: string) => FakeReply | Promise<FakeReply>): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const reply = await handle(recorded, base);
      const json = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const type = typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
      res.writeHead(reply.status, { ...(json ? { 'content-type': type } : {}), ...reply.headers });
      res.end(json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function rateHeaders(remaining: number, limit = 5000, resetEpochSeconds = Math.floor(Date.now() / 1000) + 3600): Record<string, string> {
  return { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(resetEpochSeconds) };
}

/** A user summary as docs/service-api/hosting/users §1 describes it. */
export function fakeUser(login: string, id: number, base: string) {
  return {
    login,
    id,
    avatar_url: `${base}/avatars/${login}`,
    gravatar_id: null,
    url: `${base}/users/${login}`,
    html_url: `${base}/${login}`,
    followers_url: `${base}/users/${login}/followers`,
    following_url: `${base}/users/${login}/following{/other_user}`,
    gists_url: `${base}/users/${login}/gists{/gist_id}`,
    starred_url: `${base}/users/${login}/starred{/owner}{/repo}`,
    subscriptions_url: `${base}/users/${login}/subscriptions`,
    organizations_url: `${base}/users/${login}/orgs`,
    repos_url: `${base}/users/${login}/repos`,
    events_url: `${base}/users/${login}/events{/privacy}`,
    received_events_url: `${base}/users/${login}/received_events`,
    type: 'User',
    site_admin: false,
  };
}

export function fakeMinimalRepo(id: number, base: string, owner = 'ada', name = `repo-${id}`) {
  return {
    id,
    owner: fakeUser(owner, 1, base),
    name,
    full_name: `${owner}/${name}`,
    description: null as string | null,
    private: false,
    fork: false,
    url: `${base}/repos/${owner}/${name}`,
    html_url: `${base}/${owner}/${name}`,
  };
}

/** A repository summary as a list of repositories holds it (the minimal fields and the rest). */
export function fakeRepoSummary(id: number, base: string, owner = 'ada', name = `repo-${id}`) {
  const r = fakeMinimalRepo(id, base, owner, name);
  return {
    ...r,
    clone_url: `${base}/${r.full_name}.git`,
    git_url: `git://x/${r.full_name}.git`,
    ssh_url: `git@x:${r.full_name}.git`,
    svn_url: `${base}/${r.full_name}`,
    mirror_url: null,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 0,
    open_issues_count: 0,
    default_branch: 'main',
    has_issues: true,
    has_wiki: true,
    has_downloads: true,
    pushed_at: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
  };
}
