// A pull request's diff across a window reload, by clicks: Start Review, two
// drafts written in the diff of docs/tables.md, the window reloaded with that
// diff open. The restored tab opens (the repodesk: file system is there at
// start-up and reads the sides from the service) and shows both drafts
// without a click in a RepoDesk view; closed and opened again from Changed
// files, it shows them at once too. Then the review is discarded from the
// pull request's context menu. Screenshots in test-results/journey-reload-*.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { openAndSignIn, palette, reloadWindow } from './sidebar.mjs';
import { discardReview, openDemoPull, openDemoPullFile, writeThread } from './journeySteps.mjs';

// Lines without a thread (line 3 has the seeded one).
const DRAFTS = [
  [2, 'Reload: the blank line stays.'],
  [4, 'Reload: this line too.'],
];
/** Threads and drafts show "at once": well within what a person waits, far below the minute they waited. */
const AT_ONCE_MS = 15_000;

const statusItem = (text) => session.page.locator('.statusbar-item', { hasText: text }).first();
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

  it('the restored diff tab opens and shows its drafts at once, and so does the diff opened again from Changed files', async () => {
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
    const diff = await openDemoPullFile('tables.md', { drawnLine: 1 });
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
    await Promise.race([restored.waitFor({ timeout: 60_000 }), failed.waitFor({ timeout: 60_000 })]);
    assert.equal(await failed.isVisible(), false, 'the restored diff opened');
    // Its drafts, with no click in a RepoDesk view.
    for (const [, text] of DRAFTS) await draftShown(text).waitFor({ timeout: AT_ONCE_MS });
    console.log(`      screenshot: ${await screenshot('journey-reload-restored')}`);
    assert.match(await page.locator('.tabs-container .tab.active').first().innerText(), /tables\.md \(#1\)/);

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
