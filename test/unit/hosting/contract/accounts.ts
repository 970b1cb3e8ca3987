// The signed-in user and repositories
// (docs/service-api/hosting/repositories §3–§8; GET /user with the scope
// headers of docs/service-api/hosting/auth §9) on the demo seed: ada owns
// notes-on-the-engine (public) and bernoulli-numbers (private); the
// organization has difference-engine and the private analytical-engine; charles
// has a fork.
import assert from 'node:assert/strict';
import { NotFoundError, ValidationFailedError, collect } from '../../../../src/hosting';
import { createTokenWithPassword } from '../../../../src/oauth';
import { ORG, REPO, type ContractGroup } from './harness';

export const accounts: ContractGroup = {
  title: 'contract: the user and repositories (docs/service-api/hosting/repositories §3–§8)',
  cases: [
    {
      row: 'GET /user',
      does: "answers the token's user and the scopes of X-OAuth-Scopes",
      calls: ['authorizations.create', 'users.getAuthenticated'],
      async run(w) {
        const scopes = ['repo', 'admin:org', 'user', 'delete_repo'];
        const { token } = await createTokenWithPassword(w.client(), { username: 'ada', password: 'ada-demo-password', scopes, hostName: 'tests' });
        const me = await w.client({ type: 'token', token }).users.getAuthenticated();
        assert.deepEqual([me.user.login, me.user.site_admin], ['ada', true]);
        assert.deepEqual([...me.scopes].sort(), [...scopes].sort());
      },
    },
    {
      row: 'GET /users/:user',
      does: "a user's public profile: name and public repositories (ada owns one public repository); an organization is a user of type Organization; an unknown login is 404",
      calls: ['users.get'],
      async run(w) {
        const ada = await w.as('ada').users.get('ada');
        assert.deepEqual([ada.login, ada.name, ada.type, ada.public_repos], ['ada', 'Ada Lovelace', 'User', 1]);
        const org = await w.as('ada').users.get('analytical-engines');
        assert.equal(org.type, 'Organization');
        await assert.rejects(w.as('ada').users.get('no-such-user-here'), NotFoundError);
      },
    },
    {
      row: 'GET /user/repos',
      does: "lists the user's own repositories, private ones included",
      calls: ['repos.listForAuthenticatedUser'],
      async run(w) {
        const names = (await collect(w.as('ada').repos.listForAuthenticatedUser())).map((r) => r.full_name);
        assert.ok(names.includes('ada/bernoulli-numbers') && names.includes('ada/notes-on-the-engine'), names.join());
        assert.equal((await collect(w.as('grace').repos.listForAuthenticatedUser())).length, 0, 'grace owns nothing');
      },
    },
    {
      row: 'GET /users/:username/repos',
      does: 'shows another user only the public repositories',
      calls: ['repos.listForUser'],
      async run(w) {
        const names = (await collect(w.as('grace').repos.listForUser('ada'))).map((r) => r.full_name);
        assert.deepEqual(names, ['ada/notes-on-the-engine']);
      },
    },
    {
      row: 'GET /orgs/:org/repos',
      does: "lists the organization's repositories, the private one to a member only",
      calls: ['repos.listForOrg'],
      async run(w) {
        assert.deepEqual((await collect(w.as('ada').repos.listForOrg(ORG))).map((r) => r.name).sort(), ['analytical-engine', 'difference-engine']);
        assert.deepEqual(
          (await collect(w.as('grace').repos.listForOrg(ORG))).map((r) => r.name),
          ['difference-engine'],
        );
      },
    },
    {
      row: 'GET /repositories',
      does: 'every public repository in id order (minimal form); since= starts after that id',
      calls: ['repos.listPublic'],
      async run(w) {
        const all = await collect(w.as('grace').repos.listPublic());
        const ids = all.map((r) => r.id);
        assert.deepEqual(
          ids,
          [...ids].sort((a, b) => a - b),
        );
        assert.deepEqual(all.map((r) => r.full_name).sort(), ['ada/notes-on-the-engine', `${ORG}/${REPO}`, `charles/${REPO}`].sort());
        assert.deepEqual(
          (await collect(w.as('grace').repos.listPublic({ since: ids[0]! }))).map((r) => r.id),
          ids.slice(1),
        );
      },
    },
    {
      row: 'POST /user/repos, POST /orgs/:org/repos',
      does: 'create repositories (201) with the given name, description and privacy; a taken name is 422',
      calls: ['repos.createForAuthenticatedUser', 'repos.createInOrg'],
      async run(w) {
        const ada = w.as('ada');
        const mine = await ada.repos.createForAuthenticatedUser({ name: 'client-made', description: 'by the client', auto_init: true });
        assert.deepEqual([mine.full_name, mine.description, mine.private], ['ada/client-made', 'by the client', false]);
        const theirs = await ada.repos.createInOrg(ORG, { name: 'org-made', private: true });
        assert.deepEqual([theirs.full_name, theirs.private, theirs.owner.login], [`${ORG}/org-made`, true, ORG]);
        assert.deepEqual([w.of('repos.createForAuthenticatedUser')[0]?.status, w.of('repos.createInOrg')[0]?.status], [201, 201]);
        const dup = await ada.repos.createForAuthenticatedUser({ name: 'client-made' }).catch((e: unknown) => e);
        assert.ok(dup instanceof ValidationFailedError && dup.status === 422, String(dup));
      },
    },
    {
      row: 'GET /repos/:owner/:repo',
      does: 'the detailed form (a fork names parent and source); asked again, the 304 is answered from the cache',
      calls: ['repos.get'],
      async run(w) {
        const ada = w.as('ada');
        const fork = await ada.repos.get('charles', REPO);
        assert.deepEqual([fork.fork, fork.parent?.full_name, fork.source?.full_name], [true, `${ORG}/${REPO}`, `${ORG}/${REPO}`]);
        assert.equal(typeof fork.subscribers_count, 'number');
        const again = await ada.repos.get('charles', REPO);
        assert.deepEqual(
          w.of('repos.get').map((x) => x.status),
          [200, 304],
        );
        assert.deepEqual(again, fork);
      },
    },
    {
      row: 'GET /repos/:owner/:repo',
      does: 'a private repository is 404 to an outsider (convention 9) and found by its owner',
      calls: ['repos.get'],
      async run(w) {
        await assert.rejects(w.as('grace').repos.get('ada', 'bernoulli-numbers'), NotFoundError);
        assert.equal((await w.as('ada').repos.get('ada', 'bernoulli-numbers')).private, true);
      },
    },
    {
      row: 'GET /repos/:owner/:repo',
      does: 'a renamed repository answers 301 at its old name to /repositories/:id; the client follows it and then asks that address (convention 7)',
      calls: ['repos.createForAuthenticatedUser', 'repos.get'],
      async run(w) {
        const ada = w.as('ada');
        const { id } = await ada.repos.createForAuthenticatedUser({ name: 'old-name' });
        const rename = await fetch(`${w.emu.url}/repos/ada/old-name`, {
          method: 'PATCH',
          body: JSON.stringify({ name: 'new-name' }),
          headers: {
            'user-agent': 'tests',
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`,
          },
        });
        assert.equal(rename.status, 200);
        const from = w.exchanges.length;
        assert.equal((await ada.repos.get('ada', 'old-name')).full_name, 'ada/new-name');
        assert.equal((await ada.repos.get('ada', 'old-name')).full_name, 'ada/new-name');
        assert.deepEqual(
          w.exchanges.slice(from).map((x) => `${x.status} ${x.url}`),
          ['301 /repos/ada/old-name', `200 /repositories/${id}`, `304 /repositories/${id}`],
        );
      },
    },
  ],
};
