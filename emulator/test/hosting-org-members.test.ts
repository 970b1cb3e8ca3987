// docs/service-api/hosting/organizations §6: the 7 rows and their 302 rules.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, makeToken } from './helpers/hosting';

const ORG = 'analytical-engines';
const put0 = { 'Content-Length': '0' };
const logins = (json: Array<{ login: string }>) => json.map((u) => u.login);

describe('v3 organization members (docs/service-api/hosting/organizations §5, §6)', () => {
  let emu: TestEmulator;
  const ada = basic('ada'); // owner, public member
  const mary = basic('mary'); // concealed member, not an owner
  const grace = basic('grace'); // not a member
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('GET /orgs/:org/members — owners see concealed and public members', async () => {
    const res = await call(emu, 'GET', `/orgs/${ORG}/members`, { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(logins(res.json), ['ada', 'charles', 'luigi', 'mary']);
    assert.equal(res.json[0].type, 'User');
  });

  it('GET /orgs/:org/members — a member who is not an owner sees the public members (and themselves)', async () => {
    const res = await call(emu, 'GET', `/orgs/${ORG}/members`, { auth: mary });
    assert.deepEqual(logins(res.json), ['ada', 'charles', 'mary']);
  });

  it('GET /orgs/:org/members — a requester who is not a member gets 302 to the public members list', async () => {
    for (const auth of [grace, undefined]) {
      const res = await call(emu, 'GET', `/orgs/${ORG}/members`, { auth });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), `${emu.url}/orgs/${ORG}/public_members`);
    }
    const enterprise = await call(emu, 'GET', `/api/v3/orgs/${ORG}/members?per_page=5`, { auth: grace });
    assert.equal(enterprise.headers.get('location'), `${emu.url}/api/v3/orgs/${ORG}/public_members?per_page=5`);
  });

  it('GET /orgs/:org/members — filter all is the default; 2fa_disabled is for owners; other values are invalid', async () => {
    assert.deepEqual(logins((await call(emu, 'GET', `/orgs/${ORG}/members?filter=all`, { auth: ada })).json), ['ada', 'charles', 'luigi', 'mary']);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members?filter=2fa_disabled`, { auth: ada })).status, 200);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members?filter=2fa_disabled`, { auth: mary })).status, 403);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members?filter=some`, { auth: ada })).status, 422);
  });

  it('GET /orgs/:org/members/:username — member asking: 204 for a member, 404 for a non-member', async () => {
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/luigi`, { auth: mary })).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/grace`, { auth: mary })).status, 404);
  });

  it('GET /orgs/:org/members/:username — non-member asking about themselves: 404; about others: 302 to the public check', async () => {
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/grace`, { auth: grace })).status, 404);
    const other = await call(emu, 'GET', `/orgs/${ORG}/members/ada`, { auth: grace });
    assert.equal(other.status, 302);
    assert.equal(other.headers.get('location'), `${emu.url}/orgs/${ORG}/public_members/ada`);
    const anonymous = await call(emu, 'GET', `/orgs/${ORG}/members/mary`);
    assert.equal(anonymous.status, 302);
    assert.equal(anonymous.headers.get('location'), `${emu.url}/orgs/${ORG}/public_members/mary`);
  });

  it('GET /orgs/:org/public_members — 200, the public members, for anyone', async () => {
    assert.deepEqual(logins((await call(emu, 'GET', `/orgs/${ORG}/public_members`)).json), ['ada', 'charles']);
    assert.deepEqual(logins((await call(emu, 'GET', `/orgs/${ORG}/public_members`, { auth: grace })).json), ['ada', 'charles']);
  });

  it('GET /orgs/:org/public_members/:username — 204 if public member, 404 if not', async () => {
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/public_members/ada`)).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/public_members/mary`)).status, 404, 'concealed');
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/public_members/grace`)).status, 404, 'not a member');
  });

  it('PUT /orgs/:org/public_members/:username — 204; a user can publicize only their own membership', async () => {
    assert.equal((await call(emu, 'PUT', `/orgs/${ORG}/public_members/luigi`, { auth: mary, headers: put0 })).status, 403);
    assert.equal((await call(emu, 'PUT', `/orgs/${ORG}/public_members/mary`, { auth: mary, headers: put0 })).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/public_members/mary`)).status, 204);
    assert.equal((await call(emu, 'PUT', `/orgs/${ORG}/public_members/grace`, { auth: grace, headers: put0 })).status, 404, 'not a member');
  });

  it('DELETE /orgs/:org/public_members/:username — 204 conceals the membership', async () => {
    assert.equal((await call(emu, 'DELETE', `/orgs/${ORG}/public_members/mary`, { auth: mary })).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/public_members/mary`)).status, 404);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/mary`, { auth: ada })).status, 204, 'still a member');
  });

  it('DELETE /orgs/:org/members/:username — 204; removes the user from all teams and from the organization repositories', async () => {
    const privateRepo = `/repos/${ORG}/analytical-engine`;
    assert.equal((await call(emu, 'GET', privateRepo, { auth: basic('luigi') })).status, 200);
    assert.equal((await call(emu, 'DELETE', `/orgs/${ORG}/members/luigi`, { auth: mary })).status, 403, 'only owners remove');
    assert.equal((await call(emu, 'DELETE', `/orgs/${ORG}/members/luigi`, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members/luigi`, { auth: ada })).status, 404);
    const teams = await call(emu, 'GET', '/user/teams', { auth: basic('luigi') });
    assert.deepEqual(teams.json, []);
    assert.equal((await call(emu, 'GET', privateRepo, { auth: basic('luigi') })).status, 404);
  });

  it('GET /orgs/:org/members — a token without read:org sees the organization as a non-member would', async () => {
    const res = await call(emu, 'GET', `/orgs/${ORG}/members`, { token: makeToken(emu, 'ada', ['repo']) });
    assert.equal(res.status, 302);
    assert.equal((await call(emu, 'GET', `/orgs/${ORG}/members`, { token: makeToken(emu, 'ada', ['read:org']) })).status, 200);
  });
});
