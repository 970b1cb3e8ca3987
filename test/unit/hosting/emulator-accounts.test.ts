// The client's user, repository, team and organization-member methods
// (document 2: Repositories, Teams, Organization members) against the
// emulator with the demo seed.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, ValidationFailedError, collect } from '../../../src/hosting';
import { createTokenWithPassword } from '../../../src/oauth';

const ORG = 'analytical-engines';

describe('v3 client accounts and repositories against the emulator (document 2)', () => {
  let emu: TestEmulator;
  let ada: HostingClient;
  let grace: HostingClient;
  let requests: string[];

  async function signIn(login: string, scopes: string[]): Promise<HostingClient> {
    const anonymous = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test' });
    const { token } = await createTokenWithPassword(anonymous, { username: login, password: `${login}-demo-password`, scopes, hostName: 'tests' });
    return new HostingClient({
      apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'token', token },
      fetch: (url, init) => (requests.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`), fetch(url, init)),
    });
  }

  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    requests = [];
    ada = await signIn('ada', ['repo', 'admin:org', 'user', 'delete_repo']);
    grace = await signIn('grace', ['repo', 'read:org']);
  });
  after(() => emu.dispose());

  it('GET /user: the token\'s user and its scopes from X-OAuth-Scopes', async () => {
    const { user, scopes } = await ada.users.getAuthenticated();
    assert.equal(user.login, 'ada');
    assert.equal(user.site_admin, true);
    assert.deepEqual([...scopes].sort(), ['admin:org', 'delete_repo', 'repo', 'user']);
  });

  it('GET /user/repos lists the user\'s own repositories, private ones included', async () => {
    const names = (await collect(ada.repos.listForAuthenticatedUser())).map((r) => r.full_name);
    assert.ok(names.includes('ada/bernoulli-numbers'), names.join());
    assert.ok(names.includes('ada/notes-on-the-engine'));
  });

  it('GET /users/:username/repos lists only public repositories to others', async () => {
    const names = (await collect(grace.repos.listForUser('ada'))).map((r) => r.full_name);
    assert.ok(names.includes('ada/notes-on-the-engine'));
    assert.ok(!names.includes('ada/bernoulli-numbers'));
  });

  it('GET /orgs/:org/repos lists the organization\'s repositories', async () => {
    const names = (await collect(ada.repos.listForOrg(ORG))).map((r) => r.name).sort();
    assert.deepEqual(names, ['analytical-engine', 'difference-engine']);
  });

  it('GET /repositories: every public repository in creation order, minimal form, paged by since', async () => {
    const all = await collect(grace.repos.listPublic());
    const ids = all.map((r) => r.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
    assert.ok(all.every((r) => !r.private));
    const later = await collect(grace.repos.listPublic({ since: ids[0]! }));
    assert.deepEqual(later.map((r) => r.id), ids.slice(1));
  });

  it('GET /repos/:owner/:repo: the detailed form; a fork carries parent and source', async () => {
    const fork = await ada.repos.get('charles', 'difference-engine');
    assert.equal(fork.fork, true);
    assert.equal(fork.parent?.full_name, `${ORG}/difference-engine`);
    assert.equal(fork.source?.full_name, `${ORG}/difference-engine`);
    assert.equal(typeof fork.subscribers_count, 'number');
  });

  it('POST /user/repos and POST /orgs/:org/repos create repositories (201); a duplicate name is ValidationFailedError', async () => {
    const mine = await ada.repos.createForAuthenticatedUser({ name: 'client-made', description: 'by the client', auto_init: true });
    assert.equal(mine.full_name, 'ada/client-made');
    assert.equal(mine.description, 'by the client');
    const theirs = await ada.repos.createInOrg(ORG, { name: 'org-made', private: true });
    assert.equal(theirs.full_name, `${ORG}/org-made`);
    assert.equal(theirs.private, true);
    const dup = await ada.repos.createForAuthenticatedUser({ name: 'client-made' }).catch((e: unknown) => e);
    assert.ok(dup instanceof ValidationFailedError);
    assert.equal(dup.status, 422);
  });

  it('hidden private repositories answer 404 (convention 9): NotFoundError', async () => {
    await assert.rejects(grace.repos.get('ada', 'bernoulli-numbers'), NotFoundError);
  });

  it('convention 7: a renamed repository answers 301 at its old name; the client follows it and then uses the new address', async () => {
    await ada.repos.createForAuthenticatedUser({ name: 'old-name' });
    const rename = await fetch(`${emu.url}/repos/ada/old-name`, {
      method: 'PATCH', body: JSON.stringify({ name: 'new-name' }),
      headers: { 'user-agent': 'tests', 'content-type': 'application/json', authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}` },
    });
    assert.equal(rename.status, 200);
    requests.length = 0;
    assert.equal((await ada.repos.get('ada', 'old-name')).full_name, 'ada/new-name');
    assert.equal((await ada.repos.get('ada', 'old-name')).full_name, 'ada/new-name');
    assert.deepEqual(requests, ['GET /repos/ada/old-name', 'GET /repos/ada/new-name', 'GET /repos/ada/new-name']);
  });
});
