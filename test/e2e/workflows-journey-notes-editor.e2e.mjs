// Release notes by clicks, finished from the status bar: Create Release… in
// the Releases view's title bar, its questions answered, the notes typed in
// the editor while the notification that says what to do stays (a
// notification with progress, which VS Code does not hide), then the status
// bar's "Create Release" button. Screenshot in test-results/journey-notes-editor.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { answerStep, apiAsAda, clickTitleAction, giveRoomTo, openAndSignIn, openPane, palette, row } from './sidebar.mjs';

const RELEASES = '/repos/analytical-engines/difference-engine/releases';
const TAG = 'v9.9.8-status-bar';

describe('Journey: release notes written in an editor, finished from the status bar', () => {
  after(async () => {
    const made = (await apiAsAda('GET', RELEASES)).find((r) => r.tag_name === TAG);
    if (made) await apiAsAda('DELETE', `${RELEASES}/${made.id}`).catch(() => {});
  });

  it("what to do stays on screen while the notes are typed, and the status bar's Create Release creates the draft with them", async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    await giveRoomTo('Repositories');
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();
    await openPane('Releases');
    await clickTitleAction('Releases', 'Create Release');
    await answerStep('(1/5)', TAG);
    await answerStep('(2/5)');
    await answerStep('(3/5)', 'Finished from the status bar');
    await answerStep('(4/5)', 'Save as draft');

    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines', { hasText: `Release notes for ${TAG}` }).waitFor({ timeout: 15_000 });
    // The notification says what to do, with progress: VS Code hides such a notification only when it is done.
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Write the release notes in the editor' }).first();
    await toast.waitFor({ timeout: 10_000 });
    assert.equal(await toast.locator('.monaco-progress-container').first().isVisible(), true, 'the notification shows progress');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Typed while the notification stayed.');
    assert.equal(await toast.isVisible(), true, 'the notification is still there after typing');
    const button = page.locator('.statusbar-item', { hasText: 'Create Release' }).first();
    await button.waitFor();
    console.log(`      screenshot: ${await screenshot('journey-notes-editor')}`);
    await button.click();

    await toast.waitFor({ state: 'hidden', timeout: 15_000 });
    await button.waitFor({ state: 'detached', timeout: 15_000 });
    await row('Releases', /^Finished from the status bar/);
    const made = (await apiAsAda('GET', RELEASES)).find((r) => r.tag_name === TAG);
    assert.equal(made?.draft, true);
    assert.equal(made?.body, 'Typed while the notification stayed.');
    await expectCleanScreen(page);
  });
});
