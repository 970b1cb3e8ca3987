// Review Comments of a pull request with more comments than one page (GET
// /repos/:owner/:repo/pulls/:number/comments answers 100 a page): the first
// page's threads are drawn as soon as it is read (marked as updating in the
// view's title, as review-comments-kept.test.ts checks), and every comment
// once the other pages are read.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { children, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';
const COMMENTS = 130;

describe('Views: Review Comments of a pull request with several pages of comments', function () {
  this.timeout(120_000);
  let client: NonNullable<NonNullable<Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>['testing']>['session']['client']>;
  let pull: { number: number } | undefined;
  const owner = 'ada';
  const repo = 'notes-on-the-engine';

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
  });
  after(async () => {
    if (pull) await client.pulls.update(owner, repo, pull.number, { state: 'closed' });
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
    await vscode.commands.executeCommand('workbench.view.extension.repodesk');
  });

  const titleOfView = async () => String((await vscode.commands.executeCommand('repodesk.testing.reviewCommentsDescription')) ?? '');
  const threadRows = async (roots: TestNode[]) => (await Promise.all(roots.map((file) => children(REVIEWS, file)))).flat().map(label);

  it(`${COMMENTS} comments: the first page's 100 threads at once, then all ${COMMENTS}`, async () => {
    const branch = `pages/${Date.now()}`;
    const path = `pages-${Date.now()}.txt`;
    const master = await client.git.getRef(owner, repo, 'heads/master');
    const parent = await client.git.getCommit(owner, repo, master.object.sha);
    const content = Array.from({ length: COMMENTS }, (_, i) => `row ${i + 1}\n`).join('');
    const tree = await client.git.createTree(owner, repo, [{ path, mode: '100644', type: 'blob', content }], parent.tree.sha);
    const commit = await client.git.createCommit(owner, repo, { message: 'A file with many comments', tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(owner, repo, `refs/heads/${branch}`, commit.sha);
    pull = await client.pulls.create(owner, repo, { head: branch, base: 'master', title: `Pages ${path}` });
    for (let position = 1; position <= COMMENTS; position++) {
      await client.reviewComments.create(owner, repo, pull.number, { body: `Comment on row ${position}`, commit_id: commit.sha, path, position });
    }

    // The views out of sight: VS Code asks nothing and nothing is read
    // ahead, so the first look below is the one that reads.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', owner, repo);
    await vscode.commands.executeCommand('repodesk.pulls.refresh');
    const number = pull.number;
    const pr = await waitFor('the new pull request', async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${number} `)));
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);

    const first = await threadRows(await children(REVIEWS));
    assert.equal(first.length, 100, "the first page's threads");
    assert.deepEqual(first.slice(0, 2), ['Comment on row 1', 'Comment on row 2']);

    const all = await waitFor(`all ${COMMENTS} threads`, async () => {
      const rows = await threadRows(await children(REVIEWS));
      return rows.length === COMMENTS ? rows : undefined;
    });
    assert.equal(all.at(-1), `Comment on row ${COMMENTS}`);
    await waitFor('the title without "updating"', async () => (await titleOfView()) === `${owner}/${repo}#${number}`);
  });
});
