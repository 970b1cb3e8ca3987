// docs/service-api/hosting/users §1, and the users and organizations of the
// account side (GET/PATCH /user, /users/:username, /orgs/:org, orgs lists).
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, makeToken, TIMESTAMP } from './helpers/hosting';

const SUMMARY_FIELDS = [
  'avatar_url',
  'events_url',
  'followers_url',
  'following_url',
  'gists_url',
  'gravatar_id',
  'html_url',
  'id',
  'login',
  'organizations_url',
  'received_events_url',
  'repos_url',
  'site_admin',
  'starred_url',
  'subscriptions_url',
  'type',
  'url',
];

describe('v3 users and organizations (documents 1 and 2)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('User summary — every field of docs/service-api/hosting/users §1, with URI templates on this server', async () => {
    const members = await call(emu, 'GET', '/orgs/analytical-engines/public_members');
    const ada = members.json.find((u: { login: string }) => u.login === 'ada');
    assert.deepEqual(Object.keys(ada).sort(), SUMMARY_FIELDS);
    assert.equal(ada.type, 'User');
    assert.equal(ada.site_admin, true);
    assert.equal(ada.following_url, `${emu.url}/users/ada/following{/other_user}`);
    assert.equal(ada.starred_url, `${emu.url}/users/ada/starred{/owner}{/repo}`);
  });

  it('GET /users/:username — the detailed user; 404 for an unknown login', async () => {
    const res = await call(emu, 'GET', '/users/charles');
    assert.equal(res.status, 200);
    assert.equal(res.json.name, 'Charles Babbage');
    assert.equal(res.json.public_repos, 1);
    assert.match(res.json.created_at, TIMESTAMP);
    assert.ok(!('total_private_repos' in res.json), 'private fields only for the user themselves');
    assert.equal((await call(emu, 'GET', '/users/no-such-user')).status, 404);
  });

  it('GET /user — the authenticated user with private counts; 401 Requires authentication without credentials', async () => {
    const res = await call(emu, 'GET', '/user', { auth: basic('ada') });
    assert.equal(res.json.total_private_repos, 1);
    assert.equal(res.json.owned_private_repos, 1);
    const anon = await call(emu, 'GET', '/user');
    assert.equal(anon.status, 401);
    assert.equal(anon.json.message, 'Requires authentication');
  });

  it('PATCH /user — updates the profile; a token needs the user scope', async () => {
    const res = await call(emu, 'PATCH', '/user', { auth: basic('mary'), body: { location: 'Chelsea', bio: 'On the connexion of the physical sciences.' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.location, 'Chelsea');
    assert.equal((await call(emu, 'GET', '/users/mary')).json.bio, 'On the connexion of the physical sciences.');
    assert.equal((await call(emu, 'PATCH', '/user', { token: makeToken(emu, 'mary', ['repo']), body: { location: 'x' } })).status, 403);
    assert.equal((await call(emu, 'PATCH', '/user', { token: makeToken(emu, 'mary', ['user']), body: { location: 'Edinburgh' } })).json.location, 'Edinburgh');
  });

  it('GET /orgs/:org — the organization; members see the private fields', async () => {
    const anon = await call(emu, 'GET', '/orgs/analytical-engines');
    assert.equal(anon.json.login, 'analytical-engines');
    assert.equal(anon.json.type, 'Organization');
    assert.equal(anon.json.members_url, `${emu.url}/orgs/analytical-engines/members{/member}`);
    assert.ok(!('billing_email' in anon.json));
    const member = await call(emu, 'GET', '/orgs/analytical-engines', { auth: basic('mary') });
    assert.equal(member.json.billing_email, 'billing@analytical-engines.test');
    assert.equal(member.json.total_private_repos, 1);
    assert.equal((await call(emu, 'GET', '/orgs/ada')).status, 404, 'a user is not an organization');
  });

  it('PATCH /orgs/:org — owners only, admin:org for tokens', async () => {
    assert.equal((await call(emu, 'PATCH', '/orgs/analytical-engines', { auth: basic('mary'), body: { location: 'Paris' } })).status, 403);
    const res = await call(emu, 'PATCH', '/orgs/analytical-engines', { auth: basic('ada'), body: { location: 'Marylebone' } });
    assert.equal(res.json.location, 'Marylebone');
    assert.equal((await call(emu, 'PATCH', '/orgs/analytical-engines', { token: makeToken(emu, 'ada', ['write:org']), body: { location: 'x' } })).status, 403);
  });

  it('GET /user/orgs and /users/:username/orgs — memberships; only public ones for others', async () => {
    const own = await call(emu, 'GET', '/user/orgs', { auth: basic('mary') });
    assert.deepEqual(
      own.json.map((o: { login: string }) => o.login),
      ['analytical-engines'],
    );
    assert.deepEqual((await call(emu, 'GET', '/users/mary/orgs')).json, [], 'mary is a concealed member');
    assert.deepEqual(
      (await call(emu, 'GET', '/users/ada/orgs')).json.map((o: { login: string }) => o.login),
      ['analytical-engines'],
    );
  });
});
