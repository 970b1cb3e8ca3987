// Reading what the benchmarks time against: RepoDesk's output channel (a log
// file code-server writes under its user-data folder) and the emulator's
// request log (one line per request on its stdout, without --quiet).
import fs from 'node:fs';
import path from 'node:path';

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

/** "YYYY-MM-DD HH:MM:SS.mmm" in local time (how VS Code's log files stamp a line) → epoch ms. */
export function parseLogTime(stamp) {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)\.(\d{3})/.exec(stamp);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number);
  return new Date(y, mo - 1, d, h, mi, s, ms).getTime();
}

/**
 * Emulator request-log lines ("<ISO time> <METHOD> <url> <status> <ms>ms")
 * from index `from` of the output array; `end` is the response time.
 */
export function requestsSince(output, from) {
  const out = [];
  for (const line of output.slice(from)) {
    const m = /^(\S+Z) ([A-Z]+) (\S+) (\d{3}) ([\d.]+)ms$/.exec(line.trim());
    if (!m) continue;
    const end = Date.parse(m[1]);
    const ms = Number(m[5]);
    out.push({ end, start: end - ms, method: m[2], url: m[3], status: Number(m[4]), ms });
  }
  return out;
}

/** Requests that count against the rate limit (GET /rate_limit and 304 answers do not). */
export function summarize(requests) {
  const own = requests.filter((r) => !r.url.startsWith('/rate_limit'));
  return {
    requests: own.length,
    notModified: own.filter((r) => r.status === 304).length,
    emulatorMs: Math.round(own.reduce((s, r) => s + r.ms, 0)),
    urls: own.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')} ${r.status}`),
  };
}

/** Waits until the emulator has logged no request for `quietMs`. */
export async function waitQuiet(output, { quietMs = 2500, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let count = output.length;
  let since = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    if (output.length !== count) {
      count = output.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    if (Date.now() > deadline) return;
  }
}

/** The `name=<epoch ms>` pairs of a line RepoDesk logs for the benchmarks ("… (epoch ms): a=… b=…"), as numbers by name. */
export function epochTimes(line) {
  return Object.fromEntries([...line.matchAll(/(\w+)=(\d+)/g)].map(([, k, v]) => [k, Number(v)]));
}

/** Lines of any log file under userData/logs (workbench, extension host, output channels) that match `re`. */
export function logLines(userDataDir, re) {
  const out = [];
  for (const file of walk(path.join(userDataDir, 'logs'))) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) if (re.test(line)) out.push(`${path.basename(file)}: ${line.trim()}`);
  }
  return out;
}

/** Lines of RepoDesk's log and the extension host's log stamped within [from, to] (epoch ms), as [time, "file: text"]. */
export function logEntriesBetween(userDataDir, from, to) {
  const out = [];
  for (const file of walk(path.join(userDataDir, 'logs')).filter((f) => /RepoDesk|exthost/i.test(path.basename(f)))) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const t = parseLogTime(line);
      if (t !== undefined && t >= from && t <= to) out.push([t, `${path.basename(file)}: ${line.slice(24).trim().slice(0, 160)}`]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/**
 * Epoch ms at which VS Code activated `extensionId` (the extension host's own
 * log line `ExtensionService#_doActivateExtension <id>`), the first at or
 * after `sinceEpoch`, waiting for the log to be written. This is the honest
 * start of an extension's clock: its own first log line comes later.
 */
export async function hostActivationAfter(userDataDir, extensionId, sinceEpoch, timeoutMs = 15_000) {
  const needle = `ExtensionService#_doActivateExtension ${extensionId}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const times = [];
    for (const file of walk(path.join(userDataDir, 'logs')).filter((f) => /exthost/i.test(path.basename(f)))) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line.includes(needle)) continue;
        const t = parseLogTime(line);
        if (t !== undefined && t >= sinceEpoch) times.push(t);
      }
    }
    if (times.length) return Math.min(...times);
    if (Date.now() > deadline) throw new Error(`no "${needle}" line after ${new Date(sinceEpoch).toISOString()} in ${userDataDir}/logs`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** RepoDesk's start-up phases (src/util/phaseMarks.ts: epoch ms) of the start whose loader ran at or after `sinceEpoch`. */
export async function phasesAfter(userDataDir, sinceEpoch, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of walk(path.join(userDataDir, 'logs')).filter((f) => /RepoDesk/.test(path.basename(f)))) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        const m = /phases \(epoch ms\): (.*)$/.exec(line);
        if (!m) continue;
        const phases = Object.fromEntries(
          m[1]
            .trim()
            .split(/\s+/)
            .map((p) => p.split('='))
            .filter(([, v]) => /^\d+$/.test(v ?? ''))
            .map(([k, v]) => [k, Number(v)]),
        );
        if ((phases.loader ?? phases.activate ?? 0) >= sinceEpoch) return phases;
      }
    }
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 200));
  }
}
