// User text at the input (docs/service-api/hosting/conventions §11: 422 Validation Failed with the
// resource and the field): text that is not well-formed Unicode (a lone
// surrogate, which cannot be percent-encoded into a URL or a header) and text
// beyond the size limits of docs/EMULATOR.md ("Size limits") are refused
// with 422 naming the field, never stored and never answered with 500.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const LONE = 'engine-\ud800';
const ada = basic('ada');
const REPO = '/repos/analytical-engines/difference-engine';

describe('v3 text input: lone surrogates and size limits', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function assertRefused(res: { status: number; json: any }, resource: string, field: string, words: RegExp): void {
    assert.equal(res.status, 422, JSON.stringify(res.json));
    assert.equal(res.json.message, 'Validation Failed');
    assert.deepEqual(
      res.json.errors.map((e: { resource: string; field: string; code: string }) => [e.resource, e.field, e.code]),
      [[resource, field, 'invalid']],
    );
    assert.match(res.json.errors[0].message, words);
  }

  it('PATCH /repos/:owner/:repo/releases/assets/:id — a lone surrogate in the asset name: 422 naming name, the asset unchanged', async () => {
    const releases = (await call(emu, 'GET', `${REPO}/releases`, { auth: ada })).json as Array<{ assets: Array<{ id: number; name: string }> }>;
    const asset = releases.flatMap((r) => r.assets)[0]!;
    const res = await call(emu, 'PATCH', `${REPO}/releases/assets/${asset.id}`, { auth: ada, body: { name: LONE } });
    assertRefused(res, 'ReleaseAsset', 'name', /not valid Unicode/);
    assert.equal((await call(emu, 'GET', `${REPO}/releases/assets/${asset.id}`, { auth: ada })).json.name, asset.name);
  });

  it('POST /repos/:owner/:repo/labels — a lone surrogate in the label name: 422 naming name', async () => {
    assertRefused(await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: LONE, color: 'ffffff' } }), 'Label', 'name', /not valid Unicode/);
  });

  it('POST /repos/:owner/:repo/releases — a lone surrogate in tag_name: 422 naming tag_name', async () => {
    assertRefused(await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: LONE } }), 'Release', 'tag_name', /not valid Unicode/);
  });

  it('POST /gists — a lone surrogate in a file name (an object key): 422 naming files', async () => {
    assertRefused(
      await call(emu, 'POST', '/gists', { auth: ada, body: { public: true, files: { [LONE]: { content: 'x' } } } }),
      'Gist',
      'files',
      /not valid Unicode/,
    );
  });

  it('POST /repos/:owner/:repo/issues/:number/labels — a lone surrogate in a name of the list: 422 naming name', async () => {
    assertRefused(await call(emu, 'POST', `${REPO}/issues/4/labels`, { auth: ada, body: [LONE] }), 'Label', 'name', /not valid Unicode/);
  });

  it("label name: 50 characters are accepted, 51 refused with 422 naming name and the limit (docs/service-api/hosting/labels §1 sets no limit: the real service's 50)", async () => {
    assert.equal((await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'l'.repeat(50), color: 'ffffff' } })).status, 201);
    assertRefused(
      await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'l'.repeat(51), color: 'ffffff' } }),
      'Label',
      'name',
      /maximum is 50 characters/,
    );
    assertRefused(await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'l'.repeat(20_000), color: 'ffffff' } }), 'Label', 'name', /too long/);
  });

  it('repository description: 350 characters accepted, 351 refused with 422 naming description', async () => {
    assert.equal(
      (await call(emu, 'PATCH', '/repos/ada/notes-on-the-engine', { auth: ada, body: { name: 'notes-on-the-engine', description: 'd'.repeat(350) } })).status,
      200,
    );
    assertRefused(
      await call(emu, 'PATCH', '/repos/ada/notes-on-the-engine', { auth: ada, body: { name: 'notes-on-the-engine', description: 'd'.repeat(351) } }),
      'Repository',
      'description',
      /maximum is 350 characters/,
    );
  });

  it('issue title 256 / body 65,536 characters: accepted at the limit, 422 naming the field one beyond', async () => {
    const ok = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/issues', { auth: ada, body: { title: 't'.repeat(256), body: 'b'.repeat(65_536) } });
    assert.equal(ok.status, 201);
    assertRefused(
      await call(emu, 'POST', '/repos/ada/notes-on-the-engine/issues', { auth: ada, body: { title: 't'.repeat(257) } }),
      'Issue',
      'title',
      /maximum is 256 characters/,
    );
    assertRefused(
      await call(emu, 'POST', '/repos/ada/notes-on-the-engine/issues', { auth: ada, body: { title: 'ok', body: 'b'.repeat(65_537) } }),
      'Issue',
      'body',
      /maximum is 65536 characters/,
    );
  });

  it('a 20 MB name in a JSON body: 422 naming name (within the HTTP body limit of 25 MB)', async () => {
    assertRefused(
      await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'n'.repeat(20 * 1024 * 1024) } }),
      'Repository',
      'name',
      /maximum is 100 characters/,
    );
  });
});
