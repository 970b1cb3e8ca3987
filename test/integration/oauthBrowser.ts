// Plays the user's part on the emulator's OAuth pages over HTTP, as a browser
// would: log in, approve (sending the checked scope boxes), and follow the
// redirect to RepoDesk's loopback receiver.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

export async function approveInBrowser(authorizeUrl: string, login: string, password: string): Promise<void> {
  let cookie = '';
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie, 'user-agent': 'integration-test-browser' },
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  const form = (html: string, action: string) => {
    const block = html.slice(html.indexOf(`action="${action}"`));
    const fields = new URLSearchParams();
    for (const m of block.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(m[1]!, decode(m[2]!));
    // Checked boxes are sent as a browser sends them (the granted scopes).
    for (const m of block.matchAll(/<input type="checkbox" name="([^"]+)" value="([^"]*)" checked>/g)) fields.append(m[1]!, decode(m[2]!));
    return fields;
  };
  const loginPage = await (await go(authorizeUrl)).text();
  const fields = form(loginPage, '/login/oauth/session');
  fields.set('login', login);
  fields.set('password', password);
  const afterLogin = await go(new URL('/login/oauth/session', authorizeUrl).toString(), {
    method: 'POST',
    body: fields,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const approvePage = await (await go(new URL(afterLogin.headers.get('location')!, authorizeUrl).toString())).text();
  const approve = form(approvePage, '/login/oauth/authorize');
  approve.set('decision', 'approve');
  const redirect = await go(new URL('/login/oauth/authorize', authorizeUrl).toString(), {
    method: 'POST',
    body: approve,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const callback = redirect.headers.get('location');
  // The run's own callback (the harness gives each UI run a port of its own: test/harness/emulatorProcess.mjs).
  const registered = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('oauthCallbackUrl');
  if (!callback?.startsWith(`${registered}?`)) {
    const page = (await redirect.text())
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, 400);
    assert.fail(`approving ${authorizeUrl} answered ${redirect.status} ${callback ?? ''}: ${page}`);
  }
  await fetch(callback!);
}

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
