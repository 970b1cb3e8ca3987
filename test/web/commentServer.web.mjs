// The browser build's review comment language server, a web worker there:
// after browserBuild.web.mjs (signed in, #1 selected), a reply box in the
// diff offers people at @, which the server asks the extension for.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from '../e2e/journeyChecks.mjs';
import { apiAsAda, row } from '../e2e/sidebar.mjs';

describe('RepoDesk in the browser: the comment language server as a web worker', () => {
  it('the reply box of a thread in the diff offers the participants at @, also when typed before the server has started', async function () {
    // The first @ of the window loads the language client's chunk and starts the server's worker: slow under load.
    this.timeout(180_000);
    const { page } = session;
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    if ((await pr.getAttribute('aria-expanded')) !== 'true') await pr.locator('.monaco-tl-twistie').click();
    const changed = await row('Pull Requests', 'Changed files');
    if ((await changed.getAttribute('aria-expanded')) !== 'true') await changed.locator('.monaco-tl-twistie').click();
    await (await row('Pull Requests', /^tables\.md/)).click();

    const thread = page.locator('.review-widget', { hasText: 'Could the table also show the second differences?' }).first();
    await thread.waitFor({ timeout: 30_000 });
    await thread.locator('.comment-form').first().click();
    const editor = thread.locator('.comment-form .monaco-editor').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('@');
    const suggest = page.locator('.suggest-widget.visible').first();
    // Typed at once, before the server's worker has started: the list comes when it has.
    await suggest.waitFor({ timeout: 120_000 });
    // The thread's participants, as the service lists its comments.
    const comments = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/pulls/1/comments');
    const participants = [...new Set(comments.filter((c) => c.path === 'docs/tables.md').map((c) => c.user.login))];
    assert.ok(participants.includes('mary'), `participants: ${participants.join(', ')}`);
    await suggest.locator('.monaco-list-row', { hasText: '@mary' }).first().waitFor({ timeout: 15_000 });
    const labels = await suggest.locator('.monaco-list-row .label-name').allInnerTexts();
    assert.ok(labels.length >= participants.length && labels.every((l) => l.startsWith('@')), `people at @: ${labels.join(', ')}`);
    console.log(`      screenshot: ${await screenshot('web-reply-completion')}`);

    // The box emptied again: nothing is posted, nothing left behind.
    await page.keyboard.press('Escape');
    await suggest.waitFor({ state: 'hidden' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await editor.locator('.view-line', { hasText: '@' }).waitFor({ state: 'detached' });
    assert.equal((await editor.locator('.view-lines').innerText()).trim(), '');
    await expectCleanScreen(page);
  });
});
