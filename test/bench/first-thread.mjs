// Benchmark (never a test): the first review thread in a fresh window. The
// built emulator with its demo data, code-server in Playwright-driven
// Chromium (as the e2e runner) with the built extension; each run is a new
// code-server with a new user-data folder (nothing kept from an earlier
// run), signed in with a token. In Pull Requests, demo pull request #1 of
// analytical-engines/difference-engine is expanded (its twistie), then
// Changed files; once the emulator has been quiet for a second (the views
// have read what they show), a click on the row of `docs/tables.md`, whose
// diff has one review thread. Timed in the page from the click's mousedown
// to the frame that shows the thread's widget and to the frame that shows
// its comment's text (goal: under 1.5 s), with the host's own steps from
// RepoDesk's log at debug: the inline comments feature loaded, the diff's
// two sides read (the `repodesk:` file system), the document placed in its
// pull request, its comments read, the threads handed to VS Code, the
// review comment language server started (the thread's reply box opens it).
// Needs `npm run build` first (`npm run bench -- first-thread` builds).
//   node test/bench/first-thread.mjs            (BENCH_RUNS=5 by default)
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../harness/codeServer.mjs';
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { logEntriesBetween, logLines, requestsSince, waitQuiet } from './views/logs.mjs';
import { createToken } from './views/seed.mjs';
import { stepsAfter, threadStepsAfter, timeThreads } from './views/threads.mjs';
import { emulatorSettings, load, median, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { openContainer, row } from './views/workbench.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const FILE = 'docs/tables.md';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function oneRun(emulator, token) {
  const { codeServer, page, close } = await openWorkbench({ settings: emulatorSettings(emulator), token, height: 1000, own: true });
  try {
    await openContainer(page);
    const org = await row(page, 'Repositories', new RegExp(`^${OWNER}(\\s*\\d+)?$`), 120_000);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row(page, 'Repositories', new RegExp(`^${REPO}`), 120_000)).click();
    const pr = await row(page, 'Pull Requests', '#1 ', 120_000);
    await pr.locator('.monaco-tl-twistie').click();
    const changed = await row(page, 'Pull Requests', 'Changed files', 120_000);
    if ((await changed.getAttribute('aria-expanded')) !== 'true') await changed.locator('.monaco-tl-twistie').click();
    const file = await row(page, 'Pull Requests', path.basename(FILE), 120_000);
    await waitQuiet(emulator.output, { quietMs: 1000, timeoutMs: 30_000 });
    const mark = emulator.output.length;
    const t = await timeThreads(page, 1, () => file.click(), { bodyText: 'Could the table also show the second differences?' });
    // Let the host write its lines (the language server's comes when it answers).
    await waitQuiet(emulator.output, { quietMs: 1500, timeoutMs: 30_000 });
    await page.waitForTimeout(1000);
    const dir = codeServer.dirs.userData;
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'bench-first-thread.png') });
    if (process.env.BENCH_VERBOSE) {
      // What the emulator answered and what the extension host and RepoDesk logged, from the click on.
      for (const r of requestsSince(emulator.output, mark))
        console.log(
          `  ${String(Math.round(r.start - t.clickAt)).padStart(6)}..${String(Math.round(r.end - t.clickAt)).padStart(6)} ms ${r.method} ${r.url} ${r.status}`,
        );
      for (const [at, text] of logEntriesBetween(dir, t.clickAt - 200, t.clickAt + 20_000))
        console.log(`  ${String(Math.round(at - t.clickAt)).padStart(6)} ms ${text}`);
    }
    const rel = (x) => (x === undefined ? NaN : Math.round(x - t.clickAt));
    const threads = threadStepsAfter(dir, FILE, t.clickAt);
    const feature = stepsAfter(dir, /Inline comments started/, t.clickAt - 600_000);
    const reads = logLines(dir, /Read docs\/tables\.md at .* \(epoch ms\)/);
    const server = stepsAfter(dir, /Review comment language server/, t.clickAt);
    const head = stepsAfter(dir, /Read docs\/tables\.md at/, t.clickAt);
    return {
      'diff text drawn': t.text,
      'thread widget drawn': t.first,
      'its comment drawn': t.body,
      'thread marks': t.count,
      'feature loaded': feature ? rel(feature.started) : NaN,
      'head side read': head ? rel(head.read) : NaN,
      'host asked to draw': rel(threads?.asked),
      placed: rel(threads?.placed),
      'comments read': rel(threads?.comments),
      avatars: rel(threads?.avatars),
      'handed to VS Code': rel(threads?.handed),
      'language server running': server ? rel(server.running) : NaN,
      drawings: threads?.draws ?? 0,
      'side reads': reads.length,
      requests: emulator.output.length - mark,
    };
  } finally {
    await close();
  }
}

async function main() {
  say(`load average ${load()}`);
  const emulator = await startEmulatorProcess({ host: '127.0.0.2', quiet: false });
  onEnd(() => emulator.stop());
  const token = await createToken(emulator.url);
  const results = [];
  for (let i = 1; i <= RUNS; i++) {
    // A run that could not reach the click (the workbench too slow to show a row) is reported and left out.
    const r = await oneRun(emulator, token).catch((err) => {
      say(
        `run ${i} did not reach the click: ${err.message
          .split('\n')
          .filter((l) => /Timeout|waiting for/.test(l))
          .join(' ')
          .slice(0, 400)}`,
      );
      return undefined;
    });
    if (!r) continue;
    results.push({ run: i, ...r, load: os.loadavg()[0].toFixed(1) });
    say(`run ${i}: ${JSON.stringify(results.at(-1))}`);
  }
  if (!results.length) throw new Error('no run reached the click');
  const keys = Object.keys(results[0]).filter((k) => k !== 'run' && k !== 'load');
  const medians = Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))]));
  console.log(
    `\nThe first thread of ${FILE} in a fresh window, ms from the click (${results.length} of ${RUNS} runs; load average ${load()}; ${os.cpus().length} CPUs; Node ${process.version}):`,
  );
  console.table([...results, { run: 'median', ...medians }]);
}

await runBench('first thread', main);
