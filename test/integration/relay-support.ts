// A second hosting service for the offline tests: a relay in this process to
// the harness's emulator, which can stop (connections refused, as a service
// that is down) and start again on the same port. ada signs in to it as a
// second account and reads through it; `leaveRelay` puts back the
// one-service settings and ada's session that the other files start from.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const first = () => process.env.REPODESK_TEST_EMULATOR_URL!;
const clientId = () =>
  (JSON.parse(fs.readFileSync(path.join(process.env.REPODESK_TEST_EMULATOR_DATA!, 'oauth-app.json'), 'utf8')) as { client_id: string }).client_id;

/**
 * A TCP relay to `target` that can stop (every connection refused) and start again on its port, and can lose
 * the answers of writes: with `losing` set, each POST still reaches the service, but its answer is cut off
 * (the connection reset), as when a window closes or the network drops while a write's answer is on its way.
 */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const state: { losing: boolean; holding?: RegExp; refusing?: RegExp } = { losing: false };
  /** Connections whose request is held (matched `holding`), with how to relay it: answered by `refuseHeld` or `releaseHeld`. */
  const held = new Map<net.Socket, () => void>();
  const forbidden = (client: net.Socket) => {
    const body = JSON.stringify({ message: 'Resource not accessible by integration' });
    client.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  };
  /** The request line (method and path) of each request relayed, in order. */
  const sent: string[] = [];
  // Already up: nothing to do (a test's clean-up starts it whether or not the test stopped it).
  const up = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
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
        // The method of the request last sent on this connection (requests on one connection go one at a time).
        let method = '';
        client.on('data', (chunk: Buffer) => {
          const line = /^([A-Z]+) (\/\S*)/.exec(chunk.toString('latin1', 0, 300));
          if (line) sent.push(`${line[1]} ${line[2]}`);
          if (line && state.refusing?.test(line[2]!)) return forbidden(client);
          const relay = () => {
            method = line?.[1] ?? method;
            upstream.write(chunk);
          };
          if (line && state.holding?.test(line[2]!)) return void held.set(client, relay);
          relay();
        });
        client.on('end', () => upstream.end());
        upstream.on('data', (chunk: Buffer) => (state.losing && method === 'POST' ? drop() : client.write(chunk))).on('end', () => client.end());
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
  return {
    url: `http://127.0.0.1:${port}`,
    up,
    down,
    /** Requests whose path matches go unanswered from now on, until refuseHeld or releaseHeld. */
    hold: (paths: RegExp) => void (state.holding = paths),
    /** The held requests, and later ones with the same paths, are answered 403 Forbidden (a service that refuses them). */
    refuseHeld: () => {
      state.refusing = state.holding;
      state.holding = undefined;
      for (const s of held.keys()) forbidden(s);
      held.clear();
    },
    /** The held requests go on to the service now, and later ones are relayed at once. */
    releaseHeld: () => {
      state.holding = undefined;
      for (const relay of held.values()) relay();
      held.clear();
    },
    /** Every request relayed again. */
    relayAll: () => void ((state.holding = undefined), (state.refusing = undefined)),
    /** From now on the answer of every POST is lost (true), or relayed again (false). */
    loseAnswers: (losing: boolean) => void (state.losing = losing),
    sent,
  };
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

export type Relay = Awaited<ReturnType<typeof startRelay>>;

/** ada signed in to the relayed service too, and reading through it. */
export async function readThroughRelay(): Promise<{ api: RepoDeskApi; relay: Relay }> {
  const api = await signInAsAdaWithDemoRepository();
  const relay = await startRelay(new URL(first()));
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
  return { api, relay };
}

/** Back to ada on the one service, the relay stopped. */
export async function leaveRelay(api: RepoDeskApi, relay: Relay | undefined): Promise<void> {
  relay?.relayAll();
  await relay?.up().catch(() => undefined);
  const session = api.testing!.session;
  for (const s of await api.testing!.provider.getSessions(undefined, {})) {
    if (s.account.label !== 'ada (Local)') await api.testing!.provider.removeSession(s.id);
  }
  await vscode.workspace.getConfiguration('repodesk.hosting').update('services', undefined, vscode.ConfigurationTarget.Global);
  await waitFor('ada alone again', async () => session.accounts.length === 1 && session.account?.label === 'ada');
  await session.useAccount(session.account!.id);
  await relay?.down();
}
