// code-server (VS Code's own server and web workbench) as the real VS Code of
// the tests: desktop VS Code cannot be downloaded on these machines, while
// code-server installs from the npm registry. Installed once into
// .vscode-test/ (the pinned version needs Node 20; ripgrep comes from a local
// cache instead of a download), started in its own process group with a
// temporary profile, and given the extension under development through the
// workbench URL's `payload` parameter (it has no --extensionDevelopmentPath).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const RIPGREP_CACHE = path.join(os.tmpdir(), 'vscode-ripgrep-cache-1.15.11');
const RIPGREP_TARBALL = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

export function codeServerDir(root = repoRoot) {
  return path.join(root, '.vscode-test', `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerEntry(root = repoRoot) {
  return path.join(codeServerDir(root), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/**
 * Installs code-server into .vscode-test/ once; later calls return at once.
 * The marker file is written only after the install scripts (the native
 * modules, ripgrep) succeeded, so an interrupted install is redone.
 */
export function installCodeServer({ root = repoRoot, log = (l) => console.log(l) } = {}) {
  const dir = codeServerDir(root);
  const entry = codeServerEntry(root);
  const marker = path.join(dir, '.installed');
  if (fs.existsSync(entry) && fs.existsSync(marker)) return entry;

  const rg = findRipgrep();
  fs.mkdirSync(RIPGREP_CACHE, { recursive: true });
  const tarball = path.join(RIPGREP_CACHE, RIPGREP_TARBALL);
  if (!fs.existsSync(tarball)) {
    // @vscode/ripgrep would download rg from GitHub; it looks in this cache first.
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-'));
    fs.copyFileSync(rg, path.join(staging, 'rg'));
    fs.chmodSync(path.join(staging, 'rg'), 0o755);
    run('tar', ['-czf', tarball, '-C', staging, 'rg'], {});
    fs.rmSync(staging, { recursive: true, force: true });
  }

  fs.mkdirSync(dir, { recursive: true });
  // A package.json of its own keeps code-server out of the project's
  // dependencies, and allowScripts approves the install scripts npm 11 gates.
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'repodesk-code-server', private: true, allowScripts: { 'code-server': true, argon2: true } }, null, 2),
  );
  log(`Installing code-server@${CODE_SERVER_VERSION} into ${path.relative(root, dir)} (about a minute, once)…`);
  const started = Date.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: dir,
    env: {
      ...process.env,
      npm_config_unsafe_perm: 'true', // its postinstall refuses root otherwise
      npm_config_yes: 'true', // node-pty runs `npx node-gyp`, which would ask
    },
  });
  const bundledRg = path.join(dir, 'node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg');
  for (const required of [entry, bundledRg]) {
    if (!fs.existsSync(required)) throw new Error(`code-server install incomplete: ${required} is missing`);
  }
  fs.writeFileSync(marker, new Date().toISOString() + '\n');
  log(`code-server installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return entry;
}

/**
 * One service worker script URL for every webview page. Each page of VS Code's webview host (pre/index.html)
 * registers the worker with a URL that names the page's webview id; pages on one origin (in code-server every
 * webview; in VS Code the panels of one view type) share the worker's scope, so a page registering with its own
 * URL updates the worker, the new one takes over every page at once, and a page whose resource was asked of the
 * old worker hands the answer to the new one, which does not know it: that page waits for the old worker's 30 s
 * resource time-out. The id in the worker's URL only names the webview of a worker client (a web worker inside a
 * webview), which RepoDesk's pages do not start. The page's inline script is covered by a hash in its CSP, so the
 * hash is computed again.
 */
export function patchWebviewWorkerUrl(root = repoRoot) {
  const file = path.join(codeServerDir(root), 'node_modules/code-server/lib/vscode/out/vs/workbench/contrib/webview/browser/pre/index.html');
  const html = fs.readFileSync(file, 'utf8');
  const named = '&id=${ID}&remoteAuthority=';
  if (!html.includes(named)) return;
  const script = /(<script async type="module">)([\s\S]*?)(<\/script>)/.exec(html);
  if (!script) throw new Error(`patchWebviewWorkerUrl: no module script in ${file} (code-server changed?)`);
  const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const patched = script[2].replace(named, '&remoteAuthority=');
  if (!html.includes(hash(script[2]))) throw new Error(`patchWebviewWorkerUrl: the CSP of ${file} does not hash its script (code-server changed?)`);
  fs.writeFileSync(file, html.replace(script[2], patched).replace(hash(script[2]), hash(patched)));
}

function findRipgrep() {
  for (const candidate of ['/usr/bin/rg', '/usr/local/bin/rg']) if (fs.existsSync(candidate)) return candidate;
  throw new Error('ripgrep (rg) is not installed: apt-get install -y ripgrep');
}

function run(cmd, args, options) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, { timeoutMs = 30_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (!isAlive()) throw new Error(`process exited before ${url} answered`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Ends a process started with `detached: true` together with its children. */
export async function killGroup(child, { graceMs = 3000 } = {}) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      // group already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  signal('SIGKILL'); // children that ignored SIGTERM
}

export const BASE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
  'chat.commandCenter.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * Starts code-server on a free port in its own process group, with every
 * state folder (user data, extensions, XDG) under a fresh temp folder.
 * `stateDir` keeps state in a chosen folder instead (npm start).
 */
export async function startCodeServer({
  port,
  settings = {},
  env = {},
  folder,
  stateDir,
  root = repoRoot,
  log = (l) => console.log(l),
  output = 'collect',
} = {}) {
  const entry = installCodeServer({ root, log });
  patchWebviewWorkerUrl(root);
  const base = stateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-cs-'));
  const ownsBase = !stateDir;
  const dirs = {
    userData: path.join(base, 'user-data'),
    extensions: path.join(base, 'extensions'),
    xdg: path.join(base, 'xdg'),
    workspace: folder ?? path.join(base, 'workspace'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  fs.mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2));
  const config = path.join(base, 'config.yaml');
  fs.writeFileSync(config, 'auth: none\ncert: false\n');

  const chosenPort = port ?? (await freePort());
  const args = [
    entry,
    '--config',
    config,
    '--bind-addr',
    `127.0.0.1:${chosenPort}`,
    '--auth',
    'none',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    dirs.workspace,
  ];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', output === 'inherit' ? 'inherit' : 'pipe', output === 'inherit' ? 'inherit' : 'pipe'],
    env: {
      ...process.env,
      EXTENSIONS_GALLERY: '{}', // no marketplace look-ups
      XDG_DATA_HOME: path.join(dirs.xdg, 'data'),
      XDG_CONFIG_HOME: path.join(dirs.xdg, 'config'),
      XDG_CACHE_HOME: path.join(dirs.xdg, 'cache'),
      ...env,
    },
  });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  }
  const url = `http://127.0.0.1:${chosenPort}`;
  // npm test counts the starts of each stage (each costs seconds of a busy machine).
  if (process.env.REPODESK_STATS_FILE) fs.appendFileSync(process.env.REPODESK_STATS_FILE, JSON.stringify({ codeServerStarts: 1 }) + '\n');
  try {
    await waitForHttp(`${url}/healthz`, { isAlive: () => child.exitCode === null });
  } catch (err) {
    await killGroup(child);
    throw new Error(`code-server did not start: ${err.message}\n${lines.slice(-30).join('\n')}`);
  }
  return {
    url,
    port: chosenPort,
    dirs,
    child,
    /** code-server's own output, for diagnosis when a run fails. */
    output: lines,
    /** Workbench address that loads the extension (and the tests) under development. */
    /** `logLevel`: extensions' log levels, e.g. `repodesk.repodesk:debug` (the benchmarks read RepoDesk's timing lines, logged at debug). */
    /** `logMessages`: the workbench logs every extension-host message to its console (a benchmark's diagnosis). */
    workbenchUrl({ extensionDevelopmentPath = root, extensionTestsPath, logLevel, logMessages = false } = {}) {
      const remote = (p) => `vscode-remote://127.0.0.1:${chosenPort}${path.resolve(p)}`;
      const payload = [['extensionDevelopmentPath', remote(extensionDevelopmentPath)]];
      if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
      if (logLevel) payload.push(['logLevel', logLevel]);
      if (logMessages) payload.push(['logExtensionHostCommunication', 'true']);
      const query = new URLSearchParams({ folder: dirs.workspace, payload: JSON.stringify(payload) });
      return `${url}/?${query}`;
    },
    /**
     * RepoDesk's log (its output channel) of each extension host this window
     * had, oldest first, copied to `file` for a failed run's diagnosis (the
     * user data folder goes with the run), then the errors VS Code's own
     * extension host logged (a tree view's "No tree item with id", say).
     * Returns the last `tail` lines of RepoDesk's, or nothing when the
     * extension host wrote none (the browser build's logs stay in the browser).
     */
    keepExtensionLog(file, tail = 20) {
      const logs = path.join(dirs.userData, 'logs');
      if (!fs.existsSync(logs)) return [];
      const files = fs.readdirSync(logs, { recursive: true }).map((f) => path.join(logs, String(f)));
      const byTime = (a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs;
      const found = files.filter((f) => f.endsWith(path.join('repodesk.repodesk', 'RepoDesk.log'))).sort(byTime);
      if (!found.length) return [];
      const text = found.map((f) => `━━ ${path.relative(logs, f)}\n${fs.readFileSync(f, 'utf8')}`).join('\n');
      const hostErrors = files
        .filter((f) => path.basename(f) === 'remoteexthost.log')
        .sort(byTime)
        .map((f) => [
          f,
          fs
            .readFileSync(f, 'utf8')
            .split('\n')
            .filter((line) => line.includes('[error]')),
        ])
        .filter(([, lines]) => lines.length)
        .map(([f, lines]) => `━━ ${path.relative(logs, f)}, its errors\n${lines.join('\n')}\n`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, [text, ...hostErrors].join('\n'));
      return text.trimEnd().split('\n').slice(-tail);
    },
    async stop() {
      await killGroup(child);
      if (ownsBase) fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
