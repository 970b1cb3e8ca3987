// Sign-in end to end inside VS Code (issue 4): the browser flow against the
// emulator, the session seen through vscode.authentication, and sign-out
// revoking the token.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';

const emulatorUrl = () => process.env.REPODESK_TEST_EMULATOR_URL!;

/** Plays the user's part on the emulator's authorize page: log in, approve, follow the redirect to the loopback receiver. */
async function approveInBrowser(authorizeUrl: string, login: string, password: string): Promise<void> {
  let cookie = '';
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie, 'user-agent': 'integration-test-browser' } });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  const form = (html: string, action: string) => {
    const block = html.slice(html.indexOf(`action="${action}"`));
    const fields = new URLSearchParams();
    for (const m of block.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(m[1]!, decodeHtml(m[2]!));
    // Checked boxes are sent as a browser sends them (the granted scopes).
    for (const m of block.matchAll(/<input type="checkbox" name="([^"]+)" value="([^"]*)" checked>/g)) fields.append(m[1]!, decodeHtml(m[2]!));
    return fields;
  };
  const loginPage = await (await go(authorizeUrl)).text();
  const fields = form(loginPage, '/login/oauth/session');
  fields.set('login', login);
  fields.set('password', password);
  const afterLogin = await go(new URL('/login/oauth/session', authorizeUrl).toString(), { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const approvePage = await (await go(new URL(afterLogin.headers.get('location')!, authorizeUrl).toString())).text();
  const approve = form(approvePage, '/login/oauth/authorize');
  approve.set('decision', 'approve');
  const redirect = await go(new URL('/login/oauth/authorize', authorizeUrl).toString(), { method: 'POST', body: approve, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const callback = redirect.headers.get('location');
  assert.ok(callback?.startsWith('http://127.0.0.1:7481/callback?'), `unexpected redirect: ${callback}`);
  await fetch(callback!);
}

function decodeHtml(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('Sign-in (issue 4): the browser flow against the emulator', function () {
  this.timeout(60_000);
  let api: RepoDeskApi;

  before(async () => {
    api = (await vscode.extensions.getExtension<RepoDeskApi>('repodesk.repodesk')!.activate());
    const app = JSON.parse(fs.readFileSync(path.join(process.env.REPODESK_TEST_EMULATOR_DATA!, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    await vscode.workspace.getConfiguration('repodesk.hosting').update('oauthClientId', app.client_id, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('repodesk.setOAuthClientSecret', app.client_id, app.client_secret);
  });

  it('signs in with the browser, the account is listed by vscode.authentication, the client works as ada, and sign-out revokes the token', async () => {
    let opened: string | undefined;
    api.testing!.setBrowserOpener(async (url) => {
      opened = url;
      void approveInBrowser(url, 'ada', 'ada-demo-password');
    });
    let settled = false;
    // The sign-in of the Sign In button (repodesk.signIn), called directly so that a failure's message reaches the test.
    const signIn = api.testing!.session.signIn().finally(() => (settled = true));
    // The quick pick offers the browser first: accept it as a user pressing Enter would.
    while (!opened && !settled) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((r) => setTimeout(r, 200));
    }
    await signIn;
    assert.ok(opened, 'sign-in ended without opening the authorize page (see the RepoDesk log)');
    assert.match(opened, /\/login\/oauth\/authorize\?/);
    assert.match(opened, /state=/);

    assert.equal(api.testing!.session.signedIn, true, 'RepoDesk is not signed in after the flow');
    // What vscode.authentication shows every extension: RepoDesk's provider has ada's account.
    // (getSession for another extension then needs the user's Allow, a dialog VS Code refuses to show under tests.)
    const accounts = await vscode.authentication.getAccounts('repodesk');
    assert.deepEqual(accounts.map((a) => a.label), ['ada']);
    const sessions = await api.testing!.provider.getSessions(['repo'], {});
    assert.equal(sessions.length, 1);
    const session = sessions[0]!;
    assert.equal(session.account.label, 'ada');
    assert.ok(session.scopes.includes('repo'), `granted scopes: ${session.scopes.join(', ')}`);
    const me = await api.testing!.session.client!.users.getAuthenticated();
    assert.equal(me.user.login, 'ada');

    const before = await fetch(`${emulatorUrl()}/user`, { headers: { authorization: `token ${session.accessToken}`, 'user-agent': 'integration-test' } });
    assert.equal(before.status, 200);

    await vscode.commands.executeCommand('repodesk.signOut');
    assert.equal(api.testing!.session.signedIn, false);
    const after = await fetch(`${emulatorUrl()}/user`, { headers: { authorization: `token ${session.accessToken}`, 'user-agent': 'integration-test' } });
    assert.equal(after.status, 401, 'the token still works after sign-out');
  });
});
