// What the two UI runners share (run-e2e.mjs: the Node extension host;
// run-web.mjs: the browser build's web worker host): mocha in this process
// with one window opened before the first suite, a screenshot of the window
// when a test fails, the runner's parts stopped in reverse order at the end,
// and a failed start counted as a failure for scripts/test-all.mjs.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { repoRoot } from './codeServer.mjs';
import { resultsDir, screenshot, session } from './e2eSession.mjs';

/**
 * A modal dialog the failed test left open (a question VS Code asks, say
 * whether to save) blocks every click of the tests after it: it is answered
 * Cancel, as a person would who did not expect it, and said.
 */
async function dismissDialog() {
  const dialog = session.page.locator('.monaco-dialog-box');
  if (!(await dialog.isVisible().catch(() => false))) return;
  console.log(`a dialog was left open, answered Cancel: ${(await dialog.innerText()).replace(/\s+/g, ' ').trim()}`);
  await dialog
    .getByRole('button', { name: 'Cancel' })
    .click({ timeout: 5_000 })
    .catch(() => session.page.keyboard.press('Escape'));
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => console.log('the dialog stayed open'));
}

/**
 * Runs `files` and exits with the outcome. `openWorkbench(cleanups)` starts
 * the services and the window (pushing what stops them), `failedPrefix`
 * names a failed test's screenshot, `onFailure` prints more of it.
 */
export async function runUiSuites({ label, files, openWorkbench, failedPrefix, onFailure = () => {}, grep }) {
  const started = Date.now();
  const cleanups = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
  };
  const mocha = new Mocha({
    reporter: path.join(repoRoot, 'test', 'support', 'stats-reporter.cjs'),
    timeout: 60_000,
    rootHooks: {
      async beforeAll() {
        this.timeout(5 * 60_000); // includes the one-time code-server install
        await openWorkbench(cleanups);
      },
      async afterEach() {
        // The window as it was when a test failed, for diagnosis.
        if (this.currentTest?.state === 'failed' && session.page) {
          // Its suite's title and its own, each shortened: two failures of one suite keep a file each.
          const part = (title, n) => title.replace(/[^\w-]+/g, '-').slice(0, n);
          const name = `${failedPrefix}${part(this.currentTest.parent?.title ?? '', 40)}--${part(this.currentTest.title, 60)}`;
          console.log(`screenshot: ${await screenshot(name)}`);
          // What RepoDesk logged up to the failure (the window's own, across its reloads).
          const logFile = path.join(resultsDir, `${name}.log`);
          const tail = session.keepExtensionLog(logFile);
          if (tail.length) console.log(`RepoDesk's log: ${logFile}; its last lines:\n${tail.map((l) => `  ${l}`).join('\n')}`);
          await dismissDialog();
          onFailure();
        }
      },
      async afterAll() {
        await closeAll();
      },
    },
  });
  if (grep) mocha.grep(grep);
  for (const file of files) mocha.addFile(file);

  let failures = 1;
  try {
    await mocha.loadFilesAsync();
    failures = await new Promise((resolve) => mocha.run(resolve));
  } catch (err) {
    console.error(`${label} run failed: ${err instanceof Error ? err.stack : String(err)}`);
    if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify({ passes: 0, failures: 1, pending: 0 }) + '\n');
  } finally {
    await closeAll();
  }
  console.log(`${label} finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failures > 0 ? 1 : 0);
}
