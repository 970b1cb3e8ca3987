// The service changes underneath: the head branch of an open pull request is
// deleted on the service (ada's own request, as another window or a script
// would) while its overview page is open. The pull request itself stays open
// with the head it had (the emulator keeps it so); only the branch's
// reference answers 404. A Merge pressed on the stale page says the branch
// was deleted and merges nothing; the page then says so, without Merge or
// Checkout; Apply Suggestion and Checkout refuse in the same words and write
// nothing. Played on a branch and pull request of its own in
// ada/notes-on-the-engine (the demo's #1 and its head stay as the other
// suites expect them); the pull request is closed afterwards.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostingClient, PullRequest, ReviewComment } from '../../src/hosting';
import { model, posted, send } from './overview-support';
import { asAda } from './service-support';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

/** The warnings shown while `run` runs and until one is shown; each answered with nothing, as a dismissed notification. */
async function warning(run: () => PromiseLike<unknown>): Promise<{ said: string; result: unknown }> {
  const said: string[] = [];
  const original = vscode.window.showWarningMessage;
  (vscode.window as { showWarningMessage: unknown }).showWarningMessage = async (m: string) => {
    said.push(m);
    return undefined;
  };
  try {
    const result = await run();
    return { said: await waitFor('a warning', async () => said[0]), result };
  } finally {
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
  }
}

/** Whether the service has the branch (git-data §5: its reference, or 404). */
async function branchExists(branch: string): Promise<boolean> {
  const res = await fetch(`${process.env.REPODESK_TEST_EMULATOR_URL}/repos/${OWNER}/${REPO}/git/refs/heads/${branch}`, {
    headers: { authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`, 'user-agent': 'integration-test' },
  });
  assert.ok(res.status === 200 || res.status === 404, `the reference of ${branch}: ${res.status}`);
  return res.status === 200;
}

describe('Head deleted elsewhere: the head branch of an open pull request deleted on the service while its page is open', function () {
  this.timeout(120_000);
  let client: HostingClient;
  let pull: PullRequest;
  let key: string;
  let suggestion: ReviewComment;
  const branch = `head-deleted/${Date.now()}`;
  const file = `${branch.replace('/', '-')}.md`;
  const gone = (nothing: string) =>
    new RegExp(`^The head branch ${branch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} of #\\d+ was deleted on the service\\. ${nothing}$`);

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    // A branch one commit ahead of master, its pull request, a suggestion on its one file, and its page open.
    const master = await client.git.getRef(OWNER, REPO, 'heads/master');
    const parent = await client.git.getCommit(OWNER, REPO, master.object.sha);
    const tree = await client.git.createTree(OWNER, REPO, [{ path: file, mode: '100644', type: 'blob', content: 'first\nsecond\n' }], parent.tree.sha);
    const commit = await client.git.createCommit(OWNER, REPO, { message: 'Head deleted elsewhere', tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(OWNER, REPO, `refs/heads/${branch}`, commit.sha);
    pull = await client.pulls.create(OWNER, REPO, { head: branch, base: 'master', title: 'Head deleted elsewhere' });
    suggestion = await client.reviewComments.create(OWNER, REPO, pull.number, {
      body: 'Better:\n```suggestion\nthe second\n```',
      commit_id: commit.sha,
      path: file,
      position: 2,
    });
    key = (await vscode.commands.executeCommand<string>('repodesk.pulls.openOverview', { owner: OWNER, repo: REPO, number: pull.number }))!;
    const m = await model(key, `the page of #${pull.number}, open`, (x) => x.state === 'open');
    assert.equal(m.headDeleted, undefined, 'a head branch that exists is not said deleted');

    // Elsewhere: the branch deleted through the API (DELETE git/refs/heads/<branch>, git-data §5).
    await asAda('DELETE', `/repos/${OWNER}/${REPO}/git/refs/heads/${branch}`);
    assert.equal(await branchExists(branch), false);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await client.reviewComments.delete(OWNER, REPO, suggestion.id).catch(() => undefined);
    await client.pulls.update(OWNER, REPO, pull.number, { state: 'closed' }).catch(() => undefined);
    // Restored only if a test wrote it back (none should): the pull request closed, the repository as it was.
    if (await branchExists(branch)) await client.git.deleteRef(OWNER, REPO, `heads/${branch}`);
  });

  it('docs/service-api/hosting/git-data.md §5: Merge pressed on the stale page says the branch was deleted and merges nothing; the page then says so, without Merge', async () => {
    const master = (await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha;
    // The page still shows the branch: the press is on what the user saw.
    const mark = (await posted(key)).length;
    const { said } = await warning(() => send(key, { type: 'action', action: 'merge' }));
    assert.match(said, gone('Nothing was merged\\.'));
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme === 'repodesk-message', false, 'no merge message is asked for');
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha, master, 'no merge commit on master');
    const now = await client.pulls.get(OWNER, REPO, pull.number);
    assert.deepEqual([now.state, now.merged_at], ['open', null], 'the pull request is as it was');

    // The press read the page again (as any read of the page does: the loader reads the branch's reference): said deleted.
    const m = await model(key, 'the page with the head branch deleted', (x) => x.headDeleted === true, mark);
    assert.equal(m.state, 'open');
    assert.equal(m.headRef, branch);
  });

  it('docs/service-api/hosting/git-data.md §5: Apply Suggestion (the workspace does not hold the head) says the branch was deleted and commits nothing', async () => {
    const { said, result } = await warning(() =>
      vscode.commands.executeCommand<{ where: string; why?: string }>('repodesk.suggestions.apply', suggestion, { confirmed: true }),
    );
    assert.match(said, gone('The suggestion was not committed\\.'));
    assert.equal((result as { where?: string } | undefined)?.where, 'nowhere');
    assert.equal(await branchExists(branch), false, 'no branch written back');
  });

  it('docs/service-api/hosting/git-data.md §5: Checkout says the branch was deleted and fetches nothing', async () => {
    const { said, result } = await warning(() => vscode.commands.executeCommand('repodesk.pulls.checkout', { owner: OWNER, repo: REPO, number: pull.number }));
    assert.match(said, gone('Nothing was checked out\\.'));
    assert.equal(result, undefined);
  });
});
