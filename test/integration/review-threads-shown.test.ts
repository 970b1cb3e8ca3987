// A refresh of the review threads draws the documents an editor shows. VS Code
// keeps a closed or hidden tab's documents open for minutes; a refresh that drew
// each of them again read all their pull requests again and waited for the
// slowest. An open document no editor shows is drawn when one shows it. ada
// reads through a relay (relay-support.ts) that records each request it passes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { leaveRelay, readThroughRelay, type Relay } from './relay-support';
import { threads } from './threads-support';
import { child, waitFor } from './views-support';

const PULLS = 'repodesk.pullRequests';

describe('Review threads: a refresh draws the documents shown, the others when shown', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  let relay: Relay | undefined;
  const created: number[] = [];

  before(async () => {
    ({ api, relay } = await readThroughRelay());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const client = api.testing?.session.client;
    for (const id of created) await client?.reviewComments.delete('analytical-engines', 'difference-engine', id).catch(() => undefined);
    await leaveRelay(api, relay);
  });

  it("the diff of #1's tables.md behind another tab: a refresh reads nothing of #1 and leaves its threads out; shown again, it draws a comment made meanwhile", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const pr = await child(PULLS, undefined, /^#1 /);
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
    const file = await child(PULLS, await child(PULLS, pr, 'Changed files'), 'tables.md');
    await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
    const head = await waitFor('the diff of tables.md', async () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith('/tables.md') ? input.modified : undefined;
    });
    const onHead = async () => (await threads()).filter((e) => e.thread.uri.toString() === head.toString() && e.rootId !== undefined);
    await waitFor('the thread of tables.md', async () => ((await onHead()).length > 0 ? true : undefined));

    // Another tab in front: the diff's documents stay open, shown by no editor.
    const other = await vscode.workspace.openTextDocument({ content: 'Notes while the diff is hidden\n' });
    await vscode.window.showTextDocument(other, { preview: false });
    await waitFor('the diff hidden', async () =>
      vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === head.toString()) ? undefined : true,
    );
    assert.ok(
      vscode.workspace.textDocuments.some((d) => d.uri.toString() === head.toString()),
      'the head side still open',
    );

    // Made elsewhere while the diff is hidden.
    const client = api.testing!.session.client!;
    const pull = await client.pulls.get('analytical-engines', 'difference-engine', 1);
    const made = await client.reviewComments.create('analytical-engines', 'difference-engine', 1, {
      body: `Made while the diff was hidden (${Date.now()}).`,
      commit_id: pull.head.sha,
      path: 'docs/tables.md',
      position: 1,
    });
    created.push(made.id);

    const mark = relay!.sent.length;
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    const ofPull1 = relay!.sent.slice(mark).filter((r) => r.includes('/repos/analytical-engines/difference-engine/pulls/1'));
    assert.deepEqual(
      ofPull1,
      [],
      `the refresh read nothing of #1, which no editor shows; shown: ${vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).join(', ')}; tabs: ${vscode.window.tabGroups.all
        .flatMap((g) => g.tabs.map((t) => `${g.viewColumn}:${t.label}${t.isActive ? '*' : ''}`))
        .join(', ')}`,
    );
    assert.deepEqual(await onHead(), [], "the hidden diff's threads left out until it is shown");

    // Shown again: drawn, with the comment made meanwhile.
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const entry = await waitFor('the comment made meanwhile drawn on the diff shown again', async () => (await onHead()).find((e) => e.rootId === made.id));
    assert.equal(entry.line, 1);
    assert.ok(
      (await onHead()).some((e) => e.line === 3),
      'the seeded thread drawn again too',
    );
  });
});
