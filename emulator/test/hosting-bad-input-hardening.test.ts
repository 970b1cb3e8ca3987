// Errors (docs/service-api/hosting/conventions §11) and the v2 envelope
// (docs/service-api/engagement/conventions §5, §7): input that used to reach a
// crash answers a clear 4xx in the service's error shape — deeply nested v2
// bodies, characters git refuses in branch names, tags and commit messages,
// broken percent-encoding in a path, non-ASCII asset names on download, and
// unknown avatars.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { contentDisposition } from '../src/hosting/releases/assets';
import { isSafeRefName } from '../src/hosting/conventions/git-input';
import { basic, call, rawRequest, UA } from './helpers/hosting';
import { EngagementHttp } from './engagement-http';

const R = '/repos/analytical-engines/difference-engine';
/** Every v2 write endpoint (docs/service-api/engagement/contacts §3–§7, docs/service-api/engagement/cases §3–§7), and /authenticate. */
const V2_WRITES = [
  '/authenticate',
  '/contact',
  '/contact/1',
  '/contact/1/profiles/add',
  '/contact/1/profiles/remove',
  '/contact/1/tags',
  '/case',
  '/case/1',
  '/case/1/tags',
  '/message',
  '/campaign',
];

describe('bad input answers 4xx, never 500 (Errors rows of documents 1 and 3)', () => {
  let emu: TestEmulator;
  let v2: EngagementHttp;
  const ada = basic('ada');
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    v2 = new EngagementHttp(emu);
    await v2.login();
  });
  after(() => emu.dispose());

  it('v2 POST /authenticate and write endpoints — a JSON body nested thousands deep gets 400, success false', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const deepArray = '['.repeat(5000) + ']'.repeat(5000);
    for (const path of V2_WRITES) {
      for (const body of [deep, deepArray]) {
        const res = await fetch(`${emu.url}/api/v2${path}?access_token=${v2.token}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        assert.equal(res.status, 400, path);
        const json = (await res.json()) as { success: boolean; statusMessage: string };
        assert.equal(json.success, false);
        assert.match(json.statusMessage, /nests deeper/);
      }
    }
  });

  it('v2 — parameter names nested thousands deep (a[b][c]…) get 400, success false', async () => {
    const key = 'a' + '[b]'.repeat(5000);
    for (const path of V2_WRITES) {
      const res = await fetch(`${emu.url}/api/v2${path}?access_token=${v2.token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `${key}=1&${key}[c]=2`,
      });
      assert.equal(res.status, 400, path);
      assert.equal(((await res.json()) as { success: boolean }).success, false);
    }
  });

  it('POST /repos/:owner/:repo/pulls — head or base with NUL or other characters git refuses: 422 invalid', async () => {
    for (const [field, bad] of [
      ['head', 'mas\u0000ter'],
      ['base', 'a\u0000'],
      ['head', 'a..b'],
      ['base', 'x y'],
      ['head', '-x'],
      ['base', 'a~1'],
    ] as const) {
      const body = { title: 't', head: 'master', base: 'master', [field]: bad };
      const res = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body });
      assert.equal(res.status, 422, JSON.stringify(bad));
      assert.deepEqual(res.json.errors, [{ resource: 'PullRequest', field, code: 'invalid' }]);
    }
  });

  it('POST /repos/:owner/:repo/releases — target_commitish or tag_name with NUL: 422 invalid; nothing created', async () => {
    const before = emu.db.prepare('SELECT count(*) FROM releases').pluck().get();
    for (const [field, body] of [
      ['target_commitish', { tag_name: 'v9', target_commitish: 'ma\u0000ster' }],
      ['tag_name', { tag_name: 'v\u00009' }],
    ] as const) {
      const res = await call(emu, 'POST', `${R}/releases`, { auth: ada, body });
      assert.equal(res.status, 422);
      assert.deepEqual(res.json.errors, [{ resource: 'Release', field, code: 'invalid' }]);
    }
    assert.equal(emu.db.prepare('SELECT count(*) FROM releases').pluck().get(), before);
  });

  it('POST /repos/:owner/:repo/git/commits — a NUL in the message or an author field: 422 invalid', async () => {
    const tree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
    const msg = await call(emu, 'POST', `${R}/git/commits`, { auth: ada, body: { message: 'a\u0000b', tree } });
    assert.equal(msg.status, 422);
    assert.deepEqual(msg.json.errors, [{ resource: 'Commit', field: 'message', code: 'invalid' }]);
    const author = await call(emu, 'POST', `${R}/git/commits`, {
      auth: ada,
      body: { message: 'm', tree, author: { name: 'A\u0000', email: 'a@example.com' } },
    });
    assert.equal(author.status, 422);
    assert.deepEqual(author.json.errors, [{ resource: 'Commit', field: 'author', code: 'invalid' }]);
    // The text "\u0000" (backslash, u, zeros) is an ordinary message.
    assert.notEqual((await call(emu, 'POST', `${R}/git/commits`, { auth: ada, body: { message: 'literal \\u0000', tree } })).status, 422);
  });

  it('ref names: git-check-ref-format rules', () => {
    for (const ok of ['master', 'feature/x', 'v1.0.0', 'a-b_c', '0123456789abcdef0123456789abcdef01234567']) assert.ok(isSafeRefName(ok), ok);
    for (const bad of ['', 'a\u0000', 'a b', 'a..b', 'a@{1}', '-a', '/a', 'a/', 'a.', 'a.lock', 'a/.b', 'a:b', 'a?', 'a*', 'a[', 'a\\b', '@', 'a\u007f'])
      assert.ok(!isSafeRefName(bad), JSON.stringify(bad));
  });

  it('a path with a broken percent-encoding (PATCH …/releases/assets/:id) gets 400 in the v3 error shape; v2 in its envelope', async () => {
    for (const [method, path] of [
      ['PATCH', `${R}/releases/assets/%E0%A4%A`],
      ['GET', `${R}/releases/assets/%`],
      ['GET', `/api/v3${R}/git/refs/heads/%zz`],
    ] as const) {
      const res = await call(emu, method, path, { auth: ada, body: method === 'PATCH' ? { name: 'x' } : undefined });
      assert.equal(res.status, 400, path);
      assert.deepEqual(Object.keys(res.json), ['message'], res.text);
    }
    const res = await call(emu, 'GET', '/api/v2/contacts/%zz');
    assert.equal(res.status, 400);
    assert.equal(res.json.success, false);
  });

  it('POST /repos/:owner/:repo/forks with {} forks into the caller (202)', async () => {
    const res = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/forks', { auth: basic('mary'), body: {} });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.json.owner.login, 'mary');
  });

  it('browser_download_url of an asset named with non-ASCII characters: 200, Content-Disposition with filename* (RFC 6266)', async () => {
    const rel = await call(emu, 'POST', `${R}/releases`, { auth: ada, body: { tag_name: 'v-unicode', target_commitish: 'master' } });
    assert.equal(rel.status, 201, rel.text);
    const name = 'Tabellen-Übersicht-数表.csv';
    const url = new URL(String(rel.json.upload_url).replace('{?name}', ''));
    url.searchParams.set('name', name);
    const up = await fetch(url, { method: 'POST', headers: { 'User-Agent': UA, Authorization: ada, 'Content-Type': 'text/csv' }, body: 'a,b\n' });
    assert.equal(up.status, 201);
    const asset = (await up.json()) as { browser_download_url: string };
    const dl = await fetch(asset.browser_download_url, { headers: { 'User-Agent': UA, Authorization: ada } });
    assert.equal(dl.status, 200);
    assert.equal(await dl.text(), 'a,b\n');
    const cd = dl.headers.get('content-disposition')!;
    assert.equal(cd, contentDisposition(name));
    assert.match(cd, /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    assert.equal(decodeURIComponent(cd.split("UTF-8''")[1]!), name);
    assert.equal(contentDisposition('tables.csv'), 'attachment; filename="tables.csv"');
  });

  it('GET /avatars/u/<bad id> — 404 with a JSON body', async () => {
    for (const id of ['abc', '99999999', '1e3', '-1']) {
      const res = await rawRequest(emu, 'GET', `/avatars/u/${id}`);
      assert.equal(res.status, 404, id);
      assert.match(String(res.headers['content-type']), /application\/json/);
      assert.deepEqual(JSON.parse(res.text), { message: 'Not Found' });
    }
  });
});
