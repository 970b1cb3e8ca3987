// A reply posted from the browser build's inline thread: after
// browserBuild.web.mjs (signed in, #1 selected), the diff of docs/tables.md
// opened from the thread's row in Review Comments, a reply typed into mary's thread and sent with
// Reply: shown in the thread, held by the service as a reply to its root.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from '../e2e/journeyChecks.mjs';
import { apiAsAda, openPane, row } from '../e2e/sidebar.mjs';

const PULL = '/repos/analytical-engines/difference-engine/pulls/1';

describe('RepoDesk in the browser: an inline reply', () => {
  const created = [];
  after(async () => {
    for (const id of created) await apiAsAda('DELETE', `/repos/analytical-engines/difference-engine/pulls/comments/${id}`);
  });

  it('a reply typed in the thread of docs/tables.md and sent with Reply is shown there and held by the service', async function () {
    this.timeout(120_000);
    const { page } = session;
    // The thread's row in Review Comments (#1 is selected): its click opens the diff with the thread unfolded, also
    // when the test before left it folded (its comment box had the focus when Escape was pressed).
    await openPane('Review Comments');
    await (await row('Review Comments', 'Could the table also show the second differences?')).click();
    const thread = page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first();
    await thread.waitFor({ timeout: 30_000 });
    await thread.locator('.comment-form').first().click();
    const editor = thread.locator('.comment-form .monaco-editor').first();
    await editor.waitFor();
    await editor.click();
    // Whatever an earlier test left in the box (VS Code keeps it as the thread's draft) is cleared first, as a person would.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    const text = `Sent from the browser (${Date.now().toString(36)}): the second differences are constant.`;
    await page.keyboard.type(text);
    await thread
      .locator('.monaco-button', { hasText: /^\s*Reply\s*$/ })
      .first()
      .click();
    await thread.locator('.review-comment', { hasText: text }).first().waitFor({ timeout: 30_000 });

    const comments = await apiAsAda('GET', `${PULL}/comments?per_page=100`);
    const root = comments.find((c) => c.body === 'Could the table also show the second differences?');
    const sent = comments.find((c) => c.body === text);
    assert.ok(sent, 'the service holds the reply');
    created.push(sent.id);
    assert.equal(sent.in_reply_to_id, root.id);
    assert.equal(sent.user.login, 'ada');
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('web-inline-reply')}`);
    await expectCleanScreen(page);
  });
});
