// Webhooks as docs/service-api/hosting/webhooks §2–§11 describes them (hook
// endpoints, services, ping, X-Hub-Signature, events), through a real receiver.
import assert from 'node:assert/strict';
import http from 'node:http';
import { startEmulator, type TestEmulator } from './support/emulator';
import { signBody } from '../src/hosting/hooks/signature';
import { isoTime } from '../src/hosting/conventions/time';
import { addUser, basic, json, UA } from './hosting-authorizations-fixtures';
import { startReceiver, until, type Receiver } from './webhook-receiver';

type HookJson = {
  id: number;
  url: string;
  test_url: string;
  ping_url: string;
  name: string;
  events: string[];
  active: boolean;
  config: Record<string, string>;
  last_response: { code: number | null; status: string };
};
type DeliveryJson = {
  id: number;
  guid: string;
  event: string;
  state: string;
  status: string;
  status_code: number | null;
  attempts: number;
  redelivery: boolean;
  request?: { headers: Record<string, string>; payload: Record<string, unknown> };
  response?: { payload: string };
};

describe('v3 webhooks (docs/service-api/hosting/webhooks §1–§11)', () => {
  let emu: TestEmulator;
  let ok: Receiver;
  const ada = basic('ada', 'ada-pw');
  const REPO = '/repos/ada/engine';

  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers = ada) => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: body === undefined ? headers : json(headers),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const createHook = async (body: Record<string, unknown>, repo = REPO) => {
    const res = await call<HookJson>('POST', `${repo}/hooks`, body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const deliveries = async (hook: HookJson) => (await call<DeliveryJson[]>('GET', `${REPO}/hooks/${hook.id}/deliveries`)).body;
  const ofEvent = (r: Receiver, event: string) => r.received.filter((x) => x.headers['x-service-event'] === event);

  before(async () => {
    emu = await startEmulator({ webhookDelivery: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3, timeoutMs: 5000 } });
    const adaId = addUser(emu.db, 'ada', 'ada-pw');
    addUser(emu.db, 'bob', 'bob-pw');
    const now = isoTime();
    emu.db.prepare('INSERT INTO repositories (owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(adaId, 'engine', now, now);
    ok = await startReceiver(() => 200);
  });
  after(async () => {
    await emu.dispose();
    await ok.close();
  });

  it('GET /hooks — the services with supported and default events (web: all, push; irc: six, push and pull_request; email: push and public, push)', async () => {
    const res = await call<Array<{ name: string; supported_events: string[]; default_events: string[]; events: string[] }>>('GET', '/hooks', undefined, UA);
    assert.equal(res.status, 200);
    const byName = Object.fromEntries(res.body.map((s) => [s.name, s]));
    assert.deepEqual(Object.keys(byName).sort(), ['email', 'irc', 'web']);
    assert.equal(byName.web!.supported_events.length, 20);
    assert.ok(byName.web!.supported_events.includes('team_add'));
    assert.deepEqual(byName.web!.default_events, ['push']);
    assert.deepEqual([...byName.irc!.supported_events].sort(), [
      'commit_comment',
      'issue_comment',
      'issues',
      'pull_request',
      'pull_request_review_comment',
      'push',
    ]);
    assert.deepEqual(byName.irc!.default_events, ['push', 'pull_request']);
    assert.deepEqual(byName.email!.supported_events, ['push', 'public']);
    assert.deepEqual(byName.email!.events, ['push']);
  });

  it('POST /repos/:owner/:repo/hooks — 201 with Location; default events push; the secret is never shown; a ping is delivered (zen, hook_id, hook) with X-Hub-Signature', async () => {
    const res = await call<HookJson>('POST', `${REPO}/hooks`, { name: 'web', config: { url: `${ok.url}?h=1`, secret: 'mysecret' } });
    assert.equal(res.status, 201);
    const hook = res.body;
    assert.equal(res.headers.get('location'), `${emu.url}${REPO}/hooks/${hook.id}`);
    assert.equal(hook.url, res.headers.get('location'));
    assert.equal(hook.test_url, `${hook.url}/tests`);
    assert.equal(hook.ping_url, `${hook.url}/pings`);
    assert.deepEqual(hook.events, ['push']);
    assert.equal(hook.active, true);
    assert.deepEqual(hook.config, { url: `${ok.url}?h=1`, secret: '********', content_type: 'json', insecure_ssl: '0' });

    const ping = await until(() => ok.received.find((r) => r.headers['x-service-event'] === 'ping' && JSON.parse(r.body).hook_id === hook.id), 'ping');
    const payload = JSON.parse(ping.body) as { zen: string; hook_id: number; hook: HookJson; repository: { full_name: string }; sender: { login: string } };
    assert.ok(payload.zen.length > 0);
    assert.equal(payload.hook.id, hook.id);
    assert.equal(payload.repository.full_name, 'ada/engine');
    assert.equal(payload.sender.login, 'ada');
    assert.equal(ping.headers['x-hub-signature'], signBody('mysecret', ping.body));
    assert.match(ping.headers['user-agent']!, /^Service-Hookshot\//);
    assert.equal(ping.headers['content-type'], 'application/json');
    assert.match(String(ping.headers['x-service-delivery']), /^[0-9a-f-]{36}$/);
  });

  it('* replaces every other configured event (docs/service-api/hosting/webhooks §5)', async () => {
    const hook = await createHook({ name: 'web', events: ['push', '*', 'fork'], config: { url: `${ok.url}?h=wild` } });
    assert.deepEqual(hook.events, ['*']);
    const patched = await call<HookJson>('PATCH', `${REPO}/hooks/${hook.id}`, { events: ['push'] });
    assert.deepEqual(patched.body.events, ['push']);
    const added = await call<HookJson>('PATCH', `${REPO}/hooks/${hook.id}`, { add_events: ['*'] });
    assert.deepEqual(added.body.events, ['*']);
  });

  it('irc defaults to push and pull_request and refuses events it does not support; email takes at most two addresses (docs/service-api/hosting/webhooks §3, §4)', async () => {
    const irc = await createHook({ name: 'irc', config: { server: 'irc.example', room: '#dev' } });
    assert.deepEqual(irc.events, ['push', 'pull_request']);
    const unsupported = await call('POST', `${REPO}/hooks`, { name: 'irc', events: ['watch'], config: { server: 'irc.example', room: '#other' } });
    assert.equal(unsupported.status, 422);
    assert.equal((unsupported.body.errors as Array<{ field: string; code: string }>)[0]!.field, 'events');
    const three = await call('POST', `${REPO}/hooks`, { name: 'email', config: { address: 'a@x.org b@x.org c@x.org' } });
    assert.equal(three.status, 422);
    assert.deepEqual(
      (three.body.errors as Array<{ field: string; code: string }>).map((e) => [e.field, e.code]),
      [['address', 'invalid']],
    );
    const email = await createHook({ name: 'email', config: { address: 'a@x.org, b@x.org' } });
    assert.deepEqual(email.events, ['push']);
    assert.equal(email.config.address, 'a@x.org b@x.org');
    const publicOk = await call<HookJson>('PATCH', `${REPO}/hooks/${email.id}`, { add_events: ['public'] });
    assert.deepEqual(publicOk.body.events, ['push', 'public']);
  });

  it('POST /repos/:owner/:repo/hooks — validation: 422 Validation Failed with resource, field and code', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ config: { url: ok.url } }, 'name', 'missing_field'],
      [{ name: 'carrier-pigeon', config: { url: ok.url } }, 'name', 'invalid'],
      [{ name: 'web', config: {} }, 'url', 'missing_field'],
      [{ name: 'web', config: { url: 'ftp://example.org' } }, 'url', 'invalid'],
      [{ name: 'web', config: { url: ok.url, content_type: 'xml' } }, 'content_type', 'invalid'],
      [{ name: 'web', events: ['explode'], config: { url: ok.url } }, 'events', 'invalid'],
      [{ name: 'web', events: 'push', config: { url: ok.url } }, 'events', 'invalid'],
      [{ name: 'web', active: 'yes', config: { url: ok.url } }, 'active', 'invalid'],
    ];
    for (const [body, field, code] of cases) {
      const res = await call('POST', `${REPO}/hooks`, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.message, 'Validation Failed');
      const errors = res.body.errors as Array<{ resource: string; field: string; code: string }>;
      assert.deepEqual([errors[0]!.resource, errors[0]!.field, errors[0]!.code], ['Hook', field, code], JSON.stringify(body));
    }
    const notHash = await call('POST', `${REPO}/hooks`, ['web']);
    assert.equal(notHash.status, 400);
    assert.equal(notHash.body.message, 'Body should be a JSON Hash');
  });

  it('GET list and one — admin only: another user gets 404, no credentials 401', async () => {
    const hook = await createHook({ name: 'web', config: { url: `${ok.url}?h=list` } });
    const list = await call<HookJson[]>('GET', `${REPO}/hooks`);
    assert.equal(list.status, 200);
    assert.ok(list.body.some((h) => h.id === hook.id));
    const one = await call<HookJson>('GET', `${REPO}/hooks/${hook.id}`);
    assert.equal(one.body.id, hook.id);
    assert.equal((await call('GET', `${REPO}/hooks`, undefined, basic('bob', 'bob-pw'))).status, 404);
    assert.equal((await call('GET', `${REPO}/hooks/${hook.id}`, undefined, UA)).status, 401);
    assert.equal((await call('GET', `${REPO}/hooks/999999`)).status, 404);
  });

  it('scopes — read:repo_hook reads but cannot create; write:repo_hook creates but cannot delete; admin:repo_hook deletes', async () => {
    const token = async (scopes: string[]) => ({
      ...UA,
      Authorization: `token ${(await call<{ token: string }>('POST', '/authorizations', { note: scopes.join(), scopes })).body.token}`,
    });
    const read = await token(['read:repo_hook']);
    const write = await token(['write:repo_hook']);
    const admin = await token(['admin:repo_hook']);
    assert.equal((await call('GET', `${REPO}/hooks`, undefined, read)).status, 200);
    assert.equal((await call('POST', `${REPO}/hooks`, { name: 'web', config: { url: `${ok.url}?h=scoped` } }, read)).status, 404);
    const made = await call<HookJson>('POST', `${REPO}/hooks`, { name: 'web', config: { url: `${ok.url}?h=scoped` } }, write);
    assert.equal(made.status, 201);
    assert.equal((await call('DELETE', `${REPO}/hooks/${made.body.id}`, undefined, write)).status, 404);
    assert.equal((await call('DELETE', `${REPO}/hooks/${made.body.id}`, undefined, admin)).status, 204);
  });

  it('PATCH — events, add_events, remove_events, active, config; a config sent back with the masked secret keeps the secret', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await createHook({ name: 'web', events: ['push', 'fork'], config: { url: receiver.url, secret: 'keep-me' } });
      const removed = await call<HookJson>('PATCH', `${REPO}/hooks/${hook.id}`, { remove_events: ['fork'], active: false });
      assert.deepEqual(removed.body.events, ['push']);
      assert.equal(removed.body.active, false);
      const reconfigured = await call<HookJson>('POST', `${REPO}/hooks/${hook.id}`, { config: { ...removed.body.config, content_type: 'form' }, active: true });
      assert.equal(reconfigured.status, 200);
      assert.equal(reconfigured.body.config.content_type, 'form');
      assert.equal(reconfigured.body.config.secret, '********');
      assert.equal((await call('POST', `${REPO}/hooks/${hook.id}/pings`)).status, 204);
      const ping = await until(
        () => ofEvent(receiver, 'ping').at(-1)?.headers['content-type'] === 'application/x-www-form-urlencoded' && ofEvent(receiver, 'ping').at(-1),
        'form ping',
      );
      assert.equal(ping.headers['x-hub-signature'], signBody('keep-me', ping.body));
      assert.equal(JSON.parse(new URLSearchParams(ping.body).get('payload')!).hook_id, hook.id);
    } finally {
      await receiver.close();
    }
  });

  it('POST .../hooks/:id/tests — 204 and a push delivery; a hook not subscribed to push gets none', async () => {
    const receiver = await startReceiver();
    try {
      const pushHook = await createHook({ name: 'web', config: { url: `${receiver.url}?push` } });
      const forkHook = await createHook({ name: 'web', events: ['fork'], config: { url: `${receiver.url}?fork` } });
      assert.equal((await call('POST', `${REPO}/hooks/${pushHook.id}/tests`)).status, 204);
      assert.equal((await call('POST', `${REPO}/hooks/${forkHook.id}/tests`)).status, 204);
      const push = await until(() => ofEvent(receiver, 'push')[0], 'push test');
      const payload = JSON.parse(push.body) as { ref: string; repository: { full_name: string }; sender: { login: string }; pusher: { name: string } };
      assert.equal(payload.ref, 'refs/heads/master');
      assert.equal(payload.repository.full_name, 'ada/engine');
      assert.equal(payload.pusher.name, 'ada');
      await until(async () => (await deliveries(forkHook)).length === 1 && (await deliveries(forkHook))[0]!.state === 'delivered', 'fork hook ping');
      assert.deepEqual(
        (await deliveries(forkHook)).map((d) => d.event),
        ['ping'],
      );
    } finally {
      await receiver.close();
    }
  });

  it('retries — a 500 receiver is retried a bounded number of times; deliveries list and show every attempt; redelivery succeeds once the receiver is fixed', async () => {
    let failing = true;
    const receiver = await startReceiver(() => (failing ? 500 : 200));
    try {
      const hook = await createHook({ name: 'web', config: { url: receiver.url } });
      const failed = await until(async () => (await deliveries(hook)).find((d) => d.state === 'failed'), 'failed ping');
      assert.equal(failed.attempts, 3);
      assert.equal(failed.status_code, 500);
      assert.equal(ofEvent(receiver, 'ping').length, 3);
      assert.ok(ofEvent(receiver, 'ping').every((r) => r.headers['x-service-delivery'] === failed.guid));
      const shown = await call<DeliveryJson>('GET', `${REPO}/hooks/${hook.id}/deliveries/${failed.id}`);
      assert.equal(shown.body.request!.headers['X-Service-Event'], 'ping');
      assert.equal(shown.body.request!.payload.hook_id, hook.id);
      assert.equal(shown.body.response!.payload, 'thanks');
      const hookNow = await call<HookJson>('GET', `${REPO}/hooks/${hook.id}`);
      assert.deepEqual(hookNow.body.last_response, { code: 500, status: 'failed', message: 'Invalid HTTP Response: 500' });

      failing = false;
      const again = await call<DeliveryJson>('POST', `${REPO}/hooks/${hook.id}/deliveries/${failed.id}/attempts`);
      assert.equal(again.status, 202);
      assert.equal(again.body.redelivery, true);
      assert.notEqual(again.body.guid, failed.guid);
      await until(
        async () => (await call<DeliveryJson>('GET', `${REPO}/hooks/${hook.id}/deliveries/${again.body.id}`)).body.state === 'delivered',
        'redelivery',
      );
      assert.equal(ofEvent(receiver, 'ping').at(-1)!.body, ofEvent(receiver, 'ping')[0]!.body);
    } finally {
      await receiver.close();
    }
  });

  it('queue — an API response never waits on a receiver that does not answer', async () => {
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => held.push(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await call('POST', `${REPO}/hooks`, { name: 'web', config: { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/slow` } });
      assert.equal(res.status, 201);
      await until(() => held.length === 1, 'ping to reach the silent receiver');
      assert.equal((await call('POST', `${REPO}/hooks/${(res.body as { id: number }).id}/pings`)).status, 204);
    } finally {
      for (const r of held) r.end();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('DELETE — 204; the hook and its delivery log are gone', async () => {
    const hook = await createHook({ name: 'web', config: { url: `${ok.url}?h=gone` } });
    await until(async () => (await deliveries(hook)).length === 1, 'ping recorded');
    assert.equal((await call('DELETE', `${REPO}/hooks/${hook.id}`)).status, 204);
    assert.equal((await call('GET', `${REPO}/hooks/${hook.id}`)).status, 404);
    assert.equal(emu.db.prepare('SELECT count(*) FROM hook_deliveries WHERE hook_id = ?').pluck().get(hook.id), 0);
  });
});
