// Organization members above an organization's repositories in the
// Repositories view (docs/service-api/hosting/organizations §5, §6), read
// through the view's nodes and changed through their commands. The changes need
// the write:org and admin:org scopes, so the suite signs in again for admin:org
// (which holds write:org) first, as the refusal's offer would: this file is
// named to run after the suites that check what happens without it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HostingClient, collect } from '../../src/hosting';
import { approveInBrowser } from './oauthBrowser';
import { child, children, chooseFirstSignInMethod, description, label, signInAsAdaWithDemoRepository, type TestNode, waitFor } from './views-support';

const VIEW = 'repodesk.repositories';
const ORG = 'analytical-engines';

const org = () => child(VIEW, undefined, ORG);
const members = async () => child(VIEW, await org(), 'Members');
const publicMembers = async () => child(VIEW, await org(), 'Public Members');
/** login → description, as the rows show them. */
const rows = async (group: TestNode) => Object.fromEntries((await children(VIEW, group)).map((n) => [label(n), description(n)]));

function owner(): HostingClient {
  const apiUrl = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!;
  return new HostingClient({ apiUrl, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
}

describe('Views: organization members', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  it('GET /orgs/:org/members, GET /orgs/:org/public_members: the organization’s group shows Members and Public Members after its repositories; an owner sees concealed members, each marked, the signed-in user as “you”', async () => {
    const labels = (await children(VIEW, await org())).map(label);
    assert.deepEqual(labels.slice(-2), ['Members', 'Public Members']);
    assert.deepEqual(labels.slice(0, -2).sort(), ['analytical-engine', 'difference-engine']);
    assert.deepEqual(await rows(await members()), { ada: 'public · you', charles: 'public', luigi: 'concealed', mary: 'concealed' });
    assert.deepEqual(await rows(await publicMembers()), { ada: 'public · you', charles: 'public' });
    const ada = await child(VIEW, await members(), 'ada');
    assert.equal(ada.toTreeItem().contextValue, 'orgMember:self:public');
    assert.equal((await child(VIEW, await members(), 'mary')).toTreeItem().contextValue, 'orgMember:other:concealed');
  });

  describe('with the admin:org scope', () => {
    before(async () => {
      const api = await signInAsAdaWithDemoRepository();
      if (api.testing!.session.scopes.includes('admin:org')) return;
      let opened = false;
      api.testing!.setBrowserOpener(async (url) => {
        opened = true;
        void approveInBrowser(url, 'ada', 'ada-demo-password');
      });
      try {
        const shown = api.testing!.provider.methodsShown;
        const signIn = api.testing!.session.signIn(['admin:org']);
        await chooseFirstSignInMethod(api, shown);
        await waitFor('the authorize page opened', async () => opened);
        await signIn;
      } finally {
        api.testing!.setBrowserOpener(undefined);
      }
      assert.ok(api.testing!.session.scopes.includes('admin:org'), api.testing!.session.scopes.join(', '));
    });

    it('DELETE, PUT /orgs/:org/public_members/:username: concealing one’s own membership takes it off Public Members and marks the row concealed; making it public brings it back', async () => {
      await vscode.commands.executeCommand('repodesk.org.members.conceal', await child(VIEW, await members(), 'ada'));
      assert.equal(description(await child(VIEW, await members(), 'ada')), 'concealed · you');
      assert.equal((await child(VIEW, await members(), 'ada')).toTreeItem().contextValue, 'orgMember:self:concealed');
      assert.deepEqual(Object.keys(await rows(await publicMembers())), ['charles']);
      assert.equal(await owner().orgMembers.isPublicMember(ORG, 'ada'), false);

      await vscode.commands.executeCommand('repodesk.org.members.publicize', await child(VIEW, await members(), 'ada'));
      assert.equal(description(await child(VIEW, await members(), 'ada')), 'public · you');
      assert.deepEqual(Object.keys(await rows(await publicMembers())).sort(), ['ada', 'charles']);
    });

    it('only one’s own membership: Make Public and Conceal do nothing on another member’s row', async () => {
      assert.equal(await vscode.commands.executeCommand('repodesk.org.members.publicize', await child(VIEW, await members(), 'mary')), undefined);
      assert.equal(await vscode.commands.executeCommand('repodesk.org.members.conceal', await child(VIEW, await members(), 'charles')), undefined);
      assert.deepEqual(await rows(await publicMembers()), { ada: 'public · you', charles: 'public' });
    });

    it('DELETE /orgs/:org/members/:username: removing a member takes them off Members (and out of every team); the last owner cannot be removed, and the row stays', async () => {
      const ada = owner();
      const teams = await collect(ada.teams.listForOrg(ORG));
      const teamOf = (name: string) => teams.find((t) => t.name === name)!.id;
      const luigiTeams = [];
      for (const t of teams) if ((await collect(ada.teams.listMembers(t.id))).some((m) => m.login === 'luigi')) luigiTeams.push(t.id);
      try {
        await vscode.commands.executeCommand('repodesk.org.members.remove', await child(VIEW, await members(), 'luigi'), true);
        assert.deepEqual(Object.keys(await rows(await members())).sort(), ['ada', 'charles', 'mary']);
        assert.equal(await ada.orgMembers.isMember(ORG, 'luigi'), false);
      } finally {
        for (const id of luigiTeams) await ada.teams.addMember(id, 'luigi');
      }

      // With charles out of Owners, ada is the last owner: the service refuses, the row stays.
      await ada.teams.removeMember(teamOf('Owners'), 'charles');
      try {
        assert.equal(await vscode.commands.executeCommand('repodesk.org.members.remove', await child(VIEW, await members(), 'ada'), true), undefined);
        assert.ok('ada' in (await rows(await members())));
        assert.equal(await ada.orgMembers.isMember(ORG, 'ada'), true);
      } finally {
        await ada.teams.addMember(teamOf('Owners'), 'charles');
      }
      await vscode.commands.executeCommand('repodesk.repo.extras.refresh', await members());
      assert.deepEqual(Object.keys(await rows(await members())).sort(), ['ada', 'charles', 'luigi', 'mary']);
    });
  });
});
