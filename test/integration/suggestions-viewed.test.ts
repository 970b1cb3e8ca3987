// Suggestions and viewed files against the emulator: a review comment with a
// ```suggestion block drawn as a change in its thread, Apply Suggestion on
// the workspace file (the workspace holds the head's file) and as a commit on
// the head branch (then refused once its line changed), Suggest a Change
// pre-filling a new thread, a changed file marked viewed (the progress in the
// Changed files node, the hide toggle, unviewed again once its blob changes)
// and Changes Since My Last Review. On a pull request of its own (ada's
// notes-on-the-engine), closed afterwards: the demo pull request is left as it is.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { HostingClient } from '../../src/hosting';
import { child, children, description, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';
import { threads, type ThreadComment } from './threads-support';

const PULLS = 'repodesk.pullRequests';
const OWNER = 'ada';
const REPO = 'notes-on-the-engine';
const TEXT = '# Tables\nThe second line\nThe third line\nThe fourth line\n';
const FILE = 'docs/tables.md';

type PullNodeT = TestNode & { pull: { number: number; head: { sha: string; ref: string } } };
type FileNodeT = TestNode & { file: { filename: string; sha: string } };

async function textAt(client: HostingClient, sha: string, file: string): Promise<string> {
  const tree = await client.git.getTree(OWNER, REPO, sha, true);
  const entry = tree.tree.find((e) => e.path === file);
  assert.ok(entry, `${file} at ${sha}`);
  const blob = await client.git.getBlob(OWNER, REPO, entry.sha);
  return Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
}

describe('Suggestions and viewed files', function () {
  this.timeout(120_000);
  let client: HostingClient;
  let head: string;
  let number: number;
  let branch = '';
  let headText: string;
  const created: number[] = [];
  let committed: ThreadComment | undefined;
  const workspaceFile = () => path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, ...FILE.split('/'));

  const pullNode = async () => child(PULLS, undefined, new RegExp(`^#${number} `)) as Promise<PullNodeT>;
  const filesNode = async () => child(PULLS, await pullNode(), 'Changed files');
  /** The Changed files node's description once its files are read (as the view draws it). */
  const progress = async () => {
    const node = await filesNode();
    await children(PULLS, node);
    return description(node);
  };
  const fileNode = async () => child(PULLS, await filesNode(), 'tables.md') as Promise<FileNodeT>;

  async function openHeadSide(): Promise<vscode.TextEditor> {
    await vscode.commands.executeCommand('repodesk.pulls.openFile', await fileNode());
    const input = await waitFor('the diff of tables.md', async () => {
      const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return i instanceof vscode.TabInputTextDiff && i.modified.path.endsWith('/tables.md') ? i : undefined;
    });
    return waitFor('the head side in an editor', async () =>
      vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === input.modified.toString()),
    );
  }

  /** A comment by ada on line 2 of tables.md suggesting `lines` instead. */
  async function suggestion(lines: string[]): Promise<ThreadComment> {
    // Each test's suggestion is the only comment on its line.
    for (const id of created.splice(0)) await client.reviewComments.delete(OWNER, REPO, id).catch(() => undefined);
    const c = await client.reviewComments.create(OWNER, REPO, number, {
      body: `Better:\n\`\`\`suggestion\n${lines.join('\n')}\n\`\`\``,
      commit_id: head,
      path: FILE,
      position: 2,
    });
    created.push(c.id);
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    await openHeadSide();
    const entry = await waitFor("the suggestion's thread", async () => (await threads()).find((e) => e.rootId === c.id)).catch(async (err: unknown) => {
      throw new Error(
        `${String(err)}; threads drawn: ${(await threads()).map((e) => `${e.rootId}@${e.thread.uri.toString()}`).join(', ')}; open: ${vscode.workspace.textDocuments.map((d) => d.uri.toString()).join(', ')}`,
      );
    });
    return entry.thread.comments[0] as ThreadComment;
  }

  before(async () => {
    const api = await signInAsAdaWithDemoRepository();
    client = api.testing!.session.client!;
    // A branch adding docs/tables.md to master, and a pull request of it.
    branch = `suggestions/${Date.now()}`;
    const master = await client.git.getRef(OWNER, REPO, 'heads/master');
    const parent = await client.git.getCommit(OWNER, REPO, master.object.sha);
    const tree = await client.git.createTree(OWNER, REPO, [{ path: FILE, mode: '100644', type: 'blob', content: TEXT }], parent.tree.sha);
    const commit = await client.git.createCommit(OWNER, REPO, { message: 'Add the tables', tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(OWNER, REPO, `refs/heads/${branch}`, commit.sha);
    number = (await client.pulls.create(OWNER, REPO, { title: 'Tables for suggestions', head: branch, base: 'master' })).number;
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', OWNER, REPO);
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    const node = await pullNode();
    await vscode.commands.executeCommand('repodesk.pulls.select', node);
    head = (await client.pulls.get(OWNER, REPO, number)).head.sha;
    headText = await textAt(client, head, FILE);
    assert.equal(headText, TEXT);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'docs'), { recursive: true, force: true });
    for (const id of created) await client.reviewComments.delete(OWNER, REPO, id).catch(() => undefined);
    await client.pulls.update(OWNER, REPO, number, { state: 'closed' });
    await vscode.commands.executeCommand('repodesk.viewedFiles.show');
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  });

  it('a comment with a suggestion block is drawn as a change (old line → new line) and offers Apply Suggestion', async () => {
    const old = headText.split('\n')[1]!;
    const item = await suggestion(['A better second line']);
    const body = (item.body as vscode.MarkdownString).value;
    assert.ok(body.includes(`**Suggested change**\n\n\`\`\`diff\n-${old}\n+A better second line\n\`\`\``), body);
    assert.equal(item.contextValue, 'own.suggestion');
  });

  it('bad input: a suggestion block that is not closed is shown as text, with no Apply Suggestion', async () => {
    const c = await client.reviewComments.create(OWNER, REPO, number, { body: 'Maybe:\n```suggestion\nnot closed', commit_id: head, path: FILE, position: 3 });
    created.push(c.id);
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    await openHeadSide();
    const entry = await waitFor('the thread', async () => (await threads()).find((e) => e.rootId === c.id));
    const item = entry.thread.comments[0] as ThreadComment;
    assert.equal((item.body as vscode.MarkdownString).value, 'Maybe:\n```suggestion\nnot closed');
    assert.equal(item.contextValue, 'own');
  });

  it("Apply Suggestion edits the workspace file when the workspace holds the head's file (and changes nothing on the service)", async () => {
    fs.mkdirSync(path.dirname(workspaceFile()), { recursive: true });
    fs.writeFileSync(workspaceFile(), headText);
    const item = await suggestion(['Applied here', 'and here']);
    const done = await vscode.commands.executeCommand<{ where: string; uri?: vscode.Uri }>('repodesk.suggestions.apply', item);
    assert.equal(done?.where, 'workspace');
    const lines = headText.split('\n');
    lines.splice(1, 1, 'Applied here', 'and here');
    assert.equal(fs.readFileSync(workspaceFile(), 'utf8'), lines.join('\n'));
    assert.equal((await client.pulls.get(OWNER, REPO, number)).head.sha, head, 'the branch did not move');
    fs.rmSync(workspaceFile());
  });

  it('Changed files: a file marked viewed shows ticked, the node says "1 of N viewed", Hide Viewed Files leaves it out', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const total = (await children(PULLS, await filesNode())).length;
    assert.equal(await vscode.commands.executeCommand('repodesk.viewedFiles.mark', await fileNode()), true);
    await waitFor('the progress', async () => (await progress()) === `1 of ${total} viewed`);
    const ticked = (await fileNode()).toTreeItem();
    assert.equal((ticked.checkboxState as { state: vscode.TreeItemCheckboxState }).state, vscode.TreeItemCheckboxState.Checked);
    await vscode.commands.executeCommand('repodesk.viewedFiles.hide');
    await waitFor('tables.md hidden', async () => !(await children(PULLS, await filesNode())).some((n) => n.toTreeItem().label === 'tables.md'));
    await vscode.commands.executeCommand('repodesk.viewedFiles.show');
    await fileNode();
  });

  it('Apply Suggestion commits to the head branch when the workspace does not hold the head; the viewed file is unviewed once its blob changed; Changes Since My Last Review lists it', async () => {
    // The reviewer viewed the file at the head the suggestion was made on (marked here too, so that the test passes alone).
    const viewedAt = (await children(PULLS, await filesNode())).length;
    assert.equal(await vscode.commands.executeCommand('repodesk.viewedFiles.mark', await fileNode()), true);
    await waitFor('tables.md viewed', async () => (await progress()) === `1 of ${viewedAt} viewed`);
    const item = (committed = await suggestion(['Committed line']));
    const done = await vscode.commands.executeCommand<{ where: string; commit?: string }>('repodesk.suggestions.apply', item, { confirmed: true });
    assert.equal(done?.where, 'branch');
    const moved = (await client.pulls.get(OWNER, REPO, number)).head.sha;
    assert.equal(moved, done?.commit);
    const lines = headText.split('\n');
    lines.splice(1, 1, 'Committed line');
    assert.equal(await textAt(client, moved, FILE), lines.join('\n'));

    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const total = (await children(PULLS, await filesNode())).length;
    await waitFor('tables.md no longer viewed', async () => (await progress()) === `0 of ${total} viewed`);
    // The diff of tables.md open at the old head follows the head, opened again at the new one. Waited for before the
    // next diff opens: once done after it (a first, slower read in a window of its own), it would be the one in front.
    await waitFor('the open diff at the new head', async () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).every((t) => !(t.input instanceof vscode.TabInputTextDiff && t.input.modified.path.includes(head))),
    );
    const changes = await vscode.commands.executeCommand<{ path: string; before?: string; after?: string }[]>(
      'repodesk.viewedFiles.changesSinceLastReview',
      await pullNode(),
      FILE,
    );
    assert.deepEqual(
      changes?.map((c) => c.path),
      [FILE],
    );
    const diff = await waitFor('the diff between the two heads', async () => {
      const i = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return i instanceof vscode.TabInputTextDiff ? i : undefined;
    });
    assert.ok(diff.original.path.includes(head) && diff.original.path.endsWith(FILE), `the head last viewed: ${diff.original.path}`);
    assert.ok(diff.modified.path.includes(moved) && diff.modified.path.endsWith(FILE), `the head now: ${diff.modified.path}`);
  });

  it('a suggestion that no longer applies (its line changed) says so and changes nothing', async () => {
    // The suggestion committed above, applied again: line 2 of the branch is no longer the line it was made on.
    assert.ok(committed, 'the suggestion committed before');
    const before = (await client.pulls.get(OWNER, REPO, number)).head.sha;
    const done = await vscode.commands.executeCommand<{ where: string; why?: string }>('repodesk.suggestions.apply', committed, { confirmed: true });
    assert.equal(done?.where, 'nowhere');
    assert.match(done?.why ?? '', /no longer applies/);
    assert.equal((await client.pulls.get(OWNER, REPO, number)).head.sha, before, 'nothing committed');
  });

  it('Suggest a Change on a selected line opens a new thread whose comment holds the block with that line; saving it posts it', async () => {
    await client.git.updateRef(OWNER, REPO, `heads/${branch}`, head, true);
    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    const editor = await openHeadSide();
    editor.selection = new vscode.Selection(3, 0, 3, 5);
    const thread = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.comments.suggestChange');
    assert.ok(thread, 'a thread');
    const draft = thread.comments[0] as ThreadComment;
    const line4 = editor.document.lineAt(3).text;
    assert.equal(draft.text, `\`\`\`suggestion\n${line4}\n\`\`\``);
    assert.equal(draft.mode, vscode.CommentMode.Editing);
    draft.body = `\`\`\`suggestion\n${line4} (better)\n\`\`\``;
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.save', draft), true);
    const posted = await waitFor('the comment on the service', async () =>
      (await client.reviewComments.listAllForPull(OWNER, REPO, number)).find((c) => c.body === `\`\`\`suggestion\n${line4} (better)\n\`\`\``),
    );
    created.push(posted.id);
    assert.deepEqual([posted.path, posted.position, posted.commit_id], [FILE, 4, head]);
  });
});
