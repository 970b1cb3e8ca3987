// docs/service-api/hosting/repositories §3–§8: the 7 rows (filters and their
// defaults, create for a user and an organization with every field, auto_init
// in real git, the detailed form with parent/source), forks, renames and their
// redirects.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startEmulator, type TestEmulator } from './support/emulator';
import type { EmittedEvent } from '../src/events';
import { repoGitPath } from '../src/git';
import { basic, call, makeToken } from './helpers/hosting';

const ORG = 'analytical-engines';
const EMPTY_BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
const fullNames = (json: Array<{ full_name: string }>) => json.map((r) => r.full_name);

describe('v3 repositories (docs/service-api/hosting/repositories §1–§8)', () => {
  let emu: TestEmulator;
  let events: EmittedEvent[] = [];
  const ada = basic('ada');
  const mary = basic('mary');
  const grace = basic('grace');
  const git = (repoId: number, ...args: string[]) =>
    execFileSync('git', ['--git-dir', repoGitPath(`${emu.dataDir}/git`, repoId), ...args], { encoding: 'utf8' }).trim();
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    emu.events.onEvent((e) => events.push(e));
  });
  beforeEach(() => {
    events = [];
  });
  after(() => emu.dispose());

  it('GET /user/repos — default type all, sorted by full_name ascending; organization repositories are listed separately', async () => {
    const res = await call(emu, 'GET', '/user/repos', { auth: ada });
    assert.equal(res.status, 200);
    const names = fullNames(res.json);
    assert.deepEqual(names, [...names].sort());
    assert.ok(names.includes('ada/bernoulli-numbers') && names.includes('ada/notes-on-the-engine'));
    assert.ok(!names.some((n) => n.startsWith(`${ORG}/`)));
    assert.deepEqual(res.json[0].permissions, { admin: true, push: true, pull: true });
  });

  it('GET /user/repos — type owner, public, private, member', async () => {
    await call(emu, 'PUT', '/repos/ada/notes-on-the-engine/collaborators/mary', { auth: ada, headers: { 'Content-Length': '0' } });
    assert.deepEqual(fullNames((await call(emu, 'GET', '/user/repos?type=private', { auth: ada })).json), ['ada/bernoulli-numbers']);
    assert.ok(!(await call(emu, 'GET', '/user/repos?type=public', { auth: ada })).json.some((r: { private: boolean }) => r.private));
    assert.deepEqual(fullNames((await call(emu, 'GET', '/user/repos?type=member', { auth: mary })).json), ['ada/notes-on-the-engine']);
    assert.deepEqual(fullNames((await call(emu, 'GET', '/user/repos?type=owner', { auth: mary })).json), []);
    assert.equal((await call(emu, 'GET', '/user/repos?type=everything', { auth: ada })).status, 422);
    assert.equal((await call(emu, 'GET', '/user/repos')).status, 401);
  });

  it('GET /user/repos — sort created/updated/pushed default to descending; direction overrides', async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'zz-newest' } });
    const byCreated = fullNames((await call(emu, 'GET', '/user/repos?sort=created', { auth: ada })).json);
    assert.equal(byCreated[0], 'ada/zz-newest');
    const asc = fullNames((await call(emu, 'GET', '/user/repos?sort=created&direction=asc', { auth: ada })).json);
    assert.equal(asc[asc.length - 1], 'ada/zz-newest');
    const nameDesc = fullNames((await call(emu, 'GET', '/user/repos?direction=desc', { auth: ada })).json);
    assert.equal(nameDesc[0], 'ada/zz-newest');
  });

  it('GET /users/:username/repos — public repositories of that user, default type owner', async () => {
    const res = await call(emu, 'GET', '/users/ada/repos', { auth: grace });
    const names = fullNames(res.json);
    assert.ok(names.includes('ada/notes-on-the-engine'));
    assert.ok(!names.includes('ada/bernoulli-numbers'));
    assert.deepEqual(fullNames((await call(emu, 'GET', '/users/charles/repos')).json), ['charles/difference-engine']);
    assert.equal((await call(emu, 'GET', '/users/nobody-at-all/repos')).status, 404);
  });

  it('GET /orgs/:org/repos — type all (default), public, private, forks, sources, member; private ones only for those with access', async () => {
    const all = fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos`, { auth: ada })).json);
    assert.deepEqual(all, [`${ORG}/analytical-engine`, `${ORG}/difference-engine`]);
    assert.deepEqual(fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos`, { auth: grace })).json), [`${ORG}/difference-engine`]);
    assert.deepEqual(fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos?type=private`, { auth: ada })).json), [`${ORG}/analytical-engine`]);
    assert.deepEqual(fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos?type=public`, { auth: ada })).json), [`${ORG}/difference-engine`]);
    assert.deepEqual(fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos?type=forks`, { auth: ada })).json), []);
    assert.deepEqual(fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos?type=sources`, { auth: ada })).json), all);
    assert.deepEqual(fullNames((await call(emu, 'GET', `/orgs/${ORG}/repos?type=member`, { auth: mary })).json), [`${ORG}/difference-engine`]);
  });

  it('GET /repositories — public repositories only, minimal form', async () => {
    const res = await call(emu, 'GET', '/repositories');
    const names = fullNames(res.json);
    assert.ok(names.includes(`${ORG}/difference-engine`) && names.includes('charles/difference-engine'));
    assert.ok(!names.includes('ada/bernoulli-numbers'));
  });

  it('POST /user/repos — 201 with Location and every create field applied', async () => {
    const res = await call(emu, 'POST', '/user/repos', {
      auth: ada,
      body: {
        name: 'every-field',
        description: 'All of them',
        homepage: 'https://example.test',
        private: true,
        has_issues: false,
        has_wiki: false,
        has_downloads: false,
        unknown_field: 1,
      },
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), `${emu.url}/repos/ada/every-field`);
    const r = res.json;
    assert.equal(r.full_name, 'ada/every-field');
    assert.equal(r.description, 'All of them');
    assert.equal(r.homepage, 'https://example.test');
    assert.equal(r.private, true);
    assert.equal(r.fork, false);
    assert.deepEqual([r.has_issues, r.has_wiki, r.has_downloads], [false, false, false]);
    assert.equal(r.default_branch, 'master');
    assert.equal(r.owner.login, 'ada');
    assert.equal(r.pushed_at, null);
    // Defaults: public, issues/wiki/downloads on, no initial commit.
    const plain = (await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'defaults' } })).json;
    assert.deepEqual([plain.private, plain.has_issues, plain.has_wiki, plain.has_downloads], [false, true, true, true]);
    assert.equal(git(plain.id, 'for-each-ref'), '', 'an uninitialized repository has no refs');
    assert.equal(git(plain.id, 'rev-parse', '--is-bare-repository'), 'true');
  });

  it('POST /user/repos — emits the repository event (action created)', async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'announced' } });
    const e = events.find((x) => x.name === 'repository');
    assert.ok(e);
    assert.equal(e.payload.action, 'created');
    assert.equal((e.payload.repository as { full_name: string }).full_name, 'ada/announced');
    assert.equal((e.payload.sender as { login: string }).login, 'ada');
  });

  it('POST /user/repos — auto_init makes an initial commit with an empty README in the real git repository', async () => {
    const r = (await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'initialized', auto_init: true } })).json;
    assert.match(r.pushed_at, /Z$/);
    const tree = git(r.id, 'ls-tree', 'master');
    assert.equal(tree, `100644 blob ${EMPTY_BLOB}\tREADME.md`);
    assert.equal(git(r.id, 'log', '--format=%s|%an', 'master'), 'Initial commit|Ada Lovelace');
    assert.equal(git(r.id, 'symbolic-ref', 'HEAD'), 'refs/heads/master');
  });

  it('POST /user/repos — gitignore_template and license_template add .gitignore and LICENSE, only with auto_init', async () => {
    const r = (
      await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'templated', auto_init: true, gitignore_template: 'Node', license_template: 'mit' } })
    ).json;
    assert.deepEqual(git(r.id, 'ls-tree', '--name-only', 'master').split('\n'), ['.gitignore', 'LICENSE', 'README.md']);
    assert.match(git(r.id, 'show', 'master:.gitignore'), /node_modules/);
    assert.match(git(r.id, 'show', 'master:LICENSE'), /^MIT License/);
    const ignored = (await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'not-initialized', gitignore_template: 'Node' } })).json;
    assert.equal(git(ignored.id, 'for-each-ref'), '');
    const unknown = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'bad-template', auto_init: true, gitignore_template: 'Cobol85' } });
    assert.deepEqual(unknown.json.errors, [{ resource: 'Repository', field: 'gitignore_template', code: 'invalid' }]);
    assert.equal((await call(emu, 'GET', '/repos/ada/bad-template', { auth: ada })).status, 404, 'nothing half-made');
  });

  it('POST /orgs/:org/repos — 201 for a member; team_id grants that team access', async () => {
    const teams = (await call(emu, 'GET', `/orgs/${ORG}/teams`, { auth: ada })).json as Array<{ name: string; id: number }>;
    const translators = teams.find((t) => t.name === 'Translators')!.id;
    const res = await call(emu, 'POST', `/orgs/${ORG}/repos`, { auth: mary, body: { name: 'translations', private: true, team_id: translators } });
    assert.equal(res.status, 201);
    assert.equal(res.json.owner.login, ORG);
    assert.equal(res.json.organization.login, ORG);
    assert.equal((await call(emu, 'GET', `/teams/${translators}/repos/${ORG}/translations`, { auth: mary })).status, 204);
    assert.equal((await call(emu, 'GET', `/repos/${ORG}/translations`, { auth: basic('luigi') })).status, 200, 'luigi is a Translator');
  });

  it('POST /orgs/:org/repos — the caller must be a member; team_id must be a team of the organization', async () => {
    assert.equal((await call(emu, 'POST', `/orgs/${ORG}/repos`, { auth: grace, body: { name: 'intruder' } })).status, 403);
    const bad = await call(emu, 'POST', `/orgs/${ORG}/repos`, { auth: ada, body: { name: 'bad-team', team_id: 987654 } });
    assert.deepEqual(bad.json.errors, [{ resource: 'Repository', field: 'team_id', code: 'invalid' }]);
  });

  it('GET /repos/:owner/:repo — detailed form; permissions are the caller’s', async () => {
    const asGrace = await call(emu, 'GET', `/repos/${ORG}/difference-engine`, { auth: grace });
    assert.deepEqual(asGrace.json.permissions, { admin: false, push: false, pull: true });
    const asLuigi = await call(emu, 'GET', `/repos/${ORG}/difference-engine`, { auth: basic('luigi') });
    assert.deepEqual(asLuigi.json.permissions, { admin: false, push: true, pull: true });
    const asAda = await call(emu, 'GET', `/repos/${ORG}/difference-engine`, { auth: ada });
    assert.deepEqual(asAda.json.permissions, { admin: true, push: true, pull: true });
    assert.ok(!('parent' in asAda.json) && !('source' in asAda.json), 'parent/source only for forks');
    assert.equal((await call(emu, 'GET', '/repos/ada/no-such-repo', { auth: ada })).status, 404);
  });

  it('GET /repos/:owner/:repo — a fork has parent (forked from) and source (root of the network)', async () => {
    const fork = (await call(emu, 'GET', '/repos/charles/difference-engine')).json;
    assert.equal(fork.fork, true);
    assert.equal(fork.parent.full_name, `${ORG}/difference-engine`);
    assert.equal(fork.source.full_name, `${ORG}/difference-engine`);
    // A fork of the fork: parent is the fork, source stays the original.
    const second = await call(emu, 'POST', '/repos/charles/difference-engine/forks', { auth: mary });
    assert.equal(second.status, 202);
    assert.equal(second.json.parent.full_name, 'charles/difference-engine');
    assert.equal(second.json.source.full_name, `${ORG}/difference-engine`);
  });

  it('POST /repos/:owner/:repo/forks — 202, the git data is cloned, forks_count grows, the fork event fires', async () => {
    const before = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine')).json;
    const res = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/forks', { auth: grace });
    assert.equal(res.status, 202);
    assert.equal(res.json.full_name, 'grace/notes-on-the-engine');
    assert.equal(git(res.json.id, 'rev-parse', 'master'), git(before.id, 'rev-parse', 'master'));
    const after = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine')).json;
    assert.equal(after.forks_count, before.forks_count + 1);
    const e = events.find((x) => x.name === 'fork');
    assert.equal((e?.payload.forkee as { full_name: string }).full_name, 'grace/notes-on-the-engine');
    assert.equal((e?.payload.repository as { full_name: string }).full_name, 'ada/notes-on-the-engine');
    // Forking again returns the same fork.
    assert.equal((await call(emu, 'POST', '/repos/ada/notes-on-the-engine/forks', { auth: grace })).json.id, res.json.id);
    const forks = await call(emu, 'GET', '/repos/ada/notes-on-the-engine/forks');
    assert.deepEqual(fullNames(forks.json), ['grace/notes-on-the-engine']);
  });

  it('POST /repos/:owner/:repo/forks — into an organization the caller belongs to', async () => {
    const res = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/forks', { auth: ada, body: { organization: ORG } });
    assert.equal(res.status, 202);
    assert.equal(res.json.full_name, `${ORG}/notes-on-the-engine`);
    const denied = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/forks', { auth: grace, body: { organization: ORG } });
    assert.deepEqual(denied.json.errors, [{ resource: 'Fork', field: 'organization', code: 'invalid' }]);
  });

  it("Redirects — a renamed repository's old name answers 301 Moved Permanently (GET, HEAD) or 307 Temporary Redirect (other verbs) to /repositories/:id", async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'old-name' } });
    const renamed = await call(emu, 'PATCH', '/repos/ada/old-name', { auth: ada, body: { name: 'new-name' } });
    assert.equal(renamed.json.full_name, 'ada/new-name');
    const id = renamed.json.id as number;
    const answer = (method: string, path: string, body?: unknown) =>
      fetch(`${emu.url}${path}`, {
        method,
        redirect: 'manual',
        headers: { 'User-Agent': 'x', Authorization: ada, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const method of ['GET', 'HEAD']) {
      const res = await answer(method, '/repos/ada/old-name?x=1');
      assert.deepEqual([res.status, res.statusText, res.headers.get('location')], [301, 'Moved Permanently', `${emu.url}/repositories/${id}?x=1`], method);
    }
    const sub = await answer('GET', '/api/v3/repos/ada/old-name/forks');
    assert.deepEqual([sub.status, sub.headers.get('location')], [301, `${emu.url}/api/v3/repositories/${id}/forks`]);
    assert.equal(((await sub.json()) as { message: string }).message, 'Moved Permanently');
    for (const [method, path, body] of [
      ['PATCH', '/repos/ada/old-name', { description: 'x' }],
      ['POST', '/repos/ada/old-name/labels', { name: 'l', color: 'ffffff' }],
      ['DELETE', '/repos/ada/old-name/labels/l', undefined],
    ] as const) {
      const res = await answer(method, path, body);
      assert.deepEqual(
        [res.status, res.statusText, res.headers.get('location')],
        [307, 'Temporary Redirect', `${emu.url}${path.replace('/repos/ada/old-name', `/repositories/${id}`)}`],
        method,
      );
    }
  });

  it("GET /repositories/:id and the paths under it answer as the repository's /repos/:owner/:repo; a follower of the redirects gets the final answer", async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'first-name', private: true } });
    const id = (await call(emu, 'PATCH', '/repos/ada/first-name', { auth: ada, body: { name: 'second-name' } })).json.id as number;
    await call(emu, 'PATCH', '/repos/ada/second-name', { auth: ada, body: { name: 'third-name' } });
    const byId = await call(emu, 'GET', `/repositories/${id}`, { auth: ada });
    assert.deepEqual([byId.status, byId.json.full_name, byId.json.url], [200, 'ada/third-name', `${emu.url}/repos/ada/third-name`]);
    assert.deepEqual((await call(emu, 'GET', `/api/v3/repositories/${id}/labels?per_page=1`, { auth: ada })).status, 200);
    // Hidden stays hidden, and an unknown id is 404 in the API's shape.
    assert.equal((await call(emu, 'GET', `/repositories/${id}`, { auth: grace })).status, 404);
    const unknown = await call(emu, 'GET', '/repositories/987654321', { auth: ada });
    assert.deepEqual([unknown.status, unknown.json.message], [404, 'Not Found']);
    // Followed: both old names end at the repository; a 307 repeats the verb and the body.
    const follow = (method: string, path: string, body?: unknown) =>
      fetch(`${emu.url}${path}`, {
        method,
        headers: { 'User-Agent': 'x', Authorization: ada, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const old of ['first-name', 'second-name']) {
      const got = await follow('GET', `/repos/ada/${old}`);
      assert.deepEqual([got.status, ((await got.json()) as { full_name: string }).full_name], [200, 'ada/third-name']);
    }
    const edited = await follow('PATCH', '/repos/ada/first-name', { description: 'kept through the redirect' });
    assert.equal(edited.status, 200);
    assert.equal((await call(emu, 'GET', '/repos/ada/third-name', { auth: ada })).json.description, 'kept through the redirect');
  });

  it('Events — public fires when a private repository is made public', async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'going-public', private: true } });
    await call(emu, 'PATCH', '/repos/ada/going-public', { auth: ada, body: { private: false } });
    assert.deepEqual(
      events.filter((e) => e.name === 'public').map((e) => (e.payload.repository as { full_name: string }).full_name),
      ['ada/going-public'],
    );
  });

  it('Events — watch fires when a user stars a repository; member when a collaborator is added', async () => {
    await call(emu, 'PUT', '/user/starred/ada/notes-on-the-engine', { auth: grace, headers: { 'Content-Length': '0' } });
    await call(emu, 'PUT', '/repos/ada/notes-on-the-engine/collaborators/luigi', { auth: ada, headers: { 'Content-Length': '0' } });
    const watch = events.find((e) => e.name === 'watch');
    assert.equal(watch?.payload.action, 'started');
    const member = events.find((e) => e.name === 'member');
    assert.equal((member?.payload.member as { login: string }).login, 'luigi');
    assert.equal((await call(emu, 'GET', '/repos/ada/notes-on-the-engine')).json.stargazers_count, 1);
  });

  it('DELETE /repos/:owner/:repo — admin only; a token needs delete_repo', async () => {
    await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'doomed' } });
    assert.equal((await call(emu, 'DELETE', '/repos/ada/doomed', { auth: grace })).status, 404);
    assert.equal((await call(emu, 'DELETE', '/repos/ada/doomed', { token: makeToken(emu, 'ada', ['repo']) })).status, 403);
    assert.equal((await call(emu, 'DELETE', '/repos/ada/doomed', { token: makeToken(emu, 'ada', ['public_repo', 'delete_repo']) })).status, 204);
    assert.equal((await call(emu, 'GET', '/repos/ada/doomed', { auth: ada })).status, 404);
  });

  it('GET /repos/:owner/:repo — repeated reads are identical, and any write shows at once (response cache)', async () => {
    const luigi = basic('luigi');
    const a = await call(emu, 'GET', `/repos/${ORG}/analytical-engine`, { auth: luigi });
    const b = await call(emu, 'GET', `/repos/${ORG}/analytical-engine`, { auth: luigi });
    assert.equal(a.text, b.text);
    assert.equal(a.headers.get('etag'), b.headers.get('etag'));
    assert.equal(b.headers.get('x-accepted-oauth-scopes'), 'repo', 'headers the route set come back too');
    const page1 = await call(emu, 'GET', '/user/repos?per_page=2', { auth: ada });
    const page1again = await call(emu, 'GET', '/user/repos?per_page=2', { auth: ada });
    assert.equal(page1again.headers.get('link'), page1.headers.get('link'));
    assert.ok(page1again.headers.get('link'));
    // A write elsewhere (luigi leaves Engineers) changes what he may see.
    const engineers = ((await call(emu, 'GET', `/orgs/${ORG}/teams`, { auth: ada })).json as Array<{ name: string; id: number }>).find(
      (t) => t.name === 'Engineers',
    )!;
    await call(emu, 'DELETE', `/teams/${engineers.id}/members/luigi`, { auth: ada });
    assert.equal((await call(emu, 'GET', `/repos/${ORG}/analytical-engine`, { auth: luigi })).status, 404);
    await call(emu, 'PUT', `/teams/${engineers.id}/members/luigi`, { auth: ada, headers: { 'Content-Length': '0' } });
    assert.equal((await call(emu, 'GET', `/repos/${ORG}/analytical-engine`, { auth: luigi })).json.permissions.push, true);
  });
});
