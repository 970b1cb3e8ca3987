// A pull request's diff across a window reload, by clicks: Start Review, two
// drafts written in the diff of docs/tables.md, the window reloaded with that
// diff open. The restored tab opens (the repodesk: file system is there at
// start-up and reads the sides from the service) and shows both drafts
// without a click in a RepoDesk view. The pull request's overview, open
// behind the diff, is restored too (VS Code starts a hidden restored page
// only once it is shown): a click on #1's row shows that tab, read again,
// not a second one. Closed and opened again from Changed files, the diff
// shows the drafts at once too. Then the review is discarded from the pull
// request's context menu. Screenshots in test-results/journey-reload-*.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { clickRowLabel, openAndSignIn, palette, reloadWindow, row } from './sidebar.mjs';
import { discardReview, openDemoPull, openDemoPullFile, writeThread } from './journeySteps.mjs';

// Lines without a thread (line 3 has the seeded one).
const DRAFTS = [
  [2, 'Reload: the blank line stays.'],
  [4, 'Reload: this line too.'],
];
/** Threads and drafts show "at once": well within what a person waits, far below the minute they waited. */
const AT_ONCE_MS = 15_000;

const statusItem = (text) => session.page.locator('.statusbar-item', { hasText: text }).first();
const overview = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
const OVERVIEW_H1 = 'Tabulate polynomials by the method of differences';
/** The tabs of #1's overview, by their title as the tab bar draws it (its pull request's title once read). */
const overviewTabs = () => session.page.locator('.tabs-container .tab', { hasText: /#1 Tabulate polynomials|Pull Request #1$/ });
const draftShown = (text) => session.page.locator('.review-widget', { hasText: text }).filter({ hasText: 'Pending' }).first();

describe('Journey: a diff with pending drafts across a window reload, by clicks', function () {
  // Two threads written and a window reloaded: more than a test's default minute.
  this.timeout(180_000);
  after(async () => {
    if (
      await statusItem('#1:')
        .isVisible()
        .catch(() => false)
    )
      await discardReview().catch(() => {});
    await palette('View: Close All Editors').catch(() => {});
  });

  it('the restored diff tab opens and shows its drafts at once, a click on the row shows the restored overview (one tab), and the diff opened again from Changed files shows the drafts at once', async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    // A review left pending by a journey before this one is not this one's.
    if (await statusItem('#1:').isVisible()) await discardReview();

    const pr = await openDemoPull();
    await pr.hover();
    await pr.locator('.actions a[aria-label^="Start Review"]').click();
    await statusItem('#1: 0 pending').waitFor({ timeout: 15_000 });
    // The overview of #1 open, then the diff in front of it.
    await clickRowLabel(pr);
    await overview().locator('h1', { hasText: OVERVIEW_H1 }).waitFor({ timeout: 30_000 });
    const diff = await openDemoPullFile('tables.md', { drawnLine: 1, thread: 'second differences' });
    for (const [line, text] of DRAFTS) await writeThread(diff, line, text);
    await statusItem('#1: 2 pending').waitFor({ timeout: 15_000 });

    // Reloaded with the diff open: VS Code restores its tab, RepoDesk starts for its scheme.
    await reloadWindow();
    await statusItem('#1: 2 pending').waitFor({ timeout: 60_000 });
    // The restored tab, clicked as a person would (another restored editor, the overview, may be the one in front).
    const restoredTab = page.locator('.tabs-container .tab', { hasText: 'tables.md (#1)' }).first();
    await restoredTab.waitFor({ timeout: 60_000 });
    await restoredTab.click();
    const restored = page.locator('.monaco-diff-editor').first();
    const failed = page.locator('.editor-group-container', { hasText: 'could not be opened' }).first();
    await restored.or(failed).first().waitFor({ timeout: 60_000 });
    assert.equal(await failed.isVisible(), false, 'the restored diff opened');
    // Its drafts, with no click in a RepoDesk view.
    for (const [, text] of DRAFTS) await draftShown(text).waitFor({ timeout: AT_ONCE_MS });
    console.log(`      screenshot: ${await screenshot('journey-reload-restored')}`);
    assert.match(await page.locator('.tabs-container .tab.active').first().innerText(), /tables\.md \(#1\)/);

    // The overview's tab was restored behind the diff, its page not started (VS Code starts it once shown). A click
    // on #1's row shows that tab with its page read again: one overview of #1, not a second.
    await overviewTabs().first().waitFor({ timeout: 30_000 });
    await clickRowLabel(await row('Pull Requests', '#1 Tabulate polynomials'));
    await page.locator('.tabs-container .tab.active', { hasText: '#1 Tabulate polynomials' }).first().waitFor({ timeout: 60_000 });
    await overview().locator('h1', { hasText: OVERVIEW_H1 }).waitFor({ timeout: 60_000 });
    console.log(`      screenshot: ${await screenshot('journey-reload-overview')}`);
    assert.equal(await overviewTabs().count(), 1, `one overview tab of #1: ${(await overviewTabs().allInnerTexts()).join(' | ')}`);

    // Closed, and opened again from Changed files: the drafts at once again.
    await palette('View: Close All Editors');
    await openAndSignIn();
    await openDemoPullFile('tables.md', { drawnLine: 1 });
    for (const [, text] of DRAFTS) await draftShown(text).waitFor({ timeout: AT_ONCE_MS });
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-reload-reopened')}`);

    await discardReview();
    await expectCleanScreen(page);
  });
});
