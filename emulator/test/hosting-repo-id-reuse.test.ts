// Repository ids are reused after a delete (INTEGER PRIMARY KEY); a folder
// left under the reused id (a git process still writing into the deleted
// repository, found by the soak test as `ENOTEMPTY` on create, 500) must not
// fail the next create: it answers 201 with a repository of its own.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

describe('v3 repositories: a reused id with a stale git folder', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('POST /user/repos — the id of a deleted repository whose folder came back (written into after the delete): 201, an empty repository of its own', async () => {
    const ada = basic('ada');
    const made = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'first-holder', auto_init: true } });
    assert.equal(made.status, 201);
    assert.equal((await call(emu, 'DELETE', '/repos/ada/first-holder', { auth: ada })).status, 204);
    const stale = path.join(emu.dataDir, 'git', `${made.json.id}.git`);
    fs.mkdirSync(path.join(stale, 'objects', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(stale, 'objects', 'ab', 'cdef'), 'late write');
    const again = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'second-holder' } });
    assert.equal(again.status, 201, again.text);
    assert.equal(again.json.id, made.json.id);
    assert.equal(fs.existsSync(path.join(stale, 'objects', 'ab', 'cdef')), false);
    const refs = await call(emu, 'GET', '/repos/ada/second-holder/git/refs', { auth: ada });
    assert.deepEqual([refs.status, refs.json], [200, []], 'an empty repository of its own: no refs');
  });
});
