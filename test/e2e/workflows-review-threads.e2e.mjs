// Review comments where the code is: the demo pull request's thread on head
// line 3 of docs/tables.md, drawn in the diff opened from the Pull Requests
// view; its reply box served by the review comment language server (the `@`
// completion list of people, a hover over an @login, a warning on a login
// that does not exist). Screenshots in test-results/threads-*.png.
/* global describe, it */
import assert from 'node:assert/strict';
import { drawn, screenshot, session } from '../harness/e2eSession.mjs';
import { openAndSignIn, palette } from './sidebar.mjs';
import { openDemoPullFile } from './journeySteps.mjs';

/** Moves the mouse to the middle of the first occurrence of `text` in the element (a line of an editor). */
async function hoverText(line, text) {
  const box = await line.evaluate((el, wanted) => {
    const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
    let at = 0;
    const full = el.textContent ?? '';
    const index = full.indexOf(wanted);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent.length;
      if (index >= at && index < at + length) {
        const range = el.ownerDocument.createRange();
        range.setStart(node, index - at);
        range.setEnd(node, Math.min(length, index - at + wanted.length));
        const r = range.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }
      at += length;
    }
    return undefined;
  }, text);
  assert.ok(box, `"${text}" is on the line`);
  await session.page.mouse.move(box.x - 40, box.y);
  await session.page.mouse.move(box.x, box.y, { steps: 4 });
}

describe('Review threads in the diff editor', () => {
  it('the thread of docs/tables.md is drawn on head line 3 of the diff opened from the Pull Requests view', async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    const diff = await openDemoPullFile('tables.md');
    const thread = page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first();
    await thread.waitFor({ timeout: 30_000 });
    await thread.locator('.review-comment', { hasText: 'They are constant (2)' }).waitFor();
    // The zone widget sits under the line it belongs to: head line 3 of the modified side.
    const modified = diff.locator('.editor.modified');
    const line3 = modified.locator('.margin-view-overlays .line-numbers', { hasText: /^3$/ }).first();
    const line4 = modified.locator('.margin-view-overlays .line-numbers', { hasText: /^4$/ }).first();
    const [l3, l4, widget] = await Promise.all([line3.boundingBox(), line4.boundingBox(), thread.boundingBox()]);
    assert.ok(
      l3 && l4 && widget && widget.y >= l3.y + l3.height - 2 && widget.y <= l4.y,
      `the thread is between lines 3 and 4 (${JSON.stringify({ l3, l4, widget })})`,
    );
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('threads-inline')}`);
  });

  it('the reply box offers people at @ (participants first) and shows who a @login is on hover; an unknown login is flagged', async () => {
    const { page } = session;
    const thread = page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first();
    await thread.locator('.comment-form').first().click();
    const editor = thread.locator('.comment-form .monaco-editor').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('Agreed, ');
    await page.keyboard.type('@');
    const suggest = page.locator('.suggest-widget.visible').first();
    await suggest.waitFor({ timeout: 30_000 });
    await suggest.locator('.monaco-list-row', { hasText: '@mary' }).first().waitFor({ timeout: 15_000 });
    const labels = await suggest.locator('.monaco-list-row .label-name').allInnerTexts();
    assert.ok(labels.length >= 3 && labels.every((l) => l.startsWith('@')), `people at @: ${labels.join(', ')}`);
    await drawn();
    console.log(`      screenshot: ${await screenshot('threads-reply-completion')}`);
    await page.keyboard.type('m');
    await suggest.locator('.monaco-list-row.focused', { hasText: '@mary' }).waitFor();
    // A participant's details, when the widget shows them (VS Code remembers whether they are open): the avatar
    // (loaded by the extension, sent as a data: URI) drawn before the screenshot.
    await drawn();
    const avatar = page.locator('.suggest-details img').first();
    if (await avatar.isVisible())
      await avatar.evaluate((img) => img.complete || new Promise((resolve) => img.addEventListener('load', resolve, { once: true })));
    console.log(`      screenshot: ${await screenshot('threads-reply-completion-details')}`);

    await page.keyboard.type('ary');
    await suggest.locator('.monaco-list-row.focused', { hasText: '@mary' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(' and @nobody-at-all: a third column?');
    const line = editor.locator('.view-line', { hasText: '@mary' }).first();
    await line.waitFor();
    assert.match((await editor.locator('.view-lines').innerText()).replace(/\s+/g, ' '), /Agreed, @mary and @nobody-at-all/);
    // The server's warning on the login that does not exist.
    await editor.locator('.squiggly-warning').first().waitFor({ timeout: 15_000 });
    await hoverText(line, '@mary');
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'Mary Somerville' }).first();
    await hover.waitFor({ timeout: 15_000 });
    console.log(`      screenshot: ${await screenshot('threads-reply-hover')}`);
    await page.mouse.move(900, 120);
    // Nothing is sent: the box is emptied (VS Code keeps a box's text as the thread's draft, which
    // the journeys' replies in this thread would inherit) and the editors closed.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await editor.locator('.squiggly-warning').first().waitFor({ state: 'detached', timeout: 15_000 });
    await palette('View: Close All Editors');
  });
});
