// v2 document: the contact rows (create, get, update, search, profiles, tags)
// and the Bad input rules that apply to them.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { V2_DATE, EngagementHttp } from './engagement-http';

describe('v2 contacts', () => {
  let emulator: TestEmulator;
  let http: EngagementHttp;
  before(async () => {
    emulator = await startEmulator({ seed: 'demo' });
    http = new EngagementHttp(emulator);
    await http.login();
  });
  after(() => emulator.dispose());

  it('POST /api/v2/contact — creates with fields, repeated note and tag, a dynamic attribute; echo_data returns the contact', async () => {
    const before = Date.now();
    const { status, body } = await http.post('/contact', {
      name: 'Grace Hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      crm_id: 'CRM-9001',
      client_id: 'C-9',
      extended_value: 'Amazing Grace',
      note: ['first note', 'second note'],
      tag: ['navy', 'cobol'],
      favourite_bug: 'moth',
      echo_data: 'true',
    });
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.equal(typeof body.contact_id, 'number');
    const c = body.data;
    assert.equal(c.id, body.contact_id);
    assert.deepEqual(
      [c.name, c.first_name, c.last_name, c.crm_id, c.client_id, c.extended_value],
      ['Grace Hopper', 'Grace', 'Hopper', 'CRM-9001', 'C-9', 'Amazing Grace'],
    );
    assert.deepEqual(c.tags, ['cobol', 'navy']);
    assert.equal(c.favourite_bug, 'moth');
    assert.deepEqual(
      c.notes.map((n: { text: string }) => n.text),
      ['first note', 'second note'],
    );
    assert.equal(c.notes[0].userName, 'ada');
    assert.ok(Number.isInteger(c.notes[0].date) && c.notes[0].date >= before - 1000, 'note date is epoch milliseconds');
    assert.equal(c.cases, 0);
    assert.equal(c.url, `${emulator.url}/api/v2/contact/${c.id}`);
    assert.match(c.creation_date, V2_DATE);
    assert.ok(c.creation_date.endsWith('-0300'), 'default time zone -0300');
    assert.equal(c.updated_by, 'ada');
    assert.equal(c.profiles.length, 1, 'a contact has at least one profile');
  });

  it('POST /api/v2/contact — without echo_data answers success and contact_id only', async () => {
    const { body } = await http.post('/contact', { name: 'Alan Turing', email: 'alan@bletchley.example' });
    assert.deepEqual(Object.keys(body).sort(), ['contact_id', 'success']);
    const got = await http.get(`/contact/${body.contact_id}`);
    assert.deepEqual(
      got.body.profiles.map((p: { source: string; ext_id: string }) => [p.source, p.ext_id]),
      [['email', 'alan@bletchley.example']],
    );
  });

  it('POST /api/v2/contact — missing name: 400, success false, statusMessage names it', async () => {
    const { status, body } = await http.post('/contact', { crm_id: 'x' });
    assert.equal(status, 400);
    assert.deepEqual(body, { success: false, statusMessage: 'Missing required parameter: name' });
  });

  it('POST /api/v2/contact — a read-only field such as cases is refused with a clear statusMessage', async () => {
    const { status, body } = await http.post('/contact', { name: 'X', cases: 3 });
    assert.equal(status, 400);
    assert.equal(body.statusMessage, 'Field cases is read-only');
  });

  it('GET /api/v2/contact/<id> — the seeded contact with email, twitter profiles, tags and notes', async () => {
    const { status, body } = await http.get('/contact/1');
    assert.equal(status, 200);
    assert.equal(body.name, 'Charles Babbage');
    assert.deepEqual(
      body.profiles.map((p: { source: string }) => p.source),
      ['email', 'twitter'],
    );
    assert.equal(body.profiles[1].user_name, '@cbabbage');
    assert.equal(body.cases, 2);
    assert.deepEqual(body.tags, ['vip']);
  });

  it('GET /api/v2/contact/<id> — unknown id: 404 with the envelope', async () => {
    for (const id of ['999999', 'abc']) {
      const { status, body } = await http.get(`/contact/${id}`);
      assert.equal(status, 404);
      assert.deepEqual(body, { success: false, statusMessage: `Contact ${id} not found` });
    }
  });

  it('POST /api/v2/contact/<id> — updates fields, adds a note with the acting user, keeps other fields, stores attributes', async () => {
    const created = await http.post('/contact', { name: 'Konrad Zuse', crm_id: 'Z-1' });
    const id = created.body.contact_id;
    const { status, body } = await http.post(`/contact/${id}`, { last_name: 'Zuse', note: 'called about Z3', tag: 'relay', machine: 'Z3' });
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.deepEqual([body.name, body.last_name, body.crm_id, body.machine], ['Konrad Zuse', 'Zuse', 'Z-1', 'Z3']);
    assert.deepEqual(body.tags, ['relay']);
    assert.deepEqual(
      body.notes.map((n: { text: string; userName: string }) => [n.text, n.userName]),
      [['called about Z3', 'ada']],
    );
    const unknown = await http.post('/contact/424242', { name: 'x' });
    assert.equal(unknown.status, 404);
  });

  it('GET /api/v2/contact — search by name answers success, total and items', async () => {
    const { status, body } = await http.get('/contact', { name: 'babb' });
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.equal(body.total, 1);
    assert.equal(body.items[0].name, 'Charles Babbage');
  });

  it('GET /api/v2/contact — search by crm_id, and updated_since', async () => {
    assert.deepEqual(
      (await http.get('/contact', { crm_id: 'CRM-0004' })).body.items.map((c: { name: string }) => c.name),
      ['Joseph Clement'],
    );
    const future = await http.get('/contact', { updated_since: '2099-01-01T00:00:00-0300' });
    assert.equal(future.body.total, 0);
    const all = await http.get('/contact', { updated_since: '2000-01-01T00:00:00-0300' });
    assert.ok(all.body.total >= 6);
  });

  it('GET /api/v2/contact — count, index, order_by and order_dir page through the ordered set', async () => {
    const first = await http.get('/contact', { count: 2, index: 0, order_by: 'name', order_dir: 'DESC' });
    const second = await http.get('/contact', { count: 2, index: 2, order_by: 'name', order_dir: 'DESC' });
    const everything = await http.get('/contact', { count: 100, order_by: 'name', order_dir: 'DESC' });
    const names = everything.body.items.map((c: { name: string }) => c.name);
    assert.deepEqual(
      names,
      [...names].sort((a: string, b: string) => b.localeCompare(a, 'en', { sensitivity: 'base' })),
    );
    assert.deepEqual(
      [...first.body.items, ...second.body.items].map((c: { name: string }) => c.name),
      names.slice(0, 4),
    );
    assert.equal(first.body.total, everything.body.total);
  });

  it('GET /api/v2/contact — Bad input: order_by unknown, order_dir wrong, count 0 and 100000, bad date', async () => {
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ order_by: 'shoe_size' }, /order_by: unknown attribute "shoe_size"/],
      [{ order_dir: 'UP' }, /order_dir must be ASC or DESC/],
      [{ count: 0 }, /count must be between 1 and 100, got 0/],
      [{ count: 100000 }, /count must be between 1 and 100, got 100000/],
      [{ index: -1 }, /index must be between 0/],
      [{ updated_since: '2026-03-01' }, /updated_since is not a date of the form yyyy-MM-ddTHH:mm:ss±hhmm/],
      [{ updated_since: '2026-02-30T10:00:00-0300' }, /not a date/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await http.get('/contact', query);
      assert.equal(status, 400, JSON.stringify(query));
      assert.equal(body.success, false);
      assert.match(body.statusMessage, message);
    }
  });

  it('GET /api/v2/contact/<id>/profiles — lists the profiles; add needs source and ext_id', async () => {
    const { body } = await http.get('/contact/2/profiles');
    assert.deepEqual(
      body.profiles.map((p: { source: string }) => p.source),
      ['email', 'facebook'],
    );
    const missing = await http.post('/contact/2/profiles/add', { source: 'twitter' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.statusMessage, 'Missing required parameter: ext_id');
  });

  it('POST /api/v2/contact/<id>/profiles/add and /remove — add a twitter profile, remove it again', async () => {
    const added = await http.post('/contact/4/profiles/add', { source: 'twitter', ext_id: '1793', user_name: '@jclement', name: 'Joseph', followers: 12 });
    assert.equal(added.body.success, true);
    const twitter = added.body.profiles.find((p: { source: string }) => p.source === 'twitter');
    assert.deepEqual([twitter.ext_id, twitter.user_name, twitter.name, twitter.followers], ['1793', '@jclement', 'Joseph', 12]);
    const removed = await http.post('/contact/4/profiles/remove', { source: 'twitter', ext_id: '1793' });
    assert.deepEqual(
      removed.body.profiles.map((p: { source: string }) => p.source),
      ['email'],
    );
  });

  it('POST /api/v2/contact/<id>/profiles/add — a profile owned by another contact fails (200, success false)', async () => {
    const { status, body } = await http.post('/contact/4/profiles/add', { source: 'email', ext_id: 'charles@difference.engine' });
    assert.equal(status, 200);
    assert.equal(body.success, false);
    assert.match(body.statusMessage, /already belongs to contact 1/);
  });

  it('POST /api/v2/contact/<id>/profiles/remove — the last profile stays: 200, success false (a contact keeps at least one profile)', async () => {
    const { status, body } = await http.post('/contact/4/profiles/remove', { source: 'email', ext_id: 'joseph@clement-workshop.example' });
    assert.equal(status, 200);
    assert.equal(body.success, false);
    assert.match(body.statusMessage, /at least one profile/);
    assert.equal((await http.get('/contact/4/profiles')).body.profiles.length, 1);
    const absent = await http.post('/contact/4/profiles/remove', { source: 'email', ext_id: 'nobody@example' });
    assert.equal(absent.body.success, false);
  });

  it('GET /api/v2/contact/<id>/tags — lists; POST with repeated add= and remove= returns the whole contact', async () => {
    assert.deepEqual((await http.get('/contact/6/tags')).body, { success: true, tags: ['vip'] });
    const { body } = await http.post('/contact/6/tags', { add: ['logic', 'algebra'], remove: 'vip' });
    assert.equal(body.success, true);
    assert.equal(body.id, 6);
    assert.equal(body.name, 'Augustus De Morgan');
    assert.deepEqual(body.tags, ['algebra', 'logic']);
    const nothing = await http.post('/contact/6/tags', {});
    assert.equal(nothing.status, 400);
    assert.equal((await http.get('/contact/777/tags')).status, 404);
  });
});
