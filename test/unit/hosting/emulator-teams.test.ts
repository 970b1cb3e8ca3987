// The client's team and organization-member methods (document 2: Teams, all
// 14 rows; Organization members, all 7 rows) against the seeded emulator.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, ValidationFailedError, collect } from '../../../src/hosting';

const ORG = 'analytical-engines';

describe('v3 client teams and organization members against the emulator (document 2)', () => {
  let emu: TestEmulator;
  const as = (login: string) => new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: login, password: `${login}-demo-password` } });

  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('Teams: list (summaries), get (detailed), create, update and delete', async () => {
    const ada = as('ada');
    const teams = await collect(ada.teams.listForOrg(ORG));
    assert.deepEqual(teams.map((t) => t.name).sort(), ['Engineers', 'Owners', 'Translators']);
    const engineers = await ada.teams.get(teams.find((t) => t.name === 'Engineers')!.id);
    assert.equal(engineers.permission, 'push');
    assert.equal(engineers.members_count, 3);
    assert.equal(engineers.organization.login, ORG);
    const created = await ada.teams.create(ORG, { name: 'Reviewers', permission: 'pull', repo_names: [`${ORG}/difference-engine`] });
    assert.equal(created.repos_count, 1);
    const renamed = await ada.teams.update(created.id, { name: 'Critics', permission: 'push' });
    assert.equal(renamed.name, 'Critics');
    assert.equal(renamed.permission, 'push');
    await ada.teams.delete(created.id);
    assert.ok(!(await collect(ada.teams.listForOrg(ORG))).some((t) => t.id === created.id));
  });

  it('Teams: members — list, check (204/404), add, remove; adding an organization is 422 code org', async () => {
    const ada = as('ada');
    const translators = (await collect(ada.teams.listForOrg(ORG))).find((t) => t.name === 'Translators')!;
    assert.deepEqual((await collect(ada.teams.listMembers(translators.id))).map((u) => u.login).sort(), ['ada', 'luigi', 'mary']);
    assert.equal(await ada.teams.isMember(translators.id, 'mary'), true);
    assert.equal(await ada.teams.isMember(translators.id, 'grace'), false);
    await ada.teams.addMember(translators.id, 'grace');
    assert.equal(await ada.teams.isMember(translators.id, 'grace'), true);
    await ada.teams.removeMember(translators.id, 'grace');
    assert.equal(await ada.teams.isMember(translators.id, 'grace'), false);
    const err = await ada.teams.addMember(translators.id, ORG).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationFailedError);
    assert.deepEqual(err.errors.map((e) => [e.resource, e.field, e.code]), [['TeamMember', 'user', 'org']]);
  });

  it('Teams: repositories — list, check, add, remove; a repository outside the organization is 422 not_owned', async () => {
    const ada = as('ada');
    const translators = (await collect(ada.teams.listForOrg(ORG))).find((t) => t.name === 'Translators')!;
    assert.deepEqual((await collect(ada.teams.listRepos(translators.id))).map((r) => r.name), ['difference-engine']);
    assert.equal(await ada.teams.managesRepo(translators.id, ORG, 'analytical-engine'), false);
    await ada.teams.addRepo(translators.id, ORG, 'analytical-engine');
    assert.equal(await ada.teams.managesRepo(translators.id, ORG, 'analytical-engine'), true);
    await ada.teams.removeRepo(translators.id, ORG, 'analytical-engine');
    assert.equal(await ada.teams.managesRepo(translators.id, ORG, 'analytical-engine'), false);
    const err = await ada.teams.addRepo(translators.id, 'ada', 'notes-on-the-engine').catch((e: unknown) => e);
    assert.ok(err instanceof ValidationFailedError, String(err));
    assert.deepEqual(err.errors.map((e) => [e.resource, e.field, e.code]), [['TeamMember', 'repository', 'not_owned']]);
  });

  it('GET /user/teams: the detailed teams of the caller across organizations', async () => {
    const teams = await collect(as('mary').teams.listForAuthenticatedUser());
    assert.deepEqual(teams.map((t) => t.name), ['Translators']);
    assert.equal(teams[0]!.organization.login, ORG);
  });

  it('Organization members: a member sees concealed members; a non-member is redirected (302) to the public list', async () => {
    const all = (await collect(as('ada').orgMembers.list(ORG))).map((u) => u.login).sort();
    assert.deepEqual(all, ['ada', 'charles', 'luigi', 'mary']);
    const outsider = (await collect(as('grace').orgMembers.list(ORG))).map((u) => u.login).sort();
    assert.deepEqual(outsider, ['ada', 'charles']);
    assert.deepEqual((await collect(as('grace').orgMembers.listPublic(ORG))).map((u) => u.login).sort(), ['ada', 'charles']);
  });

  it('Organization members: membership checks (204/404, and the 302 to the public check for outsiders)', async () => {
    assert.equal(await as('ada').orgMembers.isMember(ORG, 'mary'), true);
    assert.equal(await as('ada').orgMembers.isMember(ORG, 'grace'), false);
    // grace is not a member: asking about a concealed member is redirected to the public check (404 there).
    assert.equal(await as('grace').orgMembers.isMember(ORG, 'mary'), false);
    assert.equal(await as('grace').orgMembers.isMember(ORG, 'ada'), true);
    assert.equal(await as('grace').orgMembers.isPublicMember(ORG, 'charles'), true);
  });

  it('Organization members: publicize and conceal one\'s own membership; remove a member from every team', async () => {
    const mary = as('mary');
    await mary.orgMembers.publicize(ORG, 'mary');
    assert.equal(await mary.orgMembers.isPublicMember(ORG, 'mary'), true);
    await mary.orgMembers.conceal(ORG, 'mary');
    assert.equal(await mary.orgMembers.isPublicMember(ORG, 'mary'), false);
    await as('ada').orgMembers.remove(ORG, 'luigi');
    assert.equal(await as('ada').orgMembers.isMember(ORG, 'luigi'), false);
  });
});
