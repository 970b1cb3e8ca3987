// Submit Review whose answers are lost on their way back, as when the window
// closes or the network drops while the drafts are being posted: each draft
// reaches the service, but RepoDesk hears nothing. The drafts stay pending,
// marked as tried. Submit Review again looks for each on the service first
// (docs/service-api/hosting/pulls.md §8: review comments are listed with
// their body, path, position, commit and author) and finds them there: none
// is posted twice, and the review ends.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { leaveRelay, readThroughRelay, type Relay } from './relay-support';
import { asAda } from './service-support';
import { child, waitFor } from './views-support';

const PULLS = 'repodesk.pullRequests';
const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const PULL = `/repos/${OWNER}/${REPO}/pulls/1`;

interface ServiceComment {
  id: number;
  body: string;
  path: string;
  position: number | null;
  user: { login: string };
}

/** What the service holds, read straight from the emulator (not through the relay). */
const reviewComments = () => asAda<ServiceComment[]>('GET', `${PULL}/comments?per_page=100`);
const issueComments = () => asAda<{ id: number; body: string }[]>('GET', `/repos/${OWNER}/${REPO}/issues/1/comments?per_page=100`);

describe('Submit Review whose answers are lost mid-way: Submit again posts none twice', function () {
  this.timeout(120_000);
  const stamp = Date.now().toString(36);
  const bodies = [`Lost answer one ${stamp}`, `Lost answer two ${stamp}`];
  const summary = `Lost answers summary ${stamp}`;
  let api: RepoDeskApi;
  let relay: Relay | undefined;
  let key: { owner: string; repo: string; number: number };

  before(async () => {
    ({ api, relay } = await readThroughRelay());
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    key = { owner: OWNER, repo: REPO, number: 1 };
  });

  after(async () => {
    relay?.loseAnswers(false);
    await vscode.commands.executeCommand('repodesk.pendingReview.discard', key, true);
    for (const c of await reviewComments()) if (c.body.includes(stamp)) await asAda('DELETE', `/repos/${OWNER}/${REPO}/pulls/comments/${c.id}`);
    for (const c of await issueComments()) if (c.body.includes(stamp)) await asAda('DELETE', `/repos/${OWNER}/${REPO}/issues/comments/${c.id}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await leaveRelay(api, relay);
  });

  it('the drafts reach the service but their answers are lost: they stay pending; Submit again finds each there and posts none twice (docs/service-api/hosting/pulls.md §8)', async () => {
    const pr = await child(PULLS, undefined, /^#1 /);
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
    assert.equal(await vscode.commands.executeCommand('repodesk.pendingReview.start', key), true);
    const file = await child(PULLS, await child(PULLS, pr, 'Changed files'), 'tables.md');
    await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
    const diff = await waitFor('the diff of tables.md', async () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith('/tables.md') ? input : undefined;
    });
    for (const [i, body] of bodies.entries()) {
      const started = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.testing.startCommentThread', diff.modified, i + 1);
      assert.equal(await vscode.commands.executeCommand<boolean>('repodesk.comments.reply', { thread: started, text: body }), true);
    }
    assert.deepEqual(
      (await reviewComments()).filter((c) => c.body.includes(stamp)),
      [],
      'drafts only, nothing sent yet',
    );

    relay!.loseAnswers(true);
    const first = await vscode.commands.executeCommand<{ left: number } | undefined>('repodesk.pendingReview.submit', key, { summary });
    relay!.loseAnswers(false);
    // Each draft reached the service; RepoDesk heard nothing back, so each is still pending.
    assert.deepEqual(
      (await reviewComments()).filter((c) => c.body.includes(stamp)).map((c) => [c.body, c.path, c.position, c.user.login]),
      bodies.map((b, i) => [b, 'docs/tables.md', i + 1, 'ada']),
    );
    assert.equal(first?.left, 2, 'both drafts still pending');

    const second = await vscode.commands.executeCommand<{ left: number; summary: string } | undefined>('repodesk.pendingReview.submit', key, { summary });
    assert.deepEqual([second?.left, second?.summary], [0, 'posted']);
    assert.deepEqual(
      (await reviewComments()).filter((c) => c.body.includes(stamp)).map((c) => c.body),
      bodies,
      'each posted once',
    );
    assert.deepEqual(
      (await issueComments()).filter((c) => c.body.includes(stamp)).map((c) => c.body),
      [summary],
      'the summary once, after them',
    );
  });
});
