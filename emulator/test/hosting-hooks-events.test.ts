// docs/service-api/hosting/webhooks §2–§7: the operations of the account side
// fire their events to the hooks that listen (rules 1, 3, 5), with full
// payloads (sender, repository, organization where it applies); organization
// hooks get the organization's events. Runs on the demo seed.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, json } from './hosting-authorizations-fixtures';
import { startReceiver, until, type Receiver } from './webhook-receiver';

type Payload = Record<string, unknown> & { action?: string; sender: { login: string }; repository: { full_name: string }; organization?: { login: string } };

describe('v3 webhook events from the operations that cause them (docs/service-api/hosting/webhooks §1–§8)', () => {
  let emu: TestEmulator;
  let receiver: Receiver;
  const as = (login: string) => basic(login, `${login}-demo-password`);

  const call = async (method: string, path: string, body?: unknown, headers = as('ada')) => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: body === undefined ? headers : json(headers),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
  };
  /** A hook delivering to the receiver under a path of its own, so deliveries can be told apart. */
  const hook = async (base: string, tag: string, events: string[]) => {
    const res = await call('POST', `${base}/hooks`, { name: 'web', events, config: { url: `${receiver.url}/${tag}` } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: number };
  };
  const delivered = (tag: string, event: string) =>
    until(() => receiver.received.find((r) => r.headers['x-service-event'] === event && r.path === `/hook/${tag}`), `${event} at ${tag}`);

  before(async () => {
    emu = await startEmulator({ seed: 'demo', webhookDelivery: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 2 } });
    receiver = await startReceiver();
  });
  after(async () => {
    await emu.dispose();
    await receiver.close();
  });

  const payloadOf = async (tag: string, event: string) => JSON.parse((await delivered(tag, event)).body) as Payload;

  it('repository (action created) — an organization hook hears a repository created in the organization, with organization and sender', async () => {
    const orgHook = await hook('/orgs/analytical-engines', 'org', ['*']);
    const ping = await payloadOf('org', 'ping');
    assert.equal(ping.hook_id, orgHook.id);
    assert.equal(ping.organization!.login, 'analytical-engines');
    assert.equal((await call('POST', '/orgs/analytical-engines/repos', { name: 'jacquard-loom' })).status, 201);
    const p = await payloadOf('org', 'repository');
    assert.equal(p.action, 'created');
    assert.equal(p.repository.full_name, 'analytical-engines/jacquard-loom');
    assert.equal(p.organization!.login, 'analytical-engines');
    assert.equal(p.sender.login, 'ada');
  });

  it('organization hooks — owners only: a member who is not an owner gets 404', async () => {
    assert.equal((await call('GET', '/orgs/analytical-engines/hooks', undefined, as('luigi'))).status, 404);
    assert.equal((await call('GET', '/orgs/analytical-engines/hooks', undefined, as('charles'))).status, 200);
  });

  it('watch (action started) — starring a repository, with the stargazer as sender', async () => {
    await hook('/repos/ada/notes-on-the-engine', 'notes', ['*']);
    assert.equal((await call('PUT', '/user/starred/ada/notes-on-the-engine', undefined, { ...as('charles'), 'Content-Length': '0' })).status, 204);
    const p = await payloadOf('notes', 'watch');
    assert.equal(p.action, 'started');
    assert.equal(p.sender.login, 'charles');
    assert.equal(p.repository.full_name, 'ada/notes-on-the-engine');
    assert.equal(p.organization, undefined, 'a user-owned repository has no organization');
  });

  it('fork — forking a repository, with forkee', async () => {
    assert.equal((await call('POST', '/repos/ada/notes-on-the-engine/forks', undefined, as('mary'))).status, 202);
    const p = await payloadOf('notes', 'fork');
    assert.equal((p.forkee as { full_name: string }).full_name, 'mary/notes-on-the-engine');
    assert.equal(p.repository.full_name, 'ada/notes-on-the-engine');
    assert.equal(p.sender.login, 'mary');
  });

  it('member (action added) — a collaborator added to a user-owned repository', async () => {
    assert.equal((await call('PUT', '/repos/ada/notes-on-the-engine/collaborators/grace', undefined, { ...as('ada'), 'Content-Length': '0' })).status, 204);
    const p = await payloadOf('notes', 'member');
    assert.equal(p.action, 'added');
    assert.equal((p.member as { login: string }).login, 'grace');
  });

  it('public — a private repository made public', async () => {
    await hook('/repos/ada/bernoulli-numbers', 'bernoulli', ['public']);
    assert.equal((await call('PATCH', '/repos/ada/bernoulli-numbers', { name: 'bernoulli-numbers', private: false })).status, 200);
    const p = await payloadOf('bernoulli', 'public');
    assert.equal(p.repository.full_name, 'ada/bernoulli-numbers');
  });

  it('team_add — a team given a repository, with team, repository and organization', async () => {
    await hook('/repos/analytical-engines/difference-engine', 'difference', ['team_add']);
    const teams = (await call('GET', '/orgs/analytical-engines/teams')).body as unknown as Array<{ id: number; name: string }>;
    const team = teams.find((t) => t.name !== 'Owners')!;
    // Only a newly added repository fires team_add: start from a team without it.
    await call('DELETE', `/teams/${team.id}/repos/analytical-engines/difference-engine`);
    assert.equal(
      (await call('PUT', `/teams/${team.id}/repos/analytical-engines/difference-engine`, undefined, { ...as('ada'), 'Content-Length': '0' })).status,
      204,
    );
    const p = await payloadOf('difference', 'team_add');
    assert.equal((p.team as { id: number }).id, team.id);
    assert.equal(p.organization!.login, 'analytical-engines');
    assert.equal(p.repository.full_name, 'analytical-engines/difference-engine');
  });

  it('a hook hears only the events it subscribed to (docs/service-api/hosting/webhooks §1, §3)', async () => {
    const pushOnly = await hook('/repos/analytical-engines/analytical-engine', 'push-only', ['push']);
    assert.equal((await call('PUT', '/user/starred/analytical-engines/analytical-engine', undefined, { ...as('charles'), 'Content-Length': '0' })).status, 204);
    await delivered('push-only', 'ping');
    assert.equal((await call('POST', `/repos/analytical-engines/analytical-engine/hooks/${pushOnly.id}/tests`)).status, 204);
    const push = JSON.parse((await delivered('push-only', 'push')).body) as { after: string; head_commit: { id: string; message: string } };
    assert.match(push.after, /^[0-9a-f]{40}$/);
    assert.equal(push.head_commit.id, push.after, 'the test push carries the latest commit of the default branch');
    // Deliveries are recorded when queued, so the log shows that the watch was never queued for this hook.
    const log = (await call('GET', `/repos/analytical-engines/analytical-engine/hooks/${pushOnly.id}/deliveries`)).body as unknown as Array<{ event: string }>;
    assert.deepEqual(log.map((d) => d.event).sort(), ['ping', 'push']);
  });

  it("push (§7) — a hook made after a branch was created does not get that branch's push, built after the change; it gets the next one", async () => {
    const repoPath = '/repos/ada/notes-on-the-engine';
    const master = (await call('GET', `${repoPath}/git/refs/heads/master`)).body as { object: { sha: string } };
    await hook(repoPath, 'race-before', ['push']);
    await delivered('race-before', 'ping');
    assert.equal((await call('POST', `${repoPath}/git/refs`, { ref: 'refs/heads/race-1', sha: master.object.sha })).status, 201);
    // Made while the push of race-1 is read from git (its commits), which takes a few git processes.
    const later = await hook(repoPath, 'race-after', ['push']);
    await delivered('race-after', 'ping');
    assert.equal((await call('POST', `${repoPath}/git/refs`, { ref: 'refs/heads/race-2', sha: master.object.sha })).status, 201);
    const pushesTo = (tag: string) =>
      receiver.received
        .filter((r) => r.path === `/hook/${tag}` && r.headers['x-service-event'] === 'push')
        .map((r) => (JSON.parse(r.body) as { ref: string }).ref);
    await until(() => pushesTo('race-before').length === 2 && pushesTo('race-after').length > 0, 'both pushes at the first hook, one at the second');
    assert.deepEqual(pushesTo('race-before').sort(), ['refs/heads/race-1', 'refs/heads/race-2']);
    assert.deepEqual(pushesTo('race-after'), ['refs/heads/race-2'], 'the hook made after race-1 was created gets only race-2');
    const log = (await call('GET', `${repoPath}/hooks/${later.id}/deliveries`)).body as unknown as Array<{ event: string }>;
    assert.deepEqual(log.map((d) => d.event).sort(), ['ping', 'push']);
  });

  it("an event goes only to the hooks there were when it happened (its scope's last hook id), whenever its payload is ready", async () => {
    const repoPath = '/repos/ada/notes-on-the-engine';
    const first = await hook(repoPath, 'then', ['push']);
    const since = await hook(repoPath, 'since', ['push']);
    await delivered('since', 'ping');
    const repo = (await call('GET', repoPath)).body as { id: number };
    emu.events.emitEvent('push', { ref: 'refs/heads/scoped', sender: { login: 'ada' } }, { repoId: repo.id, hooksUpTo: first.id });
    const scoped = await delivered('then', 'push');
    assert.equal((JSON.parse(scoped.body) as { ref: string }).ref, 'refs/heads/scoped');
    // Deliveries are recorded as they are queued, which the event does at once.
    const log = (await call('GET', `${repoPath}/hooks/${since.id}/deliveries`)).body as unknown as Array<{ event: string }>;
    assert.deepEqual(
      log.map((d) => d.event),
      ['ping'],
      'the hook made after it got nothing',
    );
  });
});
