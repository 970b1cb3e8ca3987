// The Insights panel inside VS Code: opened for a repository, its host posts
// the five statistics (retrying while the service answers 202) and the
// support cases linked by `repo:<owner>/<name>`; a case created from the
// panel exists in the v2 API afterwards.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import type { HostToWebview, WebviewToHost } from '../../src/features/insights/model/messages';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const received = async (key: string) => (await vscode.commands.executeCommand<WebviewToHost[]>('repodesk.testing.insights.received', key)) ?? [];
const posted = async (key: string) => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.insights.posted', key)) ?? [];
const send = (key: string, message: unknown) => vscode.commands.executeCommand('repodesk.testing.insights.send', key, message);

/** The five charts once each has been posted (data or error). */
async function allCharts(key: string): Promise<Map<string, HostToWebview>> {
  return waitFor(
    `the five charts of ${key}`,
    async () => {
      const done = new Map<string, HostToWebview>();
      for (const m of await posted(key)) {
        if (m.type === 'chart') done.set(m.data.chart, m);
        if (m.type === 'chartError') done.set(m.chart, m);
      }
      return done.size === 5 ? done : undefined;
    },
    60_000,
  );
}

describe('Insights panel: statistics and the support cases of a repository', function () {
  this.timeout(120_000);
  let api: RepoDeskApi;

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await vscode.workspace.getConfiguration('repodesk.engagement').update('apiUrl', process.env.REPODESK_TEST_EMULATOR_URL, vscode.ConfigurationTarget.Global);
    await api.testing!.engagement.provider.createSessionWith({ userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens one panel per repository for the demo repository and posts all five statistics', async () => {
    const key = await vscode.commands.executeCommand<string>('repodesk.insights.show', { owner: 'analytical-engines', name: 'difference-engine' });
    assert.equal(key, 'analytical-engines/difference-engine');
    const charts = await allCharts(key);
    for (const [chart, m] of charts) assert.equal(m.type, 'chart', `${chart}: ${JSON.stringify(m).slice(0, 200)}`);
    const contributors = charts.get('contributors') as Extract<HostToWebview, { type: 'chart' }>;
    assert.ok(contributors.data.chart === 'contributors' && contributors.data.contributors.length > 0, 'no contributors in the demo repository');
    const punch = charts.get('punchCard') as Extract<HostToWebview, { type: 'chart' }>;
    assert.ok(punch.data.chart === 'punchCard' && punch.data.total > 0);
    // Opening it again reveals the same panel.
    assert.equal(await vscode.commands.executeCommand('repodesk.insights.show', { owner: 'analytical-engines', name: 'difference-engine' }), key);
  });

  it('retries while the service answers 202 (computing) and then draws; an empty repository has empty statistics', async () => {
    const name = `insights-${Date.now()}`;
    await api.testing!.session.client!.repos.createForAuthenticatedUser({ name, auto_init: true });
    const key = await vscode.commands.executeCommand<string>('repodesk.insights.show', { owner: 'ada', name });
    const charts = await allCharts(key);
    const messages = await posted(key);
    assert.ok(
      messages.some((m) => m.type === 'statsPending'),
      'no "computing" progress was posted: the first request of fresh statistics answers 202',
    );
    for (const [chart, m] of charts) assert.equal(m.type, 'chart', `${chart} after the 202: ${JSON.stringify(m).slice(0, 200)}`);

    // The page drew every card (it says so once they are drawn). Also the next
    // panel waits for it: code-server's webview service worker stalls a
    // webview created while another page is still drawing (its page loads
    // after 30 s).
    await waitFor('the page tells every statistics card is drawn', async () => (await received(key)).some((m) => m.type === 'statsDrawn'));
    const empty = `insights-empty-${Date.now()}`;
    await api.testing!.session.client!.repos.createForAuthenticatedUser({ name: empty });
    const emptyKey = await vscode.commands.executeCommand<string>('repodesk.insights.show', { owner: 'ada', name: empty });
    const emptyCharts = await allCharts(emptyKey);
    const c = emptyCharts.get('contributors');
    assert.ok(c?.type === 'chart' && c.data.chart === 'contributors' && c.data.contributors.length === 0, JSON.stringify(c).slice(0, 200));
  });

  it('lists the cases tagged repo:analytical-engines/difference-engine, and only those of pull request #1 when filtered', async () => {
    const key = 'analytical-engines/difference-engine';
    const before = (await posted(key)).length;
    await send(key, { type: 'loadCases', filter: { state: 'all', pull: null }, index: 0 });
    const list = await waitFor('the case list', async () =>
      (await posted(key)).slice(before).find((m): m is Extract<HostToWebview, { type: 'cases' }> => m.type === 'cases'),
    );
    assert.ok(list.rows.length > 0);
    for (const r of list.rows) assert.ok(r.tags.includes('repo:analytical-engines/difference-engine'), `case ${r.id} is not linked`);
    assert.ok(list.counts.Open >= 1, 'the header counts open cases');

    const mark = (await posted(key)).length;
    await send(key, { type: 'loadCases', filter: { state: 'all', pull: 1 }, index: 0 });
    const pr = await waitFor('the cases of pull request #1', async () =>
      (await posted(key)).slice(mark).find((m): m is Extract<HostToWebview, { type: 'cases' }> => m.type === 'cases'),
    );
    assert.ok(pr.rows.length > 0 && pr.rows.every((r) => r.pulls.includes(1)));
  });

  it('a case created from the panel exists in the v2 API, linked to the repository and the pull request', async () => {
    const key = 'analytical-engines/difference-engine';
    const subject = `Panel case ${Date.now()}`;
    const mark = (await posted(key)).length;
    await send(key, {
      type: 'createCase',
      subject,
      contact: { name: 'Grace Hopper', email: 'grace@example.com' },
      campaign: 'Support',
      note: 'Found while reviewing.',
      pull: 1,
    });
    const created = await waitFor('the created case', async () =>
      (await posted(key)).slice(mark).find((m): m is Extract<HostToWebview, { type: 'caseCreated' }> => m.type === 'caseCreated'),
    );
    const client = await api.testing!.engagement.client();
    const c = await client!.getCase(created.id);
    assert.equal(c.subject, subject);
    assert.equal(c.contact.name, 'Grace Hopper');
    assert.ok(c.tags.includes('repo:analytical-engines/difference-engine') && c.tags.includes('pr:1'), c.tags.join(', '));
    const linked = await client!.listCasesOfRepository('analytical-engines', 'difference-engine', { prNumber: 1 });
    assert.ok(linked.some((x) => x.id === created.id));

    // A note and closing it go through the same host.
    await send(key, { type: 'addNote', id: created.id, text: 'Second note' });
    await send(key, { type: 'setState', id: created.id, state: 'Closed' });
    await waitFor('the case closed with its note', async () => {
      const now = await client!.getCase(created.id);
      return now.state === 'Closed' && (now.notes ?? []).some((n) => n.text === 'Second note');
    });
  });

  it("a case's note written and not added is kept by the host and comes back with the case (a reload's new panel too); added, it is gone", async () => {
    const key = 'analytical-engines/difference-engine';
    const mark = (await posted(key)).length;
    await send(key, {
      type: 'createCase',
      subject: `Draft case ${Date.now()}`,
      contact: { name: 'Ada Draft', email: `ada.draft.${Date.now()}@example.com` },
      campaign: 'Support',
      pull: null,
    });
    const created = await waitFor('the created case', async () =>
      (await posted(key)).slice(mark).find((m): m is Extract<HostToWebview, { type: 'caseCreated' }> => m.type === 'caseCreated'),
    );
    const detailsAfter = async (from: number) =>
      waitFor('the case', async () =>
        (await posted(key))
          .slice(from)
          .find((m): m is Extract<HostToWebview, { type: 'caseDetails' }> => m.type === 'caseDetails' && m.details.id === created.id),
      );
    // The new case shown, as a person sees it before writing its note (its details come after caseCreated).
    await detailsAfter(mark);

    await send(key, { type: 'noteDraft', id: created.id, text: 'Half a thought' });
    // Opened again (as a panel opened after a reload opens it): the draft comes with the case.
    let from = (await posted(key)).length;
    await send(key, { type: 'openCase', id: created.id });
    assert.equal((await detailsAfter(from)).noteDraft, 'Half a thought');

    // Another action on the case keeps it.
    from = (await posted(key)).length;
    await send(key, { type: 'setState', id: created.id, state: 'Open' });
    assert.equal((await detailsAfter(from)).noteDraft, 'Half a thought');

    // Added: on the service, and no draft any more.
    await send(key, { type: 'noteDraft', id: created.id, text: 'Half a thought, finished.' });
    from = (await posted(key)).length;
    await send(key, { type: 'addNote', id: created.id, text: 'Half a thought, finished.' });
    assert.equal((await detailsAfter(from)).noteDraft, undefined);
    const client = await api.testing!.engagement.client();
    assert.ok(((await client!.getCase(created.id)).notes ?? []).some((n) => n.text === 'Half a thought, finished.'));
    from = (await posted(key)).length;
    await send(key, { type: 'openCase', id: created.id });
    assert.equal((await detailsAfter(from)).noteDraft, undefined);
  });

  it('a malformed message from the webview is ignored', async () => {
    const key = 'analytical-engines/difference-engine';
    const mark = (await posted(key)).length;
    await send(key, { type: 'setState', id: 'all', state: 'Closed' });
    await send(key, { type: 'dropTables' });
    // A well-formed message after them: the host takes messages in order, so once its answer is
    // posted the two before it were handled, and answered nothing.
    await send(key, { type: 'openCase', id: 1 });
    const after = await waitFor('the answer to the message after them', async () => {
      const since = (await posted(key)).slice(mark);
      return since.some((m) => m.type === 'caseDetails' && m.details.id === 1) ? since : undefined;
    });
    assert.deepEqual(
      after.filter((m) => m.type === 'actionFailed' || (m.type === 'caseDetails' && m.details.id !== 1)).map((m) => m.type),
      [],
    );
    assert.equal(after.filter((m) => m.type === 'caseDetails').length, 1, 'only the well-formed message was answered');
  });
});
