// Benchmark (never a test): listing 5,000 repositories through the v3
// client's iterator (50 pages of 100), cold and with a warm ETag cache, against
// the in-process emulator. Reports time, requests made and rate limit used.
//   npx tsx test/bench/client-list-repos.ts
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { addUser, startEmulator } from '../support/emulator';
import { HostingClient } from '../../src/hosting';
import { createTokenWithPassword } from '../../src/oauth';

const REPOS = 5000;

async function main(): Promise<void> {
  const emu = await startEmulator();
  try {
    // 5,000 repositories written straight into SQLite (no git repositories: listing does not read git).
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const userId = addUser(emu.db, 'bench', 'bench-pw');
    const insert = emu.db.prepare('INSERT INTO repositories (owner_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    emu.db.transaction(() => {
      for (let i = 1; i <= REPOS; i++) insert.run(userId, `repo-${String(i).padStart(4, '0')}`, `Repository number ${i}`, now, now);
    })();

    const anonymous = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'bench' });
    const { token } = await createTokenWithPassword(anonymous, { username: 'bench', password: 'bench-pw', scopes: ['repo'], hostName: 'bench' });
    let requests = 0;
    const client = new HostingClient({
      apiUrl: emu.url,
      userAgentVersion: 'bench',
      credentials: { type: 'token', token },
      cacheSize: 1000,
      fetch: (url, init) => (requests++, fetch(url, init)),
    });

    // Learn the rate-limit state first so that every run's use is a difference.
    await client.users.getAuthenticated();
    console.log(`Against the emulator (in-process, SQLite), node ${process.version}:`);
    console.table(
      await measure(
        client,
        () => requests,
        () => (requests = 0),
      ),
    );
    // Where the time goes: one page fetched raw (server side) vs. the whole run.
    const t0 = performance.now();
    const raw = await fetch(`${emu.url}/user/repos?per_page=100&page=7`, { headers: { authorization: `token ${token}`, 'user-agent': 'bench' } });
    await raw.arrayBuffer();
    console.log(`one raw page (no client): ${Math.round(performance.now() - t0)} ms`);
  } finally {
    await emu.dispose();
  }
}

interface Row {
  run: string;
  ms: number;
  items: number;
  requests: number;
  rateUsed: number;
}

/** Lists every repository once cold and three times warm with the same client (same ETag cache). */
async function measure(client: HostingClient, requests: () => number, resetRequests: () => void): Promise<Row[]> {
  const rows: Row[] = [];
  for (const run of ['cold (empty cache)', 'warm 1', 'warm 2', 'warm 3']) {
    resetRequests();
    const before = client.rateLimit!.remaining;
    const start = performance.now();
    let items = 0;
    for await (const _repo of client.repos.listForAuthenticatedUser()) items++;
    rows.push({ run, ms: Math.round(performance.now() - start), items, requests: requests(), rateUsed: before - client.rateLimit!.remaining });
  }
  return rows;
}

/**
 * The client's own cost: the same 50 pages from a bare node:http server that
 * answers from memory (ETag, 304, Link, X-RateLimit-*), so the server costs ~0.
 */
async function clientOnly(): Promise<void> {
  let remaining = 5000;
  const reset = String(Math.floor(Date.now() / 1000) + 3600);
  const pages: Array<{ body: string; etag: string }> = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', base).searchParams.get('page') ?? '1');
    const p = pages[page - 1]!;
    const headers: Record<string, string> = {
      etag: p.etag,
      'x-ratelimit-limit': '5000',
      'x-ratelimit-reset': reset,
      'content-type': 'application/json; charset=utf-8',
    };
    if (page < 50) headers.link = `<${base}/user/repos?per_page=100&page=${page + 1}>; rel="next", <${base}/user/repos?per_page=100&page=50>; rel="last"`;
    if (req.headers['if-none-match'] === p.etag) {
      res.writeHead(304, { ...headers, 'x-ratelimit-remaining': String(remaining) }).end();
      return;
    }
    remaining--;
    res.writeHead(200, { ...headers, 'x-ratelimit-remaining': String(remaining) }).end(p.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (let page = 1; page <= 50; page++) {
    const items = Array.from({ length: 100 }, (_, i) => fakeRepo((page - 1) * 100 + i + 1, base));
    pages.push({ body: JSON.stringify(items), etag: `"p${page}"` });
  }
  let requests = 0;
  const client = new HostingClient({
    apiUrl: base,
    userAgentVersion: 'bench',
    credentials: { type: 'token', token: 'bench-token' },
    cacheSize: 1000,
    fetch: (url, init) => (requests++, fetch(url, init)),
  });
  await collectFirstPage(client);
  console.log('Client only (bare node:http server answering from memory):');
  console.table(
    await measure(
      client,
      () => requests,
      () => (requests = 0),
    ),
  );
  server.closeAllConnections();
  server.close();
}

async function collectFirstPage(client: HostingClient): Promise<void> {
  // Primes the rate-limit state (and caches page 1, as any earlier look would).
  for await (const _repo of client.repos.listForAuthenticatedUser()) break;
}

function fakeRepo(id: number, base: string) {
  const login = 'bench';
  const owner = {
    login,
    id: 1,
    avatar_url: `${base}/a/${login}`,
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
  const name = `repo-${id}`;
  return {
    id,
    owner,
    name,
    full_name: `${login}/${name}`,
    description: `Repository number ${id}`,
    private: false,
    fork: false,
    url: `${base}/repos/${login}/${name}`,
    html_url: `${base}/${login}/${name}`,
    clone_url: `${base}/${login}/${name}.git`,
    git_url: `git://h/${login}/${name}.git`,
    ssh_url: `git@h:${login}/${name}.git`,
    svn_url: `${base}/${login}/${name}`,
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
    permissions: { admin: true, push: true, pull: true },
  };
}

main()
  .then(clientOnly)
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
