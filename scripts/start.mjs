// `npm start`: the demo. Builds RepoDesk, starts the emulator with the demo
// data on http://127.0.0.1:7480, clones the demo repository as the workspace
// and opens VS Code with the extension pointed at the emulator: the desktop
// `code` command when it is on PATH, otherwise code-server in the browser
// (its URL is printed). Ctrl-C stops everything it started.
//
// The demo keeps its state (the emulator's data, the cloned workspace, the
// editor's settings and sign-in) in .data/ between runs; `npm start -- --reset`
// deletes that folder first and starts from the demo data set again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies(root);
const { startCodeServer, killGroup } = await import('../test/harness/codeServer.mjs');
const { startEmulatorProcess } = await import('../test/harness/emulatorProcess.mjs');

const EMULATOR_PORT = Number(process.env.REPODESK_EMULATOR_PORT ?? 7480);
const CODE_SERVER_PORT = Number(process.env.REPODESK_CODE_SERVER_PORT ?? 7482);
const dataRoot = path.join(root, '.data');
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--reset' && a !== '--second');
if (unknown.length) {
  console.error(`npm start: unknown option ${unknown.join(' ')}. The options are --reset (npm start -- --reset): start over from the demo data set, and --second: a second service (an emulator in the enterprise form, /api/v3) beside the first.`);
  process.exit(2);
}
if (args.includes('--reset')) {
  fs.rmSync(dataRoot, { recursive: true, force: true });
  console.log(`Reset: removed ${path.relative(root, dataRoot)}/ (the demo's data, workspace and editor state); starting from the demo data set.`);
} else if (fs.existsSync(dataRoot)) {
  console.log(`The demo goes on from its last state in ${path.relative(root, dataRoot)}/; \`npm start -- --reset\` starts over.`);
}
const cleanups = [];
let stopping = false;

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  for (const c of cleanups.reverse()) await c().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  run(process.execPath, ['esbuild.mjs'], 'Building RepoDesk');
  const desktop = onPath('code') && !process.env.REPODESK_USE_CODE_SERVER;
  // In code-server, VS Code rewrites every URL on localhost/127.0.0.1 that the
  // extension opens (the OAuth authorize page) into a port-forwarding proxy
  // URL and loses its path; another loopback address is left alone.
  const host = desktop ? '127.0.0.1' : '127.0.0.2';
  const emulator = await startEmulatorProcess({ port: EMULATOR_PORT, host, dataDir: path.join(dataRoot, desktop ? 'demo' : 'demo-code-server'), quiet: false, echo: true });
  cleanups.push(() => emulator.stop());
  const app = JSON.parse(fs.readFileSync(path.join(emulator.dataDir, 'oauth-app.json'), 'utf8'));
  // --second: another service beside the first, its own data folder and port, the API only under /api/v3 as an enterprise install.
  const second = args.includes('--second')
    ? await startEmulatorProcess({ port: EMULATOR_PORT + 10, host, dataDir: path.join(dataRoot, desktop ? 'enterprise' : 'enterprise-code-server'), quiet: false, echo: true, pathPrefix: '/api/v3' })
    : undefined;
  if (second) cleanups.push(() => second.stop());

  const workspace = path.join(dataRoot, 'workspace', 'difference-engine');
  if (!fs.existsSync(path.join(workspace, '.git'))) {
    fs.mkdirSync(path.dirname(workspace), { recursive: true });
    run('git', ['clone', '--quiet', `${emulator.url}/analytical-engines/difference-engine.git`, workspace], 'Cloning the demo repository as the workspace');
  }

  const settings = {
    'repodesk.hosting.apiUrl': emulator.url,
    'repodesk.hosting.oauthClientId': app.client_id,
    'repodesk.engagement.apiUrl': emulator.url,
    ...(second
      ? {
          'repodesk.hosting.services': [
            { name: 'Local', apiUrl: emulator.url, oauthClientId: app.client_id },
            { name: 'Enterprise', apiUrl: `${second.url}/api/v3`, oauthClientId: JSON.parse(fs.readFileSync(path.join(second.dataDir, 'oauth-app.json'), 'utf8')).client_id },
          ],
        }
      : {}),
    // The browser sign-in listens on the OAuth callback port (7481) for a few
    // seconds: code-server would offer to forward it ("Your application
    // running on port 7481 is available"). The demo needs no forwarded port;
    // a desktop window on a local folder forwards nothing in the first place.
    'remote.autoForwardPorts': false,
    'remote.restoreForwardedPorts': false,
  };
  // Moved into SecretStorage by the extension (development mode only).
  const env = { REPODESK_DEV_OAUTH_CLIENT_ID: app.client_id, REPODESK_DEV_OAUTH_CLIENT_SECRET: app.client_secret };

  if (desktop) {
    const userData = path.join(dataRoot, 'vscode-user');
    fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
    fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
    const code = spawn('code', ['--wait', '--new-window', `--user-data-dir=${userData}`, `--extensionDevelopmentPath=${root}`, workspace], { stdio: 'inherit', env: { ...process.env, ...env } });
    cleanups.push(() => killGroup(code));
    console.log('\nVS Code is open with RepoDesk. Sign in with the browser as ada / ada-demo-password (the engagement service: ada, API key ada-demo-api-key, password ada-demo-password). Ctrl-C stops the emulator.');
    code.on('exit', () => void stopAll(0));
  } else {
    const codeServer = await startCodeServer({ port: CODE_SERVER_PORT, settings, env, folder: workspace, stateDir: path.join(dataRoot, 'code-server') });
    cleanups.push(() => codeServer.stop());
    console.log(`\nRepoDesk demo is running.
  Open VS Code (code-server) in your browser:
    ${codeServer.workbenchUrl({ extensionDevelopmentPath: root })}
  Emulator: ${emulator.url}  (user ada, password ada-demo-password; organization analytical-engines;
            engagement service: user ada, API key ada-demo-api-key, password ada-demo-password)${second ? `
  Second service (Enterprise): ${second.url}/api/v3  (the same demo users; sign in with user name and password)` : ''}
Ctrl-C stops everything.`);
  }
} catch (err) {
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll(1);
}

function run(cmd, args, title) {
  console.log(`${title}…`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${title} failed (${cmd} ${args.join(' ')})`);
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
