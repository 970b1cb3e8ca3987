// A comment written while the service is down, walked by clicks: the
// emulator refuses connections (a service that is down), a new thread is
// written on line 2 of docs/tables.md in #1's diff and sent with Reply. It is
// drawn there marked Queued, the status bar counts it, and no error shows.
// The window is reloaded while the service is still down: the count is back,
// and the restored diff opens with its threads from the copies kept when they were read.
// The service answers again; a click on the reachability item tries now, and
// the comment is posted once, at its line. Screenshots in test-results/journey-queued-*.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, forgetNotifications } from './journeyChecks.mjs';
import { discardReview, openDemoPullFile, writeThread } from './journeySteps.mjs';
import { apiAsAda, openAndSignIn, palette, pane, reloadWindow } from './sidebar.mjs';

const COMMENTS = '/repos/analytical-engines/difference-engine/pulls/1/comments?per_page=100';
const statusItem = (text) => session.page.locator('.statusbar-item', { hasText: text }).first();

describe('Journey: a comment written while the service is down, by clicks', function () {
  // A window reload and the service's return: more than a test's default minute.
  this.timeout(180_000);
  const body = `Written while the service was down ${Date.now().toString(36)}`;

  after(async () => {
    await session.refuseConnections(false);
    for (const c of (await apiAsAda('GET', COMMENTS)).filter((x) => x.body === body))
      await apiAsAda('DELETE', `/repos/analytical-engines/difference-engine/pulls/comments/${c.id}`);
    await palette('View: Close All Editors').catch(() => {});
  });

  it('sent with Reply while it is down: drawn Queued and counted, kept across a reload, and posted once at its line when the service answers', async () => {
    const { page } = session;
    await openAndSignIn();
    await forgetNotifications(page);
    await palette('View: Close All Editors');
    // A review left pending by an earlier journey would take the comment as its draft.
    if (await statusItem('#1:').isVisible()) await discardReview();
    const diff = await openDemoPullFile('tables.md', { drawnLine: 2, thread: 'second differences' });

    await session.refuseConnections(true);
    await writeThread(diff, 2, body, { button: 'Reply', mark: 'Queued' });
    await statusItem('1 comment queued').waitFor({ timeout: 15_000 });
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-queued-written')}`);
    await expectCleanScreen(page);

    // Reloaded while the service is still down: the comment is still queued.
    await reloadWindow();
    await statusItem('1 comment queued').waitFor({ timeout: 60_000 });
    await statusItem('unreachable').waitFor({ timeout: 60_000 });
    // The views say they have read nothing yet, with no error row: the status bar item is the one word of it.
    await pane('Repositories').locator('.monaco-list-row', { hasText: 'Service unreachable' }).first().waitFor({ timeout: 30_000 });
    assert.equal(await pane('Repositories').locator('.monaco-list-row', { hasText: 'Could not' }).count(), 0, 'no error row');
    // The restored diff opens from the copy kept when it was read: its text, though the service does not answer.
    // (The tab strip is drawn again while the window restores: a click on a tab it replaced is clicked again.)
    const restored = page.locator('.monaco-diff-editor .editor.modified .view-lines', { hasText: '# Tables' }).first();
    for (let i = 0; i < 3 && !(await restored.isVisible()); i++) {
      await page.locator('.tabs-container .tab', { hasText: 'tables.md (#1)' }).first().click({ timeout: 15_000 });
      await restored.waitFor({ timeout: 10_000 }).catch(() => {});
    }
    await restored.waitFor({ timeout: 30_000 });
    // Its threads too, from the answers kept when they were read: the service's thread and the queued comment.
    await page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.review-widget', { hasText: body }).filter({ hasText: 'Queued' }).first().waitFor({ timeout: 30_000 });
    console.log(`      screenshot: ${await screenshot('journey-queued-reloaded')}`);

    // The service answers again; the reachability item's click tries now, and the queue is sent.
    await session.refuseConnections(false);
    // (Its text changes at each try: a click on the item it replaced is clicked again.)
    const queued = statusItem('comment queued');
    for (let i = 0; i < 3 && (await statusItem('unreachable').isVisible()); i++) {
      await statusItem('unreachable')
        .click({ timeout: 10_000 })
        .catch(() => {});
      await queued.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
    }
    await queued.waitFor({ state: 'hidden', timeout: 30_000 });
    await page
      .locator('.notification-toast', { hasText: 'The comment written while the service did not answer is posted.' })
      .first()
      .waitFor({ timeout: 15_000 });
    const posted = (await apiAsAda('GET', COMMENTS)).filter((c) => c.body === body);
    assert.equal(posted.length, 1, 'posted once');
    assert.equal(posted[0].path, 'docs/tables.md');
    assert.equal(posted[0].position, 2, 'at line 2 of the added file');
    assert.equal(posted[0].user.login, 'ada');
    // The diff draws it as ada's comment now, no longer queued.
    await page.locator('.review-widget', { hasText: body }).filter({ hasNotText: 'Queued' }).first().waitFor({ timeout: 30_000 });
    console.log(`      screenshot: ${await screenshot('journey-queued-posted')}`);
    await expectCleanScreen(page);
  });
});
