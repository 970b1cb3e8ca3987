// Runs the browser build's UI tests (test/web/*.web.mjs): RepoDesk's
// dist/web/extension.js in code-server's web worker extension host (see
// webExtension.mjs), against the emulator called cross-origin from the
// worker (it answers CORS), with the e2e suites' shared session and helpers.
// Screenshots go to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './browser.mjs';
import { repoRoot, startCodeServer } from './codeServer.mjs';
import { session } from './e2eSession.mjs';
import { startEmulatorProcess } from './emulatorProcess.mjs';
import { runUiSuites } from './uiSuites.mjs';
import { prepareWebExtension } from './webExtension.mjs';

const webDir = path.join(repoRoot, 'test', 'web');
const consoleLines = [];

async function openWorkbench(cleanups) {
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

const files = fs
  .readdirSync(webDir)
  .filter((f) => f.endsWith('.web.mjs'))
  .sort()
  .map((file) => path.join(webDir, file));
await runUiSuites({
  label: 'web UI tests',
  files,
  openWorkbench,
  failedPrefix: 'failed-web-',
  onFailure: () => console.log(`page console (errors and warnings):\n${consoleLines.slice(-30).join('\n')}`),
});
