// Support cases of the active repository from the palette: Show Support
// Cases opens its Insights panel on the Cases tab; New Support Case… creates
// a case linked to the repository (its repo: tag), with its first note, and
// shows the tab, whose list holds it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import type { HostToWebview } from '../../src/features/insights/model/messages';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const posted = async (key: string) => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.insights.posted', key)) ?? [];

describe('Support cases from the palette', function () {
  this.timeout(60_000);
  let api: RepoDeskApi;

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await vscode.workspace.getConfiguration('repodesk.engagement').update('apiUrl', process.env.REPODESK_TEST_EMULATOR_URL, vscode.ConfigurationTarget.Global);
    await api.testing!.engagement.provider.createSessionWith({ userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' });
  });

  it('RepoDesk: Show Support Cases opens the Insights panel of the active repository', async () => {
    const key = await vscode.commands.executeCommand<string>('repodesk.cases.show');
    assert.equal(key, await vscode.commands.executeCommand<string>('repodesk.insights.show', { owner: 'analytical-engines', name: 'difference-engine' }));
    await waitFor('the cases of the repository', async () => (await posted(key)).some((m) => m.type === 'cases'));
  });

  it('RepoDesk: New Support Case… creates a case tagged with the active repository, with its first note, and the Cases tab lists it', async () => {
    const engagement = (await api.testing!.engagement.client())!;
    const contact = (await engagement.searchContacts({ count: 1 })).items[0]!;
    const subject = `Palette case ${Date.now().toString(36)}`;
    const id = await vscode.commands.executeCommand<number>('repodesk.cases.create', { subject, contact: { id: contact.id }, note: 'From the palette.' });
    assert.ok(typeof id === 'number', String(id));
    const held = await engagement.getCase(id);
    assert.equal(held.subject, subject);
    assert.ok(held.tags.includes('repo:analytical-engines/difference-engine'), held.tags.join(', '));
    assert.deepEqual(
      held.notes?.map((n) => n.text),
      ['From the palette.'],
    );
    const linked = await engagement.listCasesOfRepository('analytical-engines', 'difference-engine');
    assert.ok(linked.some((c) => c.id === id));
  });
});
