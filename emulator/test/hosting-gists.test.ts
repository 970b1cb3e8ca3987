// The gist lists of the service family, beyond the documents (which have
// only gist comments and, here, POST /gists and GET /gists/:id as their
// target): GET /gists (the signed-in user's gists, secret ones included) and
// GET /users/:username/gists (a user's public gists; all of them to the user),
// most recently updated first, paged with Link like the other lists.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { findUser } from '../src/hosting/conventions/access';
import { insertGist } from '../src/hosting/gists/store';
import { basic, call, links, TIMESTAMP } from './helpers/hosting';

const ada = basic('ada');
const grace = basic('grace');

describe("v3 gist lists (the service family's, beyond the documents)", () => {
  let emu: TestEmulator;
  /** The demo gist of ada (public, "Note G"), then grace's: one public, one secret, older to newer. */
  let noteG: string;
  let graceIds: { public: string; secret: string };
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    noteG = String(emu.db.prepare("SELECT g.id FROM gists g JOIN users u ON u.id = g.owner_id WHERE u.login = 'ada'").pluck().get());
    const graceId = findUser(emu.db, 'grace')!.id;
    const open = insertGist(emu.db, graceId, { 'a0.md': '# A-0' }, 'The A-0 system', true, '2014-03-01T10:00:00Z');
    const secret = insertGist(emu.db, graceId, { 'cobol.txt': 'IDENTIFICATION DIVISION.' }, null, false, '2014-04-01T10:00:00Z');
    graceIds = { public: String(open.id), secret: String(secret.id) };
  });
  after(() => emu.dispose());

  it("GET /gists — the signed-in user's gists, secret ones included, newest update first; files listed without their content", async () => {
    const res = await call(emu, 'GET', '/gists', { auth: grace });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((g: { id: string }) => g.id),
      [graceIds.secret, graceIds.public],
    );
    const [secret, open] = res.json;
    assert.equal(secret.public, false);
    assert.equal(secret.description, null);
    assert.equal(open.description, 'The A-0 system');
    assert.equal(open.owner.login, 'grace');
    assert.equal(open.truncated, false);
    assert.deepEqual(Object.keys(open.files), ['a0.md']);
    assert.equal(open.files['a0.md'].filename, 'a0.md');
    assert.equal(open.files['a0.md'].size, 5);
    assert.equal(open.files['a0.md'].content, undefined, 'a list leaves the content out; GET /gists/:id has it');
    assert.equal(open.url, `${emu.url}/gists/${graceIds.public}`);
    assert.equal(open.comments_url, `${emu.url}/gists/${graceIds.public}/comments`);
    assert.match(open.updated_at, TIMESTAMP);
    assert.equal(open.updated_at, '2014-03-01T10:00:00Z');
    // Ada's list holds her own gist with its comment count, and none of grace's.
    const mine = (await call(emu, 'GET', '/gists', { auth: ada })).json;
    assert.deepEqual(
      mine.map((g: { id: string }) => g.id),
      [noteG],
    );
    assert.equal(mine[0].comments, 2);
    assert.equal(mine[0].description, 'Note G, for the translators');
  });

  it('GET /gists — anonymously, every public gist (the secret one left out)', async () => {
    const res = await call(emu, 'GET', '/gists');
    assert.equal(res.status, 200);
    const ids = res.json.map((g: { id: string }) => g.id);
    assert.ok(ids.includes(graceIds.public) && ids.includes(noteG), `public gists listed: ${ids.join(', ')}`);
    assert.ok(!ids.includes(graceIds.secret));
  });

  it('GET /users/:username/gists — public gists to others, secret ones too to the user; 404 for an unknown user', async () => {
    const byAda = await call(emu, 'GET', '/users/grace/gists', { auth: ada });
    assert.equal(byAda.status, 200);
    assert.deepEqual(
      byAda.json.map((g: { id: string }) => g.id),
      [graceIds.public],
    );
    const anonymous = await call(emu, 'GET', '/users/grace/gists');
    assert.deepEqual(
      anonymous.json.map((g: { id: string }) => g.id),
      [graceIds.public],
    );
    const byGrace = await call(emu, 'GET', '/users/grace/gists', { auth: grace });
    assert.deepEqual(
      byGrace.json.map((g: { id: string }) => g.id),
      [graceIds.secret, graceIds.public],
    );
    assert.deepEqual((await call(emu, 'GET', '/users/charles/gists')).json, []);
    assert.equal((await call(emu, 'GET', '/users/nobody-here/gists')).status, 404);
  });

  it('since — only gists updated at or after it; a value that is no time is 422 invalid', async () => {
    const res = await call(emu, 'GET', '/gists?since=2014-03-15T00:00:00Z', { auth: grace });
    assert.deepEqual(
      res.json.map((g: { id: string }) => g.id),
      [graceIds.secret],
    );
    const bad = await call(emu, 'GET', '/gists?since=yesterday', { auth: grace });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.json.errors, [{ resource: 'Gist', field: 'since', code: 'invalid' }]);
  });

  it('pagination — page and per_page with a Link header (next, last, then first, prev), as the other lists', async () => {
    const graceId = findUser(emu.db, 'grace')!.id;
    for (let i = 0; i < 3; i += 1) insertGist(emu.db, graceId, { [`note-${i}.txt`]: `note ${i}` }, `Note ${i}`, i % 2 === 0, `2015-01-0${i + 1}T10:00:00Z`);
    const all = (await call(emu, 'GET', '/gists?per_page=100', { auth: grace })).json.map((g: { id: string }) => g.id);
    assert.equal(all.length, 5);
    const first = await call(emu, 'GET', '/gists?per_page=2', { auth: grace });
    const l1 = links(first.headers.get('link'));
    assert.deepEqual(Object.keys(l1).sort(), ['last', 'next']);
    assert.equal(new URL(l1.last!).searchParams.get('page'), '3');
    const second = await call(emu, 'GET', l1.next!, { auth: grace });
    const l2 = links(second.headers.get('link'));
    assert.deepEqual(Object.keys(l2).sort(), ['first', 'last', 'next', 'prev']);
    const third = await call(emu, 'GET', l2.next!, { auth: grace });
    assert.equal(links(third.headers.get('link')).next, undefined);
    const paged = [...first.json, ...second.json, ...third.json].map((g: { id: string }) => g.id);
    assert.deepEqual(paged, all, 'the pages together are the whole list, in its order');
  });

  it("a new comment shows in the list's comment count; an unchanged list answers 304 to its ETag", async () => {
    const before = await call(emu, 'GET', '/gists', { auth: ada });
    const again = await call(emu, 'GET', '/gists', { auth: ada, headers: { 'If-None-Match': before.headers.get('etag')! } });
    assert.equal(again.status, 304);
    assert.equal((await call(emu, 'POST', `/gists/${noteG}/comments`, { auth: grace, body: { body: 'Counted.' } })).status, 201);
    const after = await call(emu, 'GET', '/gists', { auth: ada, headers: { 'If-None-Match': before.headers.get('etag')! } });
    assert.equal(after.status, 200);
    assert.equal(after.json[0].comments, 3);
  });

  it("html_url and raw_url — the gist's page (description, file content, comments, escaped) and its raw file; 404 pages for unknown ones", async () => {
    const gist = (await call(emu, 'GET', `/gists/${noteG}`)).json;
    const browse = (url: string) => call(emu, 'GET', url, { headers: { Accept: 'text/html' } });
    const pageRes = await browse(gist.html_url);
    assert.equal(pageRes.status, 200);
    assert.equal(pageRes.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.ok(pageRes.text.includes('Note G, for the translators'));
    assert.ok(pageRes.text.includes('Bernoulli numbers computed on the engine.'));
    assert.ok(pageRes.text.includes('The operation cards for B7 look right to me.'));
    const raw = await browse(gist.files['note-g.md'].raw_url);
    assert.equal(raw.status, 200);
    assert.equal(raw.text, '# Note G\n\nBernoulli numbers computed on the engine.\n');
    const made = await call(emu, 'POST', '/gists', {
      auth: grace,
      body: { description: '<script>alert(1)</script>', files: { 'x.txt': { content: '<b>x</b>' } } },
    });
    const escaped = await browse(made.json.html_url);
    assert.ok(!escaped.text.includes('<script>alert(1)</script>') && !escaped.text.includes('<b>x</b>'));
    assert.equal((await browse(`${emu.url}/gist/999999`)).status, 404);
    assert.equal((await browse(`${gist.html_url}/raw/constructor`)).status, 404);
  });
});
