// Starts the emulator package's command (`repodesk-emulator`, built by
// `npm run build`) as a child process and reads its URL from the "listening
// on" line, as a user of `npm start` would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, killGroup, repoRoot } from './codeServer.mjs';

/**
 * The file of the package's `repodesk-emulator` bin: the checkout's own
 * workspace package when it has one (a worktree whose node_modules is another
 * checkout's would otherwise run that checkout's build), else found as npm
 * finds it, through the package's name and its package.json.
 */
export function emulatorBin(root = repoRoot) {
  const own = path.join(root, 'emulator', 'package.json');
  const manifest = fs.existsSync(own) ? own : createRequire(path.join(root, 'package.json')).resolve('@repodesk/emulator/package.json');
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), bin['repodesk-emulator']);
}

/**
 * A loopback callback URL on a free port: the browser sign-in of a window
 * listens there (`repodesk.hosting.oauthCallbackUrl`), and the emulators of
 * its run register it for their OAuth application. UI runs side by side each
 * have their own: on the one default port (7481) the second sign-in found it
 * in use.
 */
export async function callbackUrlOfItsOwn() {
  return `http://127.0.0.1:${await freePort()}/callback`;
}

export async function startEmulatorProcess({
  port = 0,
  host,
  dataDir,
  seed = 'demo',
  quiet = true,
  root = repoRoot,
  timeoutMs = 60_000,
  echo = false,
  statsDelayMs,
  pathPrefix,
  corsOrigin,
  rateLimit,
  oauthCallbackUrl,
} = {}) {
  const cli = emulatorBin(root);
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const ownsData = !dataDir;
  const data = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-emu-'));
  const args = [cli, '--port', String(port), '--data', data];
  if (host) args.push('--host', host);
  if (seed) args.push('--seed', seed);
  if (quiet) args.push('--quiet');
  if (statsDelayMs) args.push('--stats-delay', String(statsDelayMs));
  // The enterprise form: the v3 API only under /api/v3 (a second service beside the first).
  if (pathPrefix) args.push('--path-prefix', pathPrefix);
  // `none`: a service that answers no browser page (the browser build's CORS message).
  if (corsOrigin) args.push('--cors-origin', corsOrigin);
  // A user's requests a window, when not the service's 5,000 (an enterprise install sets its own).
  if (rateLimit) args.push('--rate-limit-authenticated', String(rateLimit));
  // The OAuth application's callback on a port of this run's own (callbackUrlOfItsOwn).
  if (oauthCallbackUrl) args.push('--oauth-callback-url', oauthCallbackUrl);
  const child = spawn(process.execPath, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  /** Told each line the emulator prints, after the first (its URL). */
  const lineListeners = new Set();
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not report its URL within ${timeoutMs} ms\n${output.join('\n')}`)), timeoutMs);
    const onLine = (line) => {
      output.push(line);
      for (const listener of lineListeners) listener(line);
      if (echo) console.log(`[emulator] ${line}`);
      const match = /RepoDesk emulator listening on (\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        parts.forEach(onLine);
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code} before listening\n${output.join('\n')}`));
    });
  });
  let refusing = false;
  return {
    url,
    dataDir: data,
    child,
    output,
    /**
     * Refuses connections, as a service that is down (`on`), or accepts them
     * again: SIGUSR2 (emulator/src/main.ts), then waits for its word that it did.
     */
    async refuse(on) {
      if (refusing === on) return;
      refusing = on;
      const word = on ? 'SIGUSR2: refusing connections' : 'SIGUSR2: accepting connections again';
      const said = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          lineListeners.delete(listener);
          reject(new Error(`the emulator did not say "${word}" within 10 s`));
        }, 10_000);
        const listener = (line) => {
          if (!line.includes(word)) return;
          clearTimeout(timer);
          lineListeners.delete(listener);
          resolve();
        };
        lineListeners.add(listener);
      });
      process.kill(child.pid, 'SIGUSR2');
      await said;
    },
    async stop() {
      await killGroup(child);
      if (ownsData) fs.rmSync(data, { recursive: true, force: true });
    },
  };
}
