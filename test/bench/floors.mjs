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
//      that draws one row from a message), its row;
//   3. a click on the row of a large pull request (test/support/big-pull.mjs:
//      3,000 files, 1,000 commits, 2,000 review comments) to the first poll
//      in which the overview has a row in its Files tab and one in its
//      Commits tab, cold (the window's first webview) and warm (after *View:
//      Close All Editors*, the same click); floor: (b), its row cold and warm.
// The webviews' times (2, 3) are those of the first poll, from just before
// the click, that finds the row in a webview's page. Medians and ratios over
// the floor (goal ≤ 1.15×). The built emulator with its demo data; needs
// `npm run build` first. BENCH_VERBOSE=1: each RepoDesk opening's steps (the
// host's log line, the page's marks). BENCH_FILES, BENCH_COMMITS, BENCH_COMMENTS: the
// large pull request's size (seeded in ~5 min at full size, while the window
// loads); BENCH_BIG_PULL=0 leaves item 3 out.
//   node test/bench/floors.mjs            (BENCH_ROUNDS=3 by default)
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../harness/codeServer.mjs';
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { createBigPull } from '../support/big-pull.mjs';
import { epochTimes, logEntriesBetween, logLines, waitQuiet } from './views/logs.mjs';
import { api, bigPullSize, createToken } from './views/seed.mjs';
import { timeThreads } from './views/threads.mjs';
import { timeWebview, webviewLoad } from './views/webviewTiming.mjs';
import { emulatorSettings, gotoWorkbench, load, median, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { closeAllEditors, expandRow, MY_REPOSITORIES, openContainer, row, selectRepository, showDemoPull } from './views/workbench.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const BODY = 'Could the table also show the second differences?';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BIG_PULL = process.env.BENCH_BIG_PULL !== '0';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** The first rows of the overview's Files and Commits tabs. */
const OVERVIEW_ROWS = { files: { selector: 'ol.rows.files li' }, commits: { selector: 'ol.rows.commits li' } };

async function timeThread(page, emulator, floor, label) {
  await expandRow(await showDemoPull(page, floor, label));
  await expandRow(await row(page, 'Pull Requests', 'Changed files', 120_000));
  const file = await row(page, 'Pull Requests', 'tables.md', 120_000);
  await waitQuiet(emulator.output, { quietMs: 1000, timeoutMs: 30_000 });
  const t = await timeThreads(page, 1, () => file.click(), { bodyText: BODY });
  return t.body;
}

/** A click on `prRow`'s label once the emulator is quiet: ms to each of `checks` seen in a webview, and the service-worker wait of the page that showed them. */
async function timeOpening(page, emulator, prRow, checks, userDataDir) {
  await waitQuiet(emulator.output, { quietMs: 1000, timeoutMs: 30_000 });
  const box = await prRow.locator('.label-name').first().boundingBox();
  const seen = await timeWebview(page, () => page.mouse.click(box.x + 10, box.y + box.height / 2), checks);
  const load = seen.frame ? await webviewLoad(seen.frame, seen.t0) : {};
  if (VERBOSE && userDataDir) say(`  ${JSON.stringify(openingSteps(load, userDataDir, seen.t0))}`);
  return { ...seen.ms, worker: load['service worker wait'] ?? '-', t0: seen.t0 };
}

/**
 * Waits (up to 20 s) for RepoDesk's log to say it kept the drawing of a page opened at `t0`: the page sends it once
 * idle after drawing its conversation, as a reader looks at it, and the page opened again shows it at once.
 */
async function drawingKept(userDataDir, t0) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const line = logEntriesBetween(userDataDir, t0, Date.now() + 60_000).find(([, text]) => text.includes('kept its drawing'));
    if (line) return `${line[1].match(/\((\d+) characters\)/)?.[1]} characters, ${line[0] - t0} ms after the click`;
    await new Promise((r) => setTimeout(r, 100));
  }
  return 'none within 20 s';
}

/** The page's marks and the host's "Pull overview #N opening" steps (RepoDesk's only), ms from the click. */
function openingSteps(load, userDataDir, t0) {
  const line = logLines(userDataDir, /Pull overview #\d+ opening \(epoch ms\)/)
    .map(epochTimes)
    .findLast((times) => times.panel >= t0);
  const rel = (epoch) => (epoch === undefined ? '-' : Math.round(epoch - t0));
  return {
    'host: panel': rel(line?.panel),
    'page frame': load['page frame'],
    'script evaluated': load.mark?.('evaluated'),
    'host: ready': rel(line?.ready),
    'host: data read': rel(line?.read),
    'model in page': load.mark?.('model'),
    drawn: load.mark?.('drawn'),
  };
}

async function main() {
  say(`load average ${load()}`);
  const emulator = await startEmulatorProcess({ host: '127.0.0.2', quiet: false });
  onEnd(() => emulator.stop());
  const token = await createToken(emulator.url);
  const title = (await api(emulator.url, `token ${token}`)('GET', `/repos/${OWNER}/${REPO}/pulls/1`)).body.title;
  // Its title too: the large pull request's repository has a #1 of its own.
  const label = `#1 ${title.slice(0, 20)}`;
  const seeding = BIG_PULL
    ? createBigPull({ emulatorUrl: emulator.url, token, reviewerToken: await createToken(emulator.url, 'charles', 'charles-demo-password'), ...bigPullSize() })
    : undefined;
  seeding?.catch(() => {});
  const seedingStarted = Date.now();
  const { codeServer, page } = await openWorkbench({ settings: { ...emulatorSettings(emulator), 'repodeskFloor.title': title }, token, height: 1000 });
  const url = (dir) => codeServer.workbenchUrl({ extensionDevelopmentPath: dir, logLevel: dir === repoRoot ? 'repodesk.repodesk:debug' : undefined });
  const variants = [
    { name: 'RepoDesk', url: url(repoRoot), items: ['thread', 'overview', 'big pull'] },
    { name: 'floor (a) thread', url: url(path.join(repoRoot, 'test', 'bench', 'floor-thread-extension')), items: ['thread'] },
    { name: 'floor (b) webview', url: url(path.join(repoRoot, 'test', 'bench', 'floor-webview-extension')), items: ['overview'] },
  ];
  const results = [];
  const load1 = [];
  const fresh = async (v) => {
    // A reloaded window opens again what was open: nothing is.
    await closeAllEditors(page).catch(() => {});
    await gotoWorkbench(page, v.url);
  };
  // One unmeasured load of RepoDesk: the code is in the file cache, the sign-in done.
  await showDemoPull(page, false, label);
  const big = await seeding;
  const bigLabel = big && `#${big.number} ${big.title.slice(0, 20)}`;
  if (big)
    say(
      `seeded ${big.owner}/${big.repo}#${big.number} in ${Math.round((Date.now() - seedingStarted) / 1000)} s: ${big.files} files, ${big.commits} commits, ${big.comments} review comments`,
    );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of variants) {
      const floor = v.name !== 'RepoDesk';
      const r = { round, variant: v.name };
      const workers = [];
      try {
        if (v.items.includes('thread')) {
          await fresh(v);
          r['thread cold'] = await timeThread(page, emulator, floor, label);
          await closeAllEditors(page);
          r['thread warm'] = await timeThread(page, emulator, floor, label);
        }
        if (v.items.includes('overview')) {
          await fresh(v);
          const prRow = await showDemoPull(page, floor, label);
          const cold = await timeOpening(page, emulator, prRow, { row: { text: title } }, floor ? undefined : codeServer.dirs.userData);
          r['overview first row'] = cold.row;
          workers.push(cold.worker);
          if (floor) {
            // The floor of item 3 warm: the same click after the page closed.
            await closeAllEditors(page);
            const warm = await timeOpening(page, emulator, prRow, { row: { text: title } });
            r['overview first row, warm'] = warm.row;
            workers.push(warm.worker);
          }
        }
        if (big && v.items.includes('big pull')) {
          await fresh(v);
          await openContainer(page);
          await expandRow(await row(page, 'Repositories', MY_REPOSITORIES, 120_000));
          const prRow = await selectRepository(page, new RegExp(big.repo), bigLabel);
          for (const run of ['cold', 'warm']) {
            if (run === 'warm') await closeAllEditors(page);
            const t = await timeOpening(page, emulator, prRow, OVERVIEW_ROWS, codeServer.dirs.userData);
            r[`big Files ${run}`] = t.files;
            r[`big Commits ${run}`] = t.commits;
            workers.push(t.worker);
            if (run === 'cold' && !floor) r['drawing kept'] = await drawingKept(codeServer.dirs.userData, t.t0);
            if (run === 'cold' && !floor && VERBOSE)
              say(
                logEntriesBetween(codeServer.dirs.userData, t.t0 - 30_000, t.t0 + 5000)
                  .filter(([, x]) => x.includes('Pull overview:'))
                  .map(([at, x]) => `${at - t.t0} ms ${x.slice(x.indexOf('Pull overview:'))}`)
                  .join(' | '),
              );
          }
        }
      } catch (err) {
        say(`round ${round}, ${v.name}: ${err.message.split('\n')[0].slice(0, 300)}`);
        // What the window showed, to see where it stood, and RepoDesk's log of its extension hosts.
        const name = `floors-round-${round}-${v.name.replace(/\W+/g, '-')}`;
        await page.screenshot({ path: path.join(repoRoot, 'test-results', `${name}.png`) }).catch(() => {});
        codeServer.keepExtensionLog(path.join(repoRoot, 'test-results', `${name}.log`));
      }
      r['service worker waits'] = workers.join(' / ');
      load1.push(os.loadavg()[0]);
      results.push(r);
      say(JSON.stringify(r));
    }
  }
  const of = (name, key) => median(results.filter((r) => r.variant === name).map((r) => r[key]));
  const runs = (name, key) =>
    results
      .filter((r) => r.variant === name)
      .map((r) => r[key] ?? '-')
      .join(', ');
  const items = [
    ['first thread with its text, cold (fresh window)', 'thread cold', 'floor (a) thread', 'thread cold'],
    ['first thread with its text, warm', 'thread warm', 'floor (a) thread', 'thread warm'],
    ['overview: first row (its title)', 'overview first row', 'floor (b) webview', 'overview first row'],
  ];
  if (big)
    items.push(
      ['large pull overview: Files first row, cold', 'big Files cold', 'floor (b) webview', 'overview first row'],
      ['large pull overview: Commits first row, cold', 'big Commits cold', 'floor (b) webview', 'overview first row'],
      ['large pull overview: Files first row, warm', 'big Files warm', 'floor (b) webview', 'overview first row, warm'],
      ['large pull overview: Commits first row, warm', 'big Commits warm', 'floor (b) webview', 'overview first row, warm'],
    );
  const lines = items.map(([what, key, floorName, floorKey]) => {
    const ours = of('RepoDesk', key);
    const base = of(floorName, floorKey);
    return {
      'from the click (ms, median)': what,
      RepoDesk: ours,
      floor: base,
      ratio: (ours / base).toFixed(2),
      goal: '≤ 1.15',
      met: ours / base <= 1.15 ? 'yes' : Number.isNaN(ours / base) ? '-' : 'NO',
      'RepoDesk runs': runs('RepoDesk', key),
      'floor runs': runs(floorName, floorKey),
    };
  });
  console.log(
    `\n${ROUNDS} interleaved rounds in one window; load average during the runs ${Math.min(...load1).toFixed(1)}–${Math.max(...load1).toFixed(1)} (now ${load()}); ${os.cpus().length} CPUs; Node ${process.version}`,
  );
  if (big)
    console.log(`large pull request: ${big.owner}/${big.repo}#${big.number}, ${big.files} files, ${big.commits} commits, ${big.comments} review comments`);
  console.table(results);
  console.table(lines);
}

await runBench('floors', main);
