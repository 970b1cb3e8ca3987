// Benchmark (never a test): a pull request's overview page in a real VS Code
// (code-server in Playwright-driven Chromium, as the e2e runner), against the
// built emulator, with the built extension:
//   1. a click on a pull request with 250 commits and 300 review comments in
//      the Pull Requests view, to its overview page drawn (its title, and the
//      last of its review threads' summaries, in the webview), cold (nothing
//      read yet) and warm (the page closed and opened again: the client's
//      ETag cache answers 304); goals < 1 s cold, < 500 ms warm;
//   2. the rate limit spent by an idle refresh with the page open (goal 0).
// Each opening is broken down: the host's steps (its "Pull overview #N
// opening" log line: panel made, page started, ready received, data read,
// model posted),
// the page frame's creation, how long its first request waited for VS Code's
// webview service worker, and the page's own marks (script evaluated, model
// received, drawn). BENCH_KEEP_PAGE=1 keeps another overview page open
// throughout (a warm run then closes only the measured page).
// Needs `npm run build` first.
//   node test/bench/pull-overview.mjs
/* global document */
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { webviewLoad } from './views/webviewTiming.mjs';
import { epochTimes, logLines, requestsSince, summarize, waitQuiet } from './views/logs.mjs';
import { api, createReviewedPull, createToken } from './views/seed.mjs';
import { emulatorSettings, load, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { openContainer, row, runCommand } from './views/workbench.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const COMMITS = Number(process.env.BENCH_COMMITS ?? 250);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 300);

/** Polls every frame of the page (webviews are nested iframes) until one shows `title` and `lastText`; ms since `t0`. */
async function timeOverview(page, title, lastText, t0, timeoutMs = 60_000) {
  let titleAt;
  for (;;) {
    const now = Date.now();
    if (now - t0 > timeoutMs)
      throw new Error(
        `the overview page was not drawn within ${timeoutMs} ms (${titleAt === undefined ? 'no title' : `its title at ${titleAt} ms, not "${lastText}"`})`,
      );
    // The webview's frames only: the tree row carries the title too.
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      const seen = await frame
        .evaluate(
          ([t, last]) => {
            const text = document.body?.innerText ?? '';
            return { title: text.includes(t), last: text.includes(last) };
          },
          [title, lastText],
        )
        .catch(() => ({ title: false, last: false }));
      if (seen.title && titleAt === undefined) titleAt = Date.now() - t0;
      if (seen.title && seen.last) {
        const all = Date.now() - t0;
        return { title: titleAt, all, load: await webviewLoad(frame, t0) };
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The host's "Pull overview #N opening (epoch ms): panel=… read=… ready=… posted=…" line logged after `since`. */
function openingAfter(userDataDir, since) {
  for (const line of logLines(userDataDir, /Pull overview #\d+ opening \(epoch ms\)/).reverse()) {
    const times = epochTimes(line);
    if (times.panel >= since) return times;
  }
  return undefined;
}

async function main() {
  say(`load average ${load()}`);
  const emulator = await startEmulatorProcess({ host: '127.0.0.2', quiet: false });
  onEnd(() => emulator.stop());
  const token = await createToken(emulator.url);
  const call = api(emulator.url, `token ${token}`);
  const rateRemaining = async () => (await call('GET', '/rate_limit')).body.resources.core.remaining;
  const seeding = createReviewedPull(call, { owner: OWNER, repo: REPO, files: 4, linesPerFile: 80, comments: COMMENTS, commits: COMMITS });
  seeding.catch(() => {});

  const { codeServer, page } = await openWorkbench({ settings: emulatorSettings(emulator), token });
  await row(page, 'Repositories', /ada\//, 120_000);
  const pull = await seeding;
  say(`seeded #${pull.number}: ${COMMITS} commits, ${pull.comments} review comments in ${pull.threads} threads`);

  await openContainer(page);
  const org = await row(page, 'Repositories', new RegExp(`^${OWNER}(\\s*\\d+)?$`));
  if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
  await (await row(page, 'Repositories', new RegExp(`^${REPO}`))).click();
  const label = `#${pull.number} `;
  // The first thread's summary: the page drew its conversation (a long one shows its oldest rows and newest 20,
  // and threads made in the same second may sort in any order among the newest).
  const lastThread = 'Bench thread 1:';
  await waitQuiet(emulator.output, { quietMs: 2000 });

  // BENCH_KEEP_PAGE=1: another overview page (#1's) stays open throughout, and a warm run closes only the measured page.
  const keepPage = process.env.BENCH_KEEP_PAGE === '1';
  await runCommand(page, 'View: Close All Editors');
  if (keepPage) {
    await (await row(page, 'Pull Requests', '#1 ')).click();
    await page.waitForTimeout(3000);
  }
  const results = [];
  for (const run of ['cold', 'warm 1', 'warm 2']) {
    if (run !== 'cold') await runCommand(page, keepPage ? 'View: Close Editor' : 'View: Close All Editors');
    await page.waitForTimeout(1500);
    await waitQuiet(emulator.output, { quietMs: 1500 });
    const mark = emulator.output.length;
    const prRow = await row(page, 'Pull Requests', label);
    const box = await prRow.locator('.label-name').first().boundingBox();
    const t0 = Date.now();
    await page.mouse.click(box.x + 10, box.y + box.height / 2);
    const t = await timeOverview(page, pull.title, lastThread, t0);
    await waitQuiet(emulator.output, { quietMs: 1500 });
    const s = summarize(requestsSince(emulator.output, mark));
    const host = openingAfter(codeServer.dirs.userData, t0);
    const rel = (epoch) => (epoch === undefined ? '-' : Math.round(epoch - t0));
    results.push({
      run,
      'click → title drawn': t.title,
      'click → whole page drawn': t.all,
      requests: s.requests,
      304: s.notModified,
      'host: panel': rel(host?.panel),
      'host: page started': rel(host?.started),
      'page frame': t.load['page frame'],
      'service worker wait': t.load['service worker wait'],
      'script evaluated': t.load.mark?.('evaluated'),
      'ready sent': t.load.mark?.('ready'),
      'host: ready': rel(host?.ready),
      'host: data read': rel(host?.read),
      'host: posted': rel(host?.posted),
      'model in page': t.load.mark?.('model'),
      drawn: t.load.mark?.('drawn'),
    });
    say(`${run}: ${JSON.stringify(results.at(-1))}`);
  }
  console.log(`\nOverview of #${pull.number} (${COMMITS} commits, ${pull.comments} review comments), ms from the click (load average ${load()}):`);
  console.table(results);

  // ---- 2. an idle refresh with the page open ------------------------------
  await runCommand(page, 'RepoDesk: Refresh All Views');
  await waitQuiet(emulator.output, { quietMs: 3000 });
  const mark = emulator.output.length;
  const before = await rateRemaining();
  await runCommand(page, 'RepoDesk: Refresh All Views');
  await waitQuiet(emulator.output, { quietMs: 3000 });
  const used = before - (await rateRemaining());
  const s = summarize(requestsSince(emulator.output, mark));
  console.log(
    `\nIdle refresh with the overview page open ("Refresh All Views"): rate limit used ${used}; ${s.requests} requests, ${s.notModified} answered 304`,
  );
  console.log(
    s.urls
      .filter((u) => !u.endsWith(' 304'))
      .map((u) => `  not 304: ${u}`)
      .join('\n') || '  every request answered 304',
  );
}

await runBench('pull overview', main);
