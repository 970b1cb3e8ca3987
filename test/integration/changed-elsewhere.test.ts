// The service changes underneath: while a pull request's overview page is
// open, it is merged or closed elsewhere (the test's own client, as another
// window would). The next read shows the new state, without Merge or Close;
// a Merge or Close pressed on the stale page says what happened and writes
// nothing (played in ada/notes-on-the-engine, so the demo repository's pull
// requests stay as the other suites expect them). A review comment deleted
// on the service while a reply to it is written: the reply is refused in
// plain words, its text kept and posted as a new comment on the line.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostingClient, PullRequest } from '../../src/hosting';
import { model, posted, send } from './overview-support';
import { child, children, firstWarning, label, signInAsAdaWithDemoRepository, waitFor } from './views-support';
import { bodies, threads, type ThreadEntry } from './threads-support';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

describe('Changed elsewhere: a pull request merged or closed while its page is open', function () {
  this.timeout(120_000);
  let client: HostingClient;

  /** A pull request from a new branch one commit ahead of master, its page open and drawn open. */
  async function openPull(name: string): Promise<{ pull: PullRequest; key: string }> {
    const branch = `elsewhere/${name}-${Date.now()}`;
    const master = await client.git.getRef(OWNER, REPO, 'heads/master');
    const parent = await client.git.getCommit(OWNER, REPO, master.object.sha);
    const tree = await client.git.createTree(
      OWNER,
      REPO,
      [{ path: `${branch.replace('/', '-')}.md`, mode: '100644', type: 'blob', content: 'x\n' }],
      parent.tree.sha,
    );
    const commit = await client.git.createCommit(OWNER, REPO, { message: `Changed elsewhere: ${name}`, tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(OWNER, REPO, `refs/heads/${branch}`, commit.sha);
    const pull = await client.pulls.create(OWNER, REPO, { head: branch, base: 'master', title: `Changed elsewhere: ${name}` });
    const key = await vscode.commands.executeCommand<string>('repodesk.pulls.openOverview', { owner: OWNER, repo: REPO, number: pull.number });
    await model(key, `the page of #${pull.number}, open`, (m) => m.state === 'open');
    return { pull, key };
  }

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('merged elsewhere: Merge pressed on the stale page says so and merges nothing more; the page then shows it merged, without Merge or Close', async () => {
    const { pull, key } = await openPull('merged');
    await client.pulls.merge(OWNER, REPO, pull.number, { commit_message: 'Merged in another window', sha: pull.head.sha });
    const master = (await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha;

    // The page still shows it open: the press is on what the user saw.
    const mark = (await posted(key)).length;
    const said = await firstWarning(() => send(key, { type: 'action', action: 'merge' }));
    assert.match(said, new RegExp(`^Pull request #${pull.number} changed since you read it: it was merged on the service \\(.+\\)\\. Nothing was merged\\.$`));
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme === 'repodesk-message', false, 'no merge message is asked for');
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, master, 'no second merge commit on master');

    const m = await model(key, 'the page merged', (x) => x.state === 'merged', mark);
    assert.ok(m.merged, 'the page gives the time it was merged');
  });

  it('closed elsewhere: the next read shows it closed; Close pressed on the stale page says so and sends nothing', async () => {
    const { pull, key } = await openPull('closed');
    await client.pulls.update(OWNER, REPO, pull.number, { state: 'closed' });
    const closedAt = (await client.pulls.get(OWNER, REPO, pull.number)).updated_at;

    const said = await firstWarning(() => send(key, { type: 'action', action: 'close' }));
    assert.match(said, /changed since you read it: it was closed on the service \(.+\)\. Nothing was closed\.$/);
    assert.equal((await client.pulls.get(OWNER, REPO, pull.number)).updated_at, closedAt, 'no second write');

    // The background refresh's read (as on the next refresh).
    const mark = (await posted(key)).length;
    await client.pulls.update(OWNER, REPO, pull.number, { state: 'open' });
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', key);
    await model(key, 'the page open again', (x) => x.state === 'open', mark);
    const again = (await posted(key)).length;
    await client.pulls.update(OWNER, REPO, pull.number, { state: 'closed' });
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', key);
    const m = await model(key, 'the page closed', (x) => x.state === 'closed', again);
    assert.ok(m.closed, 'the page gives the time it was closed');
  });
});

describe('Changed elsewhere: a review comment deleted while a reply to it is written', function () {
  this.timeout(120_000);
  const OWNER1 = 'analytical-engines';
  const REPO1 = 'difference-engine';
  let client: HostingClient;

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    await vscode.commands.executeCommand('repodesk.pulls.select', await child('repodesk.pullRequests', undefined, /^#1 /));
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  const threadWith = (what: string, match: (e: ThreadEntry) => boolean) =>
    waitFor(what, async () => (await threads()).find((e) => e.thread.uri.path.endsWith('/docs/tables.md') && match(e)));

  it('the reply is refused as "deleted on the service", nothing is dropped: the thread goes, the text is posted as a new comment on its line', async () => {
    const pull = await client.pulls.get(OWNER1, REPO1, 1);
    const root = await client.reviewComments.create(OWNER1, REPO1, 1, {
      body: `Soon deleted ${Date.now()}`,
      commit_id: pull.head.sha,
      path: 'docs/tables.md',
      position: 2,
    });
    // A later comment, so that the emulator's store does not give the deleted comment's id (its largest) to the next one, as the service never does.
    const later = await client.reviewComments.create(OWNER1, REPO1, 1, { body: 'Later', commit_id: pull.head.sha, path: 'docs/tables.md', position: 1 });
    const pr = await child('repodesk.pullRequests', undefined, /^#1 /);
    const file = await child('repodesk.pullRequests', await child('repodesk.pullRequests', pr, 'Changed files'), 'tables.md');
    await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    const entry = await threadWith('the thread to reply to', (e) => e.rootId === root.id);

    // A colleague (here the same account, in another window) deletes it while the reply is written.
    await client.reviewComments.delete(OWNER1, REPO1, root.id);
    const text = `My answer, kept ${Date.now()}`;
    const shown: { message: string; items: string[] }[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = async (message: string, ...items: string[]) => {
      shown.push({ message, items });
      return items.find((i) => i === 'Post as New Comment');
    };
    try {
      assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: entry.thread, text }), false, 'not sent as a reply');
      const posted = await waitFor('the text posted as a new comment', async () =>
        (await client.reviewComments.listAllForPull(OWNER1, REPO1, 1)).find((c) => c.body === text),
      );
      assert.equal(shown.length, 1, shown.map((s) => s.message).join(' | '));
      assert.match(shown[0]!.message, /^The comment you replied to was deleted on the service \(.+\)\. Your reply was not sent; its text is kept/);
      assert.deepEqual(shown[0]!.items, ['Copy Reply', 'Post as New Comment']);
      assert.deepEqual([posted.in_reply_to_id ?? null, posted.path, posted.position], [null, 'docs/tables.md', 2], 'a new thread on the same line');
      // The threads read again: the deleted one gone, the new one in its place.
      await waitFor('the deleted thread gone', async () => !(await threads()).some((e) => e.rootId === root.id));
      const created = await threadWith('the new thread', (e) => e.rootId === posted.id);
      assert.deepEqual(bodies(created), [`ada: ${text}`]);
      await client.reviewComments.delete(OWNER1, REPO1, posted.id);
    } finally {
      await client.reviewComments.delete(OWNER1, REPO1, later.id);
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
  });

  it('from the Review Comments view: the reply is refused as "deleted on the service", its text offered to copy, the thread read again', async () => {
    const pull = await client.pulls.get(OWNER1, REPO1, 1);
    const body = `Deleted from the view ${Date.now()}`;
    const root = await client.reviewComments.create(OWNER1, REPO1, 1, { body, commit_id: pull.head.sha, path: 'docs/tables.md', position: 2 });
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const file = await child('repodesk.reviewComments', undefined, 'docs/tables.md');
    const node = await child('repodesk.reviewComments', file, new RegExp(`^${body}`));
    await client.reviewComments.delete(OWNER1, REPO1, root.id);

    const text = `Answer copied ${Date.now()}`;
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = async (message: string, ...items: string[]) => {
      shown.push(message);
      return items.find((i) => i === 'Copy Reply');
    };
    try {
      assert.equal(await vscode.commands.executeCommand('repodesk.reviewComments.reply', node, text), undefined);
      await waitFor('the reply on the clipboard', async () => (await vscode.env.clipboard.readText()) === text);
      assert.deepEqual(shown.length, 1, shown.join(' | '));
      assert.match(shown[0]!, /^The comment you replied to was deleted on the service \(.+\)\. Your reply was not sent; copy its text/);
      // The view read again (no refresh asked for): its file's rows as they are now.
      await waitFor('the thread gone from the view', async () => {
        const now = await child('repodesk.reviewComments', undefined, 'docs/tables.md');
        return !(await children('repodesk.reviewComments', now)).some((n) => label(n).startsWith(body));
      });
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
  });
});
