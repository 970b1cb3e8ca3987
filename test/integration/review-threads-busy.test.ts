// A file with many review threads (more than 20) opens with them collapsed —
// expanded, they bury the code and VS Code takes seconds to draw them — and
// Reveal in Diff still lands on its thread expanded.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { child, children, label, signInAsAdaWithDemoRepository, waitFor } from './views-support';
import { threads } from './threads-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';

describe('Review threads in a busy file', function () {
  this.timeout(90_000);

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('21 threads open collapsed; Reveal in Diff opens the one it shows expanded', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const owner = 'ada';
    const repo = 'notes-on-the-engine';
    const branch = `busy/${Date.now()}`;
    const path = `busy-${Date.now()}.txt`;
    const master = await client.git.getRef(owner, repo, 'heads/master');
    const parent = await client.git.getCommit(owner, repo, master.object.sha);
    const content = Array.from({ length: 30 }, (_, i) => `row ${i + 1}\n`).join('');
    const tree = await client.git.createTree(owner, repo, [{ path, mode: '100644', type: 'blob', content }], parent.tree.sha);
    const commit = await client.git.createCommit(owner, repo, { message: 'A busy file', tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(owner, repo, `refs/heads/${branch}`, commit.sha);
    const pull = await client.pulls.create(owner, repo, { head: branch, base: 'master', title: `Busy ${path}` });
    for (let position = 1; position <= 21; position++) {
      await client.reviewComments.create(owner, repo, pull.number, { body: `Thread on row ${position}`, commit_id: commit.sha, path, position });
    }

    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', owner, repo);
    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const pr = await waitFor('the new pull request', async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${pull.number} `)));
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
    const file = await child(PULLS, await child(PULLS, pr, 'Changed files'), path);
    await vscode.commands.executeCommand('repodesk.pulls.openFile', file);

    const drawn = await waitFor('21 threads', async () => {
      const mine = (await threads()).filter((e) => e.thread.uri.path.endsWith(`/${path}`) && e.kind !== 'outdated');
      return mine.length === 21 ? mine : undefined;
    });
    assert.deepEqual(
      [...new Set(drawn.map((e) => e.thread.collapsibleState))],
      [vscode.CommentThreadCollapsibleState.Collapsed],
      'every thread starts collapsed',
    );

    // Reveal in Diff from the Review Comments view, for the thread on row 5.
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const fileNode = await waitFor('the file in Review Comments', async () =>
      (await children(REVIEWS)).find((n) => label(n) === path || label(n).endsWith(path)),
    );
    const row5 = await child(REVIEWS, fileNode, /^Thread on row 5$/);
    await vscode.commands.executeCommand('repodesk.reviewComments.reveal', row5);
    const opened = await waitFor('the thread on line 5 expanded', async () => {
      const e = (await threads()).find((t) => t.thread.uri.path.endsWith(`/${path}`) && t.line === 5);
      return e?.thread.collapsibleState === vscode.CommentThreadCollapsibleState.Expanded ? e : undefined;
    });
    assert.equal(opened.line, 5);
    const others = (await threads()).filter((t) => t.thread.uri.path.endsWith(`/${path}`) && t.line !== 5);
    assert.ok(
      others.length >= 20 && others.every((t) => t.thread.collapsibleState === vscode.CommentThreadCollapsibleState.Collapsed),
      'the others stay collapsed',
    );
  });
});
