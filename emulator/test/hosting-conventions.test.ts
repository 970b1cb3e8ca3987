// docs/service-api/hosting/conventions §1–§10 and §15.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, rawHttp, rawRequest, TIMESTAMP, UA } from './helpers/hosting';

describe('v3 protocol conventions (docs/service-api/hosting/conventions §1–§10)', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('fields without a value are null, never omitted (docs/service-api/hosting/conventions §2)', async () => {
    const created = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'rule-one' } });
    assert.equal(created.status, 201);
    for (const field of ['description', 'homepage', 'language', 'mirror_url', 'pushed_at', 'organization']) {
      assert.ok(field in created.json, `${field} is missing`);
      assert.equal(created.json[field], null, field);
    }
    const user = await call(emu, 'GET', '/users/grace');
    for (const field of ['company', 'blog', 'hireable', 'bio']) assert.equal(user.json[field], null, field);
  });

  it('timestamps are YYYY-MM-DDTHH:MM:SSZ (docs/service-api/hosting/conventions §3)', async () => {
    const repo = await call(emu, 'GET', '/repos/analytical-engines/difference-engine');
    for (const field of ['created_at', 'updated_at', 'pushed_at']) assert.match(repo.json[field], TIMESTAMP, field);
    const user = await call(emu, 'GET', '/users/ada');
    assert.match(user.json.created_at, TIMESTAMP);
  });

  it('lists carry the summary, a single resource the detailed representation (docs/service-api/hosting/conventions §4)', async () => {
    const list = await call(emu, 'GET', '/orgs/analytical-engines/repos');
    const item = list.json.find((r: { name: string }) => r.name === 'difference-engine');
    assert.ok(!('subscribers_count' in item) && !('organization' in item), 'list item is detailed');
    const single = await call(emu, 'GET', '/repos/analytical-engines/difference-engine');
    assert.equal(typeof single.json.subscribers_count, 'number');
    assert.equal(single.json.organization.login, 'analytical-engines');
    assert.equal(single.json.organization.type, 'Organization');
  });

  it('HEAD returns the headers of GET and no body (docs/service-api/hosting/conventions §6)', async () => {
    const head = await call(emu, 'HEAD', '/repos/analytical-engines/difference-engine');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.ok(head.headers.get('etag'));
    assert.equal(head.headers.get('x-ratelimit-limit'), '60');
  });

  it('POST is accepted wherever PATCH is (docs/service-api/hosting/conventions §6)', async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'patch-by-post' } });
    const res = await call(emu, 'POST', '/repos/ada/patch-by-post', { auth: ada, body: { description: 'edited with POST' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.description, 'edited with POST');
    const patched = await call(emu, 'PATCH', '/repos/ada/patch-by-post', { auth: ada, body: { description: 'edited with PATCH' } });
    assert.equal(patched.json.description, 'edited with PATCH');
  });

  it('a PUT without a body must send Content-Length 0, 411 otherwise (docs/service-api/hosting/conventions §6)', async () => {
    const without = await rawHttp(emu, `PUT /user/starred/ada/notes-on-the-engine HTTP/1.1\nHost: localhost\nUser-Agent: ${UA}\nAuthorization: ${ada}`);
    assert.equal(without.status, 411);
    assert.match(without.text, /Content-Length: 0/);
    const withZero = await rawRequest(emu, 'PUT', '/user/starred/ada/notes-on-the-engine', { 'User-Agent': UA, Authorization: ada, 'Content-Length': '0' });
    assert.equal(withZero.status, 204);
  });

  it('a request without a User-Agent, or with an empty one, gets 403 (docs/service-api/hosting/conventions §7)', async () => {
    const none = await rawRequest(emu, 'GET', '/users/ada');
    assert.equal(none.status, 403);
    assert.match(JSON.parse(none.text).message, /User-Agent/);
    const empty = await rawRequest(emu, 'GET', '/users/ada', { 'User-Agent': '' });
    assert.equal(empty.status, 403);
    const ok = await rawRequest(emu, 'GET', '/users/ada', { 'User-Agent': 'ada' });
    assert.equal(ok.status, 200);
  });

  it('every *_url is a link or RFC 6570 template on this server, in the form the request used (docs/service-api/hosting/conventions §9)', async () => {
    for (const prefix of ['', '/api/v3']) {
      const repo = await call(emu, 'GET', `${prefix}/repos/analytical-engines/difference-engine`);
      assert.equal(repo.status, 200);
      assert.equal(repo.json.url, `${emu.url}${prefix}/repos/analytical-engines/difference-engine`);
      assert.equal(repo.json.html_url, `${emu.url}/analytical-engines/difference-engine`);
      assert.equal(repo.json.pulls_url, `${emu.url}${prefix}/repos/analytical-engines/difference-engine/pulls{/number}`);
      assert.equal(repo.json.owner.following_url, `${emu.url}${prefix}/users/analytical-engines/following{/other_user}`);
      const urls = Object.entries(repo.json).filter(([k]) => k.endsWith('_url') && k !== 'mirror_url' && k !== 'git_url' && k !== 'ssh_url');
      assert.ok(urls.length > 30);
      for (const [k, v] of urls) assert.ok(String(v).startsWith(emu.url), `${k} = ${v}`);
    }
  });

  it('a private repository hidden from the caller answers 404, not 403 (docs/service-api/hosting/conventions §10)', async () => {
    assert.equal((await call(emu, 'GET', '/repos/ada/bernoulli-numbers')).status, 404);
    assert.equal((await call(emu, 'GET', '/repos/ada/bernoulli-numbers', { auth: basic('grace') })).status, 404);
    assert.equal((await call(emu, 'GET', '/repos/ada/bernoulli-numbers', { auth: ada })).status, 200);
  });

  it('Errors — invalid JSON gets 400 Problems parsing JSON', async () => {
    const res = await call(emu, 'POST', '/user/repos', { auth: ada, body: '{"name": ' });
    assert.equal(res.status, 400);
    assert.equal(res.json.message, 'Problems parsing JSON');
  });

  it('Errors — a JSON value that is not an object gets 400 Body should be a JSON Hash', async () => {
    for (const body of ['[1, 2]', '"name"', '42', 'null']) {
      const res = await call(emu, 'POST', '/user/repos', { auth: ada, body });
      assert.equal(res.status, 400, body);
      assert.equal(res.json.message, 'Body should be a JSON Hash', body);
    }
  });

  it('Errors — invalid fields get 422 Validation Failed with {resource, field, code}', async () => {
    const missing = await call(emu, 'POST', '/user/repos', { auth: ada, body: { description: 'no name' } });
    assert.equal(missing.status, 422);
    assert.equal(missing.json.message, 'Validation Failed');
    assert.deepEqual(missing.json.errors, [{ resource: 'Repository', field: 'name', code: 'missing_field' }]);
    const invalid = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'ok-name', private: 'yes' } });
    assert.deepEqual(invalid.json.errors, [{ resource: 'Repository', field: 'private', code: 'invalid' }]);
    const exists = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'notes-on-the-engine' } });
    assert.deepEqual(exists.json.errors, [{ resource: 'Repository', field: 'name', code: 'already_exists' }]);
  });

  it('Versioning 2 — X-Service-Media-Type: service.v3 on every v3 response', async () => {
    const plain = await call(emu, 'GET', '/users/ada');
    assert.equal(plain.headers.get('x-service-media-type'), 'service.v3');
    const explicit = await call(emu, 'GET', '/users/ada', { headers: { Accept: 'application/vnd.service.v3+json' } });
    assert.equal(explicit.status, 200);
    assert.equal(explicit.headers.get('x-service-media-type'), 'service.v3');
    const notFoundToo = await call(emu, 'GET', '/no/such/thing');
    assert.equal(notFoundToo.headers.get('x-service-media-type'), 'service.v3');
  });

  it('Versioning 3 — a custom media type (raw, text, html, full) is reflected in X-Service-Media-Type', async () => {
    for (const param of ['raw', 'text', 'html', 'full']) {
      const res = await call(emu, 'GET', '/users/ada', { headers: { Accept: `application/vnd.service.v3.${param}+json` } });
      assert.equal(res.headers.get('x-service-media-type'), `service.v3; param=${param}`);
    }
  });

  it('the API is also served under /api/v3/ (the enterprise form), not under other prefixes', async () => {
    assert.equal((await call(emu, 'GET', '/api/v3/users/ada')).status, 200);
    assert.equal((await call(emu, 'GET', '/api/v4/users/ada')).status, 404);
  });
});

describe('v3 conventions with another vendor word (option vendor)', () => {
  it('Versioning 2 — X-<vendor>-Media-Type value uses the configured word', async () => {
    const emu = await startEmulator({ vendor: 'acme' });
    try {
      const res = await call(emu, 'GET', '/rate_limit', { headers: { Accept: 'application/vnd.acme.v3.raw+json' } });
      assert.equal(res.headers.get('x-service-media-type'), 'acme.v3; param=raw');
    } finally {
      await emu.dispose();
    }
  });
});
