/* global document */
// Benchmark (never a test): where a reviewer waits, against the floor. In one
// code-server window (one Chromium page), loaded in turn with RepoDesk and
// with a floor extension that does the least VS Code allows for the same
// thing, interleaved, the same click timed from its mousedown:
//   1. a click on `docs/tables.md` of demo pull request #1 (Changed files) to
//      the frame whose thread widget shows its comment's text, cold (the
//      window's first diff) and warm (after *View: Close All Editors*);
//      floor: test/bench/floor-thread-extension (two in-memory documents,
//      one Comments API thread with its text from memory);
//   2. a click on #1's row to the first frame in which the overview webview
//      shows its title; floor: test/bench/floor-webview-extension (a panel
//      that draws one row from a message).
// Medians and ratios over the floor (goal ≤ 1.15×). The built emulator with
// its demo data; needs `npm run build` first.
//   node test/bench/floors.mjs            (BENCH_ROUNDS=3 by default)
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../harness/codeServer.mjs';
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { waitQuiet } from './views/logs.mjs';
import { api, createToken } from './views/seed.mjs';
import { timeThreads } from './views/threads.mjs';
import { emulatorSettings, load, median, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { openContainer, row, runCommand } from './views/workbench.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const BODY = 'Could the table also show the second differences?';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function expand(r) {
  if ((await r.getAttribute('aria-expanded')) !== 'true') await r.locator('.monaco-tl-twistie').click();
}

/** RepoDesk: the repository chosen in Repositories, #1 and its Changed files expanded; the floors show their rows at once. */
async function showPull(page, floor) {
  await openContainer(page);
  if (floor) return;
  const org = await row(page, 'Repositories', new RegExp(`^${OWNER}(\\s*\\d+)?$`), 120_000);
  if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
  await (await row(page, 'Repositories', new RegExp(`^${REPO}`), 120_000)).click();
}

async function timeThread(page, emulator, floor) {
  await showPull(page, floor);
  await expand(await row(page, 'Pull Requests', '#1 ', 120_000));
  await expand(await row(page, 'Pull Requests', 'Changed files', 120_000));
  const file = await row(page, 'Pull Requests', 'tables.md', 120_000);
  await waitQuiet(emulator.output, { quietMs: 1000, timeoutMs: 30_000 });
  const t = await timeThreads(page, 1, () => file.click(), { bodyText: BODY });
  return t.body;
}

/** ms from the click to the first frame of a webview showing `text`. */
async function timeWebviewText(page, act, text, timeoutMs = 60_000) {
  const t0 = Date.now();
  await act();
  for (;;) {
    if (Date.now() - t0 > timeoutMs) return NaN;
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      const seen = await frame.evaluate((t) => (document.body?.innerText ?? '').includes(t), text).catch(() => false);
      if (seen) return Date.now() - t0;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function timeOverview(page, emulator, floor, title) {
  await showPull(page, floor);
  const prRow = await row(page, 'Pull Requests', '#1 ', 120_000);
  await waitQuiet(emulator.output, { quietMs: 1000, timeoutMs: 30_000 });
  const box = await prRow.locator('.label-name').first().boundingBox();
  return timeWebviewText(page, () => page.mouse.click(box.x + 10, box.y + box.height / 2), title);
}

async function main() {
  say(`load average ${load()}`);
  const emulator = await startEmulatorProcess({ host: '127.0.0.2', quiet: false });
  onEnd(() => emulator.stop());
  const token = await createToken(emulator.url);
  const title = (await api(emulator.url, `token ${token}`)('GET', `/repos/${OWNER}/${REPO}/pulls/1`)).body.title;
  const { codeServer, page } = await openWorkbench({ settings: { ...emulatorSettings(emulator), 'repodeskFloor.title': title }, token, height: 1000 });
  const url = (dir) => codeServer.workbenchUrl({ extensionDevelopmentPath: dir, logLevel: dir === repoRoot ? 'repodesk.repodesk:debug' : undefined });
  const variants = [
    { name: 'RepoDesk', kind: 'both', url: url(repoRoot) },
    { name: 'floor (a) thread', kind: 'thread', url: url(path.join(repoRoot, 'test', 'bench', 'floor-thread-extension')) },
    { name: 'floor (b) webview', kind: 'overview', url: url(path.join(repoRoot, 'test', 'bench', 'floor-webview-extension')) },
  ];
  const results = [];
  const load1 = [];
  const fresh = async (v) => {
    // A reloaded window opens again what was open: nothing is.
    await runCommand(page, 'View: Close All Editors').catch(() => {});
    await page.waitForTimeout(500);
    await page.goto(v.url);
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 120_000 });
  };
  // One unmeasured load of RepoDesk: the code is in the file cache, the sign-in done.
  await showPull(page, false);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of variants) {
      const floor = v.name !== 'RepoDesk';
      const r = { round, variant: v.name };
      try {
        if (v.kind !== 'overview') {
          await fresh(v);
          r['thread cold'] = await timeThread(page, emulator, floor);
          await runCommand(page, 'View: Close All Editors');
          await page.waitForTimeout(1500);
          r['thread warm'] = await timeThread(page, emulator, floor);
        }
        if (v.kind !== 'thread') {
          await fresh(v);
          r['overview first row'] = await timeOverview(page, emulator, floor, title);
        }
      } catch (err) {
        say(`round ${round}, ${v.name}: ${err.message.split('\n')[0].slice(0, 300)}`);
      }
      load1.push(os.loadavg()[0]);
      results.push(r);
      say(JSON.stringify(r));
    }
  }
  const of = (name, key) => median(results.filter((r) => r.variant === name).map((r) => r[key]));
  const lines = [
    ['first thread with its text, cold (fresh window)', 'thread cold', 'floor (a) thread'],
    ['first thread with its text, warm', 'thread warm', 'floor (a) thread'],
    ['overview: first row (its title)', 'overview first row', 'floor (b) webview'],
  ].map(([what, key, floorName]) => {
    const ours = of('RepoDesk', key);
    const base = of(floorName, key);
    return {
      'from the click (ms, median)': what,
      RepoDesk: ours,
      floor: base,
      ratio: (ours / base).toFixed(2),
      goal: '≤ 1.15',
      met: ours / base <= 1.15 ? 'yes' : 'NO',
    };
  });
  console.log(
    `\n${ROUNDS} interleaved rounds in one window; load average during the runs ${Math.min(...load1).toFixed(1)}–${Math.max(...load1).toFixed(1)} (now ${load()}); ${os.cpus().length} CPUs; Node ${process.version}`,
  );
  console.table(results);
  console.table(lines);
}

await runBench('floors', main);
