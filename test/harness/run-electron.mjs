// `npm run test:electron`: the same integration entry (out/integration) in a
// desktop VS Code through @vscode/test-electron, on machines that can download
// VS Code (or with VSCODE_EXECUTABLE_PATH pointing at an installed one). The
// emulator starts as for the code-server runner.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildIntegrationTests } from './build-tests.mjs';
import { repoRoot } from './codeServer.mjs';
import { startEmulatorProcess } from './emulatorProcess.mjs';

const testsEntry = await buildIntegrationTests();
const emulator = await startEmulatorProcess();
const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-electron-'));
fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({ 'repodesk.hosting.apiUrl': emulator.url }, null, 2));

let code = 1;
try {
  code = await runTests({
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: testsEntry,
    ...(process.env.VSCODE_EXECUTABLE_PATH ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH } : { version: '1.100.3' }),
    launchArgs: [`--user-data-dir=${userData}`, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { REPODESK_TEST_EMULATOR_URL: emulator.url, REPODESK_TEST_EMULATOR_DATA: emulator.dataDir },
  });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`Could not run the tests in a desktop VS Code: ${message}`);
  console.error(
    'A desktop VS Code could not be downloaded here; set VSCODE_EXECUTABLE_PATH to an installed one, or use npm run test:integration (code-server).',
  );
} finally {
  await emulator.stop();
  fs.rmSync(userData, { recursive: true, force: true });
}
process.exit(code);
