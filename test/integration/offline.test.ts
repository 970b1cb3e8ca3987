// Offline as a state, not an error: ada reads through a second service whose
// address is a relay in this process to the harness's emulator; the relay
// stops (connections refused, as a service that is down) and starts again on
// the same port. While it is down the views keep the rows they read, marked
// with their age, one status bar item says the service is unreachable and no
// error notification shows; once it answers, the rows are read again and the
// item goes. Puts back, in its after(), the one-service settings and ada's
// session that the other files start from.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { children, label, signInAsAdaWithDemoRepository, waitFor } from './views-support';

const RELEASES = 'repodesk.releases';
const first = () => process.env.REPODESK_TEST_EMULATOR_URL!;
const clientId = () =>
  (JSON.parse(fs.readFileSync(path.join(process.env.REPODESK_TEST_EMULATOR_DATA!, 'oauth-app.json'), 'utf8')) as { client_id: string }).client_id;

/** A TCP relay to `target` that can stop (every connection refused) and start again on its port. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        sockets.add(client).add(upstream);
        for (const s of [client, upstream]) s.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await up();
  return { url: `http://127.0.0.1:${port}`, up, down };
}

/** A token made on the service with ada's password (POST /authorizations), as a person makes one on the service's page. */
async function adaToken(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/authorizations`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`,
      'content-type': 'application/json',
      'user-agent': 'integration-test',
    },
    body: JSON.stringify({ scopes: ['repo', 'read:org', 'user'], note: `offline test ${Date.now()}` }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { token: string }).token;
}

describe('Offline: the views keep what they read while the service does not answer', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  const errors: string[] = [];
  const original = vscode.window.showErrorMessage;

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    relay = await startRelay(new URL(first()));
    const token = await adaToken(relay.url);
    await vscode.workspace.getConfiguration('repodesk.hosting').update(
      'services',
      [
        { name: 'Local', apiUrl: first(), oauthClientId: clientId() },
        { name: 'Relayed', apiUrl: relay.url, oauthClientId: clientId() },
      ],
      vscode.ConfigurationTarget.Global,
    );
    await waitFor('ada as an account of the Local service', async () => api.testing!.session.account?.label === 'ada (Local)');
    await api.testing!.provider.signInWithToken('Relayed', token);
    const relayed = await waitFor('ada on the relayed service', async () => api.testing!.session.accounts.find((a) => a.label === 'ada (Relayed)'));
    await api.testing!.session.useAccount(relayed.id);
    await waitFor('the views reading through the relay', async () => api.testing!.session.client?.core.addresses.apiUrl === relay.url);
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      errors.push(m);
      return (original as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, m, ...rest);
    };
  });

  after(async () => {
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    await relay?.up().catch(() => undefined);
    const session = api.testing!.session;
    for (const s of await api.testing!.provider.getSessions(undefined, {})) {
      if (s.account.label !== 'ada (Local)') await api.testing!.provider.removeSession(s.id);
    }
    await vscode.workspace.getConfiguration('repodesk.hosting').update('services', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('ada alone again', async () => session.accounts.length === 1 && session.account?.label === 'ada');
    await session.useAccount(session.account!.id);
    await relay?.down();
  });

  const reachability = async () => (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.reachability')) ?? '';
  const mark = async () => (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.offlineMark', RELEASES)) ?? '';

  it('stopped: the rows stay, marked offline, one status bar item says so, no error notification; started: read again, the item gone', async () => {
    const online = await waitFor('the releases read through the relay', async () => {
      const roots = (await children(RELEASES)).map(label);
      return roots.includes('Published') && roots;
    });
    assert.equal(await reachability(), '');
    assert.equal(await mark(), '');

    await relay.down();
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    assert.deepEqual((await children(RELEASES)).map(label), online, 'the rows read before are still shown');
    assert.match(await mark(), /^offline · read (just now|\d+ min ago)$/);
    assert.match(await reachability(), /^\$\(cloud-offline\) Relayed: unreachable · retrying at \d\d:\d\d:\d\d$/);
    // A second refresh while down: still the rows, still one item, and no toast for either.
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    assert.deepEqual((await children(RELEASES)).map(label), online);
    assert.deepEqual(errors, []);

    await relay.up();
    // The status bar item's click: try now.
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    await waitFor('the item gone', async () => (await reachability()) === '');
    await waitFor('the releases read again, unmarked', async () => {
      const roots = (await children(RELEASES)).map(label);
      return roots.includes('Published') && (await mark()) === '';
    });
    assert.deepEqual(errors, []);
  });
});
