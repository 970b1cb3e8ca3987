// What a click on a changed file no longer waits for. The first files of a
// pull request's Changed files are read as their rows are listed, so that a
// click on one opens its diff from memory: ada reads through a relay
// (relay-support.ts) that records each request it passes; listing the rows
// of demo pull request #1 reads the head blob of docs/tables.md, and opening
// its diff does not ask the service for it again. And the head side's thread is
// drawn while the diff opens, not once its document has: its range starts
// its line (one drawn on the open document spans the line's text).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { leaveRelay, readThroughRelay, type Relay } from './relay-support';
import { threads } from './threads-support';
import { child, children, label, waitFor } from './views-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';

describe('A changed file opens from memory, its thread drawn as the diff opens', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  let relay: Relay | undefined;

  before(async () => {
    ({ api, relay } = await readThroughRelay());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
    await leaveRelay(api, relay);
  });

  it("listing #1's Changed files reads tables.md's head blob; opening its diff does not ask for it again, its thread drawn before the document opened", async () => {
    const pr = await child(PULLS, undefined, /^#1 /);
    // Chosen, as its twistie does: the review threads' code is loaded before the click.
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
    const file = (await child(PULLS, await child(PULLS, pr, 'Changed files'), 'tables.md')) as unknown as { file: { sha: string; status: string } };
    // Added in #1: its head side is all there is to read.
    assert.equal(file.file.status, 'added');
    const blob = `GET /repos/analytical-engines/difference-engine/git/blobs/${file.file.sha}`;
    await waitFor('the head blob read as the rows were listed', async () => relay!.sent.includes(blob));
    const mark = relay!.sent.length;

    await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
    const head = await waitFor('the diff of tables.md', async () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith('/tables.md') ? input.modified : undefined;
    });
    // The diff drawn with its thread: its sides were read.
    const entry = await waitFor('the thread of tables.md', async () =>
      (await threads()).find((e) => e.thread.uri.toString() === head.toString() && e.rootId !== undefined),
    );
    assert.equal(entry.line, 3);
    assert.ok(entry.thread.range?.isEmpty && entry.thread.range.start.isEqual(new vscode.Position(2, 0)), 'drawn before the document opened, kept');
    assert.ok((await vscode.workspace.openTextDocument(head)).getText().length > 0, 'the head side has its text');
    // The other listed files' reads ahead may still be on their way: only this file's blob counts.
    assert.deepEqual(
      relay!.sent.slice(mark).filter((r) => r === blob),
      [],
      'its blob not asked for again at the click',
    );
  });

  /** A pull request of its own on ada/notes-on-the-engine adding one file: its trees and blobs were never read. */
  async function pullAddingAFile(what: string) {
    const client = api.testing!.session.client!;
    const owner = 'ada';
    const repo = 'notes-on-the-engine';
    const stamp = Date.now();
    const path = `${what}-${stamp}.txt`;
    const branch = `${what}/${stamp}`;
    const master = await client.git.getRef(owner, repo, 'heads/master');
    const parent = await client.git.getCommit(owner, repo, master.object.sha);
    const tree = await client.git.createTree(owner, repo, [{ path, mode: '100644', type: 'blob', content: 'one\ntwo\nthree\n' }], parent.tree.sha);
    const commit = await client.git.createCommit(owner, repo, { message: `A file never read (${what})`, tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(owner, repo, `refs/heads/${branch}`, commit.sha);
    const pull = await client.pulls.create(owner, repo, { head: branch, base: 'master', title: `${what} ${path}` });
    return { client, owner, repo, path, commit, pull };
  }

  it('a click while the read ahead is still out waits for it: the file is asked for once, and its diff opens', async () => {
    const { owner, repo, path, pull } = await pullAddingAFile('in-flight');
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', owner, repo);
    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const pr = await waitFor('the new pull request', async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${pull.number} `)));
    // The service holds the blob reads: the read ahead of the listed file is out, unanswered, as the click comes.
    relay!.hold(/\/git\/blobs\//);
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
    const file = (await child(PULLS, await child(PULLS, pr, 'Changed files'), path)) as unknown as { file: { sha: string } };
    const blob = `GET /repos/${owner}/${repo}/git/blobs/${file.file.sha}`;
    await waitFor('the read ahead of the file sent', async () => relay!.sent.includes(blob));
    const opened = vscode.commands.executeCommand('repodesk.pulls.openFile', file);
    // VS Code asks for the file's text as the diff opens; a second read would be sent (and held) meanwhile.
    await waitFor('the diff tab of the file', async () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.path.endsWith(`/${path}`)),
    );
    relay!.releaseHeld();
    await opened;
    const head = await waitFor('the diff of the file, open', async () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith(`/${path}`) ? input.modified : undefined;
    });
    assert.equal((await vscode.workspace.openTextDocument(head)).getText(), 'one\ntwo\nthree\n');
    assert.deepEqual(
      relay!.sent.filter((r) => r === blob),
      [blob],
      'the file asked for once',
    );
  });

  it('a diff that cannot open (its file unreadable) takes away the thread drawn as it was opening', async () => {
    const { client, owner, repo, path, commit, pull } = await pullAddingAFile('unopened');
    await client.reviewComments.create(owner, repo, pull.number, { body: 'A thread on row two', commit_id: commit.sha, path, position: 2 });

    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', owner, repo);
    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const pr = await waitFor('the new pull request', async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${pull.number} `)));
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const fileNode = await waitFor('the file in Review Comments', async () => (await children(REVIEWS)).find((n) => label(n).endsWith(path)));
    const row = await child(REVIEWS, fileNode, /^A thread on row two$/);

    // The service holds the file's reads: the diff is opening, its thread drawn meanwhile.
    relay!.hold(/\/git\/(trees|blobs|commits)\//);
    const onFile = async () => (await threads()).filter((e) => e.thread.uri.path.endsWith(`/${path}`));
    const revealed = vscode.commands.executeCommand('repodesk.reviewComments.reveal', row);
    await waitFor('the thread drawn while the diff opens', async () => (await onFile()).length === 1);
    // Then it refuses them (403): the diff does not open (Could not open the diff), and its thread goes with it.
    relay!.refuseHeld();
    await revealed;
    await waitFor('no thread left on the file whose diff did not open', async () => (await onFile()).length === 0, 30_000);
    const tab = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.path.endsWith(`/${path}`));
    assert.equal(tab, undefined, 'no diff tab opened');
    relay!.relayAll();
  });
});
