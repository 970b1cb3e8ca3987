// What every benchmark in a real VS Code shares: its log lines with the time
// since it started, the built extension checked for, the things it started
// stopped whatever happens (also on Ctrl+C), and a workbench of code-server in
// Chromium signed in to the emulator as the e2e runner makes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../harness/browser.mjs';
import { repoRoot, startCodeServer } from '../../harness/codeServer.mjs';
import { signInWithToken } from './workbench.mjs';

const started = Date.now();

/** Prints a line with the seconds since the benchmark started. */
export const say = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

/** The machine's load averages (1, 5, 15 minutes): every figure is reported with them. */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** The median of the finite numbers of `xs` (of an even count: the two middle ones' mean, rounded); NaN for none. */
export const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : Math.round((v[m - 1] + v[m]) / 2);
};

const cleanups = [];

/** Registers what to stop when the benchmark ends, last registered first. */
export function onEnd(cleanup) {
  cleanups.push(cleanup);
}

async function closeAll() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(`cleanup: ${err.message}`));
  cleanups.length = 0;
}

/**
 * Runs a benchmark's `main` after checking the build; stops what it started
 * whatever the outcome (and on SIGINT/SIGTERM), and exits 1 on a failure,
 * after `onFailure` (e.g. a screenshot).
 */
export async function runBench(name, main, { onFailure } = {}) {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    console.error('dist/extension.js is missing: run `npm run build` first.');
    process.exit(2);
  }
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void closeAll().then(() => process.exit(130)));
  let code = 0;
  try {
    await main();
  } catch (err) {
    console.error(`${name} benchmark failed: ${err instanceof Error ? err.stack : String(err)}`);
    code = 1;
    await onFailure?.().catch(() => {});
  } finally {
    await closeAll();
  }
  process.exit(code);
}

/** Settings of a window that uses `emulator` for both services and refreshes nothing in the background. */
export function emulatorSettings(emulator) {
  const app = JSON.parse(fs.readFileSync(path.join(emulator.dataDir, 'oauth-app.json'), 'utf8'));
  return {
    'repodesk.hosting.apiUrl': emulator.url,
    'repodesk.hosting.oauthClientId': app.client_id,
    'repodesk.engagement.apiUrl': emulator.url,
    'repodesk.views.refreshIntervalSeconds': 0,
  };
}

/**
 * Starts code-server with `settings` and Chromium, loads the built extension
 * (log level `logLevel`; `beforeLoad(page)` runs first) and signs in with
 * `token`. Both are stopped at the
 * benchmark's end, or by the `close` it returns when `own` is set (then also
 * when the start fails).
 */
export async function openWorkbench({ settings, token, height = 1400, logLevel = 'repodesk.repodesk:debug', own = false, beforeLoad }) {
  const stops = [];
  const close = async () => {
    while (stops.length)
      await stops
        .pop()()
        .catch(() => {});
  };
  if (!own) onEnd(close);
  try {
    const codeServer = await startCodeServer({ settings });
    stops.push(() => codeServer.stop());
    const browser = await launchBrowser({ viewport: { width: 1400, height } });
    stops.push(() => browser.close());
    const { page } = browser;
    await beforeLoad?.(page);
    const url = codeServer.workbenchUrl({ extensionDevelopmentPath: repoRoot, logLevel });
    await gotoWorkbench(page, url);
    if (token) await signInWithToken(page, token);
    return { codeServer, browser, page, url, close };
  } catch (err) {
    if (own) await close();
    throw err;
  }
}

/**
 * Loads the workbench at `url` in `page` and waits for its activity bar: a
 * loaded machine can take minutes, so the bound is `timeoutMs`, then an error
 * says what was waited for.
 */
export async function gotoWorkbench(page, url, timeoutMs = 300_000) {
  await page.goto(url, { timeout: timeoutMs });
  await page
    .locator('.monaco-workbench .part.activitybar')
    .waitFor({ timeout: timeoutMs })
    .catch((err) => {
      throw new Error(`the workbench's activity bar not drawn within ${timeoutMs / 1000} s of loading ${url}: ${err.message.split('\n')[0]}`);
    });
}
