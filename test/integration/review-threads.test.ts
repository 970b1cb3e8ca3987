// Review comments in the editor (the Comments API): the demo pull request's
// threads on the lines where the seed put them (position 3 of docs/tables.md,
// an added file, is its third line; the outdated thread of tabulate.js on its
// original commit), commenting ranges that are exactly the lines with a
// position, and reply / edit / delete / new comment round-tripping to the
// service and showing in the Review Comments view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { child, children, description, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';
import { threads, bodies, type ThreadEntry, type ThreadComment } from './threads-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';

async function openChangedFile(name: string): Promise<vscode.TabInputTextDiff> {
  const pr = await child(PULLS, undefined, /^#1 /);
  const file = await child(PULLS, await child(PULLS, pr, 'Changed files'), name);
  await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
  return waitFor(`the diff of ${name}`, async () => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith(`/${name}`) ? input : undefined;
  });
}

async function threadOn(path: string, match: (e: ThreadEntry) => boolean, what: string): Promise<ThreadEntry> {
  return waitFor(what, async () => (await threads()).find((e) => e.thread.uri.path.endsWith(`/${path}`) && match(e)));
}

async function reviewThreadComments(file: string, start: RegExp): Promise<TestNode[]> {
  await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
  const fileNode = await child(REVIEWS, undefined, file);
  // The thread's row is its first comment; its children are the replies.
  const thread = await child(REVIEWS, fileNode, start);
  return [thread, ...(await children(REVIEWS, thread))];
}

describe('Review threads in the editor (Comments API)', function () {
  this.timeout(90_000);

  before(async () => {
    await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    await vscode.commands.executeCommand('repodesk.pulls.select', await child(PULLS, undefined, /^#1 /));
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('the seeded thread of docs/tables.md is on head line 3 (position 3 of an added file), replies in order, authors and untrusted Markdown', async () => {
    const diff = await openChangedFile('tables.md');
    const entry = await threadOn('docs/tables.md', (e) => e.kind === 'current', 'the thread on tables.md');
    assert.equal(entry.thread.uri.toString(), diff.modified.toString(), 'on the head side');
    assert.equal(entry.line, 3);
    assert.equal(entry.thread.range?.start.line, 2);
    assert.deepEqual(bodies(entry), [
      'mary: Could the table also show the second differences?',
      'luigi: They are constant (2), which is the point of the method.',
    ]);
    const body = entry.thread.comments[0]!.body as vscode.MarkdownString;
    assert.ok(body instanceof vscode.MarkdownString && !body.isTrusted && !body.supportHtml, 'the body is untrusted Markdown without HTML');
    // ada may not edit mary's or luigi's comments.
    assert.deepEqual(
      entry.thread.comments.map((c) => c.contextValue),
      ['other', 'other'],
    );
  });

  it('commenting ranges are exactly the lines with a position: every line of the added file on the head side, none on its empty base', async () => {
    const diff = await openChangedFile('tables.md');
    const head = await vscode.workspace.openTextDocument(diff.modified);
    const base = await vscode.workspace.openTextDocument(diff.original);
    assert.deepEqual(await vscode.commands.executeCommand('repodesk.testing.commentingLines', head), [
      [1, head.lineCount - (head.getText().endsWith('\n') ? 1 : 0)],
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('repodesk.testing.commentingLines', base), []);
  });

  it("the outdated thread of tabulate.js is on line 3 of the current head and of the commit it was made on, said in one wording in its header, the Comments panel's line and the Review Comments view", async () => {
    await openChangedFile('tabulate.js');
    const top = await threadOn(
      'src/differences/tabulate.js',
      (e) => e.kind === 'outdated' && (e.place as { current?: boolean }).current === true,
      'the outdated thread',
    );
    assert.equal(top.line, 3, 'the line it was made on');
    assert.equal(top.thread.range?.start.line, 2, 'the Comments panel lists it on Ln 3');
    const where = /^Review thread on (line 3 of [0-9a-f]{7} \(outdated\)): ada, charles$/.exec(top.thread.label ?? '');
    assert.ok(where, `the header names the line and commit: ${top.thread.label}`);
    assert.deepEqual(bodies(top), ['ada: Copy the figures as numbers: a string column would concatenate.', 'charles: Good catch, fixed in the next commit.']);
    assert.deepEqual(
      top.thread.comments.map((c) => c.contextValue),
      ['own', 'other'],
    );
    assert.match(top.thread.comments[0]!.label ?? '', /Outdated/);
    const [row] = await reviewThreadComments('src/differences/tabulate.js', /^Copy the figures/);
    assert.ok(description(row!).startsWith(`${where[1]} · `), `the view says the same: ${description(row!)}`);

    // Reveal in Diff (Review Comments view) opens the commit it was made on: the thread is on line 3, expanded.
    const [ada] = await reviewThreadComments('src/differences/tabulate.js', /^Copy the figures/);
    await vscode.commands.executeCommand('repodesk.reviewComments.reveal', ada);
    const onOriginal = await waitFor('the thread on the original commit', async () =>
      (await threads()).find(
        (e) => e.kind === 'outdated' && (e.place as { current?: boolean }).current === false && e.thread.uri.path.endsWith('/src/differences/tabulate.js'),
      ),
    );
    assert.equal(onOriginal.line, 3);
    assert.equal(onOriginal.thread.label, top.thread.label);
    assert.equal(onOriginal.thread.collapsibleState, vscode.CommentThreadCollapsibleState.Expanded);
    assert.notEqual(onOriginal.thread.uri.toString(), top.thread.uri.toString());
  });

  it('reply, edit and delete in the editor reach the service and show in the Review Comments view', async () => {
    await openChangedFile('tables.md');
    let entry = await threadOn('docs/tables.md', (e) => e.kind === 'current', 'the thread on tables.md');
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: entry.thread, text: 'A third column, then. @mary' }), true);
    let inView = await reviewThreadComments('docs/tables.md', /^Could the table/);
    assert.equal(label(inView[2]!), 'ada: A third column, then. @mary');
    entry = await threadOn('docs/tables.md', (e) => e.thread.comments.length === 3, 'the reply in the editor');
    const mine = entry.thread.comments[2] as ThreadComment;
    assert.equal(mine.contextValue, 'own');

    await vscode.commands.executeCommand('repodesk.comments.edit', mine);
    assert.equal(mine.mode, vscode.CommentMode.Editing);
    mine.body = 'A third column, then.';
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.save', mine), true);
    inView = await reviewThreadComments('docs/tables.md', /^Could the table/);
    assert.equal(label(inView[2]!), 'ada: A third column, then.');
    entry = await threadOn(
      'docs/tables.md',
      (e) => (e.thread.comments[2] as ThreadComment | undefined)?.text === 'A third column, then.',
      'the edit in the editor',
    );
    assert.equal(entry.thread.comments[2]!.mode, vscode.CommentMode.Preview);

    assert.equal(await vscode.commands.executeCommand('repodesk.comments.delete', entry.thread.comments[2], true), true);
    inView = await reviewThreadComments('docs/tables.md', /^Could the table/);
    assert.equal(inView.length, 2);
    await threadOn('docs/tables.md', (e) => e.kind === 'current' && e.thread.comments.length === 2, 'the thread without the deleted reply');
    // Deleting it again (as another window still showing it would): the service's 404 is explained and nothing else changes.
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.delete', mine, true), false);
  });

  it('a new comment on a line is created with the head commit, path and that line’s position, and shows as a thread in the editor and the view', async () => {
    const diff = await openChangedFile('tables.md');
    const started = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.testing.startCommentThread', diff.modified, 4);
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: started, text: 'Add the third differences too.' }), true);
    const created = await threadOn('docs/tables.md', (e) => e.line === 4 && e.kind === 'current', 'the new thread on line 4');
    assert.deepEqual(bodies(created), ['ada: Add the third differences too.']);
    const [node] = await reviewThreadComments('docs/tables.md', /^Add the third differences/);
    const comment = (node as TestNode & { comment: { position: number; commit_id: string; path: string } }).comment;
    const pr = (await child(PULLS, undefined, /^#1 /)) as TestNode & { pull: { head: { sha: string } } };
    assert.deepEqual([comment.position, comment.path, comment.commit_id], [4, 'docs/tables.md', pr.pull.head.sha]);
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.delete', created.thread.comments[0], true), true);
    await waitFor('the new thread gone', async () => !(await threads()).some((e) => e.rootId === created.rootId));
  });

  it('a new comment where the diff gives no position (the older commit an outdated thread was made on) is refused with a message, and the typed text stays as a draft', async () => {
    const [ada] = await reviewThreadComments('src/differences/tabulate.js', /^Copy the figures/);
    await vscode.commands.executeCommand('repodesk.reviewComments.reveal', ada);
    const old = await threadOn(
      'src/differences/tabulate.js',
      (e) => e.kind === 'outdated' && (e.place as { current?: boolean }).current === false,
      'the outdated thread on its commit',
    );
    const document = await vscode.workspace.openTextDocument(old.thread.uri);
    assert.deepEqual(await vscode.commands.executeCommand('repodesk.testing.commentingLines', document), [], 'no + on an older commit');
    const started = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.testing.startCommentThread', old.thread.uri, 5);
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: started, text: 'Kept, not lost.' }), false);
    const draft = started.comments[0] as ThreadComment | undefined;
    assert.equal(draft?.contextValue, 'draft');
    assert.equal(draft?.text, 'Kept, not lost.');
    assert.equal(draft?.mode, vscode.CommentMode.Editing);
    await vscode.commands.executeCommand('repodesk.comments.cancel', draft);
    assert.equal(started.comments.length, 0, 'cancel keeps nothing');
    started.dispose();
  });
});
