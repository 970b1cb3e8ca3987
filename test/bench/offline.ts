// Benchmark (never a test): RepoDesk with its service down. Two figures:
//   1. the requests sent while the service is down, per minute, over
//      BENCH_MINUTES minutes of a fake clock: the retry schedule of
//      src/util/reachability.ts (jitter off) fed by the real client's
//      outcomes (HostingCore.onDidReach), each try a real request to a
//      closed port (refused); the periodic refresh, which would send every
//      view's reads again each `refreshIntervalSeconds`, is skipped meanwhile;
//   2. the time until a view has rows to draw: online (the list read from the
//      in-process emulator) and offline (the read refused, the kept rows
//      given instead), median of BENCH_RUNS.
//   npx tsx test/bench/offline.ts
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { addUser, startEmulator } from '../support/emulator';
import { collect, HostingClient, NetworkError } from '../../src/hosting';
import { createTokenWithPassword } from '../../src/oauth';
import { failureKind, Reachability } from '../../src/util/reachability';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const REPOS = 100;

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Requests per minute while down, the tries scheduled by Reachability on a fake clock. */
async function requestsWhileDown(): Promise<{ minute: number; requests: number }[]> {
  let now = 0;
  let sent = 0;
  const reach = new Reachability({ now: () => now, jitter: 0 });
  const client = new HostingClient({
    apiUrl: `http://127.0.0.1:${await closedPort()}`,
    userAgentVersion: 'bench',
    fetch: (url, init) => (sent++, fetch(url, init)),
  });
  client.core.onDidReach((o) => (o.answered ? reach.onSuccess() : reach.onFailure(failureKind(o.failure))));
  const perMinute: number[] = Array.from({ length: MINUTES }, () => 0);
  // The first read that finds the service down, then one try whenever due (ServiceReachability's timer).
  for (now = 0; now < MINUTES * 60_000; now += 1_000) {
    if (!reach.due()) continue;
    const before = sent;
    await client.users.getAuthenticated().catch(() => undefined);
    perMinute[Math.floor(now / 60_000)]! += sent - before;
  }
  return perMinute.map((requests, i) => ({ minute: i + 1, requests }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeToRows(): Promise<{ online: number; offline: number; rows: number }> {
  const emu = await startEmulator();
  try {
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const userId = addUser(emu.db, 'bench', 'bench-pw');
    const insert = emu.db.prepare('INSERT INTO repositories (owner_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    emu.db.transaction(() => {
      for (let i = 1; i <= REPOS; i++) insert.run(userId, `repo-${i}`, `Repository ${i}`, now, now);
    })();
    const anonymous = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'bench' });
    const { token } = await createTokenWithPassword(anonymous, { username: 'bench', password: 'bench-pw', scopes: ['repo'], hostName: 'bench' });
    const credentials = { type: 'token' as const, token };
    const down = `http://127.0.0.1:${await closedPort()}`;
    let kept: unknown[] = [];
    const online: number[] = [];
    const offline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A new client each run: no ETag cache, as a window's first read.
      const up = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'bench', credentials });
      let t0 = performance.now();
      kept = await collect(up.repos.listForAuthenticatedUser());
      online.push(performance.now() - t0);
      const gone = new HostingClient({ apiUrl: down, userAgentVersion: 'bench', credentials });
      t0 = performance.now();
      const rows = await collect(gone.repos.listForAuthenticatedUser()).catch((err: unknown) => {
        if (err instanceof NetworkError) return kept;
        throw err;
      });
      offline.push(performance.now() - t0);
      if (rows.length !== REPOS) throw new Error(`offline gave ${rows.length} rows`);
    }
    return { online: median(online), offline: median(offline), rows: kept.length };
  } finally {
    await emu.dispose();
  }
}

async function main(): Promise<void> {
  const minutes = await requestsWhileDown();
  const total = minutes.reduce((n, m) => n + m.requests, 0);
  console.log(`Requests sent while the service is down (fake clock, ${MINUTES} min, jitter off):`);
  console.table(minutes.filter((m) => m.minute <= 6 || m.minute === MINUTES));
  console.log(`total ${total} in ${MINUTES} min (${(total / MINUTES).toFixed(2)} a minute); minute 1: ${minutes[0]!.requests}`);
  const t = await timeToRows();
  console.log(
    `Time until a view has its ${t.rows} rows (median of ${RUNS}): online ${t.online.toFixed(1)} ms, offline (refused, kept rows) ${t.offline.toFixed(1)} ms`,
  );
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
