// Benchmark (never a test): authenticated GET /repos/:owner/:repo on the
// emulator vs a bare node:http server answering the same JSON, 50 concurrent
// connections on loopback with autocannon; p99 latency; start-up time with an
// existing data folder. Writes its figures into docs/BENCHMARKS.md.
//
//   npm run build && node test/bench/emulator-throughput.mjs   (or: npm run bench)
//   BENCH_SECONDS=10 sets the length of each run (default 10).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entry = path.join(root, 'dist/emulator.js');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const REPO_PATH = '/repos/analytical-engines/difference-engine';
const UA = 'repodesk-bench';

function startEmulator(dataDir, seed, extra = []) {
  const started = performance.now();
  const proc = spawn(process.execPath, [entry, '--port', '0', '--data', dataDir, '--quiet', ...(seed ? ['--seed', 'demo'] : []), ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+) .* in (\d+) ms/.exec(out);
      if (m) resolve({ proc, url: m[1], wallMs: performance.now() - started, selfMs: Number(m[2]) });
    });
    proc.on('exit', (code) => reject(new Error(`emulator exited with ${code}\n${out}`)));
  });
}

function stop(proc) {
  return new Promise((resolve) => {
    proc.removeAllListeners('exit');
    proc.on('exit', resolve);
    proc.kill('SIGTERM');
  });
}

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!fs.existsSync(entry)) throw new Error('dist/emulator.js is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-'));
  try {
    const seeded = await startEmulator(dataDir, true);
    const basic = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;
    // A token through the token endpoint when it is there; Basic otherwise (also verified once, then cached).
    let authorization = basic;
    const created = await fetch(`${seeded.url}/authorizations`, { method: 'POST', headers: { 'User-Agent': UA, Authorization: basic, 'Content-Type': 'application/json' }, body: JSON.stringify({ note: 'benchmark', scopes: ['repo'] }) });
    if (created.status === 201) authorization = `token ${(await created.json()).token}`;
    const headers = { 'User-Agent': UA, Authorization: authorization };
    const sample = await fetch(`${seeded.url}${REPO_PATH}`, { headers });
    if (sample.status !== 200) throw new Error(`GET ${REPO_PATH} answered ${sample.status}`);
    const body = await sample.text();

    // The same JSON from a bare node:http server in its own process (like the emulator), in the same run.
    const bodyFile = path.join(dataDir, 'bare-body.json');
    fs.writeFileSync(bodyFile, body);
    const bareScript = `const body = require('fs').readFileSync(${JSON.stringify(bodyFile)});
      const s = require('http').createServer((q, r) => { r.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length }); r.end(body); });
      s.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + s.address().port));`;
    const bare = spawn(process.execPath, ['-e', bareScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    const bareBase = await new Promise((resolve) => bare.stdout.on('data', (d) => resolve(/listening on (\S+)/.exec(String(d))[1])));
    const bareUrl = `${bareBase}${REPO_PATH}`;

    // The rate limit would stop the run at 5000 requests: the figures are of the request path (the limiter
    // still counts every request), not of its 403.
    await stop(seeded.proc);
    const emu = await startEmulator(dataDir, false, ['--rate-limit-authenticated', '1000000000']);
    await run(`${emu.url}${REPO_PATH}`, headers).catch(() => undefined); // warm-up
    const emulator = await run(`${emu.url}${REPO_PATH}`, headers);
    const baseline = await run(bareUrl, {});
    bare.kill('SIGTERM');
    await stop(emu.proc);

    const startups = [];
    for (let i = 0; i < 5; i++) {
      const s = await startEmulator(dataDir, false);
      startups.push(s);
      await stop(s.proc);
    }
    const limited = emulator.non2xx;
    const figures = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpus: os.cpus().length,
      load: os.loadavg()[0].toFixed(1),
      seconds,
      bytes: Buffer.byteLength(body),
      auth: authorization.startsWith('token') ? 'token' : 'Basic',
      emuRps: emulator.requests.average,
      bareRps: baseline.requests.average,
      ratio: emulator.requests.average / baseline.requests.average,
      emuP99: emulator.latency.p99,
      bareP99: baseline.latency.p99,
      emuP50: emulator.latency.p50,
      limited,
      startWall: median(startups.map((s) => s.wallMs)),
      startSelf: median(startups.map((s) => s.selfMs)),
    };
    console.log(figures);
    writeDoc(figures);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeDoc(f) {
  const doc = path.join(root, 'docs/BENCHMARKS.md');
  const section = `<!-- emulator-throughput:start -->
## Emulator: authenticated \`GET /repos/:owner/:repo\` throughput, start-up time

Command: \`npm run bench\` (or, after \`npm run build\`, \`node test/bench/emulator-throughput.mjs\`; \`BENCH_SECONDS\` sets the run length).

What it does: starts \`node dist/emulator.js\` with the demo seed, takes the
JSON of \`GET ${REPO_PATH}\` (${f.bytes} bytes), and serves the same bytes
from a bare \`node:http\` server in the same run. autocannon drives each with
50 connections on loopback for ${f.seconds} s (${f.auth} authentication on the
emulator: User-Agent check, token lookup, rate-limit count and ETag run on
every request; the body comes from the emulator's response cache, checked
against the database's data version on every request, so the permission and
representation are built once). It then restarts the emulator five times on
the existing data folder and takes the median start-up time.

Variation (2026-11-22, same machine): the emulator reached ~3,300
requests/s in every run and is then limited by the load generator on the
same 2 CPUs (41% idle in a CPU profile of the emulator); the bare server's
figure swings with the machine's load from other test runs (4,000–8,000/s),
so the ratio swings with it: 0.41 at load 4.9 (start-up 570 ms), 0.85 at
load 8.3 (start-up 1.5 s).

Measured on the way (same machine, under load): without the response cache
the ratio was 0.12–0.18 (~900 requests/s): building the detailed repository
(~100 URLs, three user objects, five queries) dominated; one compiled
statement per SQL text (instead of compiling on each call) and memoized URL
blocks gained ~30%, the cache the rest. The start-up time is mostly Node
loading the 2.7 MB bundle and the modules' start work; the machine's load
average (other test runs) inflates it: at load ~7, \`node -e 0\` took 215 ms
and requiring fastify alone 547 ms, so the goal of 1 s is not met here.

Figures (${f.date}, Node ${f.node}, ${f.cpus} CPUs, load average ${f.load} at the end):

| measure | goal | result |
|---|---|---|
| emulator requests/s | — | ${Math.round(f.emuRps)} |
| bare node:http requests/s (same JSON) | — | ${Math.round(f.bareRps)} |
| ratio emulator / bare | ≥ 0.5 | **${f.ratio.toFixed(2)}** |
| p99 latency emulator / bare | — | ${f.emuP99} ms / ${f.bareP99} ms (p50 ${f.emuP50} ms) |
| non-2xx answers during the emulator run | 0 | ${f.limited} |
| start-up with an existing data folder (spawn to listening, median of 5) | < 1 s | **${Math.round(f.startWall)} ms** (of which ${f.startSelf} ms inside the process) |
<!-- emulator-throughput:end -->`;
  let text = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '# Benchmarks\n';
  const re = /<!-- emulator-throughput:start -->[\s\S]*?<!-- emulator-throughput:end -->/;
  text = re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(doc, text);
  console.log(`figures written to ${path.relative(root, doc)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
