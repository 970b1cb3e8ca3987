// Benchmark (never a test): the first Repositories row of the browser build
// in code-server's web worker extension host against the Node build in its
// Node extension host: the same window, emulator and machine, the loads
// interleaved (Node, browser, Node, …) after an unmeasured one of each.
// A time is from the page's navigation start to the first frame in which a
// repository row exists; with RepoDesk's kept listing (the default) and
// without it (`repodesk.views.keepLastListing` off: the rows wait for the
// service).
//   npm run build && node test/bench/browser-first-row.mjs   (BENCH_RELOADS, default 5)
/* global window */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/codeServer.mjs';
import { startEmulatorProcess } from '../harness/emulatorProcess.mjs';
import { prepareWebExtension } from '../harness/webExtension.mjs';
import { createToken } from './views/seed.mjs';
import { emulatorSettings, load, median, onEnd, openWorkbench, runBench, say } from './views/session.mjs';
import { installHelpers, signInWithToken } from './views/workbench.mjs';

const RELOADS = Number(process.env.BENCH_RELOADS ?? 5);

async function main() {
  say(`load average ${load()}`);
  // On 127.0.0.1, as the browser tests' (the page's own loopback address).
  const emulator = await startEmulatorProcess({ quiet: true });
  onEnd(() => emulator.stop());
  const token = await createToken(emulator.url);
  const web = prepareWebExtension();
  onEnd(async () => fs.rmSync(web, { recursive: true, force: true }));

  const { codeServer, page } = (failure = await openWorkbench({ settings: emulatorSettings(emulator), token, height: 1000, beforeLoad: installHelpers }));
  const settingsFile = path.join(codeServer.dirs.userData, 'User', 'settings.json');
  const keepListing = (on) => {
    const current = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
    fs.writeFileSync(settingsFile, JSON.stringify({ ...current, 'repodesk.views.keepLastListing': on }, null, 2));
  };
  const hosts = [
    { name: 'Node extension host', url: codeServer.workbenchUrl({ extensionDevelopmentPath: repoRoot }) },
    { name: 'web worker extension host', url: codeServer.workbenchUrl({ extensionDevelopmentPath: web }) },
  ];
  /** One load of the window with `host`'s build: ms from navigation to the first repository row. */
  const firstRow = async (host) => {
    // The window opens on the RepoDesk container it showed last (openWorkbench opened it).
    await page.goto(host.url);
    // The browser build keeps its own session: signed in once, on its first load.
    const signIn = page.locator('.welcome-view-content').getByRole('button', { name: 'Sign In' });
    const shown = page.waitForFunction(() => window.__repodeskLoad?.repo != null, undefined, { timeout: 120_000, polling: 100 });
    if (
      await Promise.race([
        shown.then(() => false),
        signIn
          .first()
          .waitFor({ timeout: 120_000 })
          .then(() => true),
      ])
    ) {
      await signInWithToken(page, token);
      await shown;
      return undefined;
    }
    return Math.round(await page.evaluate(() => window.__repodeskLoad.repo));
  };

  const results = [];
  for (const keep of [true, false]) {
    keepListing(keep);
    for (const host of hosts) await firstRow(host); // unmeasured: sign-in, caches, the kept listing written
    const times = Object.fromEntries(hosts.map((h) => [h.name, []]));
    for (let round = 0; round < RELOADS; round++) {
      for (const host of hosts) {
        const ms = await firstRow(host);
        if (ms !== undefined) times[host.name].push(ms);
        say(`${keep ? 'kept listing' : 'no kept listing'}, ${host.name}: ${ms} ms`);
      }
    }
    for (const host of hosts) {
      const xs = times[host.name];
      results.push({ listing: keep ? 'kept' : 'read', host: host.name, 'median ms': median(xs), min: Math.min(...xs), max: Math.max(...xs), loads: xs.length });
    }
  }
  console.log(`\nNavigation → first repository row, ${RELOADS} loads each (load average ${load()}):`);
  console.table(results);
}

let failure;
await runBench('browser first row', main, {
  onFailure: () => failure?.page.screenshot({ path: path.join(repoRoot, 'test-results', 'bench-browser-first-row-failure.png') }),
});
