// A review by clicks: the diff of docs/tables.md opened from the Pull
// Requests view, a reply in its thread with @grace (who only commented on the
// pull request's conversation) picked from the completion list, then a new
// thread on line 1 with a person picked the same way; each posted with the
// thread's Reply button. Checked on screen and on the service, and the
// comment box's warning ("No user is named @…") leaves the Problems panel
// once the comment is posted. Screenshots in test-results/journey-review-*.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { clickUntilHidden, expectCleanScreen } from './journeyChecks.mjs';
import { apiAsAda, openAndSignIn, palette } from './sidebar.mjs';
import { lineInSight, openDemoPullFile } from './journeySteps.mjs';

const PULL = '/repos/analytical-engines/difference-engine/pulls/1';
const created = [];

/** Types `before`, then `@`, and clicks the completion row of `login`; returns the labels the list offered. */
async function pickPerson(before, login) {
  const { page } = session;
  await page.keyboard.type(before);
  await page.keyboard.type('@');
  const suggest = page.locator('.suggest-widget.visible').first();
  await suggest.waitFor({ timeout: 30_000 });
  const choice = suggest.locator('.monaco-list-row', { hasText: `@${login}` }).first();
  await choice.waitFor({ timeout: 15_000 });
  const offered = await suggest.locator('.monaco-list-row .label-name').allInnerTexts();
  await choice.click();
  await suggest.waitFor({ state: 'hidden' });
  return offered;
}

describe('Journey: a review written in the diff editor, by clicks', () => {
  after(async () => {
    for (const id of created) await apiAsAda('DELETE', `/repos/analytical-engines/difference-engine/pulls/comments/${id}`).catch(() => {});
  });

  it("a reply with @grace picked from the list (she commented on the conversation) is posted with Reply: shown in the thread, held by the service, and its box's warning gone from the Problems panel", async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    await openDemoPullFile('tables.md');
    const thread = page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first();
    await thread.waitFor({ timeout: 30_000 });
    await thread.locator('.comment-form').first().click();
    const editor = thread.locator('.comment-form .monaco-editor').first();
    await editor.waitFor();
    await editor.click();
    const offered = await pickPerson('Thanks, ', 'grace');
    assert.ok(offered.includes('@grace'), `grace is offered: ${offered.join(', ')}`);
    await page.keyboard.type(' and @nobody-here: the second differences are constant.');
    // The server's warning shows in the box, on the unknown login only; the Problems panel says in words what it is in.
    await editor.locator('.squiggly-warning').first().waitFor({ timeout: 15_000 });
    const toggleProblems = page.locator('[id="status.problems"]').first();
    await toggleProblems.click();
    const markers = page.locator('.markers-panel').first();
    await markers.locator('.monaco-list-row', { hasText: 'Review comment being written' }).first().waitFor({ timeout: 10_000 });
    // The server checks the box as it is typed into: the warnings on what was typed so far ("@nobody") go once the whole login is checked.
    const unknown = markers.locator('.monaco-list-row', { hasText: 'No user is named' });
    await unknown.filter({ hasText: 'No user is named @nobody-here' }).first().waitFor({ timeout: 15_000 });
    const typedSoFar = [...'nobody-here'].map((_, i) => 'nobody-here'.slice(0, i + 1)).slice(0, -1);
    await unknown
      .filter({ hasText: new RegExp(`No user is named @(${typedSoFar.join('|')})\\.`) })
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
    const warnings = (await unknown.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    assert.deepEqual(
      warnings.map((w) => /No user is named @[\w-]+/.exec(w)?.[0]),
      ['No user is named @nobody-here'],
    );
    await clickUntilHidden(toggleProblems, markers);
    console.log(`      screenshot: ${await screenshot('journey-review-reply-typed')}`);

    await thread
      .locator('.monaco-button', { hasText: /^\s*Reply\s*$/ })
      .first()
      .click();
    const reply = thread.locator('.review-comment', { hasText: 'Thanks, @grace and @nobody-here' }).first();
    await reply.waitFor({ timeout: 30_000 });
    const comments = await apiAsAda('GET', `${PULL}/comments?per_page=100`);
    const root = comments.find((c) => c.body === 'Could the table also show the second differences?');
    const sent = comments.find((c) => c.body === 'Thanks, @grace and @nobody-here: the second differences are constant.');
    assert.ok(sent, 'the service holds the reply');
    created.push(sent.id);
    assert.equal(sent.in_reply_to_id, root.id);
    assert.equal(sent.user.login, 'ada');
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-review-reply-posted')}`);
    await expectCleanScreen(page);
  });

  it("a new thread started on line 1 with the gutter's +, @charles picked from the list, is posted with Reply: drawn on line 1 and held by the service at position 1", async () => {
    const { page } = session;
    const diff = page.locator('.monaco-diff-editor').first();
    const modified = diff.locator('.editor.modified');
    const line1 = modified.locator('.margin-view-overlays .line-numbers', { hasText: /^1$/ }).first();
    // The diff may be scrolled to the thread of the reply before, with line 1
    // (a heading) pinned as a sticky line over the text: back to the top first.
    // The wheel turns over a line of text (a thread's widget would take it for itself).
    const view = await modified.boundingBox();
    assert.ok(view, 'the modified side is on screen');
    const over = await lineInSight(modified, view);
    await page.mouse.move(over.x, over.y);
    await page.mouse.wheel(0, -5000);
    await modified
      .locator('.sticky-widget .sticky-line-number', { hasText: /^1$/ })
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await line1.waitFor();
    // The + of a commentable line shows in the gutter beside its number when the mouse is over it.
    const at = await line1.boundingBox();
    assert.ok(at, 'line 1 is on screen');
    await page.mouse.move(at.x + at.width + 9, at.y + at.height / 2);
    const plus = modified.locator('.margin-view-overlays .comment-diff-added').first();
    await plus.waitFor({ timeout: 10_000 });
    await page.mouse.click(at.x + at.width + 9, at.y + at.height / 2);
    const box = page
      .locator('.review-widget', { has: page.locator('.comment-form') })
      .filter({ hasNotText: 'second differences' })
      .first();
    await box.locator('.comment-form').first().waitFor({ timeout: 15_000 });
    const editor = box.locator('.comment-form .monaco-editor').first();
    // A form drawn collapsed (as "Reply…") opens on a click, as in a thread that has comments.
    if (!(await editor.isVisible())) await box.locator('.comment-form').first().click();
    await editor.waitFor({ timeout: 15_000 });
    await editor.click();
    await pickPerson('A heading for the table, ', 'charles');
    await page.keyboard.type(' perhaps?');
    await box
      .locator('.monaco-button', { hasText: /^\s*Reply\s*$/ })
      .first()
      .click();
    const thread = page.locator('.review-widget', { hasText: 'A heading for the table, @charles perhaps?' }).first();
    await thread.locator('.review-comment').first().waitFor({ timeout: 30_000 });
    const comments = await apiAsAda('GET', `${PULL}/comments?per_page=100`);
    const sent = comments.find((c) => c.body === 'A heading for the table, @charles perhaps?');
    assert.ok(sent, 'the service holds the new comment');
    created.push(sent.id);
    assert.deepEqual([sent.path, sent.position, sent.in_reply_to_id ?? null], ['docs/tables.md', 1, null]);
    // Drawn under line 1 of the modified side.
    const line2 = modified.locator('.margin-view-overlays .line-numbers', { hasText: /^2$/ }).first();
    const [l1, l2, widget] = await Promise.all([line1.boundingBox(), line2.boundingBox(), thread.boundingBox()]);
    assert.ok(
      l1 && l2 && widget && widget.y >= l1.y + l1.height - 2 && widget.y <= l2.y,
      `the thread is between lines 1 and 2 (${JSON.stringify({ l1, l2, widget })})`,
    );
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-review-new-thread')}`);
    await expectCleanScreen(page);
  });

  it("a reply left unsent when the diff's tab is closed leaves no warning of its box in the Problems panel", async () => {
    const { page } = session;
    const thread = page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first();
    await thread.locator('.comment-form').first().click();
    const editor = thread.locator('.comment-form .monaco-editor').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('Kept as a draft, @nobody-here');
    await editor.locator('.squiggly-warning').first().waitFor({ timeout: 15_000 });
    // The tab's close button, as a person closes it.
    const tab = page.locator('.tabs-container .tab', { hasText: 'tables.md' }).first();
    await tab.hover();
    await tab.locator('.tab-actions a[aria-label^="Close"]').click();
    await tab.waitFor({ state: 'detached', timeout: 10_000 });
    const comments = await apiAsAda('GET', `${PULL}/comments?per_page=100`);
    assert.ok(!comments.some((c) => c.body?.includes('Kept as a draft')), 'nothing was sent');
    console.log(`      screenshot: ${await screenshot('journey-review-draft-closed')}`);
    await expectCleanScreen(page);
  });
});
