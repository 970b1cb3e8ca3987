// A pull request's life from the Pull Requests view: create from a branch
// with a commit, edit, close and reopen, merge (with the message given, the
// head branch then deleted), and the service's refusals: a head that moved
// since the row was read (409) and a closed pull request (405). Played in
// ada/notes-on-the-engine, so the demo repository's pull requests stay as
// the other suites expect them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PullRequest } from '../../src/hosting';
import { children, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

describe('Pull requests: create, edit, close, reopen, merge', function () {
  this.timeout(60_000);
  let client: NonNullable<Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>['testing']>['session']['client'];

  /** A branch one commit ahead of master. */
  const branchWithCommit = async (branch: string, path: string): Promise<string> => {
    const master = await client!.git.getRef(OWNER, REPO, 'heads/master');
    const parent = await client!.git.getCommit(OWNER, REPO, master.object.sha);
    const tree = await client!.git.createTree(OWNER, REPO, [{ path, mode: '100644', type: 'blob', content: `${path}\n` }], parent.tree.sha);
    const commit = await client!.git.createCommit(OWNER, REPO, { message: `Add ${path}\n\nWhy it matters.`, tree: tree.sha, parents: [parent.sha] });
    await client!.git.createRef(OWNER, REPO, `refs/heads/${branch}`, commit.sha);
    return commit.sha;
  };
  const row = async (number: number): Promise<TestNode> =>
    waitFor(`#${number} in the view`, async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${number} `)));

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client;
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', OWNER, REPO);
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'all', sort: 'created', direction: 'desc', head: '', base: '' });
  });
  after(async () => {
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  });

  it("Create Pull Request…: the new pull request is listed open with its state badge; a second one for the same head shows the service's reason", async () => {
    await branchWithCommit('life/create', 'create.md');
    const pull = await vscode.commands.executeCommand<PullRequest>('repodesk.pulls.create', {
      head: 'life/create',
      base: 'master',
      title: 'Create from the view',
      body: 'Body',
    });
    assert.equal(pull.state, 'open');
    const node = await row(pull.number);
    assert.equal(node.toTreeItem().resourceUri?.query, 'open', 'the state decoration reads open');
    const again = await vscode.commands.executeCommand<PullRequest | undefined>('repodesk.pulls.create', {
      head: 'life/create',
      base: 'master',
      title: 'Again',
    });
    assert.equal(again, undefined);
  });

  it('Edit, Close and Reopen change the pull request on the service and in the view', async () => {
    await branchWithCommit('life/edit', 'edit.md');
    const pull = await vscode.commands.executeCommand<PullRequest>('repodesk.pulls.create', { head: 'life/edit', base: 'master', title: 'Before' });
    await vscode.commands.executeCommand('repodesk.pulls.edit', await row(pull.number), { title: 'After', body: 'Edited body' });
    const edited = await client!.pulls.get(OWNER, REPO, pull.number);
    assert.deepEqual([edited.title, edited.body], ['After', 'Edited body']);
    await waitFor('the edited title', async () => label(await row(pull.number)) === `#${pull.number} After`);
    await vscode.commands.executeCommand('repodesk.pulls.close', await row(pull.number));
    assert.equal((await client!.pulls.get(OWNER, REPO, pull.number)).state, 'closed');
    await waitFor('the closed badge', async () => (await row(pull.number)).toTreeItem().resourceUri?.query === 'closed');
    await vscode.commands.executeCommand('repodesk.pulls.reopen', await row(pull.number));
    assert.equal((await client!.pulls.get(OWNER, REPO, pull.number)).state, 'open');
  });

  it('Merge: a head that moved since the row was read is refused (409) and nothing is merged; merged with the message given, the head branch deleted, the row merged', async () => {
    await branchWithCommit('life/merge', 'merge.md');
    const pull = await vscode.commands.executeCommand<PullRequest>('repodesk.pulls.create', { head: 'life/merge', base: 'master', title: 'Merge me' });
    const seen = await row(pull.number);
    // Someone pushes to the head after the user read the row.
    const head = await client!.git.getCommit(OWNER, REPO, pull.head.sha);
    const newer = await client!.git.createCommit(OWNER, REPO, { message: 'newer', tree: head.tree.sha, parents: [head.sha] });
    await client!.git.updateRef(OWNER, REPO, 'heads/life/merge', newer.sha);
    assert.equal(await vscode.commands.executeCommand('repodesk.pulls.merge', seen, { commitMessage: 'too early' }), undefined);
    assert.equal(await client!.pulls.checkMerged(OWNER, REPO, pull.number), false);

    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const fresh = await waitFor('the row with the new head', async () => {
      const n = (await row(pull.number)) as TestNode & { pull?: PullRequest };
      return n.pull?.head.sha === newer.sha ? n : undefined;
    });
    const merged = await vscode.commands.executeCommand<{ sha: string }>('repodesk.pulls.merge', fresh, {
      commitMessage: 'Merge me, reviewed',
      deleteBranch: true,
    });
    assert.ok(merged);
    assert.equal(await client!.pulls.checkMerged(OWNER, REPO, pull.number), true);
    assert.match((await client!.git.getCommit(OWNER, REPO, merged.sha)).message, /Merge me, reviewed/);
    await assert.rejects(client!.git.getRef(OWNER, REPO, 'heads/life/merge'), /Not Found/);
    await waitFor('the merged badge', async () => (await row(pull.number)).toTreeItem().resourceUri?.query === 'merged');
  });

  it('Merge with the message editor: the tab "Merge message: #n" in RepoDesk\'s language; closing it cancels (said, not merged, text kept); the kept text comes back; empty refused; ✓ merges with the text', async () => {
    await branchWithCommit('life/editor', 'editor.md');
    const pull = await vscode.commands.executeCommand<PullRequest>('repodesk.pulls.create', {
      head: 'life/editor',
      base: 'master',
      title: 'Merge from the editor',
    });
    const said = async () => (await vscode.commands.executeCommand<string[]>('repodesk.testing.messageEditorSaid')) ?? [];
    const messageEditor = () =>
      waitFor('the message editor', async () => {
        const editor = vscode.window.activeTextEditor;
        return editor?.document.uri.scheme === 'repodesk-message' ? editor : undefined;
      });
    const first = vscode.commands.executeCommand('repodesk.pulls.merge', await row(pull.number));
    const editor = await messageEditor();
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `Merge message: #${pull.number}`);
    assert.equal(editor.document.languageId, 'repodesk-message');
    assert.match(editor.document.getText(), /^Merge from the editor/, 'the suggested message: the title first');
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), 'Merged after a second look\n'));
    const before = (await said()).length;
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(await first, undefined);
    const words = (await said()).slice(before).join(' | ');
    assert.match(words, new RegExp(`Merge cancelled: #${pull.number} was not merged\\. Your text is kept`));
    assert.equal(await client!.pulls.checkMerged(OWNER, REPO, pull.number), false);

    const second = vscode.commands.executeCommand<{ sha: string }>('repodesk.pulls.merge', await row(pull.number));
    const again = await messageEditor();
    assert.equal(again.document.getText(), 'Merged after a second look\n', 'the kept text, not the suggestion');
    await again.edit((e) => e.delete(new vscode.Range(0, 0, again.document.lineCount, 0)));
    await vscode.commands.executeCommand('repodesk.messageEditor.accept');
    assert.match((await said()).slice(-1)[0] ?? '', /The merge message is empty/);
    assert.equal(await client!.pulls.checkMerged(OWNER, REPO, pull.number), false, 'nothing was sent');
    await again.edit((e) => e.insert(new vscode.Position(0, 0), 'Merged after a second look'));
    await vscode.commands.executeCommand('repodesk.messageEditor.accept');
    // The offer to delete the branch waits for an answer: dismissed, the branch stays.
    await waitFor('merged', async () => client!.pulls.checkMerged(OWNER, REPO, pull.number));
    await vscode.commands.executeCommand('notifications.clearAll');
    const merged = await second;
    assert.ok(merged);
    assert.match((await client!.git.getCommit(OWNER, REPO, merged.sha)).message, /Merged after a second look/);
  });

  it("Merge of a closed pull request: the service's 405 is shown and nothing changes", async () => {
    await branchWithCommit('life/closed', 'closed.md');
    const pull = await vscode.commands.executeCommand<PullRequest>('repodesk.pulls.create', { head: 'life/closed', base: 'master', title: 'Closed one' });
    await client!.pulls.update(OWNER, REPO, pull.number, { state: 'closed' });
    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const closed = await waitFor('the closed row', async () => {
      const n = await row(pull.number);
      return n.toTreeItem().resourceUri?.query === 'closed' ? n : undefined;
    });
    assert.equal(await vscode.commands.executeCommand('repodesk.pulls.merge', closed, {}), undefined);
    assert.equal(await client!.pulls.checkMerged(OWNER, REPO, pull.number), false);
  });

  it('the title bar switches the state in one click (open, closed, all)', async () => {
    await vscode.commands.executeCommand('repodesk.pulls.showClosed');
    const closed = await children(PULLS);
    assert.ok(closed.length > 0 && closed.every((n) => ['closed', 'merged'].includes(n.toTreeItem().resourceUri?.query ?? '')), closed.map(label).join(' | '));
    await vscode.commands.executeCommand('repodesk.pulls.showOpen');
    const open = await children(PULLS);
    assert.ok(open.length > 0 && open.every((n) => n.toTreeItem().resourceUri?.query === 'open'), open.map(label).join(' | '));
    await vscode.commands.executeCommand('repodesk.pulls.showAll');
  });
});
