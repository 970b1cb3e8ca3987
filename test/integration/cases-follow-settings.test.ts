// The support cases follow `repodesk.engagement.services` as it changes while
// RepoDesk runs (no window reload): the open Cases tab lists the cases of the
// service the setting now names, and New Support Case… creates its case there.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EngagementClient } from '../../src/engagement/client';
import type { RepoDeskApi } from '../../src/extension';
import type { HostToWebview } from '../../src/features/insights/model/messages';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const posted = async (key: string) => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.insights.posted', key)) ?? [];
const ada = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };
const REPO_TAG = 'repo:analytical-engines/difference-engine';

describe('Support cases follow the engagement services setting while RepoDesk runs', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  const first = () => process.env.REPODESK_TEST_EMULATOR_URL!;
  const second = () => process.env.REPODESK_TEST_EMULATOR2_URL!;
  const config = () => vscode.workspace.getConfiguration('repodesk.engagement');

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await config().update('apiUrl', first(), vscode.ConfigurationTarget.Global);
    const { provider } = api.testing!.engagement;
    await provider.createSessionWith(ada, first());
    await provider.createSessionWith(ada, second());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // A sign-in that failed in the hook above made no account to remove: a second failure here would only hide it.
    if (!api) return;
    const { provider } = api.testing!.engagement;
    // Each service's account is offered only while the settings list that service: the second's goes under its own.
    await config().update('services', [{ name: 'Support', apiUrl: second() }], vscode.ConfigurationTarget.Global);
    const theirs = await waitFor("the second service's account", async () => {
      const sessions = await provider.getSessions();
      return sessions.some((s) => s.id.startsWith(`${second()}#`)) && sessions;
    }).catch(() => []);
    for (const s of theirs) await provider.removeSession(s.id);
    await config().update('services', undefined, vscode.ConfigurationTarget.Global);
    for (const s of await provider.getSessions()) await provider.removeSession(s.id);
  });

  it('the open Cases tab lists the newly named service’s cases, and New Support Case… creates its case there', async () => {
    const { client } = api.testing!.engagement;
    // A case only the second service holds (made as ada there: RepoDesk does not offer a service the settings do not list).
    const there = new EngagementClient({ baseUrl: second(), credentials: ada });
    const contact = (await there.searchContacts({ count: 1 })).items[0]!;
    const subject = `Second service case ${Date.now().toString(36)}`;
    await there.createCase(contact.id, { subject, tags: [REPO_TAG] });

    const key = (await vscode.commands.executeCommand<string>('repodesk.insights.show', {
      owner: 'analytical-engines',
      name: 'difference-engine',
      tab: 'cases',
    }))!;
    const listed = async (from: number) =>
      (await posted(key)).slice(from).filter((m): m is Extract<HostToWebview, { type: 'cases' }> => m.type === 'cases' && m.index === 0);
    const before = await waitFor('the first service’s cases', async () => (await listed(0)).at(-1), 60_000);
    assert.ok(!before.rows.some((r) => r.subject === subject), 'the second service’s case listed before the setting named it');

    const mark = (await posted(key)).length;
    await config().update('services', [{ name: 'Support', apiUrl: second() }], vscode.ConfigurationTarget.Global);
    // No reload: the tab asks for its list again and gets the second service's.
    const after = await waitFor('the second service’s cases in the open tab', async () =>
      (await listed(mark)).find((m) => m.rows.some((r) => r.subject === subject)),
    );
    assert.ok(after.counts.Open >= 0 && after.counts.Arrived >= 1, JSON.stringify(after.counts));

    const made = `Made after the change ${Date.now().toString(36)}`;
    const id = await vscode.commands.executeCommand<number>('repodesk.cases.create', { subject: made, contact: { id: contact.id } });
    assert.equal(typeof id, 'number');
    assert.equal((await there.getCase(id)).subject, made, 'the case was made on the service the setting names');
    const firstCases = await (await client(first()))?.listCasesOfRepository('analytical-engines', 'difference-engine');
    assert.equal(firstCases, undefined, 'the first service, no longer listed, is not offered');
  });
});
