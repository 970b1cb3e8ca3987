// The engagement service inside VS Code: sign in with the demo API
// user and list the support cases linked to a demo repository.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';

describe('Engagement service: sign-in and the cases of a repository', function () {
  this.timeout(60_000);
  let api: RepoDeskApi;

  before(async () => {
    api = await vscode.extensions.getExtension<RepoDeskApi>('repodesk.repodesk')!.activate();
    await vscode.workspace.getConfiguration('repodesk.engagement').update('apiUrl', process.env.REPODESK_TEST_EMULATOR_URL, vscode.ConfigurationTarget.Global);
  });

  it('signs in with user name, API key and password, and lists the cases tagged repo:analytical-engines/difference-engine', async () => {
    const { provider, client } = api.testing!.engagement;
    const session = await provider.createSessionWith({ userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' });
    assert.equal(session.account.label, 'ada');
    const accounts = await vscode.authentication.getAccounts('repodesk-engagement');
    assert.deepEqual(
      accounts.map((a) => a.label),
      ['ada'],
    );

    const engagement = await client();
    assert.ok(engagement, 'no engagement client after signing in');
    const cases = await engagement.listCasesOfRepository('analytical-engines', 'difference-engine');
    assert.ok(cases.length > 0, 'the demo repository has no linked cases');
    for (const c of cases) assert.ok(c.tags.includes('repo:analytical-engines/difference-engine'), `case ${c.id} lacks the repository tag`);
  });

  it('Sign In to the engagement service confirms who is signed in', async () => {
    await vscode.commands.executeCommand('repodesk.engagement.signIn', { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' });
    const shown = await vscode.commands.executeCommand<string[]>('repodesk.testing.confirmations');
    assert.equal(shown.at(-1), 'Signed in to the engagement service as ada.');
  });

  it('signing out forgets the credentials', async () => {
    const { provider, client } = api.testing!.engagement;
    await vscode.commands.executeCommand('repodesk.engagement.signOut');
    assert.deepEqual(await provider.getSessions(), []);
    assert.equal(await client(), undefined);
  });

  it('the sessions follow repodesk.engagement.services: an account of a service no longer listed is not offered, sign-in goes to the first listed, each service keeps its own', async () => {
    const { provider, client } = api.testing!.engagement;
    const ada = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };
    const first = process.env.REPODESK_TEST_EMULATOR_URL!;
    const second = process.env.REPODESK_TEST_EMULATOR2_URL!;
    const config = () => vscode.workspace.getConfiguration('repodesk.engagement');
    assert.ok((await provider.createSessionWith(ada)).id.startsWith(`${first}#`));
    // The features hear of the change (their cases are read again).
    const heard = new Promise<void>((resolve) => {
      const sub = provider.onDidChangeSessions(() => {
        sub.dispose();
        resolve();
      });
    });
    await config().update('services', [{ name: 'Support', apiUrl: second }], vscode.ConfigurationTarget.Global);
    await heard;
    assert.deepEqual(await provider.getSessions(), []);
    assert.equal(await client(), undefined, 'a client on the first service, which the settings no longer list');
    const session = await provider.createSessionWith(ada);
    assert.ok(session.id.startsWith(`${second}#`), session.id);
    const cases = await (await client())!.listCasesOfRepository('analytical-engines', 'difference-engine');
    assert.ok(cases.length > 0, 'the second service listed no case');
    await config().update('services', undefined, vscode.ConfigurationTarget.Global);
    // Each service keeps its own account: under the first service's settings, its account only (never the second's).
    assert.deepEqual(
      (await provider.getSessions()).map((s) => s.id),
      [`${first}#ada`],
      "the second service's account under the first service's settings",
    );
    await vscode.commands.executeCommand('repodesk.engagement.signOut');
    await provider.removeSession(session.id);
  });
});
