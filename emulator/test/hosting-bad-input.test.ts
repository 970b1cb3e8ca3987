// Bad input: every endpoint checks its input and answers with the spec's
// error shapes (docs/service-api/hosting/conventions §11); the server never
// crashes and its state stays consistent.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, rawHttp, UA } from './helpers/hosting';

describe('v3 bad input', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  let reposBefore: number;
  before(async () => {
    emu = await startEmulator({ seed: 'demo', bodyLimitBytes: 4096 });
    reposBefore = emu.db.prepare('SELECT count(*) FROM repositories').pluck().get() as number;
  });
  after(() => emu.dispose());

  it('malformed JSON of every kind gets 400 Problems parsing JSON', async () => {
    for (const body of ['{', '{"name": "x",}', "{'name': 'x'}", '{"name": undefined}', 'nul', '{"a":1}{"b":2}']) {
      const res = await call(emu, 'POST', '/user/repos', { auth: ada, body });
      assert.equal(res.status, 400, body);
      assert.equal(res.json.message, 'Problems parsing JSON', body);
    }
  });

  it('invalid UTF-8 in a JSON body gets 400 Problems parsing JSON', async () => {
    const body = Buffer.concat([Buffer.from('{"name": "bad-'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
    const res = await rawHttp(
      emu,
      `POST /user/repos HTTP/1.1\nHost: localhost\nUser-Agent: ${UA}\nAuthorization: ${ada}\nContent-Type: application/json\nContent-Length: ${body.length}`,
      body,
    );
    assert.equal(res.status, 400);
    assert.equal(JSON.parse(res.text).message, 'Problems parsing JSON');
  });

  it('wrong types get 422 invalid, missing fields 422 missing_field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ name: 42 }, 'name', 'invalid'],
      [{ name: 'ok', has_wiki: 'no' }, 'has_wiki', 'invalid'],
      [{ name: 'ok', team_id: 'one' }, 'team_id', 'invalid'],
      [{ name: 'ok', description: ['a'] }, 'description', 'invalid'],
      [{ name: null }, 'name', 'missing_field'],
      [{}, 'name', 'missing_field'],
    ];
    for (const [body, field, code] of cases) {
      const res = await call(emu, 'POST', '/user/repos', { auth: ada, body });
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.deepEqual(res.json.errors, [{ resource: 'Repository', field, code }], JSON.stringify(body));
    }
    const team = await call(emu, 'POST', '/orgs/analytical-engines/teams', { auth: ada, body: { name: 'T', repo_names: 'difference-engine' } });
    assert.deepEqual(team.json.errors, [{ resource: 'Team', field: 'repo_names', code: 'invalid' }]);
  });

  it('a body over the size limit gets 413 naming the limit', async () => {
    const res = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'big', description: 'x'.repeat(10_000) } });
    assert.equal(res.status, 413);
    assert.equal(res.json.message, 'Request body too large (maximum is 4096 bytes)');
  });

  it('unknown fields are ignored', async () => {
    const res = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'with-extras', colour: 'blue', nested: { deep: [1, 2] } } });
    assert.equal(res.status, 201);
    assert.ok(!('colour' in res.json));
  });

  it('names with .. or slashes, or other characters, are refused with 422 invalid name', async () => {
    for (const name of ['..', '.', '../escape', 'a/b', 'a\\b', '', ' ', 'x'.repeat(101), 'naïve', 'repo.git', 'new\nline']) {
      const res = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name } });
      assert.equal(res.status, 422, JSON.stringify(name));
      // Beyond the length limit the error also says so (docs/EMULATOR.md, "Size limits").
      const { message, ...error } = res.json.errors[0] as { message?: string };
      assert.deepEqual([error], [{ resource: 'Repository', field: 'name', code: 'invalid' }], JSON.stringify(name));
      if (name.length > 100) assert.match(message ?? '', /maximum is 100 characters/);
    }
    const rename = await call(emu, 'PATCH', '/repos/ada/with-extras', { auth: ada, body: { name: '../../etc' } });
    assert.equal(rename.status, 422);
  });

  it('paths with encoded slashes or dot segments, a NUL or a malformed id find nothing and escape nothing: 404 Not Found', async () => {
    for (const path of [
      '/repos/ada/..%2F..%2Fetc',
      '/repos/ada/%2e%2e',
      '/repos/..%2Fada/notes-on-the-engine',
      '/users/%00',
      '/teams/abc',
      '/teams/1e3',
      '/teams/-1',
    ]) {
      const res = await call(emu, 'GET', path, { auth: ada });
      assert.equal(res.status, 404, path);
      assert.equal(res.json.message, 'Not Found', path);
    }
  });

  it('malformed paging parameters fall back to the defaults; huge page numbers answer an empty page', async () => {
    const defaultPage = (await call(emu, 'GET', '/users/ada/repos')).json.map((r: { name: string }) => r.name);
    assert.ok(defaultPage.length > 0, 'ada has public repositories');
    for (const q of ['page=abc', 'page=-1', 'per_page=0', 'per_page=-5', 'page=1.5', 'page=1&page=2']) {
      const res = await call(emu, 'GET', `/users/ada/repos?${q}`);
      assert.equal(res.status, 200, q);
      assert.deepEqual(
        res.json.map((r: { name: string }) => r.name),
        defaultPage,
        q,
      );
    }
    assert.deepEqual((await call(emu, 'GET', '/users/ada/repos?page=900719925474099100000')).json, []);
    assert.equal((await call(emu, 'GET', '/repositories?since=99999999999999999999999')).status, 200);
  });

  it('bad query values of filters give 422 invalid naming the parameter', async () => {
    for (const [query, field] of [
      ['sort=size', 'sort'],
      ['direction=up', 'direction'],
    ]) {
      const res = await call(emu, 'GET', `/user/repos?${query}`, { auth: ada });
      assert.equal(res.status, 422, query);
      assert.equal(res.json.message, 'Validation Failed', query);
      assert.deepEqual(res.json.errors, [{ resource: 'Repository', field, code: 'invalid' }], query);
    }
  });

  it('garbage credentials are 401, never a crash', async () => {
    for (const auth of ['Basic', 'Basic !!!', 'Basic ' + Buffer.from('no-colon').toString('base64'), 'token', 'Weird scheme', 'token ' + 'x'.repeat(5000)]) {
      assert.equal((await call(emu, 'GET', '/user', { auth })).status, 401, auth);
    }
  });

  it('after all of it the server still answers and no half-made repository exists', async () => {
    assert.equal((await call(emu, 'GET', '/repos/ada/with-extras', { auth: ada })).status, 200);
    const repos = emu.db.prepare('SELECT count(*) FROM repositories').pluck().get() as number;
    assert.equal(repos, reposBefore + 1, 'only with-extras was created');
    const orphans = emu.db.prepare('SELECT count(*) FROM team_repos WHERE repo_id NOT IN (SELECT id FROM repositories)').pluck().get();
    assert.equal(orphans, 0);
  });
});
