// docs/service-api/hosting/conventions §14 (pagination): page/per_page, the
// Link header, and GET /repositories paged only by `since`.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { isoTime } from '../src/hosting/conventions/time';
import { call, links } from './helpers/hosting';

const COUNT = 120;

describe('v3 pagination (docs/service-api/hosting/conventions §14)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    // 120 public repositories of grace, written straight to the database: only their listing is under test.
    const grace = emu.db.prepare("SELECT id FROM users WHERE login = 'grace'").pluck().get() as number;
    const insert = emu.db.prepare('INSERT INTO repositories (owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)');
    emu.db.transaction(() => {
      for (let i = 0; i < COUNT; i++) insert.run(grace, `compiler-${String(i).padStart(3, '0')}`, isoTime(), isoTime());
    })();
  });
  after(() => emu.dispose());

  const names = (json: Array<{ name: string }>) => json.map((r) => r.name);

  it('default page size is 30 and omitting page returns the first page', async () => {
    const res = await call(emu, 'GET', '/users/grace/repos');
    assert.equal(res.json.length, 30);
    assert.equal(res.json[0].name, 'compiler-000');
  });

  it('Link carries next and last on the first page, on this server’s URL', async () => {
    const res = await call(emu, 'GET', '/users/grace/repos');
    const l = links(res.headers.get('link'));
    assert.deepEqual(Object.keys(l).sort(), ['last', 'next']);
    assert.equal(new URL(l.next!).searchParams.get('page'), '2');
    assert.equal(new URL(l.last!).searchParams.get('page'), '4');
    assert.ok(l.next!.startsWith(`${emu.url}/users/grace/repos?`));
  });

  it('following next walks every item once; the last page has first and prev but no next', async () => {
    const seen: string[] = [];
    let url: string | undefined = `${emu.url}/users/grace/repos?per_page=50`;
    let lastLinks: Record<string, string> = {};
    while (url) {
      const res = await call(emu, 'GET', url);
      seen.push(...names(res.json));
      lastLinks = links(res.headers.get('link'));
      url = lastLinks.next;
    }
    assert.equal(seen.length, COUNT);
    assert.equal(new Set(seen).size, COUNT);
    assert.ok(!lastLinks.next && !lastLinks.last);
    assert.equal(new URL(lastLinks.first!).searchParams.get('page'), '1');
    assert.equal(new URL(lastLinks.prev!).searchParams.get('page'), '2');
    assert.equal(new URL(lastLinks.prev!).searchParams.get('per_page'), '50');
  });

  it('per_page is honoured up to a maximum of 100', async () => {
    assert.equal((await call(emu, 'GET', '/users/grace/repos?per_page=7')).json.length, 7);
    assert.equal((await call(emu, 'GET', '/users/grace/repos?per_page=150')).json.length, 100);
  });

  it('pages are 1-based; page 2 continues where page 1 stopped', async () => {
    const p1 = names((await call(emu, 'GET', '/users/grace/repos?per_page=10&page=1')).json);
    const p2 = names((await call(emu, 'GET', '/users/grace/repos?per_page=10&page=2')).json);
    assert.equal(p1[9], 'compiler-009');
    assert.equal(p2[0], 'compiler-010');
  });

  it('a page beyond the end, even a huge page number, answers an empty page', async () => {
    for (const page of ['5', '99999', '99999999999999999999999']) {
      const res = await call(emu, 'GET', `/users/grace/repos?page=${page}`);
      assert.equal(res.status, 200, page);
      assert.deepEqual(res.json, [], page);
    }
  });

  it('the Link URLs keep the enterprise prefix when the request used it', async () => {
    const res = await call(emu, 'GET', '/api/v3/users/grace/repos');
    assert.ok(links(res.headers.get('link')).next!.startsWith(`${emu.url}/api/v3/users/grace/repos?`));
  });

  it('GET /repositories — every public repository in creation order, minimal form, paged only by since', async () => {
    const first = await call(emu, 'GET', '/repositories');
    const ids = first.json.map((r: { id: number }) => r.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a: number, b: number) => a - b),
    );
    assert.ok(!first.json.some((r: { private: boolean }) => r.private));
    assert.deepEqual(Object.keys(first.json[0]).sort(), ['description', 'fork', 'full_name', 'html_url', 'id', 'name', 'owner', 'private', 'url']);
    const next = links(first.headers.get('link')).next!;
    assert.equal(new URL(next).searchParams.get('since'), String(ids[ids.length - 1]));
    assert.equal(new URL(next).searchParams.get('page'), null);
    const second = await call(emu, 'GET', next);
    assert.ok(second.json.length > 0);
    assert.ok(second.json[0].id > ids[ids.length - 1]);
    // page is not a parameter of this list.
    assert.deepEqual(
      (await call(emu, 'GET', '/repositories?page=2')).json.map((r: { id: number }) => r.id),
      ids,
    );
  });
});
