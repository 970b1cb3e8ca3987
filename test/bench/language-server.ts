// Benchmark (never a test): completion latency of the review comment
// language server at `@` with 1,000 organization members (goal: p95 under
// 50 ms once cached). The server runs as in the editor (src/language-server/
// server.ts) behind an in-memory JSON-RPC connection; a fake extension
// answers its `repodesk/people` request with 1,000 people (10 of them
// participants, each with a small data: avatar as the extension sends). Times
// are client-side, request to parsed answer, JSON-RPC both ways included
// (what IPC adds on top is a pipe write and read of the same bytes).
//   npx tsx test/bench/language-server.ts      (BENCH_MEMBERS, BENCH_RUNS)
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'vscode-languageserver/node';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type CompletionItem } from 'vscode-languageserver-protocol/node';
import { REQUESTS, type Person } from '../../src/language-server/protocol';
import { startServer } from '../../src/language-server/server';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const AVATAR = `data:image/png;base64,${Buffer.alloc(600, 7).toString('base64')}`;
const people: Person[] = Array.from({ length: MEMBERS }, (_, i) => ({
  login: `member-${String(i).padStart(4, '0')}`,
  name: `Member Number ${i}`,
  avatarUrl: AVATAR,
  participant: i < 10,
}));

async function main(): Promise<void> {
  const up = new PassThrough();
  const down = new PassThrough();
  startServer(createConnection(new StreamMessageReader(up), new StreamMessageWriter(down)), { diagnosticsDelayMs: 300 });
  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  let peopleRequests = 0;
  client.onRequest(REQUESTS.people, () => (peopleRequests++, people));
  client.onRequest(REQUESTS.person, ({ login }: { login: string }) => ({ login }));
  client.onRequest(REQUESTS.issues, () => []);
  client.onNotification('textDocument/publishDiagnostics', () => undefined);
  client.listen();
  await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
  await client.sendNotification('initialized', {});

  let version = 0;
  const uri = (n: number) => `comment://client/repodesk.reviewThreads/${n}`;
  async function type(doc: string, text: string): Promise<void> {
    version++;
    await client.sendNotification('textDocument/didChange', { textDocument: { uri: doc, version }, contentChanges: [{ text }] });
  }
  async function complete(doc: string, character: number): Promise<{ ms: number; items: number }> {
    const t = performance.now();
    const items = (await client.sendRequest('textDocument/completion', { textDocument: { uri: doc }, position: { line: 0, character } })) as CompletionItem[];
    return { ms: performance.now() - t, items: items.length };
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  const fmt = (x: number) => `${x.toFixed(1)} ms`;

  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(1), languageId: 'markdown', version: ++version, text: 'Thanks @' } });
  const cold = await complete(uri(1), 8);

  const warm: number[] = [];
  const prefixed: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await type(uri(1), 'Thanks @');
    warm.push((await complete(uri(1), 8)).ms);
    await type(uri(1), 'Thanks @mem');
    prefixed.push((await complete(uri(1), 11)).ms);
  }
  // A new reply box is a new document: its first `@` asks the extension again (answered from the extension's own cache).
  const newBox: number[] = [];
  for (let i = 2; i < 2 + 50; i++) {
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(i), languageId: 'markdown', version: ++version, text: '@' } });
    newBox.push((await complete(uri(i), 1)).ms);
  }

  console.log(`language server completion at @ with ${MEMBERS} people (${cold.items} items), Node ${process.version}, load average ${load}`);
  console.log(`| case | runs | p50 | p95 | max |`);
  console.log(`|---|---|---|---|---|`);
  console.log(`| first @ (server asks the extension, 1 request) | 1 | ${fmt(cold.ms)} | | |`);
  for (const [name, xs] of [
    ['@ once cached', warm],
    ['@mem once cached', prefixed],
    ['first @ of a new reply box', newBox],
  ] as const) {
    console.log(`| ${name} | ${xs.length} | ${fmt(pct(xs, 50))} | ${fmt(pct(xs, 95))} | ${fmt(Math.max(...xs))} |`);
  }
  console.log(`people requests to the extension: ${peopleRequests} (1 + one per new reply box)`);
  client.dispose();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
