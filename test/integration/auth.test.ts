// Sign-in end to end inside VS Code: the browser flow against the
// emulator, the session seen through vscode.authentication, and sign-out
// revoking the token.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { approveInBrowser } from './oauthBrowser';
import { chooseFirstSignInMethod } from './views-support';

const emulatorUrl = () => process.env.REPODESK_TEST_EMULATOR_URL!;

describe('Sign-in: the browser flow against the emulator', function () {
  this.timeout(60_000);
  let api: RepoDeskApi;

  before(async () => {
    api = await vscode.extensions.getExtension<RepoDeskApi>('repodesk.repodesk')!.activate();
    const app = JSON.parse(fs.readFileSync(path.join(process.env.REPODESK_TEST_EMULATOR_DATA!, 'oauth-app.json'), 'utf8')) as {
      client_id: string;
      client_secret: string;
    };
    await vscode.workspace.getConfiguration('repodesk.hosting').update('oauthClientId', app.client_id, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('repodesk.setOAuthClientSecret', app.client_id, app.client_secret);
  });

  it('signs in with the browser, the account is listed by vscode.authentication, the client works as ada, and sign-out revokes the token', async () => {
    let opened: string | undefined;
    api.testing!.setBrowserOpener(async (url) => {
      opened = url;
      void approveInBrowser(url, 'ada', 'ada-demo-password');
    });
    // The sign-in of the Sign In button (repodesk.signIn), called directly so that a failure's message reaches the test.
    const shown = api.testing!.provider.methodsShown;
    const signIn = api.testing!.session.signIn();
    // The quick pick offers the browser first: once it is on screen, accepted as a user pressing Enter would.
    await Promise.race([chooseFirstSignInMethod(api, shown), signIn]);
    await signIn;
    assert.ok(opened, 'sign-in ended without opening the authorize page (see the RepoDesk log)');
    assert.match(opened, /\/login\/oauth\/authorize\?/);
    assert.match(opened, /state=/);

    assert.equal(api.testing!.session.signedIn, true, 'RepoDesk is not signed in after the flow');
    // Signed in, the Repositories view's title no longer names the service (the welcome text is gone).
    assert.equal(await vscode.commands.executeCommand('repodesk.testing.repositoriesDescription'), undefined);
    // What vscode.authentication shows every extension: RepoDesk's provider has ada's account.
    // (getSession for another extension then needs the user's Allow, a dialog VS Code refuses to show under tests.)
    const accounts = await vscode.authentication.getAccounts('repodesk');
    assert.deepEqual(
      accounts.map((a) => a.label),
      ['ada'],
    );
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
    // Signed out, the welcome text points at the title, which names the service Sign In uses.
    assert.equal(await vscode.commands.executeCommand('repodesk.testing.repositoriesDescription'), emulatorUrl());
    const after = await fetch(`${emulatorUrl()}/user`, { headers: { authorization: `token ${session.accessToken}`, 'user-agent': 'integration-test' } });
    assert.equal(after.status, 401, 'the token still works after sign-out');
  });
});
