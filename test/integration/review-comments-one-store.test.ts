// Review Comments and the editor's threads share one store of review
// comments: a reply or a delete made from the Review Comments view shows at
// once in the inline thread of the same comment, which the test holds as it
// was drawn and never asks to be drawn again (no refresh). A delete of a
// comment already gone from the service says why and drops it from both, as
// the store does for the editor's own deletes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { child, children, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';
import { bodies, threads, type ThreadEntry } from './threads-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';
const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const SEEDED = ['mary: Could the table also show the second differences?', 'luigi: They are constant (2), which is the point of the method.'];

describe('Review Comments view and the editor’s threads: one store', function () {
  this.timeout(90_000);
  let api: Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>;
  const created: number[] = [];

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    await vscode.commands.executeCommand('repodesk.pulls.select', await child(PULLS, undefined, /^#1 /));
  });

  // What a test left (it failed half-way) is deleted on the service and read again, so the next one starts from the seed.
  afterEach(async () => {
    for (const id of created.splice(0)) await api.testing!.session.client!.reviewComments.delete(OWNER, REPO, id).catch(() => undefined);
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    await vscode.commands.executeCommand('repodesk.comments.refresh');
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  /** The diff of docs/tables.md opened from the Pull Requests view, and its seeded thread as drawn (held: never read through the seam again). */
  async function heldThread(replies: number): Promise<ThreadEntry> {
    const pr = await child(PULLS, undefined, /^#1 /);
    await vscode.commands.executeCommand('repodesk.pulls.openFile', await child(PULLS, await child(PULLS, pr, 'Changed files'), 'tables.md'));
    return waitFor('the thread on tables.md', async () =>
      (await threads()).find((e) => e.thread.uri.path.endsWith('/docs/tables.md') && e.kind === 'current' && e.thread.comments.length === 1 + replies),
    );
  }

  /** The thread's rows in the view as they are drawn now (no refresh asked for): its first comment, then the replies. */
  async function rowsInView(): Promise<TestNode[]> {
    const thread = await child(REVIEWS, await child(REVIEWS, undefined, 'docs/tables.md'), /^Could the table/);
    return [thread, ...(await children(REVIEWS, thread))];
  }

  it('a reply sent from the Review Comments view shows in the editor’s thread of the same comment without a refresh, and its delete takes it away', async () => {
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const entry = await heldThread(1);
    const [, luigi] = await rowsInView();
    const text = `Answered from the view ${Date.now()}`;
    const reply = await vscode.commands.executeCommand<{ id: number; in_reply_to_id?: number } | undefined>('repodesk.reviewComments.reply', luigi, text);
    assert.ok(reply?.id, 'the reply was not created');
    created.push(reply.id);
    assert.equal(reply.in_reply_to_id, entry.rootId, 'a reply to the thread’s first comment');
    await waitFor('the reply in the editor’s thread', async () => entry.thread.comments.length === 3);
    assert.deepEqual(bodies(entry), [...SEEDED, `ada: ${text}`]);

    const mine = (await rowsInView())[2]!;
    assert.equal(label(mine), `ada: ${text}`);
    await vscode.commands.executeCommand('repodesk.reviewComments.delete', mine, true);
    await waitFor('the reply gone from the editor’s thread', async () => entry.thread.comments.length === 2);
    assert.deepEqual(bodies(entry), SEEDED);
    assert.equal((await rowsInView()).length, 2);
  });

  it('a delete from the view of a comment deleted elsewhere says so, and the view and the editor’s thread drop it without a refresh', async () => {
    const root = (await heldThread(1)).rootId!;
    const client = api.testing!.session.client!;
    const doomed = await client.reviewComments.create(OWNER, REPO, 1, { body: `Deleted twice ${Date.now()}`, in_reply_to: root });
    created.push(doomed.id);
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const entry = await heldThread(2);
    const row = (await rowsInView())[2]!;
    assert.equal(label(row), `ada: ${doomed.body}`);
    // Another window deletes it; this one still shows it.
    await client.reviewComments.delete(OWNER, REPO, doomed.id);

    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = async (message: string) => {
      shown.push(message);
      return undefined;
    };
    try {
      await vscode.commands.executeCommand('repodesk.reviewComments.delete', row, true);
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
    assert.equal(shown.length, 1, shown.join(' | '));
    assert.match(shown[0]!, /^Could not delete the comment: .+/);
    await waitFor('the deleted comment gone from the view', async () => (await rowsInView()).length === 2);
    await waitFor('the deleted comment gone from the editor’s thread', async () => entry.thread.comments.length === 2);
    assert.deepEqual(bodies(entry), SEEDED);
  });
});
