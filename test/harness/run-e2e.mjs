// Runs the UI tests (test/e2e/*.e2e.mjs) against one real VS Code window:
// the emulator and code-server start once, Chromium opens the workbench with
// the extension under development, and mocha runs the suites in this process
// with the shared page (see e2eSession.mjs). Screenshots go to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { launchBrowser } from './browser.mjs';
import { repoRoot, startCodeServer } from './codeServer.mjs';
import { resultsDir, session, screenshot } from './e2eSession.mjs';
import { startEmulatorProcess } from './emulatorProcess.mjs';

const started = Date.now();
const e2eDir = path.join(repoRoot, 'test', 'e2e');
const cleanups = [];

async function openWorkbench() {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run npm run build first');
  // 127.0.0.2: code-server rewrites localhost URLs that extensions open (the
  // OAuth authorize page) into proxy URLs; another loopback address is kept.
  const emulator = await startEmulatorProcess({
    host: '127.0.0.2',
    // Statistics take a moment, as on the real service: the panel reads them
    // while its page boots, so without the delay a fast machine has them
    // before the page could say "computing statistics…".
    statsDelayMs: 1500,
  });
  cleanups.push(() => emulator.stop());
  // A second service in the enterprise form (the API only under /api/v3), for the accounts journey.
  const enterprise = await startEmulatorProcess({ host: '127.0.0.2', pathPrefix: '/api/v3' });
  cleanups.push(() => enterprise.stop());
  const app = JSON.parse(fs.readFileSync(path.join(emulator.dataDir, 'oauth-app.json'), 'utf8'));
  const codeServer = await startCodeServer({
    settings: { 'repodesk.hosting.apiUrl': emulator.url, 'repodesk.hosting.oauthClientId': app.client_id, 'repodesk.engagement.apiUrl': emulator.url },
    env: {
      REPODESK_TEST_EMULATOR_URL: emulator.url,
      REPODESK_TEST_EMULATOR_DATA: emulator.dataDir,
      REPODESK_DEV_OAUTH_CLIENT_ID: app.client_id,
      REPODESK_DEV_OAUTH_CLIENT_SECRET: app.client_secret,
    },
  });
  cleanups.push(() => codeServer.stop());
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  Object.assign(session, {
    page: browser.page,
    emulatorUrl: emulator.url,
    emulatorDataDir: emulator.dataDir,
    enterpriseUrl: enterprise.url,
    codeServerUrl: codeServer.url,
    workspaceDir: codeServer.dirs.workspace,
    userSettingsFile: path.join(codeServer.dirs.userData, 'User', 'settings.json'),
  });
  await browser.page.goto(codeServer.workbenchUrl({ extensionDevelopmentPath: repoRoot }));
  await browser.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
  console.log(`workbench ready (emulator ${emulator.url}, code-server ${codeServer.url})`);
}

async function closeAll() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups.length = 0;
}

// A filtered run keeps the screenshots of the others.
if (!process.env.REPODESK_E2E_GREP && !process.env.REPODESK_E2E_FILES) fs.rmSync(resultsDir, { recursive: true, force: true });
const mocha = new Mocha({
  reporter: path.join(repoRoot, 'test', 'support', 'stats-reporter.cjs'),
  timeout: 60_000,
  rootHooks: {
    async beforeAll() {
      this.timeout(5 * 60_000); // includes the one-time code-server install
      await openWorkbench();
    },
    async afterEach() {
      // The window as it was when a test failed, for diagnosis.
      if (this.currentTest?.state === 'failed' && session.page) {
        const name =
          'failed-' +
          this.currentTest
            .fullTitle()
            .replace(/[^\w-]+/g, '-')
            .slice(0, 80);
        console.log(`screenshot: ${await screenshot(name)}`);
      }
    },
    async afterAll() {
      await closeAll();
    },
  },
});
// REPODESK_E2E_GREP=<text> runs only the tests whose full title has it (while
// working on one); REPODESK_E2E_FILES=<a,b> only the files whose name has one
// of the words. The suites share one window, so a test that needs another's
// state (signed in, say) must get it itself.
if (process.env.REPODESK_E2E_GREP) mocha.grep(process.env.REPODESK_E2E_GREP);
const only = (process.env.REPODESK_E2E_FILES ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
// The journeys (workflows-journey-*) run last: they change the demo data as a
// person would (replies posted, pull requests merged, releases and hooks made),
// and the suites before them read the demo as seeded.
const journeyLast = (a, b) => Number(a.includes('-journey-')) - Number(b.includes('-journey-')) || a.localeCompare(b);
for (const file of fs
  .readdirSync(e2eDir)
  .filter((f) => f.endsWith('.e2e.mjs') && (only.length === 0 || only.some((w) => f.includes(w))))
  .sort(journeyLast))
  mocha.addFile(path.join(e2eDir, file));

let failures = 1;
try {
  await mocha.loadFilesAsync();
  failures = await new Promise((resolve) => mocha.run(resolve));
} catch (err) {
  console.error(`e2e run failed: ${err instanceof Error ? err.stack : String(err)}`);
  if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify({ passes: 0, failures: 1, pending: 0 }) + '\n');
} finally {
  await closeAll();
}
console.log(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failures > 0 ? 1 : 0);
