// Runs the browser build's UI tests (test/web/*.web.mjs): RepoDesk's
// dist/web/extension.js in code-server's web worker extension host (see
// webExtension.mjs), against the emulator called cross-origin from the
// worker (it answers CORS), with the e2e suites' shared session and helpers.
// Screenshots go to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { launchBrowser } from './browser.mjs';
import { repoRoot, startCodeServer } from './codeServer.mjs';
import { session, screenshot } from './e2eSession.mjs';
import { startEmulatorProcess } from './emulatorProcess.mjs';
import { prepareWebExtension } from './webExtension.mjs';

const started = Date.now();
const webDir = path.join(repoRoot, 'test', 'web');
const cleanups = [];
const consoleLines = [];

async function openWorkbench() {
  const extension = prepareWebExtension();
  cleanups.push(async () => fs.rmSync(extension, { recursive: true, force: true }));
  const emulator = await startEmulatorProcess({});
  cleanups.push(() => emulator.stop());
  // A second service that allows no cross-origin request.
  const noCors = await startEmulatorProcess({ corsOrigin: 'none' });
  cleanups.push(() => noCors.stop());
  // A service on 127.0.0.2, for the OAuth web flow: the workbench opens a 127.0.0.1 or localhost
  // page through code-server's port proxy (/proxy/<port>/), where the service's OAuth pages do not work.
  const otherHost = await startEmulatorProcess({ host: '127.0.0.2' });
  cleanups.push(() => otherHost.stop());
  const codeServer = await startCodeServer({ settings: { 'repodesk.hosting.apiUrl': emulator.url, 'repodesk.engagement.apiUrl': emulator.url } });
  cleanups.push(() => codeServer.stop());
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  // The worker's errors reach the page's console: kept for a failed test's report.
  browser.page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleLines.push(`[${m.type()}] ${m.text()}`);
  });
  Object.assign(session, {
    page: browser.page,
    emulatorUrl: emulator.url,
    emulatorDataDir: emulator.dataDir,
    noCorsUrl: noCors.url,
    otherHostUrl: otherHost.url,
    otherHostDataDir: otherHost.dataDir,
    codeServerUrl: codeServer.url,
    workspaceDir: codeServer.dirs.workspace,
    userSettingsFile: path.join(codeServer.dirs.userData, 'User', 'settings.json'),
  });
  await browser.page.goto(codeServer.workbenchUrl({ extensionDevelopmentPath: extension }));
  await browser.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
  console.log(`workbench ready (browser build from ${extension}, emulator ${emulator.url}, code-server ${codeServer.url})`);
}

async function closeAll() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups.length = 0;
}

const mocha = new Mocha({
  reporter: path.join(repoRoot, 'test', 'support', 'stats-reporter.cjs'),
  timeout: 60_000,
  rootHooks: {
    async beforeAll() {
      this.timeout(5 * 60_000); // includes the one-time code-server install
      await openWorkbench();
    },
    async afterEach() {
      if (this.currentTest?.state === 'failed' && session.page) {
        const name =
          'failed-web-' +
          this.currentTest
            .fullTitle()
            .replace(/[^\w-]+/g, '-')
            .slice(0, 80);
        console.log(`screenshot: ${await screenshot(name)}`);
        console.log(`page console (errors and warnings):\n${consoleLines.slice(-30).join('\n')}`);
      }
    },
    async afterAll() {
      await closeAll();
    },
  },
});
for (const file of fs
  .readdirSync(webDir)
  .filter((f) => f.endsWith('.web.mjs'))
  .sort())
  mocha.addFile(path.join(webDir, file));

let failures = 1;
try {
  await mocha.loadFilesAsync();
  failures = await new Promise((resolve) => mocha.run(resolve));
} catch (err) {
  console.error(`web run failed: ${err instanceof Error ? err.stack : String(err)}`);
  if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify({ passes: 0, failures: 1, pending: 0 }) + '\n');
} finally {
  await closeAll();
}
console.log(`web UI tests finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failures > 0 ? 1 : 0);
