// Pending review (Start Review, Submit Review, Discard Review) against the
// emulator: comments written after Start Review wait as drafts (in the
// editor's threads, the Review Comments view and the status bar) and reach
// the service only with Submit, in the order written, with the commit, path
// and position they were written against; a draft the service refuses stays
// pending with its message; Discard drops them. What a test posts it deletes,
// so the other files see the demo data as seeded.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostingClient } from '../../src/hosting';
import type { HostToWebview, PageModel } from '../../src/features/pullOverview/model/messages';
import { child, children, description, label, signInAsAdaWithDemoRepository, stepsShown, waitFor } from './views-support';
import { threads } from './threads-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';
const OWNER = 'analytical-engines';
const REPO = 'difference-engine';

interface Draft {
  id: string;
  body: string;
  target: { kind: string; path?: string; position?: number; commitId?: string; line?: number; inReplyTo?: number };
  error?: string;
}

const drafts = async () => vscode.commands.executeCommand<Draft[] | undefined>('repodesk.testing.pendingDrafts', { owner: OWNER, repo: REPO, number: 1 });
const statusText = async () => vscode.commands.executeCommand<string | undefined>('repodesk.testing.pendingStatus');
const KEY = 'analytical-engines/difference-engine#1';
const posted = async () => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.pullOverview.posted', KEY)) ?? [];
const sendToHost = (message: unknown) => vscode.commands.executeCommand('repodesk.testing.pullOverview.send', KEY, message);
/** The latest page model posted after the first `after` messages that passes `check`. */
async function pageModel(what: string, check: (m: PageModel) => boolean, after = 0): Promise<PageModel> {
  return waitFor(
    what,
    async () => {
      const models = (await posted()).slice(after).flatMap((m) => (m.type === 'model' && !m.model.conversation.loading ? [m.model] : []));
      const last = models[models.length - 1];
      return last && check(last) ? last : undefined;
    },
    30_000,
  );
}

async function openTables(): Promise<vscode.TabInputTextDiff> {
  const pr = await child(PULLS, undefined, /^#1 /);
  const file = await child(PULLS, await child(PULLS, pr, 'Changed files'), 'tables.md');
  await vscode.commands.executeCommand('repodesk.pulls.openFile', file);
  return waitFor('the diff of tables.md', async () => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith('/tables.md') ? input : undefined;
  });
}

/** Writes a new thread on a head line of tables.md, as the + and the Comment button do. */
async function newThread(diff: vscode.TabInputTextDiff, line: number, text: string): Promise<boolean> {
  const started = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.testing.startCommentThread', diff.modified, line);
  return vscode.commands.executeCommand<boolean>('repodesk.comments.reply', { thread: started, text });
}

describe('Pending review', function () {
  this.timeout(120_000);
  let client: HostingClient;
  let headSha: string;
  let seededReviewIds: Set<number>;
  let seededIssueIds: Set<number>;

  const reviewComments = () => client.reviewComments.listAllForPull(OWNER, REPO, 1);
  const issueComments = async () => {
    const out = [];
    for await (const c of client.issueComments.listForIssue(OWNER, REPO, 1)) out.push(c);
    return out;
  };
  const newReviewComments = async () => (await reviewComments()).filter((c) => !seededReviewIds.has(c.id));
  const newIssueComments = async () => (await issueComments()).filter((c) => !seededIssueIds.has(c.id));

  before(async () => {
    const api = await signInAsAdaWithDemoRepository();
    client = api.testing!.session.client!;
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    await vscode.commands.executeCommand('repodesk.pulls.select', await child(PULLS, undefined, /^#1 /));
    headSha = (await client.pulls.get(OWNER, REPO, 1)).head.sha;
    seededReviewIds = new Set((await reviewComments()).map((c) => c.id));
    seededIssueIds = new Set((await issueComments()).map((c) => c.id));
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('repodesk.pendingReview.discard', { owner: OWNER, repo: REPO, number: 1 }, true);
    for (const c of await newReviewComments()) await client.reviewComments.delete(OWNER, REPO, c.id);
    for (const c of await newIssueComments()) await client.issueComments.delete(OWNER, REPO, c.id);
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('Start Review (from the pull request’s row): new threads and replies are kept as drafts, shown Pending in the editor, the view and the status bar, and not sent', async () => {
    assert.equal(await drafts(), undefined, 'no review pending yet');
    assert.equal(await vscode.commands.executeCommand('repodesk.pendingReview.start', await child(PULLS, undefined, /^#1 /)), true);
    assert.deepEqual(await drafts(), []);
    await waitFor('the status bar count', async () => (await statusText()) === '$(comment-draft) #1: 0 pending');

    const diff = await openTables();
    assert.equal(await newThread(diff, 4, 'Pending one.'), true);
    const seeded = await waitFor('the seeded thread', async () =>
      (await threads()).find((e) => e.thread.uri.path.endsWith('/tables.md') && e.kind === 'current' && e.rootId !== undefined),
    );
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.reply', { thread: seeded.thread, text: 'Pending reply.' }), true);

    const kept = (await drafts())!;
    assert.deepEqual(
      kept.map((d) => [d.body, d.target.kind]),
      [
        ['Pending one.', 'line'],
        ['Pending reply.', 'reply'],
      ],
    );
    assert.deepEqual([kept[0]!.target.path, kept[0]!.target.position, kept[0]!.target.commitId, kept[0]!.target.line], ['docs/tables.md', 4, headSha, 4]);
    assert.equal(kept[1]!.target.inReplyTo, seeded.rootId);
    assert.deepEqual(await newReviewComments(), [], 'nothing reached the service');

    const pendingThread = await waitFor('the draft’s thread on line 4', async () => (await threads()).find((e) => e.kind === 'pending' && e.line === 4));
    assert.equal(pendingThread.thread.comments[0]!.label, 'Pending');
    assert.equal(pendingThread.thread.label, 'Pending review comment on line 4');
    const withReply = await waitFor('the pending reply in its thread', async () =>
      (await threads()).find((e) => e.rootId === seeded.rootId && e.thread.comments.some((c) => c.contextValue === 'pending')),
    );
    assert.equal(withReply.thread.comments.at(-1)!.label, 'Pending');

    await waitFor('the status bar count of 2', async () => (await statusText()) === '$(comment-draft) #1: 2 pending');
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const group = await child(REVIEWS, undefined, 'Pending review: 2 drafts');
    const rows = await children(REVIEWS, group);
    assert.deepEqual(
      rows.map((r) => [label(r), description(r)]),
      [
        ['Pending: Pending one.', 'docs/tables.md line 4'],
        ['Pending: Pending reply.', 'reply · docs/tables.md'],
      ],
    );
  });

  it('Submit Review posts the drafts in the order written, each with the head commit, path and position it was written against, then the summary; the review ends', async () => {
    await vscode.commands.executeCommand('repodesk.pendingReview.start', { owner: OWNER, repo: REPO, number: 1 });
    const diff = await openTables();
    assert.equal(await newThread(diff, 4, 'First.'), true);
    assert.equal(await newThread(diff, 1, 'Second.'), true);
    assert.equal(await newThread(diff, 3, 'Third.'), true);
    assert.deepEqual(await newReviewComments(), []);

    const result = await vscode.commands.executeCommand<{ left: number; summary: string }>(
      'repodesk.pendingReview.submit',
      { owner: OWNER, repo: REPO, number: 1 },
      { summary: 'Three notes on the tables.' },
    );
    assert.deepEqual([result.left, result.summary], [0, 'posted']);
    const posted = (await newReviewComments()).sort((a, b) => a.id - b.id);
    assert.deepEqual(
      posted.map((c) => [c.body, c.path, c.position, c.commit_id, c.user.login]),
      [
        ['First.', 'docs/tables.md', 4, headSha, 'ada'],
        ['Second.', 'docs/tables.md', 1, headSha, 'ada'],
        ['Third.', 'docs/tables.md', 3, headSha, 'ada'],
      ],
    );
    const summary = await newIssueComments();
    assert.deepEqual(
      summary.map((c) => c.body),
      ['Three notes on the tables.'],
    );
    assert.ok(Date.parse(summary[0]!.created_at) >= Date.parse(posted[2]!.created_at), 'the summary after the comments');
    assert.equal(await drafts(), undefined, 'the review ended');
    await waitFor('the status bar item gone', async () => (await statusText()) === undefined);
    await waitFor('the posted threads in the editor, no longer pending', async () => {
      const all = await threads();
      return (
        !all.some((e) => e.kind === 'pending') &&
        all.filter(
          (e) => e.kind === 'current' && e.thread.comments.some((c) => /^(First|Second|Third)\.$/.test(typeof c.body === 'string' ? c.body : c.body.value)),
        ).length === 3
      );
    });
  });

  it('Submit Review with a draft the service refuses: the others are posted and leave the list, the refused one stays pending with the service’s message, and the summary waits', async () => {
    // A thread of ada's on line 1, which she will delete elsewhere before submitting.
    const doomed = await client.reviewComments.create(OWNER, REPO, 1, {
      body: 'A thread deleted before the review is submitted.',
      commit_id: headSha,
      path: 'docs/tables.md',
      position: 1,
    });
    // Not the newest comment when deleted: the emulator (SQLite rowids) would give the newest's id to the next comment.
    await client.reviewComments.create(OWNER, REPO, 1, { body: 'A later thread.', commit_id: headSha, path: 'docs/tables.md', position: 2 });
    await vscode.commands.executeCommand('repodesk.pendingReview.start', { owner: OWNER, repo: REPO, number: 1 });
    const diff = await openTables();
    await vscode.commands.executeCommand('repodesk.comments.refresh');
    assert.equal(await newThread(diff, 3, 'Good one.'), true);
    const doomedThread = await waitFor('the thread on line 1', async () => (await threads()).find((e) => e.rootId === doomed.id));
    assert.equal(
      await vscode.commands.executeCommand('repodesk.comments.reply', { thread: doomedThread.thread, text: 'A reply to a thread that goes away.' }),
      true,
    );
    assert.equal(await newThread(diff, 2, 'Also good.'), true);
    await client.reviewComments.delete(OWNER, REPO, doomed.id);
    assert.ok(!(await reviewComments()).some((c) => c.id === doomed.id), 'the thread is gone from the service');
    assert.deepEqual(
      (await drafts())!.map((d) => [d.body, d.target.inReplyTo]),
      [
        ['Good one.', undefined],
        ['A reply to a thread that goes away.', doomed.id],
        ['Also good.', undefined],
      ],
    );

    const result = await vscode.commands.executeCommand<{ left: number; summary: string; steps: { step: string }[] }>(
      'repodesk.pendingReview.submit',
      { owner: OWNER, repo: REPO, number: 1 },
      { summary: 'Waits for every draft.' },
    );
    assert.deepEqual(
      result.steps.map((s) => s.step),
      ['posted', 'failed', 'posted'],
    );
    assert.deepEqual([result.left, result.summary], [1, 'held']);
    const posted = (await newReviewComments()).filter((c) => c.body !== 'A later thread.').sort((a, b) => a.id - b.id);
    assert.deepEqual(
      posted.map((c) => [c.body, c.position]),
      [
        ['Good one.', 3],
        ['Also good.', 2],
      ],
    );
    assert.deepEqual(await newIssueComments(), [], 'the summary waits for the refused draft');
    const left = (await drafts())!;
    assert.deepEqual(
      left.map((d) => d.body),
      ['A reply to a thread that goes away.'],
    );
    assert.match(left[0]!.error ?? '', /Validation Failed/, 'the service’s own message');
    await waitFor('the status bar count of 1', async () => (await statusText()) === '$(comment-draft) #1: 1 pending');
    await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
    const [row] = await children(REVIEWS, await child(REVIEWS, undefined, 'Pending review: 1 draft'));
    assert.match(description(row!), /^reply · docs\/tables\.md · not posted: Validation Failed/);

    // Submitted again: nothing posted twice, the refused draft refused again and still pending.
    const again = await vscode.commands.executeCommand<{ left: number; steps: { step: string }[] }>(
      'repodesk.pendingReview.submit',
      { owner: OWNER, repo: REPO, number: 1 },
      { summary: 'Waits for every draft.' },
    );
    assert.deepEqual(
      again.steps.map((s) => s.step),
      ['failed'],
    );
    assert.equal((await newReviewComments()).length, 3, 'the two posted and the later thread');
  });

  it('the overview: Start Review from its header, a comment kept as a pending draft (counted in the header, listed, not sent), Submit from the header posts it', async () => {
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: OWNER, repo: REPO, number: 1 });
    await pageModel('the page without a review', (m) => m.pending === undefined);
    let mark = (await posted()).length;
    await sendToHost({ type: 'review', action: 'startReview' });
    await pageModel('the page with an empty review', (m) => m.pending?.count === 0, mark);

    mark = (await posted()).length;
    await sendToHost({ type: 'addComment', request: 301, body: 'Kept for the review.' });
    const done = await waitFor('the answer', async () => (await posted()).slice(mark).find((m) => m.type === 'commentDone' && m.request === 301));
    assert.deepEqual(done, { type: 'commentDone', request: 301, ok: true });
    const m = await pageModel('the draft on the page', (x) => x.pending?.count === 1, mark);
    assert.deepEqual(m.pending, { count: 1, items: [{ id: 'd1', kind: 'conversation', body: 'Kept for the review.', outdated: false }] });
    assert.deepEqual(await newIssueComments(), [], 'not sent');

    // Submit from the header: Enter on the summary's step once it is on screen, the summary left empty (optional).
    mark = (await posted()).length;
    const steps = (await stepsShown()).length;
    await sendToHost({ type: 'review', action: 'submitReview' });
    await waitFor('the summary step on screen', async () => (await stepsShown()).slice(steps).includes('Submit Review on #1'));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await pageModel('the page after the review', (x) => x.pending === undefined, mark);
    assert.deepEqual(
      (await newIssueComments()).map((c) => c.body),
      ['Kept for the review.'],
      'the draft posted, and no summary comment for an empty summary',
    );
  });

  it('Discard Review drops the drafts after the confirmation; nothing reaches the service', async () => {
    await vscode.commands.executeCommand('repodesk.pendingReview.start', { owner: OWNER, repo: REPO, number: 1 });
    const diff = await openTables();
    assert.equal(await newThread(diff, 2, 'Never sent.'), true);
    assert.equal((await drafts())!.length, 1);
    // Answered No (the modal's Cancel): the drafts stay.
    const original = vscode.window.showWarningMessage;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = async () => undefined;
    try {
      assert.equal(await vscode.commands.executeCommand('repodesk.pendingReview.discard', { owner: OWNER, repo: REPO, number: 1 }), false);
    } finally {
      (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
    }
    assert.equal((await drafts())!.length, 1);
    assert.equal(await vscode.commands.executeCommand('repodesk.pendingReview.discard', { owner: OWNER, repo: REPO, number: 1 }, true), true);
    assert.equal(await drafts(), undefined);
    assert.deepEqual(await newReviewComments(), []);
    await waitFor('the draft’s thread gone from the editor', async () => !(await threads()).some((e) => e.kind === 'pending'));
    await waitFor('the status bar item gone', async () => (await statusText()) === undefined);
  });

  it('Suggest a Change during a pending review: Add to Review keeps the suggestion as a draft (nothing sent); without a review, Add to Review sends nothing either', async () => {
    const diff = await openTables();
    const suggest = async (line: number) => {
      const editor = await vscode.window.showTextDocument(diff.modified, { preview: false });
      editor.selection = new vscode.Selection(line - 1, 0, line - 1, 0);
      const thread = await vscode.commands.executeCommand<vscode.CommentThread>('repodesk.comments.suggestChange');
      assert.ok(thread, 'a suggestion thread');
      return { thread, draft: thread.comments[0]!, text: editor.document.lineAt(line - 1).text };
    };

    // No review pending: the button a review shows adds nothing and sends nothing; the text stays in the thread.
    const early = await suggest(4);
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = async (m: string) => {
      shown.push(m);
      return undefined;
    };
    try {
      assert.equal(await vscode.commands.executeCommand('repodesk.comments.addToReview', early.draft), false);
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
    assert.match(shown[0] ?? '', /No review is pending on analytical-engines\/difference-engine#1/);
    assert.deepEqual(await newReviewComments(), []);
    early.thread.dispose();

    assert.equal(await vscode.commands.executeCommand('repodesk.pendingReview.start', { owner: OWNER, repo: REPO, number: 1 }), true);
    const { draft, text } = await suggest(4);
    assert.equal(await vscode.commands.executeCommand('repodesk.comments.addToReview', draft), true);
    const kept = (await drafts())!;
    assert.deepEqual(
      kept.map((d) => [d.body, d.target.kind, d.target.line]),
      [[`\`\`\`suggestion\n${text}\n\`\`\``, 'line', 4]],
    );
    assert.deepEqual(await newReviewComments(), [], 'nothing reached the service');
    await waitFor('the suggestion drawn as a pending draft', async () => (await threads()).some((e) => e.kind === 'pending'));
  });

  it('Submit Review with no review pending says so and posts nothing', async () => {
    const original = vscode.window.showInformationMessage;
    const shown: string[] = [];
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = async (m: string) => {
      shown.push(m);
      return undefined;
    };
    try {
      assert.equal(await vscode.commands.executeCommand('repodesk.pendingReview.submit', { owner: OWNER, repo: REPO, number: 1 }, { summary: 'x' }), undefined);
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
    }
    assert.deepEqual(shown, ['No review is pending on #1. Start Review first.']);
    assert.deepEqual(await newIssueComments(), []);
  });
});
