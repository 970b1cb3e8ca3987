// Debian's Chromium driven by playwright-core, with the flags that keep it
// from reaching out to the network (the machines this runs on have no network beyond the package registries).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export async function launchBrowser({ viewport = { width: 1400, height: 900 } } = {}) {
  const executablePath = CANDIDATES.find((p) => p && fs.existsSync(p));
  if (!executablePath) throw new Error('Chromium is not installed: apt-get install -y chromium');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A workbench page rewritten by separateWebviewOrigins comes from no address: without this,
      // Chromium counts it a public page and refuses its connections to code-server on the loopback.
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Gives each webview an origin of its own, as VS Code does (desktop: `vscode-webview://<id>`, web:
 * `https://<id>.vscode-cdn.net`). code-server serves every webview from its own origin's static path,
 * so all webviews share one service worker: a webview registering its worker (the script's URL names
 * the webview) replaces the worker another webview is loading its page through, that page's answers
 * go to the new worker, and the page waits for the worker's 30 s resource time-out. Here the
 * workbench page's configuration names `http://{{uuid}}.localhost:<port>/…` instead (Chromium sends
 * any `*.localhost` to the loopback and counts it a secure context), and its CSP allows such frames.
 */
export async function separateWebviewOrigins(context, codeServerUrl) {
  const base = new URL(codeServerUrl);
  const isWorkbench = (url) => url.origin === base.origin && url.pathname === '/' && url.searchParams.has('folder');
  await context.route(isWorkbench, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const endpoint = /(&quot;webviewEndpoint&quot;:&quot;)([^&]+)(&quot;)/;
    const found = endpoint.exec(html);
    if (!found) throw new Error('separateWebviewOrigins: the workbench page names no webviewEndpoint (code-server changed?)');
    const own = `http://{{uuid}}.localhost:${base.port}/${found[2].replace(/^\.?\//, '')}`;
    const headers = { ...response.headers() };
    headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace('frame-src ', `frame-src http://*.localhost:${base.port} `);
    await route.fulfill({ response, headers, body: html.replace(endpoint, `$1${own}$3`) });
  });
}
