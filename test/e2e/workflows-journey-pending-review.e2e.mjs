// A pending review by clicks: Start Review on the pull request's row, three
// new threads written in the diff of docs/tables.md (each kept as a draft,
// shown Pending, nothing sent), the window reloaded (Developer: Reload Window), the
// drafts still there in the editor, the status bar and the overview, then
// Submit Review from the status bar with a summary: the service holds the
// three comments in the order written, at their positions on the head, and
// the summary after them. Screenshots in test-results/journey-pending-*.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { apiAsAda, openAndSignIn, palette, reloadWindow } from './sidebar.mjs';
import { openDemoPull, openDemoPullFile, writeThread } from './journeySteps.mjs';

const PULL = '/repos/analytical-engines/difference-engine/pulls/1';
const ISSUE = '/repos/analytical-engines/difference-engine/issues/1';
const DRAFTS = [
  [2, 'First: the blank line could go.'],
  [1, 'Second: a heading for the table.'],
  [4, 'Third: name the initial differences.'],
];
const SUMMARY = 'Three notes on the table, in the order I read it.';

/** The overview's page: the active webview's inner frame. */
const overview = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
const statusItem = (text) => session.page.locator('.statusbar-item', { hasText: text }).first();

async function mine() {
  const comments = await apiAsAda('GET', `${PULL}/comments?per_page=100`);
  return comments.filter((c) => DRAFTS.some(([, text]) => text === c.body)).sort((a, b) => a.id - b.id);
}

describe('Journey: a pending review across a window reload, by clicks', function () {
  // Three threads written, a window reloaded and a review submitted: more than a test's default minute.
  this.timeout(180_000);
  after(async () => {
    for (const c of await mine().catch(() => []))
      await apiAsAda('DELETE', `/repos/analytical-engines/difference-engine/pulls/comments/${c.id}`).catch(() => {});
    const issueComments = await apiAsAda('GET', `${ISSUE}/comments?per_page=100`).catch(() => []);
    for (const c of issueComments.filter((x) => x.body === SUMMARY))
      await apiAsAda('DELETE', `/repos/analytical-engines/difference-engine/issues/comments/${c.id}`).catch(() => {});
  });

  it('Start Review on the row, three drafts written, the window reloaded, the drafts still there, Submit Review: the comments on the service in the order written, then the summary', async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    const head = (await apiAsAda('GET', PULL)).head.sha;

    // Start Review: the pull request row's inline action.
    const pr = await openDemoPull();
    await pr.hover();
    await pr.locator('.actions a[aria-label^="Start Review"]').click();
    await statusItem('#1: 0 pending').waitFor({ timeout: 15_000 });

    const diff = await openDemoPullFile('tables.md', { drawnLine: 1, thread: 'second differences' });
    for (const [line, text] of DRAFTS) await writeThread(diff, line, text);
    await statusItem('#1: 3 pending').waitFor({ timeout: 15_000 });
    assert.deepEqual(await mine(), [], 'nothing reached the service before Submit');
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-pending-written')}`);

    // The window reloaded: the drafts come back from workspace storage.
    await reloadWindow();
    // The count is back in the status bar once RepoDesk has started (and the window has restored its sidebar).
    await statusItem('#1: 3 pending').waitFor({ timeout: 60_000 });
    await openAndSignIn();
    const restored = await openDemoPullFile('tables.md', { drawnLine: 1 });
    for (const [, text] of DRAFTS) await page.locator('.review-widget', { hasText: text }).filter({ hasText: 'Pending' }).first().waitFor({ timeout: 30_000 });
    await restored.waitFor();
    // The overview (opened by the click on the pull request) counts them in its header and lists them.
    await (await openDemoPull()).click();
    const p = overview();
    await p.locator('.pending-count', { hasText: '3 pending' }).waitFor({ timeout: 30_000 });
    assert.deepEqual(
      await p.locator('.pending-drafts .pending-body').allInnerTexts(),
      DRAFTS.map(([, text]) => text),
    );
    console.log(`      screenshot: ${await screenshot('journey-pending-after-reload')}`);
    assert.deepEqual(await mine(), [], 'still nothing on the service');

    // Submit Review from the status bar, with a summary.
    await statusItem('#1: 3 pending').click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Submit Review on #1' }).waitFor({ timeout: 15_000 });
    await page.locator('.quick-input-widget input.input').first().fill(SUMMARY);
    await page.keyboard.press('Enter');
    await page.locator('.notifications-toasts', { hasText: 'Review submitted on #1: 3 comments posted.' }).first().waitFor({ timeout: 30_000 });

    const posted = await mine();
    assert.deepEqual(
      posted.map((c) => [c.body, c.path, c.position, c.commit_id, c.user.login]),
      DRAFTS.map(([line, text]) => [text, 'docs/tables.md', line, head, 'ada']),
    );
    const conversation = await apiAsAda('GET', `${ISSUE}/comments?per_page=100`);
    const summary = conversation.find((c) => c.body === SUMMARY);
    assert.ok(summary, 'the summary is in the conversation');
    assert.ok(conversation.indexOf(summary) === conversation.length - 1, 'the summary is the last comment');
    assert.ok(Date.parse(summary.created_at) >= Date.parse(posted[2].created_at), 'posted after the comments');
    await statusItem('pending').waitFor({ state: 'hidden', timeout: 15_000 });
    await p.locator('.pending-count').waitFor({ state: 'detached', timeout: 15_000 });
    await p.locator('vscode-button', { hasText: 'Start Review' }).waitFor({ timeout: 15_000 });
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-pending-submitted')}`);
    await expectCleanScreen(page);
  });
});
