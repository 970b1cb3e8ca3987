// docs/service-api/hosting/comments §4 (5 rows), on the demo seed's gist (ada's
// Note G, with comments by luigi and mary) and minimal gists.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, makeToken } from './helpers/hosting';

const ada = basic('ada'); // owner of the gist
const luigi = basic('luigi');
const grace = basic('grace');

describe('v3 gist comments (docs/service-api/hosting/comments §3, §4)', () => {
  let emu: TestEmulator;
  let gist: string;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    gist = String(emu.db.prepare("SELECT g.id FROM gists g JOIN users u ON u.id = g.owner_id WHERE u.login = 'ada'").pluck().get());
  });
  after(() => emu.dispose());

  it('POST /gists and GET /gists/:id (minimal gists, the target of comments)', async () => {
    const made = await call(emu, 'POST', '/gists', {
      auth: grace,
      body: { description: 'Compiler notes', public: false, files: { 'a0.txt': { content: 'A-0' } } },
    });
    assert.equal(made.status, 201);
    assert.equal(made.headers.get('location'), made.json.url);
    assert.equal(made.json.public, false);
    assert.equal(made.json.files['a0.txt'].content, 'A-0');
    const got = await call(emu, 'GET', `/gists/${made.json.id}`);
    assert.equal(got.json.owner.login, 'grace');
    assert.equal(got.json.comments, 0);
    assert.equal((await call(emu, 'POST', '/gists', { auth: grace, body: { files: {} } })).status, 422);
    assert.equal((await call(emu, 'GET', '/gists/999999')).status, 404);
    assert.equal((await call(emu, 'GET', `/gists/${gist}`)).json.comments, 2);
  });

  it('GET /gists/:gist_id/comments — 200, array in ascending id', async () => {
    const res = await call(emu, 'GET', `/gists/${gist}/comments`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((c: { user: { login: string } }) => c.user.login),
      ['luigi', 'mary'],
    );
    const [first] = res.json;
    assert.deepEqual(Object.keys(first).sort(), ['body', 'created_at', 'id', 'updated_at', 'url', 'user']);
    assert.equal(first.url, `${emu.url}/gists/${gist}/comments/${first.id}`);
    assert.equal((await call(emu, 'GET', '/gists/999999/comments')).status, 404);
  });

  it('GET /gists/:gist_id/comments/:id — 200, the comment; 404 under another gist', async () => {
    const id = (await call(emu, 'GET', `/gists/${gist}/comments`)).json[0].id;
    const res = await call(emu, 'GET', `/gists/${gist}/comments/${id}`);
    assert.equal(res.status, 200);
    assert.match(res.json.body, /B7/);
    const other = (await call(emu, 'POST', '/gists', { auth: grace, body: { files: { 'x.md': { content: 'x' } } } })).json.id;
    assert.equal((await call(emu, 'GET', `/gists/${other}/comments/${id}`)).status, 404);
    assert.equal((await call(emu, 'GET', `/gists/${gist}/comments/999999`)).status, 404);
  });

  it('POST /gists/:gist_id/comments — 201 with Location; body required; sign-in and the gist scope required', async () => {
    const res = await call(emu, 'POST', `/gists/${gist}/comments`, { auth: grace, body: { body: 'Lovely notation.' } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal(res.json.user.login, 'grace');
    const count = () => emu.db.prepare('SELECT count(*) FROM gist_comments').pluck().get();
    const before = count();
    const missing = await call(emu, 'POST', `/gists/${gist}/comments`, { auth: grace, body: {} });
    assert.deepEqual(missing.json.errors, [{ resource: 'GistComment', field: 'body', code: 'missing_field' }]);
    assert.equal((await call(emu, 'POST', `/gists/${gist}/comments`, { body: { body: 'anonymous' } })).status, 401);
    assert.equal(
      (await call(emu, 'POST', `/gists/${gist}/comments`, { token: makeToken(emu, 'grace', ['repo']), body: { body: 'no gist scope' } })).status,
      403,
    );
    assert.equal(count(), before);
    assert.equal(
      (await call(emu, 'POST', `/gists/${gist}/comments`, { token: makeToken(emu, 'grace', ['gist']), body: { body: 'with the gist scope' } })).status,
      201,
    );
  });

  it('PATCH /gists/:gist_id/comments/:id — 200 for the author, 403 for others; body required', async () => {
    const mine = (await call(emu, 'POST', `/gists/${gist}/comments`, { auth: luigi, body: { body: 'Frist.' } })).json;
    const res = await call(emu, 'PATCH', `/gists/${gist}/comments/${mine.id}`, { auth: luigi, body: { body: 'First.' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.body, 'First.');
    assert.equal((await call(emu, 'GET', `/gists/${gist}/comments/${mine.id}`)).json.body, 'First.');
    assert.equal((await call(emu, 'PATCH', `/gists/${gist}/comments/${mine.id}`, { auth: grace, body: { body: 'no' } })).status, 403);
    assert.equal((await call(emu, 'PATCH', `/gists/${gist}/comments/${mine.id}`, { auth: luigi, body: {} })).status, 422);
  });

  it('DELETE /gists/:gist_id/comments/:id — 204 for the author or the gist owner, 403 for others', async () => {
    const a = (await call(emu, 'POST', `/gists/${gist}/comments`, { auth: luigi, body: { body: 'one' } })).json;
    const b = (await call(emu, 'POST', `/gists/${gist}/comments`, { auth: luigi, body: { body: 'two' } })).json;
    assert.equal((await call(emu, 'DELETE', `/gists/${gist}/comments/${a.id}`, { auth: grace })).status, 403);
    assert.equal((await call(emu, 'DELETE', `/gists/${gist}/comments/${a.id}`, { auth: luigi })).status, 204);
    assert.equal((await call(emu, 'DELETE', `/gists/${gist}/comments/${b.id}`, { auth: ada })).status, 204, 'the gist owner may delete');
    assert.equal((await call(emu, 'GET', `/gists/${gist}/comments/${a.id}`)).status, 404);
  });

  it('body media types — html of a gist comment escapes everything', async () => {
    const made = (await call(emu, 'POST', `/gists/${gist}/comments`, { auth: grace, body: { body: 'a < b\nb > c' } })).json;
    const res = await call(emu, 'GET', `/gists/${gist}/comments/${made.id}`, { headers: { Accept: 'application/vnd.service.v3.full+json' } });
    assert.equal(res.json.body, 'a < b\nb > c');
    assert.equal(res.json.body_text, 'a < b\nb > c');
    assert.equal(res.json.body_html, '<p>a &lt; b<br>\nb &gt; c</p>');
  });
});
