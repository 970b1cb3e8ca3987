// Comments written while the service does not answer are queued, not lost:
// ada reads the demo pull request through a relay (relay-support.ts), the
// relay stops, and a reply and a new thread sent from the diff's threads are
// drawn there marked Queued and counted in the status bar, with no error
// notification and nothing on the service. Once it answers (the reachability
// item's click), each is posted exactly once, where it was written, and the
// queue is empty. One the service refuses keeps its text and the service's words.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { leaveRelay, readThroughRelay, type Relay } from './relay-support';
import { threads, type ThreadComment, type ThreadEntry } from './threads-support';
import { commentDone, model, posted, send } from './overview-support';
import { asAda } from './service-support';
import { child, waitFor } from './views-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';
const PULL = '/repos/analytical-engines/difference-engine/pulls/1';

/** What the service holds, read straight from the emulator as ada (not through the relay). */
const onService = <T>(path: string) => asAda<T>('GET', path);

interface ServiceComment {
  id: number;
  body: string;
  path: string;
  position: number | null;
  in_reply_to_id?: number;
  user: { login: string };
}
/** A write straight to the emulator as ada (another machine's). */
const write = (method: string, path: string, body?: unknown) => asAda<{ id: number }>(method, path, body);

const reviewComments = () => onService<ServiceComment[]>(`${PULL}/comments?per_page=100`);
const withBody = async (body: string) => (await reviewComments()).filter((c) => c.body === body);

const queuedStatus = async () => (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.queuedStatus')) ?? '';

async function openTables(): Promise<vscode.TabInputTextDiff> {
  const pr = await child(PULLS, undefined, /^#1 /);
  await vscode.commands.executeCommand('repodesk.pulls.select', pr);
  const file = await child(PULLS, await child(PULLS, pr, 'Changed files'), 'tables.md');
  await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
  return waitFor('the diff of tables.md', async () => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith('/tables.md') ? input : undefined;
  });
}

const seededThread = () =>
  waitFor('the seeded thread of tables.md', async () =>
    (await threads()).find((e) => e.thread.uri.path.endsWith('/docs/tables.md') && e.kind === 'current' && e.rootId !== undefined),
  );

describe('Queued comments: written while the service does not answer, posted once when it does', function () {
  this.timeout(90_000);
  let api: RepoDeskApi;
  let relay: Relay | undefined;
  const errors: string[] = [];
  const original = vscode.window.showErrorMessage;

  before(async () => {
    ({ api, relay } = await readThroughRelay());
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      errors.push(m);
      return (original as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, m, ...rest);
    };
  });

  // A test that failed while the relay was down leaves it down: the next starts with the service answering.
  afterEach(() => relay?.up());

  after(async () => {
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    // The demo pull request as seeded again for the files after this one: what these tests posted goes.
    for (const c of await reviewComments())
      if (/^(Queued |Kept though refused )/.test(c.body)) await write('DELETE', `/repos/analytical-engines/difference-engine/pulls/comments/${c.id}`);
    for (const c of await onService<{ id: number; body: string }[]>('/repos/analytical-engines/difference-engine/issues/1/comments?per_page=100'))
      if (c.body.startsWith('Queued from the overview')) await write('DELETE', `/repos/analytical-engines/difference-engine/issues/comments/${c.id}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await leaveRelay(api, relay);
  });

  it('a reply and a new thread sent while it is down are drawn Queued and counted, reach nobody, then are posted once each where written', async () => {
    const stamp = Date.now().toString(36);
    const reply = `Queued reply ${stamp}`;
    const fresh = `Queued new thread ${stamp}`;
    const diff = await openTables();
    const root = await seededThread();

    await relay!.down();
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: root.thread, text: reply }), true, 'the reply is taken');
    const started = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.testing.startCommentThread', diff.modified, 1);
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: started, text: fresh }), true, 'the new thread is taken');

    const drawn = await waitFor('both drawn as queued', async () => {
      const all = await threads();
      const queuedReply = all.find((e) => e.rootId === root.rootId)?.thread.comments.find((c) => (c as ThreadComment).contextValue === 'queued');
      const queuedThread = all.find((e) => e.kind === 'pending' && e.thread.contextValue === 'queued');
      return queuedReply && queuedThread ? { queuedReply: queuedReply as ThreadComment, queuedThread: queuedThread as ThreadEntry } : undefined;
    });
    assert.match(String(drawn.queuedReply.label), /^Queued: posted when the service answers/);
    assert.equal(drawn.queuedThread.line, 1);
    assert.match(String(drawn.queuedThread.thread.label), /^Queued review comment on line 1/);
    assert.equal(await queuedStatus(), '$(cloud-upload) 2 comments queued');
    assert.deepEqual(errors, [], 'no error notification');
    assert.deepEqual(await withBody(reply), [], 'nothing reached the service');
    assert.deepEqual(await withBody(fresh), []);

    await relay!.up();
    // The reachability item's click: tries now; the service answers, and what is queued goes.
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    await waitFor('the queue empty', async () => (await queuedStatus()) === '');
    const [posted] = await withBody(reply);
    assert.deepEqual((await withBody(reply)).length, 1, 'the reply posted once');
    assert.equal(posted!.in_reply_to_id, root.rootId, 'in the thread it was written in');
    const [thread] = await withBody(fresh);
    assert.equal((await withBody(fresh)).length, 1, 'the new thread posted once');
    assert.equal(thread!.path, 'docs/tables.md');
    assert.equal(thread!.position, 1, 'on line 1 of the added file');
    assert.equal(thread!.user.login, 'ada');

    // Drawn as the service's comments now, and sending again posts nothing more.
    await waitFor('the reply drawn as ada’s own', async () =>
      (await threads())
        .find((e) => e.rootId === root.rootId)
        ?.thread.comments.some((c) => (c as ThreadComment).contextValue === 'own' && (c as ThreadComment).text === reply),
    );
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    assert.equal((await withBody(reply)).length, 1);
    assert.deepEqual(errors, []);
  });

  it('a reply whose thread was deleted on the service meanwhile stays queued with the service’s words, its text kept', async () => {
    const stamp = Date.now().toString(36);
    const body = `Kept though refused ${stamp}`;
    // A thread of ada's on line 2, made on the service (as from another machine), read by the window.
    const head = (await onService<{ head: { sha: string } }>(PULL)).head.sha;
    const made = await write('POST', `${PULL}/comments`, { body: `Root to be deleted ${stamp}`, commit_id: head, path: 'docs/tables.md', position: 2 });
    await openTables();
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    const root = await waitFor('the thread made elsewhere', async () => (await threads()).find((e) => e.rootId === made.id));

    await relay!.down();
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: root.thread, text: body }), true);
    assert.equal(await queuedStatus(), '$(cloud-upload) 1 comment queued');
    await write('DELETE', `${PULL.replace(/\/pulls\/1$/, '')}/pulls/comments/${made.id}`);

    await relay!.up();
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    const kept = await waitFor('the refusal kept on the comment', async () => {
      const queued = (await vscode.commands.executeCommand<{ body: string; error?: string }[]>('repodesk.testing.queuedComments')) ?? [];
      return queued.find((d) => d.body === body && d.error);
    });
    assert.match(kept.error!, /Validation Failed.*in_reply_to/, 'the service’s own words');
    assert.equal(await queuedStatus(), '$(cloud-upload) 1 comment queued', 'still counted: nothing is dropped');
    assert.deepEqual(await withBody(body), [], 'nothing posted');
  });

  it('a comment sent from the overview while it is down is listed there under Queued comments, then posted once', async () => {
    const body = `Queued from the overview ${Date.now().toString(36)}`;
    const key = await vscode.commands.executeCommand<string>('repodesk.pulls.openOverview', { link: 'analytical-engines/difference-engine#1' });
    await model(key, 'the page of #1');
    const issueComments = async () =>
      (await onService<{ body: string; user: { login: string } }[]>('/repos/analytical-engines/difference-engine/issues/1/comments?per_page=100')).filter(
        (c) => c.body === body,
      );

    await relay!.down();
    let mark = (await posted(key)).length;
    await send(key, { type: 'addComment', request: 201, body });
    assert.equal((await commentDone(key, 201, mark)).ok, true, 'the box is cleared: the comment is kept');
    const queued = await model(key, 'the comment under Queued comments', (m) => !!m.queued?.some((q) => q.body === body), mark);
    assert.equal(queued.queued!.find((q) => q.body === body)!.kind, 'conversation');
    assert.equal(queued.pending, undefined, 'no review was started by it');
    assert.deepEqual(await issueComments(), []);
    assert.deepEqual(errors, []);

    mark = (await posted(key)).length;
    await relay!.up();
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    // (The reply refused in the test before stays queued: only this comment leaves the queue.)
    await waitFor('the comment gone from the queue', async () =>
      ((await vscode.commands.executeCommand<{ body: string }[]>('repodesk.testing.queuedComments')) ?? []).every((d) => d.body !== body),
    );
    assert.equal((await issueComments()).length, 1, 'posted once');
    await model(
      key,
      'the page without the queued comment, its comment in the conversation',
      (m) => !(m.queued ?? []).some((q) => q.body === body) && m.conversation.rows.some((r) => r.kind === 'comment' && r.body === body),
      mark,
    );
  });

  it('a reply sent from the Review Comments view while it is down is queued and drawn in the diff’s thread, then posted once', async () => {
    const body = `Queued from the Review Comments view ${Date.now().toString(36)}`;
    await openTables();
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    const root = await seededThread();
    const row = await child(REVIEWS, await child(REVIEWS, undefined, 'docs/tables.md'), /^Could the table/);

    await relay!.down();
    await vscode.commands.executeCommand('repodesk.reviewComments.reply', row, body);
    await waitFor('the reply drawn queued in the diff’s thread', async () =>
      (await threads())
        .find((e) => e.rootId === root.rootId)
        ?.thread.comments.some((c) => (c as ThreadComment).contextValue === 'queued' && (c.body as vscode.MarkdownString).value.includes(body)),
    );
    assert.deepEqual(errors, [], 'no error notification');

    await relay!.up();
    await vscode.commands.executeCommand('repodesk.reachability.tryNow');
    await waitFor('the reply gone from the queue', async () =>
      ((await vscode.commands.executeCommand<{ body: string }[]>('repodesk.testing.queuedComments')) ?? []).every((d) => d.body !== body),
    );
    const posted = await withBody(body);
    assert.equal(posted.length, 1, 'posted once');
    assert.equal(posted[0]!.in_reply_to_id, root.rootId);
  });
});
