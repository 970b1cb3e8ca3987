// v2 document: the case rows (create, get, update with the state machine,
// search with every filter and order, tags), messages and campaign stats.
import assert from 'node:assert/strict';
import { manualClock, startEmulator, type TestEmulator } from './support/emulator';
import { V2_DATE, EngagementHttp } from './engagement-http';

const DIFF = 'repo:analytical-engines/difference-engine';

describe('v2 cases, messages and campaigns', () => {
  let emulator: TestEmulator;
  // The service's clock, moved on by hand where a test needs time to pass (its dates have second precision).
  const clock = manualClock();
  let http: EngagementHttp;
  let contactId: number;
  before(async () => {
    emulator = await startEmulator({ seed: 'demo', clock: clock.now });
    http = new EngagementHttp(emulator);
    await http.login();
    contactId = (await http.post('/contact', { name: 'Case Tester', email: 'tester@cases.example' })).body.contact_id;
  });
  after(() => emulator.dispose());

  const newCase = async (form: Record<string, string | string[]> = {}) =>
    (await http.post('/case', { contact_id: String(contactId), subject: 'Something broke', ...form })).body.case_id as number;

  it('POST /api/v2/case — creates an Arrived case with campaign by name, source, private, notes, tags, attributes; echo_data', async () => {
    const { status, body } = await http.post('/case', {
      contact_id: String(contactId),
      campaign: 'Support',
      subject: 'Wheels wobble',
      source: 'email',
      private: 'true',
      note: ['n1', 'n2'],
      tag: [DIFF, 'pr:1'],
      severity: 'high',
      echo_data: 'true',
    });
    assert.equal(status, 200);
    assert.equal(body.success, true);
    const c = body.data;
    assert.equal(c.id, body.case_id);
    assert.equal(c.state, 'Arrived');
    assert.deepEqual(c.campaign, { id: 2, name: 'Support' });
    assert.deepEqual([c.subject, c.source, c.private, c.severity, c.reopened], ['Wheels wobble', 'email', true, 'high', false]);
    assert.deepEqual(c.tags, ['pr:1', DIFF]);
    assert.equal(c.notes.length, 2);
    assert.equal(c.contact.id, contactId);
    assert.equal(c.first_open_date, null);
    assert.equal(c.last_open_date, null);
    assert.match(c.inbox_date, V2_DATE);
    assert.deepEqual([c.messages, c.messages_sent, c.messages_received, c.handling_ms, c.sla_seconds], [0, 0, 0, 0, 0]);
    assert.equal(c.we_did_not_reply_since_date, null);
    assert.equal(c.url, `${emulator.url}/api/v2/case/${c.id}`);
  });

  it('POST /api/v2/case — Bad input: missing contact_id 400; unknown contact or campaign is success false', async () => {
    const missing = await http.post('/case', { subject: 'x' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.statusMessage, 'Missing required parameter: contact_id');
    const noContact = await http.post('/case', { contact_id: '99999' });
    assert.deepEqual([noContact.status, noContact.body.success, noContact.body.statusMessage], [200, false, 'Contact 99999 does not exist']);
    const noCampaign = await http.post('/case', { contact_id: String(contactId), campaign: 'Nope' });
    assert.deepEqual([noCampaign.body.success, noCampaign.body.statusMessage], [false, 'Unknown campaign "Nope"']);
    const notBool = await http.post('/case', { contact_id: String(contactId), private: 'maybe' });
    assert.equal(notBool.status, 400);
  });

  it('GET /api/v2/case/<id> — case data; unknown id 404', async () => {
    const { status, body } = await http.get('/case/1');
    assert.equal(status, 200);
    assert.equal(body.subject, 'Carry mechanism jams on the 31st digit');
    assert.equal(body.contact.name, 'Charles Babbage');
    assert.equal((await http.get('/case/12345')).status, 404);
  });

  it('POST /api/v2/case/<id> — state Arrived → Open sets first_open_date and last_open_date; Open → Closed keeps them', async () => {
    const id = await newCase();
    const opened = (await http.post(`/case/${id}`, { state: 'Open' })).body;
    assert.equal(opened.state, 'Open');
    assert.match(opened.first_open_date, V2_DATE);
    assert.equal(opened.last_open_date, opened.first_open_date);
    assert.equal(opened.reopened, false);
    const closed = (await http.post(`/case/${id}`, { state: 'Closed' })).body;
    assert.deepEqual([closed.state, closed.first_open_date, closed.reopened], ['Closed', opened.first_open_date, false]);
  });

  it('POST /api/v2/case/<id> — Closed → Open again marks reopened and moves last_open_date, not first_open_date', async () => {
    const id = await newCase();
    const first = (await http.post(`/case/${id}`, { state: 'Open' })).body.first_open_date;
    await http.post(`/case/${id}`, { state: 'Closed' });
    clock.advance(1000);
    const again = (await http.post(`/case/${id}`, { state: 'Open' })).body;
    assert.equal(again.reopened, true);
    assert.equal(again.first_open_date, first);
    assert.notEqual(again.last_open_date, first);
  });

  it('POST /api/v2/case/<id> — no way back to Arrived (success false); an unknown state is 400', async () => {
    const id = await newCase();
    await http.post(`/case/${id}`, { state: 'Open' });
    const back = await http.post(`/case/${id}`, { state: 'Arrived' });
    assert.deepEqual([back.status, back.body.success], [200, false]);
    assert.match(back.body.statusMessage, /cannot go back to Arrived/);
    const bogus = await http.post(`/case/${id}`, { state: 'Pending' });
    assert.equal(bogus.status, 400);
    assert.match(bogus.body.statusMessage, /state must be one of Arrived, Open, Closed/);
    assert.equal((await http.get(`/case/${id}`)).body.state, 'Open');
  });

  it('POST /api/v2/case/<id> — subject, note and repeated tag, an attribute; read-only fields refused; unknown id 404', async () => {
    const id = await newCase({ tag: 'a' });
    const { body } = await http.post(`/case/${id}`, { subject: 'Renamed', note: 'looked at it', tag: ['b', 'c'], priority: '2' });
    assert.deepEqual([body.success, body.subject, body.priority], [true, 'Renamed', '2']);
    assert.deepEqual(body.tags, ['a', 'b', 'c']);
    assert.deepEqual(
      body.notes.map((n: { text: string; userName: string }) => [n.text, n.userName]),
      [['looked at it', 'ada']],
    );
    assert.equal((await http.post(`/case/${id}`, { messages: 5 })).body.statusMessage, 'Field messages is read-only');
    assert.equal((await http.post('/case/99999', { subject: 'x' })).status, 404);
  });

  it('POST /api/v2/message — routed to a new case of a new contact; a second message goes to the same open case', async () => {
    const first = await http.post('/message', {
      campaign: 'Support',
      source: 'email',
      fromId: 'newbie@example.org',
      fromName: 'New Bie',
      content: 'Hello, my engine smokes.',
    });
    assert.equal(first.status, 200);
    assert.equal(first.body.success, true);
    assert.match(first.body.UUID, /^[0-9a-f-]{36}$/);
    const c = (await http.get(`/case/${first.body.case_id}`)).body;
    assert.deepEqual([c.state, c.subject, c.contact.name, c.messages_received, c.messages], ['Arrived', 'Hello, my engine smokes.', 'New Bie', 1, 1]);
    assert.match(c.we_did_not_reply_since_date, V2_DATE);
    const second = await http.post('/message', {
      campaign: 'Support',
      source: 'email',
      fromId: 'newbie@example.org',
      fromName: 'New Bie',
      content: 'Still smoking.',
      UUID: 'msg-2',
    });
    assert.deepEqual([second.body.case_id, second.body.UUID], [first.body.case_id, 'msg-2']);
    const again = await http.post('/message', {
      campaign: 'Support',
      source: 'email',
      fromId: 'newbie@example.org',
      fromName: 'New Bie',
      content: 'Still smoking.',
      UUID: 'msg-2',
    });
    assert.equal(again.body.case_id, first.body.case_id);
    assert.equal((await http.get(`/case/${first.body.case_id}`)).body.messages_received, 2, 'a repeated UUID is stored once');
  });

  it('POST /api/v2/message — a closed case is not reused: the next message opens a new case for the same contact', async () => {
    const form = { campaign: 'Sales', source: 'custom', fromId: 'web-42', fromName: 'Web Visitor', content: 'Price?' };
    const first = (await http.post('/message', form)).body.case_id;
    await http.post(`/case/${first}`, { state: 'Closed' });
    const next = (await http.post('/message', form)).body.case_id;
    assert.notEqual(next, first);
    assert.equal((await http.get(`/case/${next}`)).body.contact.id, (await http.get(`/case/${first}`)).body.contact.id);
  });

  it('POST /api/v2/message — Bad input: missing content 400, source other than email/custom 400, unknown campaign success false', async () => {
    const base = { campaign: 'Support', source: 'email', fromId: 'x@example.org', fromName: 'X', content: 'hi' };
    assert.equal((await http.post('/message', { ...base, content: '' })).body.statusMessage, 'Missing required parameter: content');
    assert.equal((await http.post('/message', { ...base, source: 'pigeon' })).status, 400);
    const unknown = await http.post('/message', { ...base, campaign: 'Nope' });
    assert.deepEqual([unknown.status, unknown.body.success], [200, false]);
  });

  it('Case figures — counters, we_did_not_reply_since_date, handling_ms and sla_seconds follow the messages', async () => {
    const id = (await http.post('/message', { campaign: 'Support', source: 'email', fromId: 'figures@example.org', fromName: 'F', content: 'one' })).body
      .case_id;
    const waiting = (await http.get(`/case/${id}`)).body;
    assert.match(waiting.we_did_not_reply_since_date, V2_DATE);
    clock.advance(1000);
    const replied = (await http.post(`/case/${id}`, { reply: 'We are on it.' })).body;
    assert.deepEqual([replied.messages_sent, replied.messages_received, replied.messages], [1, 1, 2]);
    assert.equal(replied.we_did_not_reply_since_date, null);
    assert.ok(replied.handling_ms >= 1000, `handling_ms ${replied.handling_ms}`);
    assert.ok(replied.sla_seconds >= 1, `sla_seconds ${replied.sla_seconds}`);
    // Seeded case 4: replies 30 min and 7300−7000 = 300 min after the messages they answer.
    const seeded = (await http.get('/case/4')).body;
    assert.deepEqual([seeded.messages_received, seeded.messages_sent, seeded.handling_ms, seeded.sla_seconds], [2, 2, 330 * 60_000, 30 * 60]);
    assert.equal(seeded.reopened, true);
  });

  it('GET /api/v2/case — with_tag lists the cases of a repository; with pr:<n> those of a pull request; answers success, total, items', async () => {
    const { status, body } = await http.get('/case', { with_tag: DIFF, count: 100 });
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.ok(body.items.length > 0, 'the seed has cases of the repository');
    assert.ok(body.items.every((c: { tags: string[] }) => c.tags.includes(DIFF)));
    assert.equal(body.total, body.items.length);
    const pr = await http.get('/case', { with_tag: [DIFF, 'pr:1'], count: 100 });
    assert.ok(pr.body.total >= 2 && pr.body.total < body.total);
    assert.ok(pr.body.items.every((c: { tags: string[] }) => c.tags.includes('pr:1')));
  });

  it('GET /api/v2/case — without_tag, state, source, contact_id, campaign_id filters', async () => {
    const notDiff = await http.get('/case', { without_tag: DIFF, count: 100 });
    assert.ok(notDiff.body.total > 0 && notDiff.body.items.every((c: { tags: string[] }) => !c.tags.includes(DIFF)));
    for (const state of ['Arrived', 'Open', 'Closed']) {
      const { body } = await http.get('/case', { state, count: 100 });
      assert.ok(body.total > 0, `seed has a ${state} case`);
      assert.ok(body.items.every((c: { state: string }) => c.state === state));
    }
    const twitter = await http.get('/case', { source: 'twitter', count: 100 });
    assert.ok(twitter.body.total >= 2 && twitter.body.items.every((c: { source: string }) => c.source === 'twitter'));
    const ofCharles = await http.get('/case', { contact_id: 1 });
    assert.deepEqual(
      ofCharles.body.items.map((c: { id: number }) => c.id),
      [1, 7],
    );
    const sales = await http.get('/case', { campaign_id: 3, count: 100 });
    assert.ok(sales.body.items.length > 0, 'the seed has Sales cases');
    assert.ok(sales.body.items.every((c: { campaign: { name: string } }) => c.campaign.name === 'Sales'));
  });

  it('GET /api/v2/case — created_since and updated_since take v2 dates', async () => {
    const created = await http.get('/case', { created_since: '2026-03-10T00:00:00-0300', with_tag: DIFF, count: 100 });
    const ids = created.body.items.map((c: { id: number }) => c.id);
    // Seeded case 10 arrived on 2026-03-11, case 4 on 2026-03-05; cases created by this test run arrive today.
    assert.ok(ids.includes(10) && !ids.includes(4), String(ids));
    const updated = await http.get('/case', { updated_since: '2099-01-01T00:00:00-0300' });
    assert.equal(updated.body.total, 0);
  });

  it('GET /api/v2/case — order_by, order_dir, count and index', async () => {
    const all = (await http.get('/case', { order_by: 'creation_date', order_dir: 'DESC', count: 100 })).body.items.map((c: { id: number }) => c.id);
    const page = (await http.get('/case', { order_by: 'creation_date', order_dir: 'DESC', count: 3, index: 3 })).body;
    assert.deepEqual(
      page.items.map((c: { id: number }) => c.id),
      all.slice(3, 6),
    );
    const byMessages = (await http.get('/case', { order_by: 'messages', order_dir: 'DESC', count: 1 })).body.items[0];
    assert.equal(byMessages.messages, 4);
  });

  it('GET /api/v2/case — Bad input: unknown order_by, unknown state, count 0 and 100000, bad dates, non-numeric contact_id', async () => {
    const bad: Array<[Record<string, string | number>, RegExp]> = [
      [{ order_by: 'colour' }, /order_by: unknown attribute "colour"/],
      [{ state: 'Pending' }, /state must be one of/],
      [{ count: 0 }, /count must be between 1 and 100/],
      [{ count: 100000 }, /count must be between 1 and 100/],
      [{ created_since: 'yesterday' }, /created_since is not a date/],
      [{ updated_since: '2026-03-01T10:00:00-03:00' }, /updated_since is not a date/],
      [{ contact_id: 'one' }, /contact_id must be an integer/],
    ];
    for (const [query, message] of bad) {
      const { status, body } = await http.get('/case', query);
      assert.equal(status, 400, JSON.stringify(query));
      assert.deepEqual([body.success, message.test(body.statusMessage)], [false, true], body.statusMessage);
    }
  });

  it('GET /api/v2/case/<id>/tags — lists; POST add= and remove= returns the whole case; unknown case 404', async () => {
    assert.deepEqual((await http.get('/case/3/tags')).body, { success: true, tags: ['pr:2', DIFF] });
    const { body } = await http.post('/case/3/tags', { add: ['triaged', 'printing'], remove: 'pr:2' });
    assert.deepEqual([body.success, body.id, body.subject], [true, 3, 'Printed tables have a misaligned column']);
    assert.deepEqual(body.tags, ['printing', DIFF, 'triaged']);
    assert.equal((await http.get('/case/999/tags')).status, 404);
  });

  it('GET /api/v2/campaign and POST /api/v2/campaign — list and create; a duplicate name fails', async () => {
    const created = await http.post('/campaign', { name: 'Outreach' });
    assert.equal(created.body.success, true);
    const list = (await http.get('/campaign')).body;
    assert.ok(list.items.some((c: { id: number; name: string }) => c.id === created.body.campaign_id && c.name === 'Outreach'));
    const dup = await http.post('/campaign', { name: 'Outreach' });
    assert.deepEqual([dup.status, dup.body.success], [200, false]);
  });

  it('GET /api/v2/campaign/stats — per campaign: cases by state, messages, awaiting reply, averages; unknown campaign 404', async () => {
    const { status, body } = await http.get('/campaign/stats', { campaign_id: 3 });
    assert.equal(status, 200);
    const sales = body.items[0];
    assert.deepEqual(sales.campaign, { id: 3, name: 'Sales' });
    const cases = (await http.get('/case', { campaign_id: 3, count: 100 })).body.items as Array<{
      state: string;
      messages_received: number;
      reopened: boolean;
    }>;
    assert.equal(sales.cases.total, cases.length);
    for (const s of ['Arrived', 'Open', 'Closed']) assert.equal(sales.cases[s], cases.filter((c) => c.state === s).length);
    assert.equal(
      sales.messages_received,
      cases.reduce((n, c) => n + c.messages_received, 0),
    );
    assert.equal(sales.reopened, cases.filter((c) => c.reopened).length);
    assert.equal((await http.get('/campaign/stats', { campaign_id: 999 })).status, 404);
    assert.equal((await http.get('/campaign/stats', { created_since: 'soon' })).status, 400);
  });
});
