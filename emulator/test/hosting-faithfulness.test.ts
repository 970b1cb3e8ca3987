// Fields and shapes as the service sends them: organizations are users of
// type Organization (GET /users/:login has the user shape for both), and
// fields that do not apply are left out rather than sent as null
// (previous_filename of a pull request file, in_reply_to_id of a root review
// comment).
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const R = '/repos/analytical-engines/difference-engine';

describe('faithful shapes (docs/service-api/hosting/users §1, §2, docs/service-api/hosting/pulls §5, §7)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('GET /users/:login of an organization — the user shape with type Organization, not the /orgs/:org representation', async () => {
    const asUser = await call(emu, 'GET', '/users/analytical-engines');
    const person = await call(emu, 'GET', '/users/ada');
    const asOrg = await call(emu, 'GET', '/orgs/analytical-engines');
    assert.equal(asUser.status, 200);
    assert.equal(asUser.json.type, 'Organization');
    assert.equal(asUser.json.login, 'analytical-engines');
    assert.deepEqual(Object.keys(asUser.json).sort(), Object.keys(person.json).sort());
    assert.notDeepEqual(Object.keys(asUser.json).sort(), Object.keys(asOrg.json).sort());
    assert.ok(!('members_url' in asUser.json));
  });

  it('GET /repos/:owner/:repo/pulls/:number/files — previous_filename only on renamed files', async () => {
    let sawOther = false;
    for (const n of [1, 2, 3]) {
      const res = await call(emu, 'GET', `${R}/pulls/${n}/files`, { auth: basic('ada') });
      assert.equal(res.status, 200);
      for (const f of res.json as Array<Record<string, unknown>>) {
        if (f.status === 'renamed') {
          assert.equal(typeof f.previous_filename, 'string');
        } else {
          sawOther = true;
          assert.ok(!('previous_filename' in f), `${String(f.filename)} (${String(f.status)}) carries previous_filename`);
        }
      }
    }
    assert.ok(sawOther);
  });

  it('review comments — in_reply_to_id only on replies; a root comment leaves it out', async () => {
    const list = await call(emu, 'GET', `${R}/pulls/comments`, { auth: basic('ada') });
    const all = list.status === 200 ? (list.json as Array<Record<string, unknown>>) : [];
    const one = await call(emu, 'GET', `${R}/pulls/comments/1`, { auth: basic('ada') });
    assert.equal(one.status, 200);
    for (const c of [...all, one.json as Record<string, unknown>]) {
      if ('in_reply_to_id' in c) assert.equal(typeof c.in_reply_to_id, 'number');
    }
    const reply = await call(emu, 'POST', `${R}/pulls/1/comments`, { auth: basic('ada'), body: { body: 'a reply', in_reply_to: 1 } });
    assert.equal(reply.status, 201, reply.text);
    const root = (reply.json.in_reply_to_id as number | undefined) ?? 1;
    const rootComment = await call(emu, 'GET', `${R}/pulls/comments/${root}`, { auth: basic('ada') });
    assert.ok(!('in_reply_to_id' in rootComment.json), 'the root of the thread has no in_reply_to_id');
    assert.equal(reply.json.in_reply_to_id, root);
  });
});
