// Teams (docs/service-api/hosting/organizations §3, all 14 rows) and
// organization members (all 7 rows) on the demo organization: Owners (ada,
// charles), Engineers (ada, charles, luigi; push), Translators (ada, mary,
// luigi; pull, difference-engine only); ada and charles are public members,
// mary and luigi concealed; grace is an outsider.
import assert from 'node:assert/strict';
import { ValidationFailedError, collect, type HostingClient } from '../../../../src/hosting';
import { ORG, REPO, type ContractGroup } from './harness';

async function teamId(client: HostingClient, name: string): Promise<number> {
  const team = (await collect(client.teams.listForOrg(ORG))).find((t) => t.name === name);
  assert.ok(team, `no team ${name}`);
  return team.id;
}

const logins = (users: ReadonlyArray<{ login: string }>) => users.map((u) => u.login).sort();

export const teamsAndMembers: ContractGroup = {
  title: 'contract: teams and organization members (docs/service-api/hosting/organizations §1–§6)',
  cases: [
    {
      row: 'GET /orgs/:org/teams, GET /teams/:id',
      does: 'list the three teams, and get one in the detailed form with its permission, counts and organization',
      calls: ['teams.listForOrg', 'teams.get'],
      async run(w) {
        const ada = w.as('ada');
        assert.deepEqual((await collect(ada.teams.listForOrg(ORG))).map((t) => t.name).sort(), ['Engineers', 'Owners', 'Translators']);
        const engineers = await ada.teams.get(await teamId(ada, 'Engineers'));
        assert.deepEqual([engineers.name, engineers.permission, engineers.members_count, engineers.organization.login], ['Engineers', 'push', 3, ORG]);
      },
    },
    {
      row: 'POST /orgs/:org/teams, PATCH /teams/:id, DELETE /teams/:id',
      does: 'create a team with a repository, rename it and change its permission, delete it',
      calls: ['teams.create', 'teams.update', 'teams.delete', 'teams.listForOrg'],
      async run(w) {
        const ada = w.as('ada');
        const created = await ada.teams.create(ORG, { name: 'Reviewers', permission: 'pull', repo_names: [`${ORG}/${REPO}`] });
        assert.deepEqual([created.name, created.permission, created.repos_count], ['Reviewers', 'pull', 1]);
        const renamed = await ada.teams.update(created.id, { name: 'Critics', permission: 'push' });
        assert.deepEqual([renamed.id, renamed.name, renamed.permission], [created.id, 'Critics', 'push']);
        await ada.teams.delete(created.id);
        assert.ok(!(await collect(ada.teams.listForOrg(ORG))).some((t) => t.id === created.id));
      },
    },
    {
      row: 'GET /teams/:id/members, GET/PUT/DELETE /teams/:id/members/:username',
      does: 'list the members, check one (204) and a stranger (404), add and remove; an organization is 422 code org',
      calls: ['teams.listMembers', 'teams.isMember', 'teams.addMember', 'teams.removeMember'],
      async run(w) {
        const ada = w.as('ada');
        const translators = await teamId(ada, 'Translators');
        assert.deepEqual(logins(await collect(ada.teams.listMembers(translators))), ['ada', 'luigi', 'mary']);
        assert.deepEqual([await ada.teams.isMember(translators, 'mary'), await ada.teams.isMember(translators, 'grace')], [true, false]);
        await ada.teams.addMember(translators, 'grace');
        assert.equal(await ada.teams.isMember(translators, 'grace'), true);
        await ada.teams.removeMember(translators, 'grace');
        assert.equal(await ada.teams.isMember(translators, 'grace'), false);
        const err = await ada.teams.addMember(translators, ORG).catch((e: unknown) => e);
        assert.ok(err instanceof ValidationFailedError, String(err));
        assert.deepEqual(
          err.errors.map((e) => [e.resource, e.field, e.code]),
          [['TeamMember', 'user', 'org']],
        );
      },
    },
    {
      row: 'GET /teams/:id/repos, GET /teams/:id/repos/:owner/:repo, PUT /teams/:id/repos/:org/:repo, DELETE /teams/:id/repos/:owner/:repo',
      does: 'list, check, add and remove a repository; one outside the organization is 422 not_owned',
      calls: ['teams.listRepos', 'teams.managesRepo', 'teams.addRepo', 'teams.removeRepo'],
      async run(w) {
        const ada = w.as('ada');
        const translators = await teamId(ada, 'Translators');
        assert.deepEqual(
          (await collect(ada.teams.listRepos(translators))).map((r) => r.name),
          [REPO],
        );
        assert.deepEqual(
          [await ada.teams.managesRepo(translators, ORG, REPO), await ada.teams.managesRepo(translators, ORG, 'analytical-engine')],
          [true, false],
        );
        await ada.teams.addRepo(translators, ORG, 'analytical-engine');
        assert.equal(await ada.teams.managesRepo(translators, ORG, 'analytical-engine'), true);
        await ada.teams.removeRepo(translators, ORG, 'analytical-engine');
        assert.equal(await ada.teams.managesRepo(translators, ORG, 'analytical-engine'), false);
        const err = await ada.teams.addRepo(translators, 'ada', 'notes-on-the-engine').catch((e: unknown) => e);
        assert.ok(err instanceof ValidationFailedError, String(err));
        assert.deepEqual(
          err.errors.map((e) => [e.resource, e.field, e.code]),
          [['TeamMember', 'repository', 'not_owned']],
        );
      },
    },
    {
      row: 'GET /user/teams',
      does: "the caller's teams across organizations, in the detailed form, asked for a hundred a page",
      calls: ['teams.listForAuthenticatedUser'],
      async run(w) {
        const teams = await collect(w.as('mary').teams.listForAuthenticatedUser());
        assert.deepEqual(
          teams.map((t) => [t.name, t.organization.login]),
          [['Translators', ORG]],
        );
        assert.deepEqual(await collect(w.as('grace').teams.listForAuthenticatedUser()), []);
        assert.deepEqual(
          w.of('teams.listForAuthenticatedUser').map((x) => x.url),
          ['/user/teams?per_page=100', '/user/teams?per_page=100'],
        );
      },
    },
    {
      row: 'GET /orgs/:org/members, GET /orgs/:org/public_members',
      does: 'a member sees the concealed members too; an outsider is redirected (302) to the public list',
      calls: ['orgMembers.list', 'orgMembers.listPublic'],
      async run(w) {
        assert.deepEqual(logins(await collect(w.as('ada').orgMembers.list(ORG))), ['ada', 'charles', 'luigi', 'mary']);
        const from = w.exchanges.length;
        assert.deepEqual(logins(await collect(w.as('grace').orgMembers.list(ORG))), ['ada', 'charles']);
        assert.deepEqual(
          w.exchanges.slice(from).map((x) => `${x.status} ${x.endpoint}`),
          ['302 orgMembers.list', '200 orgMembers.listPublic'],
        );
        assert.deepEqual(logins(await collect(w.as('grace').orgMembers.listPublic(ORG))), ['ada', 'charles']);
      },
    },
    {
      row: 'GET /orgs/:org/members/:username, GET /orgs/:org/public_members/:username',
      does: 'membership checks answer 204 or 404; an outsider asking about a concealed member is sent to the public check',
      calls: ['orgMembers.isMember', 'orgMembers.isPublicMember'],
      async run(w) {
        assert.deepEqual([await w.as('ada').orgMembers.isMember(ORG, 'mary'), await w.as('ada').orgMembers.isMember(ORG, 'grace')], [true, false]);
        assert.deepEqual([await w.as('grace').orgMembers.isMember(ORG, 'mary'), await w.as('grace').orgMembers.isMember(ORG, 'ada')], [false, true]);
        assert.deepEqual(
          [await w.as('grace').orgMembers.isPublicMember(ORG, 'charles'), await w.as('grace').orgMembers.isPublicMember(ORG, 'mary')],
          [true, false],
        );
      },
    },
    {
      row: 'PUT /orgs/:org/public_members/:username, DELETE /orgs/:org/public_members/:username',
      does: 'a member publicizes, then conceals, their own membership',
      calls: ['orgMembers.publicize', 'orgMembers.conceal', 'orgMembers.isPublicMember'],
      async run(w) {
        const mary = w.as('mary');
        await mary.orgMembers.publicize(ORG, 'mary');
        assert.equal(await mary.orgMembers.isPublicMember(ORG, 'mary'), true);
        await mary.orgMembers.conceal(ORG, 'mary');
        assert.equal(await mary.orgMembers.isPublicMember(ORG, 'mary'), false);
      },
    },
    {
      row: 'DELETE /orgs/:org/members/:username',
      does: 'removes the member from the organization and from every team',
      calls: ['orgMembers.remove', 'teams.listMembers'],
      async run(w) {
        const ada = w.as('ada');
        await ada.orgMembers.remove(ORG, 'luigi');
        assert.equal(await ada.orgMembers.isMember(ORG, 'luigi'), false);
        for (const team of ['Engineers', 'Translators']) {
          assert.ok(!logins(await collect(ada.teams.listMembers(await teamId(ada, team)))).includes('luigi'), team);
        }
      },
    },
  ],
};
