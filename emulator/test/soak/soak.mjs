#!/usr/bin/env node
// Soak test of the emulator (needs `npm run build` first):
//   node emulator/test/soak/soak.mjs [--duration <s>] [--clients <n>] [--sample <s>] [--pace <ms>] [--report <file.json>]
// Its short form runs in the emulator suite (test/soak.test.ts, which reads the
// --report); the long form is run on demand (docs/RELIABILITY.md).
// Starts the built CLI (emulator/dist/main.js) on 127.0.0.1 with the demo seed and sends mixed
// traffic from several clients for the duration: reads, conditional reads,
// writes of several kinds (issues, labels, refs, descriptions, release
// assets, v2 contacts with notes), repositories
// created, read through git and deleted, refused logins, git fetch and push
// over smart HTTP, webhook deliveries to a local receiver. Every few seconds
// it samples the emulator's RSS, open descriptors (/proc/<pid>/fd) and child
// processes. It fails on any 5xx answer, on an acknowledged write missing at
// the end, or when a sample trends upward after warm-up beyond the margins
// below (the mean of the last third of the samples after warm-up against the
// mean of the first third). Only loopback addresses are used.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '120' },
    clients: { type: 'string', default: '4' },
    sample: { type: 'string', default: '5' },
    pace: { type: 'string', default: '0' },
    report: { type: 'string' },
  },
});
const DURATION_MS = Number(values.duration) * 1000;
const CLIENTS = Number(values.clients);
const SAMPLE_MS = Number(values.sample) * 1000;
/**
 * Each client starts an operation at most once per this many ms (0: each as
 * soon as the last ends). A leak shows per operation, not per second of CPU:
 * a paced run sends fewer of them but still enough for the margins below, and
 * leaves the rest of the machine to what runs beside it (the suite's short form).
 */
const PACE_MS = Number(values.pace);
/**
 * Margins of growth after warm-up (the first quarter of the run): the mean of
 * the last third of the later samples against the mean of their first third.
 * Descriptors and children move with the git helpers and pushes in flight
 * (one sample to the next by up to ±10 and ±3 on a quiet run), so their
 * margins sit above that noise. RSS settles once the JIT and the heap have
 * grown and the response cache is full: that cache holds up to 32 MB of
 * bodies (response-cache.ts), about twice that in the heap, and a fast
 * machine's short run can fill it after the warm-up (seen: 149 → 213 MB, then
 * flat), so its 64 MB are allowed on top of the 40.
 */
const RESPONSE_CACHE_IN_HEAP = 64 * 1024 * 1024;
const MARGIN = { rssBytes: 40 * 1024 * 1024 + RESPONSE_CACHE_IN_HEAP, rssRatio: 0.25, fds: 16, children: 4 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entry = path.join(root, 'dist/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-soak-'));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-soak-git-'));
const auth = (login) => `Basic ${Buffer.from(`${login}:${login}-demo-password`).toString('base64')}`;
const failures = [];
const serverErrors = [];
const fiveXX = [];
const missing = [];
const counts = { requests: 0, fiveXX: 0, deliveries: 0, pushes: 0, fetches: 0 };

function start() {
  const proc = spawn(
    process.execPath,
    [
      entry,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data',
      dataDir,
      '--seed',
      'demo',
      '--quiet',
      '--rate-limit-authenticated',
      '100000000',
      '--rate-limit-unauthenticated',
      '100000000',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1] });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${out}`)));
    // The emulator logs the stack of every 5xx: kept for the report.
    proc.stdout.on('data', (d) => {
      for (const line of d.toString().split('\n')) if (/^\S+ error on /.test(line)) serverErrors.push(line);
    });
  });
}

function sampleOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
  const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
  let children = 0;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children++;
    } catch {
      /* gone while listed */
    }
  }
  return { at: Date.now(), rss, fds, children };
}

async function main() {
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      counts.deliveries++;
      res.end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { proc, url } = await start();
  const api = async (method, p, body, login = 'ada', headers = {}) => {
    counts.requests++;
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { 'User-Agent': 'soak', Authorization: auth(login), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 500) {
      counts.fiveXX++;
      fiveXX.push(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
  };
  /** A v2 call (form parameters); a 5xx counts as for v3. */
  const v2 = async (method, p, form) => {
    counts.requests++;
    const body = new URLSearchParams(form);
    const res = await fetch(`${url}/api/v2${p}${method === 'GET' ? `?${body}` : ''}`, method === 'GET' ? {} : { method, body });
    const text = await res.text();
    if (res.status >= 500) {
      counts.fiveXX++;
      fiveXX.push(`${method} /api/v2${p}: ${res.status} ${text.slice(0, 200)}`);
    }
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  const REPO = '/repos/ada/notes-on-the-engine';
  const hook = await api('POST', `${REPO}/hooks`, {
    name: 'web',
    active: true,
    events: ['push', 'issues', 'create', 'delete'],
    config: { url: `http://127.0.0.1:${receiver.address().port}/hook`, content_type: 'json' },
  });
  if (hook.status !== 201) failures.push(`hook: ${hook.status}`);
  const cloneUrl = `${url.replace('http://', 'http://ada:ada-demo-password@')}/ada/notes-on-the-engine.git`;
  // Asynchronous, so that one client's push does not stall the others and the sampler.
  const run = promisify(execFile);
  const git = async (args, cwd) =>
    (
      await run('git', args, {
        cwd,
        env: {
          ...process.env,
          GIT_TERMINAL_PROMPT: '0',
          GIT_AUTHOR_NAME: 'Soak',
          GIT_AUTHOR_EMAIL: 'soak@example.test',
          GIT_COMMITTER_NAME: 'Soak',
          GIT_COMMITTER_EMAIL: 'soak@example.test',
        },
      })
    ).stdout;
  const master = (await api('GET', `${REPO}/git/refs/heads/master`)).json.object.sha;

  const release = await api('POST', `${REPO}/releases`, { tag_name: 'soak-assets', name: 'soak' });
  if (release.status !== 201) failures.push(`release: ${release.status}`);
  const engagementToken = (await v2('POST', '/authenticate', { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' })).json
    ?.access_token;
  if (!engagementToken) failures.push('v2 sign-in failed');

  const acked = { issues: [], labels: [], refs: [], pushed: [], assets: [], contacts: [] };
  const deadline = Date.now() + DURATION_MS;
  const samples = [];
  const sampler = setInterval(() => samples.push(sampleOf(proc.pid)), SAMPLE_MS);
  samples.push(sampleOf(proc.pid));

  const ops = [
    async () => {
      await api('GET', REPO);
    },
    async () => {
      const first = await api('GET', `${REPO}/issues?state=all`);
      const etag = first.headers.get('etag');
      if (etag) await api('GET', `${REPO}/issues?state=all`, undefined, 'ada', { 'If-None-Match': etag });
    },
    async (c, i) => {
      const title = `soak ${c}-${i}`;
      const r = await api('POST', `${REPO}/issues`, { title, body: 'soak' });
      if (r.status === 201) acked.issues.push({ number: r.json.number, title });
    },
    async (c, i) => {
      const name = `soak-${c}-${i}`;
      const r = await api('POST', `${REPO}/labels`, { name, color: 'aabbcc' });
      if (r.status === 201) acked.labels.push(name);
    },
    async (c, i) => {
      const ref = `refs/heads/soak-${c}-${i}`;
      const r = await api('POST', `${REPO}/git/refs`, { ref, sha: master });
      if (r.status === 201) acked.refs.push(ref);
    },
    async (c, i) => {
      await api('PATCH', REPO, { name: 'notes-on-the-engine', description: `soak ${c}-${i}` });
    },
    async (c, i) => {
      const name = `soak-repo-${c}-${i}`;
      if ((await api('POST', '/user/repos', { name, auto_init: true })).status !== 201) return;
      const head = (await api('GET', `/repos/ada/${name}/git/refs/heads/master`)).json?.object?.sha;
      if (head) await api('GET', `/repos/ada/${name}/git/trees/${head}?recursive=1`);
      await api('DELETE', `/repos/ada/${name}`);
    },
    async () => {
      await api('GET', '/user', undefined, 'nobody');
    },
    async (c, i) => {
      const dir = path.join(workDir, `c${c}`);
      if (!fs.existsSync(dir)) await git(['clone', '--quiet', cloneUrl, dir]);
      else await git(['fetch', '--quiet', 'origin'], dir);
      counts.fetches++;
      const branch = `pushed-${c}-${i}`;
      await git(['checkout', '--quiet', '--force', '-B', branch, 'origin/master'], dir);
      fs.writeFileSync(path.join(dir, 'soak.txt'), `${c}-${i}\n`);
      await git(['add', 'soak.txt'], dir);
      await git(['commit', '--quiet', '-m', `soak ${c}-${i}`], dir);
      await git(['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`], dir);
      counts.pushes++;
      acked.pushed.push({ ref: `refs/heads/${branch}`, sha: (await git(['rev-parse', 'HEAD'], dir)).trim() });
    },
    async (c, i) => {
      if (release.status !== 201) return;
      const bytes = randomBytes(1024 + ((c * 7919 + i * 104_729) % (63 * 1024)));
      counts.requests++;
      const res = await fetch(`${url}${REPO}/releases/${release.json.id}/assets?name=soak-${c}-${i}.bin`, {
        method: 'POST',
        headers: { 'User-Agent': 'soak', Authorization: auth('ada'), 'Content-Type': 'application/octet-stream' },
        body: bytes,
      });
      const json = await res.json();
      if (res.status >= 500) {
        counts.fiveXX++;
        fiveXX.push(`POST …/releases/${release.json.id}/assets: ${res.status}`);
      }
      if (res.status === 201) acked.assets.push({ id: json.id, url: json.browser_download_url, sha: createHash('sha256').update(bytes).digest('hex') });
    },
    async (c, i) => {
      if (!engagementToken) return;
      const note = `soak note ${c}-${i}`;
      const r = await v2('POST', '/contact', { access_token: engagementToken, name: `Soak ${c}-${i}`, note });
      if (r.json?.success) acked.contacts.push({ id: r.json.contact_id, note });
    },
  ];
  const client = async (c) => {
    for (let i = 0, next = Date.now(); Date.now() < deadline; i++) {
      // The traffic's rate, not a wait for a state: the next operation's start.
      next += PACE_MS;
      try {
        await ops[(c * 7 + i * 5) % ops.length](c, i);
      } catch (e) {
        failures.push(
          `client ${c} op ${i}: ${e.message.split('\n')[0]} ${String(e.stderr ?? '')
            .trim()
            .slice(0, 300)}`,
        );
      }
      // An operation slower than the pace is not made up for by a burst after it.
      next = Math.max(next, Date.now());
      const rest = Math.min(next, deadline) - Date.now();
      if (rest > 0) await delay(rest);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  clearInterval(sampler);
  samples.push(sampleOf(proc.pid));

  // Every acknowledged write is there.
  for (const issue of acked.issues) {
    const r = await api('GET', `${REPO}/issues/${issue.number}`);
    if (r.status !== 200 || r.json.title !== issue.title) missing.push(`issue ${issue.number}`);
  }
  for (const name of acked.labels) if ((await api('GET', `${REPO}/labels/${encodeURIComponent(name)}`)).status !== 200) missing.push(`label ${name}`);
  for (const ref of acked.refs) if ((await api('GET', `${REPO}/git/${ref}`)).status !== 200) missing.push(ref);
  for (const p of acked.pushed) {
    const r = await api('GET', `${REPO}/git/${p.ref}`);
    if (r.status !== 200 || r.json.object.sha !== p.sha) missing.push(`pushed ${p.ref}`);
  }
  for (const a of acked.assets) {
    const res = await fetch(a.url, { headers: { 'User-Agent': 'soak', Authorization: auth('ada') } });
    const sha = createHash('sha256')
      .update(Buffer.from(await res.arrayBuffer()))
      .digest('hex');
    if (res.status !== 200 || sha !== a.sha) missing.push(`release asset ${a.id}`);
  }
  for (const k of acked.contacts) {
    const r = await v2('GET', `/contact/${k.id}`, { access_token: engagementToken });
    if (r.status !== 200 || !r.json.notes?.some((n) => n.text === k.note)) missing.push(`v2 contact ${k.id}`);
  }

  // Trends after warm-up.
  const after = samples.slice(Math.floor(samples.length / 4));
  const third = Math.max(1, Math.floor(after.length / 3));
  const mean = (list, key) => list.reduce((s, x) => s + x[key], 0) / list.length;
  const early = after.slice(0, third);
  const late = after.slice(-third);
  const figures = {
    rss: [mean(early, 'rss'), mean(late, 'rss')],
    fds: [mean(early, 'fds'), mean(late, 'fds')],
    children: [mean(early, 'children'), mean(late, 'children')],
  };
  failures.push(...fiveXX, ...missing.map((m) => `acknowledged but missing: ${m}`));
  if (figures.rss[1] - figures.rss[0] > Math.max(MARGIN.rssBytes, figures.rss[0] * MARGIN.rssRatio))
    failures.push(`RSS grew from ${mb(figures.rss[0])} to ${mb(figures.rss[1])}`);
  if (figures.fds[1] - figures.fds[0] > MARGIN.fds) failures.push(`open descriptors grew from ${figures.fds[0].toFixed(0)} to ${figures.fds[1].toFixed(0)}`);
  if (figures.children[1] - figures.children[0] > MARGIN.children)
    failures.push(`child processes grew from ${figures.children[0].toFixed(1)} to ${figures.children[1].toFixed(1)}`);

  proc.kill('SIGTERM');
  await new Promise((resolve) => proc.on('exit', resolve));
  receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(workDir, { recursive: true, force: true });

  console.log(
    `soak: ${values.duration} s, ${CLIENTS} clients, ${counts.requests} requests, ${counts.pushes} pushes, ${counts.fetches} fetches, ${counts.deliveries} webhook deliveries received, ${counts.fiveXX} answers 5xx`,
  );
  console.log(
    `soak: acknowledged ${acked.issues.length} issues, ${acked.labels.length} labels, ${acked.refs.length} refs, ${acked.pushed.length} pushed branches, ${acked.assets.length} release assets, ${acked.contacts.length} v2 contacts`,
  );
  if (values.report) {
    const ackedCounts = Object.fromEntries(Object.entries(acked).map(([k, v]) => [k, v.length]));
    const clientErrors = failures.filter((f) => f.startsWith('client ') || /^(hook|release|v2 sign-in)/.test(f));
    fs.writeFileSync(
      values.report,
      JSON.stringify(
        {
          durationSeconds: Number(values.duration),
          clients: CLIENTS,
          counts,
          acked: ackedCounts,
          fiveXX,
          missing,
          clientErrors,
          figures,
          margin: MARGIN,
          samples,
          serverErrors,
        },
        null,
        2,
      ),
    );
  }
  console.log(
    `soak: ${samples.length} samples; after warm-up, first third → last third: RSS ${mb(figures.rss[0])} → ${mb(figures.rss[1])}, fds ${figures.fds[0].toFixed(0)} → ${figures.fds[1].toFixed(0)}, children ${figures.children[0].toFixed(1)} → ${figures.children[1].toFixed(1)}`,
  );
  console.log(
    `soak: samples (s, MB, fds, children): ${samples.map((s) => `${Math.round((s.at - samples[0].at) / 1000)}:${(s.rss / 1048576).toFixed(0)}/${s.fds}/${s.children}`).join(' ')}`,
  );
  if (serverErrors.length) console.error(`soak: the emulator logged ${serverErrors.length} server errors:\n  ${serverErrors.slice(0, 5).join('\n  ')}`);
  if (failures.length) {
    console.error(`soak FAILED (${failures.length}):\n  ${[...new Set(failures)].slice(0, 30).join('\n  ')}`);
    process.exit(1);
  }
  console.log('soak: passed');
}

function mb(bytes) {
  return `${(bytes / 1048576).toFixed(0)} MB`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
