// Runs the UI tests (test/e2e/*.e2e.mjs) against one real VS Code window:
// the emulator and code-server start once, Chromium opens the workbench with
// the extension under development, and mocha runs the suites in this process
// with the shared page (see e2eSession.mjs). Screenshots go to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './browser.mjs';
import { repoRoot, startCodeServer } from './codeServer.mjs';
import { resultsDir, session } from './e2eSession.mjs';
import { callbackUrlOfItsOwn, startEmulatorProcess } from './emulatorProcess.mjs';
import { runUiSuites } from './uiSuites.mjs';

const e2eDir = path.join(repoRoot, 'test', 'e2e');
async function openWorkbench(cleanups) {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run npm run build first');
  // 127.0.0.2: code-server rewrites localhost URLs that extensions open (the
  // OAuth authorize page) into proxy URLs; another loopback address is kept.
  const oauthCallbackUrl = await callbackUrlOfItsOwn();
  const emulator = await startEmulatorProcess({
    host: '127.0.0.2',
    oauthCallbackUrl,
    // Statistics take a moment, as on the real service: the panel reads them
    // while its page boots, so a short job is done before the page could say
    // "computing statistics…". 1.5 s was once: a page that took ~2 s to boot
    // beside a busy core drew the charts at once. A 4 s job is answered at the
    // client's try at 7.5 s (tries at 0, 0.5, 1.5, 3.5, 7.5 s), seconds after
    // any page has booted.
    statsDelayMs: 4000,
  });
  cleanups.push(() => emulator.stop());
  // A second service in the enterprise form (the API only under /api/v3), for the accounts journey.
  const enterprise = await startEmulatorProcess({ host: '127.0.0.2', pathPrefix: '/api/v3', oauthCallbackUrl });
  cleanups.push(() => enterprise.stop());
  const app = JSON.parse(fs.readFileSync(path.join(emulator.dataDir, 'oauth-app.json'), 'utf8'));
  const codeServer = await startCodeServer({
    settings: {
      'repodesk.hosting.apiUrl': emulator.url,
      'repodesk.hosting.oauthClientId': app.client_id,
      'repodesk.hosting.oauthCallbackUrl': oauthCallbackUrl,
      'repodesk.engagement.apiUrl': emulator.url,
    },
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
    refuseConnections: (on) => emulator.refuse(on),
    enterpriseUrl: enterprise.url,
    codeServerUrl: codeServer.url,
    workspaceDir: codeServer.dirs.workspace,
    userSettingsFile: path.join(codeServer.dirs.userData, 'User', 'settings.json'),
    keepExtensionLog: (file) => codeServer.keepExtensionLog(file),
  });
  // RepoDesk's debug lines too (a page's opening steps, its posts that failed): a failure's log carries them.
  await browser.page.goto(codeServer.workbenchUrl({ extensionDevelopmentPath: repoRoot, logLevel: 'repodesk.repodesk:debug' }));
  await browser.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
  console.log(`workbench ready (emulator ${emulator.url}, code-server ${codeServer.url})`);
}

// A filtered run keeps the screenshots of the others; under npm test, which runs the UI stages side by side, the
// folder was emptied once before they started (REPODESK_RESULTS_EMPTIED).
if (!process.env.REPODESK_E2E_GREP && !process.env.REPODESK_E2E_FILES && !process.env.REPODESK_RESULTS_EMPTIED)
  fs.rmSync(resultsDir, { recursive: true, force: true });
// REPODESK_E2E_GREP=<text> runs only the tests whose full title has it (while
// working on one); REPODESK_E2E_FILES=<a,b> only the files whose name has one
// of the words. The suites share one window, so a test that needs another's
// state (signed in, say) must get it itself.
const only = (process.env.REPODESK_E2E_FILES ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
// The journeys (workflows-journey-*) run last: they change the demo data as a
// person would (replies posted, pull requests merged, releases and hooks made),
// and the suites before them read the demo as seeded.
const journeyLast = (a, b) => Number(a.includes('-journey-')) - Number(b.includes('-journey-')) || a.localeCompare(b);
const files = fs
  .readdirSync(e2eDir)
  .filter((f) => f.endsWith('.e2e.mjs') && (only.length === 0 || only.some((w) => f.includes(w))))
  .sort(journeyLast)
  .map((file) => path.join(e2eDir, file));
await runUiSuites({ label: 'e2e', files, openWorkbench, failedPrefix: 'failed-', grep: process.env.REPODESK_E2E_GREP });
