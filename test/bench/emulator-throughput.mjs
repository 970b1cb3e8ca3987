// Benchmark (never a test): authenticated GET /repos/:owner/:repo on the
// emulator vs a bare node:http server answering the same JSON, 50 concurrent
// connections on loopback with autocannon, in pairs (one run of each, their
// order alternating, so that the machine's load drifts over both alike); the
// median of the pairs' ratios counts. Also each server's CPU time a request
// (from /proc, so the load generator's share of the CPUs does not count),
// p99 latency, the same pairs under light load (a few connections, where a
// pause of the server is not hidden behind a queue of requests), and the
// start-up time with an existing data folder. Writes its figures into
// docs/BENCHMARKS.md.
//
//   npm run build && node test/bench/emulator-throughput.mjs   (or: npm run bench -- emulator-throughput)
//   BENCH_SECONDS sets the length of each run (default 5), BENCH_RUNS the number of pairs (default 7),
//   BENCH_LIGHT_CONNECTIONS the connections of the light load (default 2), BENCH_BUSY=1 keeps one
//   core busy beside the runs (a process spinning; its own section of the document), BENCH_ENTRY
//   another build of the command (BENCH_WRITE=0 then leaves the document as it is).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorBin } from '../harness/emulatorProcess.mjs';
import { LatencyHistogram } from './latencyHistogram.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_ENTRY: another build of the command to measure (an A/B comparison), the built one by default.
const entry = process.env.BENCH_ENTRY ? path.resolve(process.env.BENCH_ENTRY) : emulatorBin(root);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const lightConnections = Number(process.env.BENCH_LIGHT_CONNECTIONS ?? 2);
const busy = process.env.BENCH_BUSY === '1';
const REPO_PATH = '/repos/analytical-engines/difference-engine';
const UA = 'repodesk-bench';

function startEmulator(dataDir, seed, extra = []) {
  const started = performance.now();
  const proc = spawn(process.execPath, [entry, '--port', '0', '--data', dataDir, '--quiet', ...(seed ? ['--seed', 'demo'] : []), ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

/** One autocannon run; `latency` holds its 2xx latencies at µs resolution (autocannon's own are whole ms). */
function run(url, headers, connections = 50) {
  const latency = new LatencyHistogram();
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve({ ...result, latency })));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latency.record(ms);
    });
  });
}

/** The head of an answer as the server wrote it: status and header lines in order, names as sent. */
function rawHead(url, headers) {
  const agent = new http.Agent({ keepAlive: true }); // as autocannon's connections: Connection and Keep-Alive as they get them
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders }));
      })
      .on('error', reject);
  }).finally(() => agent.destroy());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time (user + system) of a process so far, in µs (Linux /proc; clock ticks of 10 ms). */
function cpuMicros(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * One autocannon run with the server's CPU time a request, after a second's
 * unmeasured warm-up of the same server: on a loaded machine a server that
 * sat idle through the other's run answered its first seconds at about half
 * its rate (seen as pairs alternating between ratios of 0.3 and 0.65 by order).
 */
async function measured(url, headers, pid, connections = 50) {
  await new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: 1, headers }, (err) => (err ? reject(err) : resolve()));
  });
  const before = cpuMicros(pid);
  const result = await run(url, headers, connections);
  return { result, cpuPerRequest: (cpuMicros(pid) - before) / Math.max(1, result.requests.total) };
}

/** Pairs of runs, emulator and bare server in alternating order, so that the machine's load drifts over both alike. */
async function pairsOf(emuUrl, bareUrl, headers, emuPid, barePid, connections) {
  const pairs = [];
  for (let i = 0; i < runs; i++) {
    const emuRun = () => measured(emuUrl, headers, emuPid, connections);
    const bareRun = () => measured(bareUrl, headers, barePid, connections);
    let e;
    let b;
    if (i % 2 === 0) {
      e = await emuRun();
      b = await bareRun();
    } else {
      b = await bareRun();
      e = await emuRun();
    }
    pairs.push({
      emulator: e.result,
      baseline: b.result,
      ratio: e.result.requests.average / b.result.requests.average,
      p99Ratio: e.result.latency.percentile(99) / b.result.latency.percentile(99),
      emuCpu: e.cpuPerRequest,
      bareCpu: b.cpuPerRequest,
      load: os.loadavg()[0],
    });
  }
  return pairs;
}

async function main() {
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-'));
  // One core kept busy beside the runs (BENCH_BUSY=1): the emulator, the bare server and autocannon share the other.
  const spinner = busy ? spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }) : undefined;
  try {
    const seeded = await startEmulator(dataDir, true);
    const basic = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;
    // A token through the token endpoint when it is there; Basic otherwise (also verified once, then cached).
    let authorization = basic;
    const created = await fetch(`${seeded.url}/authorizations`, {
      method: 'POST',
      headers: { 'User-Agent': UA, Authorization: basic, 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'benchmark', scopes: ['repo'] }),
    });
    if (created.status === 201) authorization = `token ${(await created.json()).token}`;
    const headers = { 'User-Agent': UA, Authorization: authorization };
    const sample = await fetch(`${seeded.url}${REPO_PATH}`, { headers });
    if (sample.status !== 200) throw new Error(`GET ${REPO_PATH} answered ${sample.status}`);
    const body = await sample.text();

    // The rate limit would stop the run at 5000 requests: the figures are of the request path (the limiter
    // still counts every request), not of its 403.
    await stop(seeded.proc);
    const emu = await startEmulator(dataDir, false, ['--rate-limit-authenticated', '1000000000']);
    // The baseline: a bare node:http server in its own process (like the emulator) answering the same
    // bytes — the emulator's status, header lines in their order and body, captured here, written with
    // the cheapest call (one writeHead with a flat list; Node adds Date, Connection and Keep-Alive, its
    // keep-alive timeout set to the emulator's so that those match too) — to the same request.
    const head = await rawHead(`${emu.url}${REPO_PATH}`, headers);
    const own = new Set(['date', 'connection', 'keep-alive']);
    const headerList = [];
    let keepAliveSeconds = 5; // Node's default
    for (let i = 0; i < head.rawHeaders.length; i += 2) {
      const [name, value] = [head.rawHeaders[i], head.rawHeaders[i + 1]];
      if (!own.has(name.toLowerCase())) headerList.push(name, value);
      else if (name.toLowerCase() === 'keep-alive') keepAliveSeconds = Number(/timeout=(\d+)/.exec(value)?.[1] ?? keepAliveSeconds);
    }
    const bodyFile = path.join(dataDir, 'bare-body.json');
    fs.writeFileSync(bodyFile, body);
    const bareScript = `const body = require('fs').readFileSync(${JSON.stringify(bodyFile)});
      const headers = ${JSON.stringify(headerList)};
      const s = require('http').createServer((q, r) => { r.writeHead(${head.status}, headers); r.end(body); });
      s.keepAliveTimeout = ${keepAliveSeconds * 1000};
      s.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + s.address().port));`;
    const bare = spawn(process.execPath, ['-e', bareScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    const bareBase = await new Promise((resolve) => bare.stdout.on('data', (d) => resolve(/listening on (\S+)/.exec(String(d))[1])));
    const bareUrl = `${bareBase}${REPO_PATH}`;

    // The same lines, names and values but the date and the rate-limit count (they move by the request).
    const moving = (h) => h.rawHeaders.map((v, i) => (i % 2 === 1 && /^(date|x-ratelimit-remaining)$/i.test(h.rawHeaders[i - 1]) ? '' : v));
    const bareHead = await rawHead(bareUrl, headers);
    if (JSON.stringify(moving(bareHead)) !== JSON.stringify(moving(head))) {
      throw new Error(`the bare server's head differs from the emulator's:\n${bareHead.rawHeaders}\n${head.rawHeaders}`);
    }
    await run(`${emu.url}${REPO_PATH}`, headers).catch(() => undefined); // warm-up
    // Several pairs, emulator then bare server, so that the machine's load drifts over both alike; the median ratio counts.
    const pairs = await pairsOf(`${emu.url}${REPO_PATH}`, bareUrl, headers, emu.proc.pid, bare.pid, 50);
    const light = await pairsOf(`${emu.url}${REPO_PATH}`, bareUrl, headers, emu.proc.pid, bare.pid, lightConnections);
    const { emulator, baseline } = [...pairs].sort((x, y) => x.ratio - y.ratio)[Math.floor(pairs.length / 2)];
    bare.kill('SIGTERM');
    await stop(emu.proc);

    const startups = [];
    for (let i = 0; i < (busy ? 0 : 5); i++) {
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
      ratio: median(pairs.map((p) => p.ratio)),
      p99Ratio: median(pairs.map((p) => p.p99Ratio)),
      emuCpu: median(pairs.map((p) => p.emuCpu)),
      bareCpu: median(pairs.map((p) => p.bareCpu)),
      pairs: pairs.map((p) => ({
        emuRps: Math.round(p.emulator.requests.average),
        bareRps: Math.round(p.baseline.requests.average),
        ratio: p.ratio.toFixed(2),
        emuP99: p.emulator.latency.percentile(99),
        bareP99: p.baseline.latency.percentile(99),
        emuCpu: Math.round(p.emuCpu),
        bareCpu: Math.round(p.bareCpu),
        load: p.load.toFixed(1),
      })),
      emuP99: emulator.latency.percentile(99),
      bareP99: baseline.latency.percentile(99),
      emuP50: emulator.latency.percentile(50),
      emuP99s: median(pairs.map((p) => p.emulator.latency.percentile(99))),
      bareP99s: median(pairs.map((p) => p.baseline.latency.percentile(99))),
      light: {
        connections: lightConnections,
        ratio: median(light.map((p) => p.ratio)),
        p99Ratio: median(light.map((p) => p.p99Ratio)),
        emuP99: median(light.map((p) => p.emulator.latency.percentile(99))),
        bareP99: median(light.map((p) => p.baseline.latency.percentile(99))),
        pairs: light.map((p) => ({
          emuRps: Math.round(p.emulator.requests.average),
          bareRps: Math.round(p.baseline.requests.average),
          emuP99: p.emulator.latency.percentile(99),
          bareP99: p.baseline.latency.percentile(99),
          load: p.load.toFixed(1),
        })),
      },
      headerLines: head.rawHeaders.length / 2,
      limited,
      startWall: busy ? undefined : median(startups.map((s) => s.wallMs)),
      startSelf: busy ? undefined : median(startups.map((s) => s.selfMs)),
    };
    console.log(JSON.stringify(figures, null, 1));
    if (process.env.BENCH_WRITE !== '0') writeDoc(figures);
  } finally {
    spinner?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeDoc(f) {
  const doc = path.join(root, 'docs/BENCHMARKS.md');
  const loads = [...f.pairs, ...f.light.pairs].map((p) => Number(p.load));
  const marker = busy ? 'emulator-throughput-busy' : 'emulator-throughput';
  const section = busy
    ? `<!-- ${marker}:start -->
### The same with one core busy

Command: \`BENCH_BUSY=1 node test/bench/emulator-throughput.mjs\` (a process spinning on one
core beside the runs). Load when measured: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}.

${table(f)}
<!-- ${marker}:end -->`
    : `<!-- ${marker}:start -->
## Emulator: authenticated \`GET /repos/:owner/:repo\` throughput, start-up time

Command: \`npm run bench -- emulator-throughput\` (or, after \`npm run build\`,
\`node test/bench/emulator-throughput.mjs\`; \`BENCH_SECONDS\` sets the length of
a run, default 5, \`BENCH_RUNS\` the number of pairs, default 7,
\`BENCH_LIGHT_CONNECTIONS\` the light load's connections, default 2). It writes
this section; \`BENCH_BUSY=1\` the next one.

Method: the emulator's command with the demo seed, ${f.auth} authentication,
against a bare \`node:http\` server that answers \`GET ${REPO_PATH}\` with the
same bytes (${f.headerLines - 3} header lines, ${f.bytes}-byte body, checked before the runs).
autocannon, 50 connections for ${f.seconds} s a run, in pairs of one run each, then the
same pairs with ${f.light.connections} connections (light load: a pause of the server is
not hidden behind a queue of requests); a ratio is the median of the pairs'. CPU a request: the server's user + system time
over its requests. Then five start-ups on the existing data folder. Node
${f.node}, ${f.cpus} CPUs, load when measured: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}.

${table(f)}
| start-up with an existing data folder (spawn to listening, median of 5) | < 1 s | **${Math.round(f.startWall)} ms** (${f.startSelf} ms inside the process) |
<!-- ${marker}:end -->`;
  let text = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '# Benchmarks\n';
  const re = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*?<!-- ${marker}:end -->`);
  const after = /<!-- emulator-throughput:end -->\n/;
  if (re.test(text)) text = text.replace(re, section);
  else if (busy && after.test(text)) text = text.replace(after, (end) => `${end}\n${section}\n`);
  else text = `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(doc, text);
  console.log(`figures written to ${path.relative(root, doc)}`);
}

/** The figures' rows (both sections), without the start-up's. */
function table(f) {
  const ms = (us) => `${(us / 1000).toFixed(2)} ms`;
  return `| figure | goal | result |
|---|---|---|
| throughput, emulator / bare (median of ${f.pairs.length} pairs, 50 connections) | ≥ 0.9 | **${f.ratio.toFixed(2)}** |
| p99 latency, emulator / bare (median of the pairs, 50 connections) | ≤ 1.2 | **${f.p99Ratio.toFixed(2)}** (medians ${ms(f.emuP99s)} / ${ms(f.bareP99s)}) |
| throughput under light load, emulator / bare (${f.light.connections} connections) | — | ${f.light.ratio.toFixed(2)} |
| p99 latency under light load, emulator / bare (${f.light.connections} connections) | ≤ 1.2 | **${f.light.p99Ratio.toFixed(2)}** (medians ${ms(f.light.emuP99)} / ${ms(f.light.bareP99)}) |
| CPU a request, emulator / bare (medians) | — | ${Math.round(f.emuCpu)} µs / ${Math.round(f.bareCpu)} µs (${(f.emuCpu / f.bareCpu).toFixed(2)}×) |
| non-2xx answers during the median pair's emulator run | 0 | ${f.limited} |`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
