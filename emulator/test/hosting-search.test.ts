// docs/service-api/hosting/search §2: the four rows with their own result
// shapes and paging, the unencoded @ of the e-mail search, and the search rate
// limit.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, TIMESTAMP } from './helpers/hosting';

const SEARCH_LIMIT = 15;

describe('v3 legacy search (docs/service-api/hosting/search §1–§3, deprecated)', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  before(async () => {
    emu = await startEmulator({ seed: 'demo', searchRateLimit: SEARCH_LIMIT });
    const repo = '/repos/analytical-engines/difference-engine';
    await call(emu, 'POST', `${repo}/issues`, { auth: ada, body: { title: 'Carry lever jams', body: 'The lever sticks at nine.' } });
    const second = await call(emu, 'POST', `${repo}/issues`, { auth: ada, body: { title: 'Printer drops a figure', body: 'The carry is lost on print.' } });
    await call(emu, 'POST', `${repo}/issues/${second.json.number}/labels`, { auth: ada, body: ['bug'] });
  });
  after(() => emu.dispose());

  it('GET /legacy/issues/search/:owner/:repository/:state/:keyword — 200 {issues} in the legacy shape, title or body matched', async () => {
    const res = await call(emu, 'GET', '/legacy/issues/search/analytical-engines/difference-engine/open/carry', { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json), ['issues']);
    assert.deepEqual(
      res.json.issues.map((i: { title: string }) => i.title),
      ['Carry lever jams', 'Printer drops a figure'],
    );
    const issue = res.json.issues[1];
    assert.deepEqual(Object.keys(issue).sort(), [
      'body',
      'comments',
      'created_at',
      'gravatar_id',
      'html_url',
      'labels',
      'number',
      'position',
      'state',
      'title',
      'updated_at',
      'user',
      'votes',
    ]);
    assert.equal(issue.user, 'ada');
    assert.deepEqual(issue.labels, ['bug']);
    assert.equal(issue.position, 2);
    assert.equal(issue.state, 'open');
    assert.equal(issue.html_url, `${emu.url}/analytical-engines/difference-engine/issues/${issue.number}`);
    const closed = await call(emu, 'GET', '/legacy/issues/search/analytical-engines/difference-engine/closed/carry', { auth: ada });
    assert.deepEqual(closed.json.issues, []);
    assert.equal((await call(emu, 'GET', '/legacy/issues/search/analytical-engines/difference-engine/merged/carry', { auth: ada })).status, 422);
    assert.equal(
      (await call(emu, 'GET', '/legacy/issues/search/analytical-engines/analytical-engine/open/x', { auth: basic('grace') })).status,
      404,
      'private repository',
    );
  });

  it('GET /legacy/repos/search/:keyword — 200 {repositories} in the legacy shape; language filter; sort and order', async () => {
    const res = await call(emu, 'GET', '/legacy/repos/search/engine', { auth: ada });
    assert.equal(res.status, 200);
    const names = res.json.repositories.map((r: { owner: string; name: string }) => `${r.owner}/${r.name}`);
    assert.ok(names.includes('analytical-engines/difference-engine'));
    assert.ok(names.includes('ada/notes-on-the-engine'));
    const r = res.json.repositories.find((x: { name: string; owner: string }) => x.owner === 'analytical-engines' && x.name === 'difference-engine');
    assert.deepEqual(Object.keys(r).sort(), [
      'created',
      'created_at',
      'description',
      'followers',
      'fork',
      'forks',
      'has_downloads',
      'has_issues',
      'has_wiki',
      'homepage',
      'language',
      'name',
      'open_issues',
      'owner',
      'private',
      'pushed',
      'pushed_at',
      'score',
      'size',
      'type',
      'url',
      'username',
      'watchers',
    ]);
    assert.equal(r.type, 'repo');
    assert.equal(typeof r.score, 'number');
    assert.match(r.created_at, TIMESTAMP);
    assert.equal(r.url, `${emu.url}/analytical-engines/difference-engine`);
    const anonymous = await call(emu, 'GET', '/legacy/repos/search/engine');
    assert.ok(!anonymous.json.repositories.some((x: { private: boolean }) => x.private), 'private repositories only for those who see them');
    const byLanguage = await call(emu, 'GET', '/legacy/repos/search/engine?language=cobol', { auth: ada });
    assert.deepEqual(byLanguage.json.repositories, []);
    const forks = await call(emu, 'GET', '/legacy/repos/search/engine?sort=forks&order=desc', { auth: ada });
    const counts = forks.json.repositories.map((x: { forks: number }) => x.forks);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    );
    assert.equal((await call(emu, 'GET', '/legacy/repos/search/engine?sort=size', { auth: ada })).status, 422);
    assert.equal(res.headers.get('link'), null, 'no v3 Link pagination');
  });

  it('GET /legacy/repos/search/:keyword — start_page pages by 100 (not the v3 pattern), language filter', async () => {
    // 130 repository rows (search reads rows only) matching "gear", 40 of them in Ruby.
    const grace = emu.db.prepare("SELECT id FROM users WHERE login = 'grace'").pluck().get();
    const insert = emu.db.prepare(
      "INSERT INTO repositories (owner_id, name, language, stargazers_count, created_at, updated_at) VALUES (?, ?, ?, ?, '2014-01-01T00:00:00Z', '2014-01-01T00:00:00Z')",
    );
    for (let i = 0; i < 130; i++) insert.run(grace, `gear-${i}`, i % 13 < 4 ? 'Ruby' : 'JavaScript', i);
    const first = await call(emu, 'GET', '/legacy/repos/search/gear?sort=stars&order=asc', { auth: ada });
    const second = await call(emu, 'GET', '/legacy/repos/search/gear?sort=stars&order=asc&start_page=2', { auth: ada });
    assert.equal(first.json.repositories.length, 100);
    assert.equal(second.json.repositories.length, 30);
    const all = [...first.json.repositories, ...second.json.repositories].map((r: { name: string }) => r.name);
    assert.deepEqual(
      all,
      Array.from({ length: 130 }, (_, i) => `gear-${i}`),
    );
    const ruby = await call(emu, 'GET', '/legacy/repos/search/gear?language=ruby', { auth: ada });
    assert.equal(ruby.json.repositories.length, 40);
  });

  it('GET /legacy/user/search/:keyword — 200 {users} in the legacy shape, login or name matched', async () => {
    const res = await call(emu, 'GET', '/legacy/user/search/lovelace', { auth: ada });
    assert.equal(res.status, 200);
    assert.equal(res.json.users.length, 1);
    const u = res.json.users[0];
    assert.deepEqual(Object.keys(u).sort(), [
      'created',
      'created_at',
      'followers',
      'followers_count',
      'fullname',
      'gravatar_id',
      'id',
      'language',
      'location',
      'login',
      'name',
      'public_repo_count',
      'repos',
      'score',
      'type',
      'username',
    ]);
    assert.equal(u.login, 'ada');
    assert.equal(u.username, 'ada');
    assert.equal(u.fullname, 'Ada Lovelace');
    assert.equal(typeof u.id, 'string');
    assert.equal(u.type, 'user');
    assert.equal(u.public_repo_count, 1);
    const byLogin = await call(emu, 'GET', '/legacy/user/search/grace', { auth: ada });
    assert.deepEqual(
      byLogin.json.users.map((x: { login: string }) => x.login),
      ['grace'],
    );
  });

  it('GET /legacy/user/email/:email — 200 {user} by public e-mail with @ unencoded; %40 and unknown addresses are 404', async () => {
    const res = await call(emu, 'GET', '/legacy/user/email/mary@analytical-engines.test', { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json), ['user']);
    const u = res.json.user;
    assert.deepEqual(Object.keys(u).sort(), [
      'blog',
      'company',
      'created',
      'created_at',
      'email',
      'followers_count',
      'following_count',
      'gravatar_id',
      'id',
      'location',
      'login',
      'name',
      'public_gist_count',
      'public_repo_count',
      'type',
    ]);
    assert.equal(u.login, 'mary');
    assert.equal(typeof u.id, 'number');
    assert.equal(u.email, 'mary@analytical-engines.test');
    assert.equal((await call(emu, 'GET', '/legacy/user/email/mary%40analytical-engines.test', { auth: ada })).status, 404);
    assert.equal((await call(emu, 'GET', '/legacy/user/email/nobody@analytical-engines.test', { auth: ada })).status, 404);
  });

  it('legacy search — counts against the search rate limit (searchRateLimit a minute): headers, then 403 API rate limit exceeded', async () => {
    const luigi = basic('luigi');
    const first = await call(emu, 'GET', '/legacy/user/search/ada', { auth: luigi });
    assert.equal(first.headers.get('x-ratelimit-limit'), String(SEARCH_LIMIT));
    assert.equal(first.headers.get('x-ratelimit-remaining'), String(SEARCH_LIMIT - 1));
    for (let i = 1; i < SEARCH_LIMIT; i++) assert.equal((await call(emu, 'GET', '/legacy/user/search/ada', { auth: luigi })).status, 200);
    const over = await call(emu, 'GET', '/legacy/user/search/ada', { auth: luigi });
    assert.equal(over.status, 403);
    assert.match(over.json.message, /^API rate limit exceeded/);
    assert.equal(over.headers.get('x-ratelimit-remaining'), '0');
    assert.equal((await call(emu, 'GET', '/user', { auth: luigi })).status, 200, 'other endpoints are not limited by it');
  });
});
