// The overview by clicks: a click on #1 in the Pull Requests view opens its
// page; the outdated thread of tabulate.js names its line and commit in the
// words of the editor ("line 3 of 1a2b3c4 (outdated)"), and a click on
// "1 reply · ada, charles" opens charles's reply in place. Screenshot in
// test-results/journey-overview-replies.png.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { apiAsAda, clickRowLabel, openAndSignIn, openPane, palette, row } from './sidebar.mjs';

const overview = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');

describe("Journey: a review thread's replies read on the overview page, by clicks", () => {
  it('the outdated thread of tabulate.js says "line 3 of <commit> (outdated)" and its reply opens in place with a click', async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();
    await openPane('Pull Requests');
    await clickRowLabel(await row('Pull Requests', '#1 Tabulate polynomials'));
    const p = overview();
    await p.locator('h1', { hasText: 'Tabulate polynomials by the method of differences' }).waitFor({ timeout: 30_000 });
    const comments = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/pulls/1/comments?per_page=100');
    const root = comments.find((c) => c.body.startsWith('Copy the figures as numbers'));
    const reply = comments.find((c) => c.in_reply_to_id === root.id);
    const thread = p.locator('.card.thread', { hasText: 'tabulate.js' }).first();
    await thread.waitFor({ timeout: 30_000 });
    assert.equal(
      (await thread.locator('.thread-link').innerText()).trim(),
      `src/differences/tabulate.js, line 3 of ${root.original_commit_id.slice(0, 7)} (outdated)`,
    );
    const replies = thread.locator('details.replies');
    assert.equal(await replies.evaluate((d) => d.open), false, 'closed at first');
    assert.equal(await thread.locator('.reply', { hasText: reply.body }).isVisible(), false);
    await replies.locator('summary', { hasText: '1 reply · ada, charles' }).click();
    const shown = thread.locator('.reply', { hasText: reply.body });
    await shown.waitFor();
    assert.match(await shown.innerText(), new RegExp(`^${reply.user.login}`));
    await shown.scrollIntoViewIfNeeded();
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-overview-replies')}`);
    await expectCleanScreen(page);
    await palette('View: Close All Editors');
  });
});
