// Benchmark (never a test): where the workbench's thread spends a click on
// #1's row until the overview shows its title, RepoDesk against the webview
// floor (test/bench/floor-webview-extension), from a Chromium trace of each
// click. Prints, for each variant and round, the click → title time, how much
// of it the thread that handled the click was busy (the webviews' frames run
// on it too) and its longest tasks; medians at the end.
// Writes each trace to test-results/trace-overview-<variant>-<round>.json
// (open it in chrome://tracing or Perfetto). Needs `npm run build` first.
//   node test/bench/trace-overview.mjs            (BENCH_ROUNDS=2 by default)
// BENCH_MESSAGES=1 also prints the messages between the extension hosts and the workbench from the click to the title
// (the workbench's own log of them, ms from the click): when the panel and its page reached the workbench, and what
// else it handled meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/codeServer.mjs';
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { waitQuiet } from './views/logs.mjs';
import { api, createToken } from './views/seed.mjs';
import { timeWebview } from './views/webviewTiming.mjs';
import { emulatorSettings, gotoWorkbench, load, median, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { closeAllEditors, showDemoPull } from './views/workbench.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
// BENCH_PROFILE=1 adds V8's sampling profiler (the functions' own time, in the trace): it slows every click ~3×.
const PROFILE = process.env.BENCH_PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : [];
const MESSAGES = process.env.BENCH_MESSAGES === '1';
const CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'loading', 'navigation'];

/** Chromium's trace of what `act` sets off, until `until` settles: its events. */
async function traced(page, act) {
  const cdp = await page.context().newCDPSession(page);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: [...CATEGORIES, ...PROFILE] } });
  const result = await act();
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await cdp.detach();
  const parsed = JSON.parse(text);
  return { result, events: Array.isArray(parsed) ? parsed : parsed.traceEvents };
}

/**
 * The thread that handled the click (the workbench's renderer main thread; the webviews' frames run on it too, in the
 * same process) in [from, to] (µs, the trace's clock): how long it was busy (its tasks, nested ones counted once),
 * and its longest tasks with where they started (ms from `from`) and the longest steps inside each.
 */
function mainThread(events, click, from, to) {
  const own = events.filter((e) => e.ph === 'X' && e.dur && e.pid === click.pid && e.tid === click.tid && e.ts < to && e.ts + e.dur > from);
  const tasks = own.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask').sort((x, y) => x.ts - y.ts);
  let busy = 0;
  let end = from;
  const top = [];
  for (const t of tasks) {
    const start = Math.max(t.ts, end);
    const stop = Math.min(t.ts + t.dur, to);
    if (t.ts >= end) top.push(t);
    if (stop > start) {
      busy += stop - start;
      end = Math.max(end, stop);
    }
  }
  const steps = (t) =>
    own
      .filter((k) => k.ts >= t.ts && k.ts + k.dur <= t.ts + t.dur && !k.name.endsWith('RunTask') && k.name !== 'Receive mojo message')
      .sort((x, y) => y.dur - x.dur)
      .slice(0, 3)
      .map((k) => `${k.name}${k.args?.data?.functionName ? ` ${k.args.data.functionName}` : ''} ${ms(k.dur)}`)
      .join(', ');
  const longest = top
    .sort((x, y) => y.dur - x.dur)
    .slice(0, 5)
    .map((t) => `+${ms(t.ts - from)}: ${ms(t.dur)} ms (${steps(t)})`);
  return { busy, longest };
}

const ms = (us) => Math.round(us / 1000);

async function main() {
  say(`load average ${load()}`);
  const emulator = await startEmulatorProcess({ host: '127.0.0.2', quiet: false });
  onEnd(() => emulator.stop());
  const token = await createToken(emulator.url);
  const title = (await api(emulator.url, `token ${token}`)('GET', `/repos/${OWNER}/${REPO}/pulls/1`)).body.title;
  const label = `#1 ${title.slice(0, 20)}`;
  const { codeServer, page } = await openWorkbench({ settings: { ...emulatorSettings(emulator), 'repodeskFloor.title': title }, token, height: 1000 });
  shown = page;
  // RepoDesk's at the URL it was signed in at (the workbench's own, with its log level): signed in again on load.
  const url = (dir) =>
    codeServer.workbenchUrl({ extensionDevelopmentPath: dir, logLevel: dir === repoRoot ? 'repodesk.repodesk:debug' : undefined, logMessages: MESSAGES });
  // The workbench's log of extension-host messages ("[Remote][Win → Ext]…"), kept from the click on.
  let messages;
  page.on('console', (m) => messages?.push({ at: Date.now(), text: m.text() }));
  const variants = [
    { name: 'RepoDesk', url: url(repoRoot) },
    { name: 'floor', url: url(path.join(repoRoot, 'test', 'bench', 'floor-webview-extension')) },
  ];
  fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  // One unmeasured look at the rows: the sign-in is kept before the window is loaded again.
  await showDemoPull(page, false, label);
  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of variants) {
      await closeAllEditors(page).catch(() => {});
      await gotoWorkbench(page, v.url);
      const prRow = await showDemoPull(page, v.name === 'floor', label);
      // A page the last round left (its close failed) is restored by the reload and found at once: closed for good.
      if (await page.locator('.part.editor .tabs-container .tab').count()) await closeAllEditors(page);
      await waitQuiet(emulator.output, { quietMs: 1000, timeoutMs: 30_000 });
      const box = await prRow.locator('.label-name').first().boundingBox();
      messages = MESSAGES ? [] : undefined;
      const clickedAt = Date.now();
      const { result, events } = await traced(page, () =>
        timeWebview(page, () => page.mouse.click(box.x + 10, box.y + box.height / 2), { row: { text: title } }),
      );
      const file = path.join(repoRoot, 'test-results', `trace-overview-${v.name}-${round}.json`);
      fs.writeFileSync(file, JSON.stringify(events));
      // The click's event in the trace: the first mousedown dispatched after tracing began.
      const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'mousedown');
      const from = click?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
      const to = from + result.ms.row * 1000;
      const thread = click ? mainThread(events, click, from, to) : { busy: NaN, longest: [] };
      results.push({ round, variant: v.name, 'title (ms)': result.ms.row, 'thread busy (ms)': ms(thread.busy) });
      say(`round ${round}, ${v.name}: title in ${result.ms.row} ms, the thread busy ${ms(thread.busy)} ms of it (trace ${file})`);
      for (const line of thread.longest) say(`    ${line}`);
      for (const m of (messages ?? []).filter((m) => /^%c\[\w+\]\[/.test(m.text) && m.at - clickedAt <= result.ms.row))
        console.log(`    +${String(m.at - clickedAt).padStart(4)} ms ${m.text.replace(/%c/g, '').slice(0, 160)}`);
      messages = undefined;
    }
  }
  const of = (variant, key) => median(results.filter((r) => r.variant === variant).map((r) => r[key]));
  console.log(`\n${ROUNDS} interleaved rounds, each in a freshly loaded window; load average now ${load()}`);
  console.table(results);
  console.table(
    ['RepoDesk', 'floor'].map((variant) => ({
      variant,
      'title, median (ms)': of(variant, 'title (ms)'),
      'thread busy, median (ms)': of(variant, 'thread busy (ms)'),
    })),
  );
}

let shown;
await runBench('trace overview', main, {
  // What the window showed when it failed.
  onFailure: () => shown?.screenshot({ path: path.join(repoRoot, 'test-results', 'trace-overview-failed.png') }),
});
