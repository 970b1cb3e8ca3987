// Size limits of the v2 API's text (engagement/conventions §9 leaves the largest field sizes
// undescribed; the emulator's limits are in emulator/README.md, "Size limits"): a
// parameter one character beyond its limit gets 422 with the envelope, the
// statusMessage naming the parameter and the limit, and nothing is stored; a
// parameter at its limit is accepted. One case per row of the documents.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { type Form, type EngagementAnswer, EngagementHttp } from './engagement-http';

describe('v2 size limits', () => {
  let emulator: TestEmulator;
  let http: EngagementHttp;
  let contactId: number;
  let caseId: number;
  before(async () => {
    emulator = await startEmulator({ seed: 'demo' });
    http = new EngagementHttp(emulator);
    await http.login();
    contactId = (await http.post('/contact', { name: 'Limit Tester' })).body.contact_id;
    caseId = (await http.post('/case', { contact_id: contactId, subject: 'limits' })).body.case_id;
  });
  after(() => emulator.dispose());

  function assertRefused(answer: EngagementAnswer, field: string, limit: number): void {
    assert.equal(answer.status, 422, JSON.stringify(answer.body)?.slice(0, 300));
    assert.deepEqual(answer.body, { success: false, statusMessage: `${field} is too long (maximum is ${limit} characters)` });
  }

  /** Contacts whose crm_id is `marker`: how many the search finds. */
  async function contactsMarked(marker: string): Promise<number> {
    return (await http.get('/contact', { crm_id: marker })).body.total;
  }

  it('contacts §3 (name, first_name, last_name, crm_id, client_id, extended_value): 255 characters accepted, 256 refused with 422 naming the field, no contact created', async () => {
    for (const field of ['name', 'first_name', 'last_name', 'crm_id', 'client_id', 'extended_value']) {
      const marker = `limit-${field}`;
      const form: Form = { name: 'N', crm_id: marker };
      assertRefused(await http.post('/contact', { ...form, [field]: 'x'.repeat(256) }), field, 255);
      assert.equal(await contactsMarked(field === 'crm_id' ? 'x'.repeat(256) : marker), 0, `${field}: nothing stored`);
      const ok = await http.post('/contact', { ...form, [field]: 'x'.repeat(255), echo_data: 'true' });
      assert.equal(ok.status, 200, field);
      assert.equal(ok.body.data[field], 'x'.repeat(255));
    }
  });

  it('contacts §3 note (repeatable): 65,536 characters accepted, 65,537 refused with 422 naming note, no contact created', async () => {
    assertRefused(await http.post('/contact', { name: 'N', crm_id: 'limit-note', note: ['short', 'n'.repeat(65_537)] }), 'note', 65_536);
    assert.equal(await contactsMarked('limit-note'), 0);
    const ok = await http.post('/contact', { name: 'N', note: 'n'.repeat(65_536), echo_data: 'true' });
    assert.equal(ok.body.data.notes[0].text.length, 65_536);
  });

  it('contacts §3 tag and §6 tags add/remove: 255 characters accepted, 256 refused with 422 naming the parameter', async () => {
    assertRefused(await http.post('/contact', { name: 'N', crm_id: 'limit-tag', tag: 't'.repeat(256) }), 'tag', 255);
    assert.equal(await contactsMarked('limit-tag'), 0);
    assertRefused(await http.post(`/contact/${contactId}/tags`, { add: 't'.repeat(256) }), 'add', 255);
    assertRefused(await http.post(`/contact/${contactId}/tags`, { remove: 't'.repeat(256) }), 'remove', 255);
    assert.deepEqual((await http.post(`/contact/${contactId}/tags`, { add: 't'.repeat(255) })).body.tags, ['t'.repeat(255)]);
  });

  it("contacts §3 email (the contact's email profile): 255 characters accepted, 256 refused with 422 naming email", async () => {
    const email = (n: number) => `${'e'.repeat(n - '@example.org'.length)}@example.org`;
    assertRefused(await http.post('/contact', { name: 'N', crm_id: 'limit-email', email: email(256) }), 'email', 255);
    assert.equal(await contactsMarked('limit-email'), 0);
    assert.equal((await http.post('/contact', { name: 'N', email: email(255) })).status, 200);
  });

  it('contacts §3 any other name (an extra attribute): 1,024 characters accepted, 1,025 refused with 422 naming the attribute', async () => {
    assertRefused(await http.post('/contact', { name: 'N', crm_id: 'limit-extra', favourite_bug: 'b'.repeat(1025) }), 'favourite_bug', 1024);
    assert.equal(await contactsMarked('limit-extra'), 0);
    assert.equal((await http.post('/contact', { name: 'N', favourite_bug: 'b'.repeat(1024), echo_data: 'true' })).body.data.favourite_bug.length, 1024);
  });

  it('contacts §4 updating a contact: the §3 limits hold (name 256 refused with 422), the contact unchanged', async () => {
    assertRefused(await http.post(`/contact/${contactId}`, { name: 'x'.repeat(256), note: 'kept out' }), 'name', 255);
    const after = (await http.get(`/contact/${contactId}`)).body;
    assert.equal(after.name, 'Limit Tester');
    assert.deepEqual(after.notes, []);
  });

  it('contacts §7 profiles add (source, ext_id, name, user_name 255; about 1,024; image_url 2,048): one beyond refused with 422 naming it, no profile added', async () => {
    const limits: Array<[string, number]> = [
      ['source', 255],
      ['ext_id', 255],
      ['name', 255],
      ['user_name', 255],
      ['about', 1024],
      ['image_url', 2048],
    ];
    for (const [field, limit] of limits) {
      const form = { source: 'twitter', ext_id: `@limit-${field}`, [field]: 'p'.repeat(limit + 1) };
      assertRefused(await http.post(`/contact/${contactId}/profiles/add`, form), field, limit);
      assert.equal((await http.post(`/contact/${contactId}/profiles/add`, { ...form, [field]: 'p'.repeat(limit) })).status, 200, field);
    }
    const profiles = (await http.get(`/contact/${contactId}/profiles`)).body.profiles as Array<Record<string, string>>;
    assert.equal(profiles.length, 1 + limits.length, 'only the accepted profiles were added');
  });

  it('cases §3 creating a case (subject 256; source, campaign 255; any other name 1,024): one beyond refused with 422 naming it, no case created', async () => {
    const before = (await http.get('/case', { contact_id: contactId })).body.total;
    const limits: Array<[string, number]> = [
      ['subject', 256],
      ['source', 255],
      ['campaign', 255],
      ['priority', 1024],
    ];
    for (const [field, limit] of limits) assertRefused(await http.post('/case', { contact_id: contactId, [field]: 'c'.repeat(limit + 1) }), field, limit);
    assert.equal((await http.get('/case', { contact_id: contactId })).body.total, before, 'no case created');
    const ok = await http.post('/case', {
      contact_id: contactId,
      subject: 's'.repeat(256),
      source: 'c'.repeat(255),
      priority: 'p'.repeat(1024),
      echo_data: 'true',
    });
    assert.deepEqual([ok.body.data.subject.length, ok.body.data.source.length, ok.body.data.priority.length], [256, 255, 1024]);
  });

  it('cases §3/§4 note and reply (repeatable): 65,536 characters accepted, 65,537 refused with 422 naming it, the case unchanged', async () => {
    assertRefused(await http.post(`/case/${caseId}`, { subject: 'changed', note: 'n'.repeat(65_537) }), 'note', 65_536);
    assertRefused(await http.post(`/case/${caseId}`, { reply: ['fine', 'r'.repeat(65_537)] }), 'reply', 65_536);
    const kept = (await http.get(`/case/${caseId}`)).body;
    assert.deepEqual([kept.subject, kept.notes, kept.messages_sent], ['limits', [], 0]);
    const ok = (await http.post(`/case/${caseId}`, { note: 'n'.repeat(65_536), reply: 'r'.repeat(65_536) })).body;
    assert.deepEqual([ok.notes[0].text.length, ok.messages_sent], [65_536, 1]);
  });

  it('cases §6 tags add/remove: 255 characters accepted, 256 refused with 422 naming the parameter', async () => {
    assertRefused(await http.post(`/case/${caseId}/tags`, { add: 't'.repeat(256) }), 'add', 255);
    assertRefused(await http.post('/case', { contact_id: contactId, tag: 't'.repeat(256) }), 'tag', 255);
    assert.deepEqual((await http.post(`/case/${caseId}/tags`, { add: 't'.repeat(255) })).body.tags, ['t'.repeat(255)]);
  });

  it('cases §7 messages (content 65,536; subject 256; fromId, fromName, fromUserName, fromCrmId, UUID 255): one beyond refused with 422 naming it, nothing filed', async () => {
    const base = { campaign: 'Support', source: 'email', fromId: 'limits@example.org', fromName: 'Limits', content: 'hello' };
    const limits: Array<[string, number]> = [
      ['content', 65_536],
      ['subject', 256],
      ['fromId', 255],
      ['fromName', 255],
      ['fromUserName', 255],
      ['fromCrmId', 255],
      ['UUID', 255],
    ];
    for (const [field, limit] of limits) assertRefused(await http.post('/message', { ...base, [field]: 'm'.repeat(limit + 1) }), field, limit);
    assert.equal((await http.get('/contact', { name: 'Limits' })).body.total, 0, 'no contact or case was filed');
    const ok = await http.post('/message', { ...base, content: 'm'.repeat(65_536), subject: 's'.repeat(256) });
    assert.equal(ok.body.success, true);
    assert.equal((await http.get(`/case/${ok.body.case_id}`)).body.subject.length, 256);
  });

  it('campaigns (POST /api/v2/campaign, not described): a name of 255 characters accepted, 256 refused with 422 naming name', async () => {
    assertRefused(await http.post('/campaign', { name: 'c'.repeat(256) }), 'name', 255);
    assert.equal(
      (await http.get('/campaign')).body.items.some((c: { name: string }) => c.name.length > 255),
      false,
    );
    assert.equal((await http.post('/campaign', { name: 'c'.repeat(255) })).body.success, true);
  });

  it('a 20 MB note in a form body (within the 25 MiB body limit): 422 naming note, the case unchanged', async () => {
    assertRefused(await http.post(`/case/${caseId}`, { note: 'n'.repeat(20 * 1024 * 1024) }), 'note', 65_536);
    assert.equal((await http.get(`/case/${caseId}`)).body.notes.length, 1);
  });

  it("a lone surrogate in a JSON body's text: 422 naming the field as not valid Unicode, no contact created", async () => {
    const res = await fetch(`${emulator.url}/api/v2/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: http.token, name: 'Lone', crm_id: 'limit-lone', last_name: 'x\ud800' }),
    });
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), { success: false, statusMessage: 'last_name is not valid Unicode text (it contains a lone surrogate)' });
    assert.equal(await contactsMarked('limit-lone'), 0);
  });
});
