// The engagement client against the in-process emulator (demo seed): one
// typed method per row of the v2 document, pages, errors with statusMessage.
import assert from 'node:assert/strict';
import { EngagementAuthError, EngagementError, type Case } from '../../../src/engagement';
import { EngagementClient } from '../../../src/engagement/client';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const DEMO = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };

describe('engagement client', () => {
  let emulator: TestEmulator;
  let client: EngagementClient;
  before(async () => {
    emulator = await startEmulator({ seed: 'demo' });
    client = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO });
  });
  after(() => emulator.dispose());

  it('POST /api/v2/authenticate — authenticate() returns the token with its expires date parsed', async () => {
    const token = await client.authenticate();
    assert.ok(token.accessToken.length > 10);
    assert.equal(token.expires.offset, '-0300');
    assert.ok(token.expires.instant.getTime() > Date.now());
  });

  it('POST /api/v2/authenticate — wrong credentials give an EngagementAuthError with the service statusMessage', async () => {
    const bad = new EngagementClient({ baseUrl: emulator.url, credentials: { ...DEMO, password: 'wrong' } });
    await assert.rejects(
      bad.getContact(1),
      (e: unknown) => e instanceof EngagementAuthError && /wrong userName, apiKey or password/.test(e.statusMessage ?? ''),
    );
  });

  it('GET /api/v2/me — logged_in true once authenticated, false for a fresh client', async () => {
    assert.equal((await client.me()).logged_in, true);
    const fresh = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO });
    assert.equal((await fresh.me()).logged_in, false);
  });

  it('Contacts: create (notes, tags, attributes), get, update, profiles and tags rows', async () => {
    const created = await client.createContact({ name: 'Client Tester', crm_id: 'CT-1', notes: ['hello'], tags: ['t1', 't2'], attributes: { plan: 'gold' } });
    assert.deepEqual([created.name, created.crm_id, created.plan, created.tags], ['Client Tester', 'CT-1', 'gold', ['t1', 't2']]);
    assert.equal(created.notes[0]!.userName, 'ada');
    assert.equal(created.creation_date!.offset, '-0300');
    const updated = await client.updateContact(created.id, { last_name: 'Tester', notes: ['second'] });
    assert.deepEqual([updated.last_name, updated.notes.length], ['Tester', 2]);
    assert.equal((await client.getContact(created.id)).last_name, 'Tester');
    const profiles = await client.addProfile(created.id, { source: 'twitter', ext_id: 'ct1', user_name: '@ct1' });
    assert.deepEqual(
      profiles.map((p) => p.source),
      ['custom', 'twitter'],
    );
    assert.deepEqual(
      (await client.removeProfile(created.id, 'custom', `contact-${created.id}`)).map((p) => p.source),
      ['twitter'],
    );
    assert.equal((await client.listProfiles(created.id)).length, 1);
    assert.deepEqual((await client.changeContactTags(created.id, { add: ['t3'], remove: ['t1'] })).tags, ['t2', 't3']);
    assert.deepEqual(await client.listContactTags(created.id), ['t2', 't3']);
  });

  it('Errors: a processed failure carries the service statusMessage (last profile), a 404 its status', async () => {
    await assert.rejects(client.removeProfile(4, 'email', 'joseph@clement-workshop.example'), (e: unknown) => {
      return e instanceof EngagementError && e.status === 200 && /at least one profile/.test(e.statusMessage ?? '');
    });
    await assert.rejects(client.getCase(98765), (e: unknown) => e instanceof EngagementError && e.status === 404 && e.statusMessage === 'Case 98765 not found');
    await assert.rejects(
      client.searchCases({ count: 0 }),
      (e: unknown) => e instanceof EngagementError && e.status === 400 && /count must be between 1 and 100/.test(e.message),
    );
  });

  it('GET /api/v2/contact — searchContacts pages; contacts() iterates over every page', async () => {
    const page = await client.searchContacts({ name: 'e', count: 2, order_by: 'name' });
    assert.equal(page.items.length, 2);
    const all: string[] = [];
    for await (const c of client.contacts({ name: 'e', count: 2, order_by: 'name' })) all.push(c.name);
    assert.equal(all.length, page.total);
    assert.deepEqual(
      all.slice(0, 2),
      page.items.map((c) => c.name),
    );
  });

  it('Cases: create (Arrived), update through Open and Closed, tags, and the search filters', async () => {
    const created = await client.createCase(1, { campaign: 'Support', subject: 'From the client', tags: ['repo:ada/client-test'], private: true });
    assert.deepEqual([created.state, created.private, created.campaign.name], ['Arrived', true, 'Support']);
    const opened = await client.updateCase(created.id, { state: 'Open', notes: ['opening'] });
    assert.equal(opened.first_open_date!.text, opened.last_open_date!.text);
    const closed = await client.updateCase(created.id, { state: 'Closed' });
    assert.equal(closed.state, 'Closed');
    assert.deepEqual((await client.changeCaseTags(created.id, { add: ['pr:7'] })).tags, ['pr:7', 'repo:ada/client-test']);
    assert.deepEqual(await client.listCaseTags(created.id), ['pr:7', 'repo:ada/client-test']);
    const found = await client.searchCases({ with_tag: 'repo:ada/client-test', state: 'Closed', created_since: new Date(Date.now() - 60_000) });
    assert.deepEqual(
      found.items.map((c) => c.id),
      [created.id],
    );
  });

  it('listCasesOfRepository — the cases tagged repo:<owner>/<name>, narrowed to a pull request with pr:<n>', async () => {
    const all = await client.listCasesOfRepository('analytical-engines', 'difference-engine');
    assert.ok(all.length >= 5);
    assert.ok(all.every((c: Case) => c.tags.includes('repo:analytical-engines/difference-engine')));
    const states = new Set(all.map((c) => c.state));
    assert.deepEqual([...states].sort(), ['Arrived', 'Closed', 'Open']);
    const pr1 = await client.listCasesOfRepository('analytical-engines', 'difference-engine', { prNumber: 1 });
    assert.deepEqual(pr1.map((c) => c.id).sort(), [1, 7]);
    assert.deepEqual(await client.listCasesOfRepository('nobody', 'nothing'), []);
  });

  it('POST /api/v2/message and campaigns: a message opens a case; stats count it', async () => {
    const campaignId = await client.createCampaign('Client campaign');
    const sent = await client.sendMessage({
      campaign: 'Client campaign',
      source: 'email',
      fromId: 'someone@example.org',
      fromName: 'Someone',
      content: 'Help!',
    });
    const c = await client.getCase(sent.caseId);
    assert.deepEqual([c.messages_received, c.campaign.id], [1, campaignId]);
    assert.ok(c.we_did_not_reply_since_date);
    assert.ok((await client.listCampaigns()).some((k) => k.id === campaignId));
    const [stats] = await client.campaignStats({ campaign_id: campaignId });
    assert.deepEqual([stats!.cases.total, stats!.cases.Arrived, stats!.messages_received, stats!.awaiting_reply], [1, 1, 1, 1]);
  });

  /** Answers 503 to the first `failures` calls that are not /authenticate, then lets them through. */
  function flaky(failures: number) {
    const seen = { calls: 0 };
    const fetchImpl = async (input: Request | URL | string, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/authenticate') && seen.calls++ < failures) {
        return new Response(JSON.stringify({ success: false, statusMessage: 'busy' }), { status: 503 });
      }
      return fetch(request);
    };
    return { seen, fetchImpl };
  }

  it('a GET answered 503 is retried and then answers; a POST is not replayed and reports the status', async () => {
    const get = flaky(1);
    const reader = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO, ky: { fetch: get.fetchImpl } });
    assert.equal((await reader.getContact(1)).id, 1);
    assert.equal(get.seen.calls, 2);
    const post = flaky(1);
    const writer = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO, ky: { fetch: post.fetchImpl } });
    await assert.rejects(writer.createCampaign('Flaky'), (e: unknown) => e instanceof EngagementError && e.status === 503 && e.statusMessage === 'busy');
    assert.equal(post.seen.calls, 1);
  });
});
