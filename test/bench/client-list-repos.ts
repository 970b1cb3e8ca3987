// Benchmark (never a test): listing 5,000 repositories through the v3
// client's iterator (50 pages of 100), cold and with a warm ETag cache, against
// the in-process emulator. Reports time, requests made and rate limit used.
//   npx tsx test/bench/client-list-repos.ts
import { performance } from 'node:perf_hooks';
import { addUser, startEmulator } from '../support/emulator';
import { fakeRepoSummary, rateHeaders, startFakeService } from '../support/fakeService';
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
  const pages: Array<{ body: string; etag: string }> = [];
  // Answers from memory: the pages are serialized once, below.
  const service = await startFakeService((req, base) => {
    const page = Number(new URL(req.url, base).searchParams.get('page') ?? '1');
    const p = pages[page - 1]!;
    const headers: Record<string, string> = { etag: p.etag, 'content-type': 'application/json; charset=utf-8' };
    if (page < 50) headers.link = `<${base}/user/repos?per_page=100&page=${page + 1}>; rel="next", <${base}/user/repos?per_page=100&page=50>; rel="last"`;
    if (req.headers['if-none-match'] === p.etag) return { status: 304, headers: { ...headers, ...rateHeaders(remaining) } };
    remaining--;
    return { status: 200, headers: { ...headers, ...rateHeaders(remaining) }, body: p.body };
  });
  for (let page = 1; page <= 50; page++) {
    const items = Array.from({ length: 100 }, (_, i) => fakeRepoSummary((page - 1) * 100 + i + 1, service.url, 'bench'));
    pages.push({ body: JSON.stringify(items), etag: `"p${page}"` });
  }
  let requests = 0;
  const client = new HostingClient({
    apiUrl: service.url,
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
  await service.close();
}

async function collectFirstPage(client: HostingClient): Promise<void> {
  // Primes the rate-limit state (and caches page 1, as any earlier look would).
  for await (const _repo of client.repos.listForAuthenticatedUser()) break;
}

main()
  .then(clientOnly)
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
