// CPU profiles over one measured load, for the sidebar benchmark's
// BENCH_PROFILE=1: the workbench page's (Chromium's DevTools protocol) and
// the extension host's (views/hostProfile.mjs), summed between two moments
// of that load by owner (which extension) and function, so that a slow phase
// is a list of what each process was doing.

/** Starts sampling the page's main thread; `stop()` returns the profile and the epoch time at which it stopped. */
export async function startPageProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const epochAtStop = await page.evaluate(() => performance.timeOrigin + performance.now());
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach().catch(() => {});
      return { profile, epochAtStop };
    },
  };
}

const label = (frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : ''}`.trim();
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/**
 * Time (ms) between two epoch times of a V8 CPU profile ({ profile,
 * epochAtStop }): totals of sampled, idle, native and GC time, and the
 * busiest `top` owners, functions (self) and functions (with callees). The
 * profile's clock is mapped to epoch time by its end, taken when it stopped
 * (one round trip of error, a few ms).
 */
export function timeBetween({ profile, epochAtStop }, fromEpoch, toEpoch, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  // Whose code a sample is in: the nearest frame (leaf up) of an extension or of RepoDesk's bundle.
  const owners = new Map();
  const ownerOf = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at).callFrame.url ?? '';
      const ext = /\/extensions\/([^/]+)\//.exec(url);
      if (ext) return ext[1];
      if (url.includes('/dist/main/') || /\/dist\/extension\.js$/.test(url)) return 'RepoDesk';
    }
    const leaf = byId.get(id).callFrame.url ?? '';
    return leaf.includes('extensionHostProcess') ? 'VS Code (extension host)' : leaf.includes('workbench') ? 'VS Code (workbench)' : 'runtime';
  };
  const toEpochMs = (us) => epochAtStop - (profile.endTime - us) / 1000;
  const self = new Map();
  let t = profile.startTime;
  // (program) is native work outside JavaScript: style, layout, paint among it.
  const totals = { sampled: 0, idle: 0, program: 0, gc: 0 };
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const at = toEpochMs(t);
    if (at < fromEpoch || at > toEpoch) continue;
    const ms = next / 1000;
    const frame = byId.get(profile.samples[i])?.callFrame;
    const name = frame ? frame.functionName || '(anonymous)' : '?';
    totals.sampled += ms;
    if (name === '(idle)') totals.idle += ms;
    else if (name === '(garbage collector)') totals.gc += ms;
    else if (name === '(program)') totals.program += ms;
    if (IDLE.has(name)) continue;
    self.set(label(frame), (self.get(label(frame)) ?? 0) + ms);
    const owner = ownerOf(profile.samples[i]);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const key = label(byId.get(id).callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const rank = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
  return {
    ...Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Math.round(v)])),
    owners: rank(owners),
    self: rank(self),
    inclusive: rank(inclusive),
  };
}
