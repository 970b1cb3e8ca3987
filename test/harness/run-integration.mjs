// Runs the integration tests (mocha inside the extension host) in a real
// VS Code: the emulator and code-server start, Chromium opens the workbench
// with extensionDevelopmentPath + extensionTestsPath, and the workbench
// reports the host's console through codeAutomationLog and the result through
// codeAutomationExit. Exits with the tests' code. REPODESK_INTEGRATION_FILES
// and REPODESK_INTEGRATION_GREP reach the host's mocha (test/integration/index.ts)
// through code-server's environment.
import fs from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { launchBrowser } from './browser.mjs';
import { buildIntegrationTests } from './build-tests.mjs';
import { repoRoot, startCodeServer } from './codeServer.mjs';
import { callbackUrlOfItsOwn, startEmulatorProcess } from './emulatorProcess.mjs';

// A guard against a window that hangs, not a time limit: a loaded 2-core machine takes over 5 min for the whole suite.
const TIMEOUT_MS = Number(process.env.REPODESK_INTEGRATION_TIMEOUT_MS ?? 25 * 60_000);
const STATS_PREFIX = 'REPODESK_STATS ';
const START_MARKER = 'REPODESK_MOCHA_START';
const NO_HOST = 'No extension host found that can launch the test runner';

const started = Date.now();
const cleanups = [];
let stats;
// Workbench start-up chatter comes through codeAutomationLog too: hold it
// back until mocha starts, and show it only if the run never got that far.
let mochaStarted = false;
const startupLines = [];

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run npm run build first');
  const testsEntry = await buildIntegrationTests();

  const oauthCallbackUrl = await callbackUrlOfItsOwn();
  const emulator = await startEmulatorProcess({ oauthCallbackUrl });
  cleanups.push(() => emulator.stop());
  console.log(`emulator: ${emulator.url}`);
  // A second service beside the first, in the enterprise form (the accounts tests sign in to both), with
  // its own rate limit, so that the limit shown names the service whose count it is.
  const enterprise = await startEmulatorProcess({ pathPrefix: '/api/v3', rateLimit: 15_000, oauthCallbackUrl });
  cleanups.push(() => enterprise.stop());
  console.log(`second emulator (enterprise form): ${enterprise.url}/api/v3`);

  const codeServer = await startCodeServer({
    settings: { 'repodesk.hosting.apiUrl': emulator.url, 'repodesk.hosting.oauthCallbackUrl': oauthCallbackUrl },
    env: {
      REPODESK_TEST_EMULATOR_URL: emulator.url,
      REPODESK_TEST_EMULATOR_DATA: emulator.dataDir,
      REPODESK_TEST_EMULATOR2_URL: enterprise.url,
      REPODESK_TEST_EMULATOR2_DATA: enterprise.dataDir,
    },
  });
  cleanups.push(() => codeServer.stop());
  console.log(`code-server: ${codeServer.url}`);

  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const { page } = browser;

  const result = new Promise((resolve, reject) => {
    page.exposeFunction('codeAutomationLog', (type, args) => {
      for (const line of formatLog(args)) {
        if (line.startsWith(STATS_PREFIX)) stats = JSON.parse(line.slice(STATS_PREFIX.length));
        else if (line.startsWith(START_MARKER)) mochaStarted = true;
        else if (!mochaStarted && !process.env.REPODESK_DEBUG_WORKBENCH) startupLines.push(line);
        else (type === 'error' ? console.error : console.log)(line);
      }
    });
    page.exposeFunction('codeAutomationExit', (code) => resolve(Number(code)));
    page.on('console', (msg) => {
      const text = msg.text();
      if (text.includes(NO_HOST)) reject(new Error(`${NO_HOST}: the payload URIs are wrong`));
      else if (process.env.REPODESK_DEBUG_WORKBENCH) console.log(`[workbench] ${text}`);
    });
    page.on('pageerror', (err) => {
      if (process.env.REPODESK_DEBUG_WORKBENCH) console.log(`[workbench error] ${err.message}`);
    });
    setTimeout(() => reject(new Error(`integration tests did not finish within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS).unref();
  });

  await page.goto(codeServer.workbenchUrl({ extensionDevelopmentPath: repoRoot, extensionTestsPath: testsEntry }));
  try {
    const code = await result;
    // What RepoDesk logged during the failed run, kept beside the screenshots (the user data folder goes with the run).
    if (code !== 0) {
      const logFile = path.join(repoRoot, 'test-results', 'integration-RepoDesk.log');
      if (codeServer.keepExtensionLog(logFile).length) console.log(`RepoDesk's log of the run: ${logFile}`);
    }
    return code;
  } catch (err) {
    if (!mochaStarted) console.error(`workbench log:\n${startupLines.join('\n')}`);
    console.error(`code-server output:\n${codeServer.output.slice(-40).join('\n')}`);
    throw err;
  }
}

/** The workbench passes console.log's arguments as given: a printf format first. */
function formatLog(args) {
  return format(...(Array.isArray(args) ? args : [args]))
    .replace(/\s+$/, '')
    .split('\n');
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`integration run failed: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
// A crash before mocha reported still counts as one failure in npm test's total.
const totals = stats ?? { passes: 0, failures: code === 0 ? 0 : 1, pending: 0 };
if (code !== 0 && totals.failures === 0) totals.failures = 1;
if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify(totals) + '\n');
console.log(`integration: ${totals.passes} passed, ${totals.failures} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
