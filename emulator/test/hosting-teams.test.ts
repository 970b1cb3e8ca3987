// docs/service-api/hosting/organizations §3: the 14 rows, their permission
// rules and the 422 org / not_owned errors.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, makeToken } from './helpers/hosting';

const ORG = 'analytical-engines';
const put0 = { 'Content-Length': '0' };

describe('v3 teams (docs/service-api/hosting/organizations §1–§4)', () => {
  let emu: TestEmulator;
  const ada = basic('ada'); // owner
  const luigi = basic('luigi'); // Engineers (push) and Translators (pull)
  const mary = basic('mary'); // Translators only
  const grace = basic('grace'); // not a member
  let teamId: Record<string, number>;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    const list = await call(emu, 'GET', `/orgs/${ORG}/teams`, { auth: ada });
    teamId = Object.fromEntries(list.json.map((t: { name: string; id: number }) => [t.name, t.id]));
  });
  after(() => emu.dispose());

  it('GET /orgs/:org/teams — 200, team summaries (url, name, id)', async () => {
    const res = await call(emu, 'GET', `/orgs/${ORG}/teams`, { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.map((t: { name: string }) => t.name).sort(), ['Engineers', 'Owners', 'Translators']);
    for (const t of res.json) {
      assert.equal(t.url, `${emu.url}/teams/${t.id}`);
      assert.ok(!('members_count' in t));
    }
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/teams`, { auth: grace })).status, 404);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/teams`)).status, 401);
  });

  it('GET /teams/:id — 200, detailed team with permission, members_count, repos_count, organization', async () => {
    const res = await call(emu, 'GET', `/teams/${teamId.Engineers}`, { auth: ada });
    assert.equal(res.status, 200);
    assert.equal(res.json.permission, 'push');
    assert.equal(res.json.members_count, 3);
    assert.equal(res.json.repos_count, 2);
    assert.deepEqual(Object.keys(res.json.organization).sort(), ['avatar_url', 'id', 'login', 'url']);
    assert.equal(res.json.organization.login, ORG);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Engineers}`, { auth: grace })).status, 404);
    assert.equal((await call(emu, 'GET', '/teams/999999', { auth: ada })).status, 404);
  });

  it('POST /orgs/:org/teams — 201 detailed team; permission defaults to pull; repo_names granted', async () => {
    const res = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Draughtsmen', repo_names: [`${ORG}/difference-engine`] } });
    assert.equal(res.status, 201);
    assert.equal(res.json.name, 'Draughtsmen');
    assert.equal(res.json.permission, 'pull');
    assert.equal(res.json.repos_count, 1);
    const admin = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Admins', permission: 'admin' } });
    assert.equal(admin.json.permission, 'admin');
  });

  it('POST /orgs/:org/teams — caller must be an owner; name required; permission validated; duplicate name', async () => {
    assert.equal((await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: luigi, body: { name: 'Usurpers' } })).status, 403);
    const missing = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: {} });
    assert.deepEqual(missing.json.errors, [{ resource: 'Team', field: 'name', code: 'missing_field' }]);
    const bad = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Bad', permission: 'owner' } });
    assert.deepEqual(bad.json.errors, [{ resource: 'Team', field: 'permission', code: 'invalid' }]);
    const dup = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'engineers' } });
    assert.deepEqual(dup.json.errors, [{ resource: 'Team', field: 'name', code: 'already_exists' }]);
  });

  it('PATCH /teams/:id — 200; name required; permission defaults to pull; owners only', async () => {
    const made = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Renamers', permission: 'push' } });
    const renamed = await call(emu, 'PATCH', `/teams/${made.json.id}`, { auth: ada, body: { name: 'Renamed' } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.json.name, 'Renamed');
    assert.equal(renamed.json.permission, 'pull');
    const pushed = await call(emu, 'PATCH', `/teams/${made.json.id}`, { auth: ada, body: { name: 'Renamed', permission: 'push' } });
    assert.equal(pushed.json.permission, 'push');
    const noName = await call(emu, 'PATCH', `/teams/${made.json.id}`, { auth: ada, body: { permission: 'admin' } });
    assert.deepEqual(noName.json.errors, [{ resource: 'Team', field: 'name', code: 'missing_field' }]);
    assert.equal((await call(emu, 'PATCH', `/teams/${teamId.Engineers}`, { auth: luigi, body: { name: 'Mine now' } })).status, 403);
  });

  it('DELETE /teams/:id — 204; owners only; the Owners team cannot be deleted', async () => {
    const made = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Short-lived' } });
    assert.equal((await call(emu, 'DELETE', `/teams/${made.json.id}`, { auth: luigi })).status, 403);
    assert.equal((await call(emu, 'DELETE', `/teams/${made.json.id}`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${made.json.id}`, { auth: ada })).status, 404);
    assert.equal((await call(emu, 'DELETE', `/teams/${teamId.Owners}`, { auth: ada })).status, 403);
  });

  it('GET /teams/:id/members — 200 for members of the team, 403 for other members', async () => {
    const res = await call(emu, 'GET', `/teams/${teamId.Translators}/members`, { auth: mary });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((u: { login: string }) => u.login),
      ['ada', 'luigi', 'mary'],
    );
    assert.equal(res.json[0].type, 'User');
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Engineers}/members`, { auth: mary })).status, 403);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Engineers}/members`, { auth: grace })).status, 404);
  });

  it('GET /teams/:id/members/:username — 204 if member, 404 if not', async () => {
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/members/mary`, { auth: mary })).status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/members/charles`, { auth: mary })).status, 404);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/members/nobody`, { auth: mary })).status, 404);
  });

  it('PUT /teams/:id/members/:username — 204 and the user becomes an organization member', async () => {
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/grace`, { auth: ada })).status, 404);
    const res = await call(emu, 'PUT', `/teams/${teamId.Translators}/members/grace`, { auth: ada, headers: put0 });
    assert.equal(res.status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/members/grace`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/grace`, { auth: ada })).status, 204);
  });

  it('PUT /teams/:id/members/:username — an organization as the user gives 422 code org, field user, resource TeamMember', async () => {
    const res = await call(emu, 'PUT', `/teams/${teamId.Translators}/members/${ORG}`, { auth: ada, headers: put0 });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Validation Failed');
    assert.deepEqual(res.json.errors, [{ resource: 'TeamMember', field: 'user', code: 'org' }]);
  });

  it('PUT /teams/:id/members/:username — needs admin permission on the team or ownership', async () => {
    assert.equal((await call(emu, 'PUT', `/teams/${teamId.Translators}/members/charles`, { auth: luigi, headers: put0 })).status, 403);
    const admins = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Team admins', permission: 'admin' } });
    await call(emu, 'PUT', `/teams/${admins.json.id}/members/luigi`, { auth: ada, headers: put0 });
    assert.equal((await call(emu, 'PUT', `/teams/${admins.json.id}/members/mary`, { auth: luigi, headers: put0 })).status, 204);
  });

  it('DELETE /teams/:id/members/:username — 204; removes from that team only; the last team ends the membership', async () => {
    const t = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Visitors' } });
    await call(emu, 'PUT', `/teams/${t.json.id}/members/luigi`, { auth: ada, headers: put0 });
    assert.equal((await call(emu, 'DELETE', `/teams/${t.json.id}/members/luigi`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Engineers}/members/luigi`, { auth: ada })).status, 204, 'removed from another team too');
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/luigi`, { auth: ada })).status, 204);
    // grace, in this team only, stops being a member of the organization.
    await call(emu, 'DELETE', `/teams/${teamId.Translators}/members/grace`, { auth: ada });
    await call(emu, 'PUT', `/teams/${t.json.id}/members/grace`, { auth: ada, headers: put0 });
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/grace`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'DELETE', `/teams/${t.json.id}/members/grace`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/grace`, { auth: ada })).status, 404);
  });

  it('GET /teams/:id/repos — 200, repositories of the team; the Owners team has them all', async () => {
    const eng = await call(emu, 'GET', `/teams/${teamId.Engineers}/repos`, { auth: luigi });
    assert.deepEqual(eng.json.map((r: { full_name: string }) => r.full_name).sort(), [`${ORG}/analytical-engine`, `${ORG}/difference-engine`]);
    const owners = await call(emu, 'GET', `/teams/${teamId.Owners}/repos`, { auth: ada });
    const orgRepos = await call(emu, 'GET', `/orgs/${ORG}/repos`, { auth: ada });
    assert.equal(owners.json.length, orgRepos.json.length);
  });

  it('GET /teams/:id/repos/:owner/:repo — 204 if the team manages it, 404 if not', async () => {
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/repos/${ORG}/difference-engine`, { auth: mary })).status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/repos/${ORG}/analytical-engine`, { auth: mary })).status, 404);
  });

  it('PUT /teams/:id/repos/:org/:repo — 204 for an organization repository or a direct fork of one, emits team_add', async () => {
    const events: Array<{ name: string; payload: Record<string, unknown> }> = [];
    const off = emu.events.onEvent((e) => events.push(e));
    assert.equal((await call(emu, 'PUT', `/teams/${teamId.Translators}/repos/${ORG}/analytical-engine`, { auth: ada, headers: put0 })).status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/repos/${ORG}/analytical-engine`, { auth: mary })).status, 204);
    // charles/difference-engine is a direct fork of the organization's.
    assert.equal((await call(emu, 'PUT', `/teams/${teamId.Translators}/repos/charles/difference-engine`, { auth: ada, headers: put0 })).status, 204);
    off();
    assert.deepEqual(
      events.map((e) => e.name),
      ['team_add', 'team_add'],
    );
    const first = events[0]!.payload as {
      team: { name: string };
      repository: { full_name: string };
      sender: { login: string };
      organization: { login: string };
    };
    assert.equal(first.team.name, 'Translators');
    assert.equal(first.repository.full_name, `${ORG}/analytical-engine`);
    assert.equal(first.sender.login, 'ada');
    assert.equal(first.organization.login, ORG);
  });

  it('PUT /teams/:id/repos/:org/:repo — a repository the organization does not own gives 422 not_owned, field repository, resource TeamMember', async () => {
    const res = await call(emu, 'PUT', `/teams/${teamId.Translators}/repos/ada/notes-on-the-engine`, { auth: ada, headers: put0 });
    assert.equal(res.status, 422);
    assert.deepEqual(res.json.errors, [{ resource: 'TeamMember', field: 'repository', code: 'not_owned' }]);
    assert.equal((await call(emu, 'PUT', `/teams/${teamId.Translators}/repos/${ORG}/difference-engine`, { auth: luigi, headers: put0 })).status, 403);
  });

  it('DELETE /teams/:id/repos/:owner/:repo — 204, removes from that team only; never from Owners', async () => {
    const t = await call(emu, 'POST', `/orgs/${ORG}/teams`, { auth: ada, body: { name: 'Temporary', repo_names: ['difference-engine'] } });
    assert.equal((await call(emu, 'DELETE', `/teams/${t.json.id}/repos/${ORG}/difference-engine`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `/teams/${t.json.id}/repos/${ORG}/difference-engine`, { auth: ada })).status, 404);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Translators}/repos/${ORG}/difference-engine`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'DELETE', `/teams/${teamId.Owners}/repos/${ORG}/difference-engine`, { auth: ada })).status, 403);
    assert.equal((await call(emu, 'GET', `/teams/${teamId.Owners}/repos/${ORG}/difference-engine`, { auth: ada })).status, 204);
  });

  it('GET /user/teams — detailed teams across organizations; OAuth needs user or repo scope', async () => {
    const res = await call(emu, 'GET', '/user/teams', { auth: mary });
    assert.equal(res.status, 200);
    assert.ok(res.json.length > 0, 'mary is on teams of the organization');
    assert.ok(
      res.json.every((t: { organization: { login: string }; members_count: number }) => t.organization.login === ORG && typeof t.members_count === 'number'),
    );
    assert.ok(res.json.some((t: { name: string }) => t.name === 'Translators'));
    assert.equal((await call(emu, 'GET', '/user/teams', { token: makeToken(emu, 'mary', ['read:org']) })).status, 404);
    assert.equal((await call(emu, 'GET', '/user/teams', { token: makeToken(emu, 'mary', ['user']) })).status, 200);
    assert.equal((await call(emu, 'GET', '/user/teams', { token: makeToken(emu, 'mary', ['repo']) })).status, 200);
  });
});
