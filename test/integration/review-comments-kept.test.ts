// Review Comments: a pull request selected again draws the comments read
// last time at once, marked as updating in the view's title, then the
// service's answer; a refresh, or a change made through RepoDesk, draws the
// service's answer only.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { child, children, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';
const OWNER = 'analytical-engines';
const REPO = 'difference-engine';

describe('Views: Review Comments of a pull request selected again', function () {
  this.timeout(60_000);
  let api: Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>;
  const created: number[] = [];

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    // #2 is not open: list every state to have another pull request to select.
    await vscode.commands.executeCommand('repodesk.pulls.showAll');
  });
  after(async () => {
    await vscode.commands.executeCommand('repodesk.pulls.showOpen');
    for (const id of created) await api.testing!.session.client!.reviewComments.delete(OWNER, REPO, id).catch(() => undefined);
  });

  const select = async (title: RegExp) => vscode.commands.executeCommand('repodesk.pulls.select', await child(PULLS, undefined, title));
  const titleOfView = async () => String((await vscode.commands.executeCommand('repodesk.testing.reviewCommentsDescription')) ?? '');
  /** Every comment row of the view (threads and their replies), by label. */
  const rows = async (): Promise<string[]> => {
    const out: string[] = [];
    for (const file of await children(REVIEWS)) {
      for (const thread of await children(REVIEWS, file)) out.push(label(thread), ...(await children(REVIEWS, thread)).map((r: TestNode) => label(r)));
    }
    return out;
  };
  /** A reply written on the service directly (another user's client would do the same): RepoDesk hears nothing of it. */
  const replyElsewhere = async (body: string) => {
    const client = api.testing!.session.client!;
    const [root] = await client.reviewComments.listAllForPull(OWNER, REPO, 1);
    const reply = await client.reviewComments.create(OWNER, REPO, 1, { body, in_reply_to: root!.id });
    created.push(reply.id);
  };

  it('GET /repos/:owner/:repo/pulls/:number/comments: the comments read last time at once, "updating…" in the title, then the reply written meanwhile', async () => {
    await select(/^#1 /);
    const before = await rows();
    assert.ok(before.length > 0);
    // Read once (an earlier file may have read #1 in this window: then this first look is a kept one, updating).
    await waitFor('#1 read', async () => (await titleOfView()) === `${OWNER}/${REPO}#1`);
    await replyElsewhere('Written on the service while #1 was not selected.');
    await select(/^#2 /);
    await children(REVIEWS);
    await select(/^#1 /);
    // The first look: what was read last time, said to be updating.
    const firstRoots = await children(REVIEWS);
    assert.ok(firstRoots.length > 0);
    assert.match(await titleOfView(), new RegExp(`^${OWNER}/${REPO}#1 · updating…$`));
    await waitFor('the reply in the view', async () => (await rows()).some((r) => r.includes('Written on the service while #1 was not selected.')));
    await waitFor('the title without "updating"', async () => (await titleOfView()) === `${OWNER}/${REPO}#1`);
  });

  it("a refresh draws the service's answer only: nothing kept, nothing said to be updating", async () => {
    await select(/^#1 /);
    await waitFor('#1 read', async () => (await titleOfView()) === `${OWNER}/${REPO}#1`);
    await replyElsewhere('Written on the service before a refresh.');
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    assert.ok(
      (await rows()).some((r) => r.includes('Written on the service before a refresh.')),
      "the refresh drew the service's answer",
    );
    assert.equal(await titleOfView(), `${OWNER}/${REPO}#1`);
  });
});
