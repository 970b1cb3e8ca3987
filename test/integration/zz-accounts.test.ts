// Several accounts on several services at once, against two emulators: the
// harness's first (the API at the root) and a second in the enterprise form
// (the API only under /api/v3). Two accounts on the first, one on the second;
// each account reads with its own token, and signing out of one leaves the
// others as they were. Runs last (zz-): it restores the one-service settings
// and ada's session the other files use.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import type { SignedInAccount } from '../../src/features/shared/session/hostingSession';
import { children, description, label, signInAsAdaWithDemoRepository, waitFor } from './views-support';

const first = () => process.env.REPODESK_TEST_EMULATOR_URL!;
const second = () => process.env.REPODESK_TEST_EMULATOR2_URL!;
const oauthApp = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string };

/** A token made on the service with the user's password (POST /authorizations), as a person makes one on the service's page. */
async function tokenFor(apiUrl: string, login: string): Promise<string> {
  const res = await fetch(`${apiUrl}/authorizations`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${login}:${login}-demo-password`).toString('base64')}`, 'content-type': 'application/json', 'user-agent': 'integration-test' },
    body: JSON.stringify({ scopes: ['repo', 'read:org', 'user'], note: `accounts test ${login} ${Date.now()}` }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { token: string }).token;
}

/** The requests the service counted for the token's user this window (GET /rate_limit itself is free). */
async function used(apiUrl: string, token: string): Promise<number> {
  const res = await fetch(`${apiUrl}/rate_limit`, { headers: { authorization: `token ${token}`, 'user-agent': 'integration-test' } });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { rate: { limit: number; remaining: number } };
  return body.rate.limit - body.rate.remaining;
}

describe('Accounts: two accounts on one service and one on a second (enterprise form)', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  const enterpriseApi = () => `${second()}/api/v3`;
  let charlesToken: string;
  let enterpriseToken: string;

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    charlesToken = await tokenFor(first(), 'charles');
    enterpriseToken = await tokenFor(enterpriseApi(), 'ada');
    await vscode.workspace.getConfiguration('repodesk.hosting').update(
      'services',
      [
        { name: 'Local', apiUrl: first(), oauthClientId: oauthApp(process.env.REPODESK_TEST_EMULATOR_DATA!).client_id },
        { name: 'Enterprise', apiUrl: enterpriseApi(), oauthClientId: oauthApp(process.env.REPODESK_TEST_EMULATOR2_DATA!).client_id },
      ],
      vscode.ConfigurationTarget.Global,
    );
    // ada's session of the first service is now the Local service's.
    await waitFor('ada as an account of the Local service', async () => api.testing!.session.account?.label === 'ada (Local)');
    await api.testing!.provider.signInWithToken('Local', charlesToken);
    await api.testing!.provider.signInWithToken('Enterprise', enterpriseToken);
    await waitFor('three accounts', async () => api.testing!.session.accounts.length === 3);
  });

  after(async () => {
    const session = api.testing!.session;
    for (const s of await api.testing!.provider.getSessions(undefined, {})) {
      if (s.account.label !== 'ada (Local)') await api.testing!.provider.removeSession(s.id);
    }
    await vscode.workspace.getConfiguration('repodesk.hosting').update('services', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('ada alone again', async () => session.accounts.length === 1 && session.account?.label === 'ada');
    await session.useAccount(session.account!.id);
  });

  const account = (label: string): SignedInAccount => {
    const found = api.testing!.session.accounts.find((a) => a.label === label);
    assert.ok(found, `no account ${label}; there are ${api.testing!.session.accounts.map((a) => a.label).join(', ')}`);
    return found;
  };

  it('VS Code\'s Accounts menu lists every account with its service', async () => {
    const accounts = await vscode.authentication.getAccounts('repodesk');
    assert.deepEqual(accounts.map((a) => a.label).sort(), ['ada (Enterprise)', 'ada (Local)', 'charles (Local)']);
    // The same user id on two services is two accounts.
    assert.equal(new Set(accounts.map((a) => a.id)).size, 3);
  });

  it('the Repositories view has a group per account (service · login), each with its own listings', async () => {
    const VIEW = 'repodesk.repositories';
    const groups = await waitFor('three account groups', async () => {
      const roots = await children(VIEW);
      return roots.length === 3 && roots;
    });
    assert.deepEqual(groups.map(label).sort(), ['Enterprise · ada', 'Local · ada', 'Local · charles']);
    // The view says which account the other views show.
    assert.deepEqual(groups.filter((g) => description(g) !== '').map(label), ['Local · ada']);
    const mine = async (group: string) => {
      const g = groups.find((x) => label(x) === group)!;
      const yours = (await children(VIEW, g)).find((n) => /^Your repositories/.test(label(n)))!;
      return (await children(VIEW, yours)).map(label);
    };
    const adaLocal = await mine('Local · ada');
    const charles = await mine('Local · charles');
    const adaEnterprise = await mine('Enterprise · ada');
    assert.ok(adaLocal.includes('ada/notes-on-the-engine'), adaLocal.join(', '));
    assert.ok(adaEnterprise.includes('ada/notes-on-the-engine'), adaEnterprise.join(', '));
    // charles's own listing is his, not ada's.
    assert.ok(!charles.includes('ada/notes-on-the-engine'), charles.join(', '));
  });

  it('each account has its own client on its own service, signed in as its own user', async () => {
    const labels = ['ada (Local)', 'charles (Local)', 'ada (Enterprise)'];
    const clients = labels.map((l) => account(l).client);
    assert.equal(new Set(clients).size, 3);
    assert.equal(account('ada (Enterprise)').apiUrl, enterpriseApi());
    assert.equal(account('charles (Local)').apiUrl, first());
    const logins = await Promise.all(clients.map(async (c) => (await c.users.getAuthenticated()).user.login));
    assert.deepEqual(logins, ['ada', 'charles', 'ada']);
  });

  it('a pull request read under the Enterprise account uses its token: only that token\'s count grows on the service\'s side', async () => {
    const adaLocalToken = account('ada (Local)').session.accessToken;
    const before = { enterprise: await used(enterpriseApi(), enterpriseToken), charles: await used(first(), charlesToken), adaLocal: await used(first(), adaLocalToken) };
    const numbers: number[] = [];
    for await (const p of account('ada (Enterprise)').client.pulls.list('analytical-engines', 'difference-engine', { state: 'all' })) numbers.push(p.number);
    assert.ok(numbers.length > 0, 'the enterprise service listed no pull request');
    const pull = await account('ada (Enterprise)').client.pulls.get('analytical-engines', 'difference-engine', numbers[0]!);
    // The service wrote its own (prefixed) URL: the answer came from the second service.
    assert.ok(pull.url.startsWith(`${enterpriseApi()}/repos/`), pull.url);
    assert.ok((await used(enterpriseApi(), enterpriseToken)) >= before.enterprise + 2);
    assert.equal(await used(first(), charlesToken), before.charles);
    assert.equal(await used(first(), adaLocalToken), before.adaLocal);
  });

  it('switching the account used makes its client (and its rate limit) the views\' own', async () => {
    const session = api.testing!.session;
    const enterprise = account('ada (Enterprise)');
    await vscode.commands.executeCommand('repodesk.switchAccount', enterprise.id);
    assert.equal(session.account?.id, enterprise.id);
    assert.equal(session.client, enterprise.client);
    // The count the status bar shows is the Enterprise service's for this token (the views read meanwhile too: a range).
    const before = await used(enterpriseApi(), enterpriseToken);
    await session.client!.users.getAuthenticated();
    const after = await used(enterpriseApi(), enterpriseToken);
    const shown = session.client!.rateLimit!.remaining;
    // (A conditional request the service answers 304 costs nothing: the count may stay at `before`.)
    assert.ok(shown <= 5000 - before && shown >= 5000 - after, `shown ${shown}, service used ${before}…${after}`);
    // ada's Local count is another (she made many more requests there).
    assert.notEqual(account('ada (Local)').client.rateLimit?.remaining, shown);
    await vscode.commands.executeCommand('repodesk.switchAccount', account('ada (Local)').id);
    assert.equal(session.client, account('ada (Local)').client);
  });

  it('signing out of charles leaves the other two accounts, their sessions and their clients untouched', async () => {
    const session = api.testing!.session;
    const others = ['ada (Local)', 'ada (Enterprise)'].map(account);
    const charles = (await api.testing!.provider.getSessions(undefined, {})).find((s) => s.account.label === 'charles (Local)')!;
    await api.testing!.provider.removeSession(charles.id);
    await waitFor('two accounts', async () => session.accounts.length === 2);
    assert.deepEqual(session.accounts.map((a) => a.label).sort(), ['ada (Enterprise)', 'ada (Local)']);
    for (const before of others) {
      const now = account(before.label);
      assert.equal(now.client, before.client, `${before.label}'s client was rebuilt`);
      assert.equal(now.session.id, before.session.id);
      assert.equal((await now.client.users.getAuthenticated()).user.login, 'ada');
    }
    assert.deepEqual((await vscode.authentication.getAccounts('repodesk')).map((a) => a.label).sort(), ['ada (Enterprise)', 'ada (Local)']);
    // Its group is gone; the two others stay.
    await waitFor('two account groups', async () => (await children('repodesk.repositories')).length === 2);
    assert.deepEqual((await children('repodesk.repositories')).map(label).sort(), ['Enterprise · ada', 'Local · ada']);
  });
});
