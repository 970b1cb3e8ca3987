// Annotated tags over HTTP: POST /repos/:owner/:repo/git/tags writes a tag
// object (beyond the documents, as the service family has it) and GET
// .../git/tags/:sha reads it; bad input is a 422 in the API's shape, nothing
// is written without push access.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const REPO = '/repos/ada/notes-on-the-engine';

describe('v3 git data: annotated tags (POST and GET /git/tags)', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  const mary = basic('mary');
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  const master = async (): Promise<string> => (await call(emu, 'GET', `${REPO}/git/refs/heads/master`, { auth: ada })).json.object.sha;

  it('POST /git/tags → 201 with Location; the tagger defaults to the signed-in user; GET /git/tags/:sha reads it back', async () => {
    const object = await master();
    const res = await call(emu, 'POST', `${REPO}/git/tags`, { auth: ada, body: { tag: 'v3.0.0', message: 'Third', object, type: 'commit' } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.deepEqual(
      [res.json.tag, res.json.message, res.json.object.sha, res.json.object.type, res.json.tagger.name],
      ['v3.0.0', 'Third\n', object, 'commit', 'Ada Lovelace'],
    );
    const read = await call(emu, 'GET', `${REPO}/git/tags/${res.json.sha}`, { auth: ada });
    assert.equal(read.status, 200);
    assert.deepEqual(read.json, res.json);
  });

  it('POST /git/tags without tag, message or object → 422 missing_field naming it; an unknown object or a NUL → 422', async () => {
    const object = await master();
    for (const field of ['tag', 'message', 'object']) {
      const body: Record<string, string> = { tag: 'v3.0.1', message: 'm', object };
      delete body[field];
      const res = await call(emu, 'POST', `${REPO}/git/tags`, { auth: ada, body });
      assert.equal(res.status, 422, field);
      assert.deepEqual(res.json.errors, [{ resource: 'Tag', field, code: 'missing_field' }]);
    }
    assert.equal((await call(emu, 'POST', `${REPO}/git/tags`, { auth: ada, body: { tag: 'v3.0.2', message: 'm', object: 'f'.repeat(40) } })).status, 422);
    const nul = await call(emu, 'POST', `${REPO}/git/tags`, { auth: ada, body: { tag: 'v3.0.3', message: 'a\u0000b', object } });
    assert.deepEqual([nul.status, nul.json.errors?.[0]?.field], [422, 'message']);
  });

  it('POST /git/tags by a user without push access → 404 (the repository is public, the write is not theirs), nothing written', async () => {
    const res = await call(emu, 'POST', `${REPO}/git/tags`, { auth: mary, body: { tag: 'v3.1.0', message: 'no', object: await master() } });
    assert.equal(res.status, 404);
  });
});
