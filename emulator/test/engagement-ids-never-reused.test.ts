// The v2 service never gives the id of a removed profile to a new one
// (emulator/src/ids-never-reused.ts). Profiles are the only v2 records an
// endpoint removes: contacts, cases, notes and messages are never deleted.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { EngagementHttp } from './engagement-http';

describe('v2: the id of a removed profile is never given again', () => {
  let emulator: TestEmulator;
  let http: EngagementHttp;
  before(async () => {
    emulator = await startEmulator({ seed: 'demo' });
    http = new EngagementHttp(emulator);
    await http.login();
  });
  after(() => emulator.dispose());

  /** Adds a twitter profile to contact 4; its id. */
  const added = async (extId: string): Promise<number> => {
    const { body } = await http.post('/contact/4/profiles/add', { source: 'twitter', ext_id: extId });
    assert.equal(body.success, true, body.statusMessage);
    return (body.profiles as Array<{ id: number; ext_id: string }>).find((p) => p.ext_id === extId)!.id;
  };

  it('POST /api/v2/contact/<id>/profiles/remove of the newest profile, then /add: the new profile has an id above both', async () => {
    const first = await added('ids-1');
    const second = await added('ids-2');
    assert.ok(second > first);
    assert.equal((await http.post('/contact/4/profiles/remove', { source: 'twitter', ext_id: 'ids-2' })).body.success, true);
    const third = await added('ids-3');
    assert.ok(third > second, `the new profile ${third} is above the removed ${second}`);
  });

  it('POST /api/v2/contact after the newest profile was removed: the new contact’s own profile has a new id too', async () => {
    const removed = await added('ids-4');
    assert.equal((await http.post('/contact/4/profiles/remove', { source: 'twitter', ext_id: 'ids-4' })).body.success, true);
    const contact = await http.post('/contact', { name: 'Augusta King', echo_data: 'true' });
    assert.equal(contact.body.success, true);
    const [own] = contact.body.data.profiles as Array<{ id: number; source: string }>;
    assert.equal(own!.source, 'custom');
    assert.ok(own!.id > removed, `${own!.id} is above the removed ${removed}`);
  });
});
