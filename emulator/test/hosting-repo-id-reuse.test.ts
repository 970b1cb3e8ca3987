// A deleted repository's id is never given again (emulator/src/ids-never-reused.ts),
// so a folder that came back under it (a git process still writing into the
// deleted repository, found by the soak test as `ENOTEMPTY` on create, 500) is
// never the next repository's. A folder under the id the next create does get
// (a create that failed after moving its folder in did not use the id up) is
// replaced: 201 with a repository of its own.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

describe('v3 repositories: stale git folders and repository ids', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  /** A folder under `id` as a late writer leaves it: objects, no refs. */
  const staleFolder = (id: number) => {
    const stale = path.join(emu.dataDir, 'git', `${id}.git`);
    fs.mkdirSync(path.join(stale, 'objects', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(stale, 'objects', 'ab', 'cdef'), 'late write');
    return stale;
  };
  const noRefs = async (name: string) => {
    const refs = await call(emu, 'GET', `/repos/ada/${name}/git/refs`, { auth: ada });
    assert.deepEqual([refs.status, refs.json], [200, []], 'an empty repository of its own: no refs');
  };

  it('POST /user/repos after a deleted repository’s folder came back (written into after the delete): 201 under a new id, an empty repository of its own', async () => {
    const made = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'first-holder', auto_init: true } });
    assert.equal(made.status, 201);
    assert.equal((await call(emu, 'DELETE', '/repos/ada/first-holder', { auth: ada })).status, 204);
    staleFolder(made.json.id);
    const again = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'second-holder' } });
    assert.equal(again.status, 201, again.text);
    assert.ok(again.json.id > made.json.id, 'the deleted repository’s id is not given again');
    await noRefs('second-holder');
  });

  it('POST /user/repos with a stale folder under the id it gets: 201, the folder replaced by an empty repository', async () => {
    const made = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'third-holder' } });
    assert.equal(made.status, 201);
    const stale = staleFolder(made.json.id + 1);
    const next = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'fourth-holder' } });
    assert.equal(next.status, 201, next.text);
    assert.equal(next.json.id, made.json.id + 1);
    assert.equal(fs.existsSync(path.join(stale, 'objects', 'ab', 'cdef')), false);
    await noRefs('fourth-holder');
  });
});
