// The browser build and a service that allows no cross-origin request (the
// second emulator, `--cors-origin none`): signing in says so, not a generic
// network error. Runs before browserBuild.web.mjs (files in name order),
// which signs in to the service that does allow it.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { forgetNotifications } from '../e2e/journeyChecks.mjs';
import { containerOf, setApiUrl } from './webSettings.mjs';

describe('RepoDesk in the browser: a service without CORS', () => {
  it('signing in names the missing CORS headers and the service, and the views stay signed out', async function () {
    // The first test of the window: RepoDesk's first activation and the Settings editor's first opening (46–88 s seen under load).
    this.timeout(180_000);
    const { page } = session;
    const container = containerOf(page);
    await setApiUrl(page, session.noCorsUrl);
    try {
      await container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' }).click();
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with a token' }).click();
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Sign in with a token' }).waitFor();
      await page.locator('.quick-input-widget input').fill('a-token-never-sent');
      await page.keyboard.press('Enter');
      const toast = page.locator('.notification-toast', { hasText: 'does not allow requests from VS Code in the browser' }).first();
      await toast.waitFor({ timeout: 30_000 });
      const text = (await toast.innerText()).replace(/\s+/g, ' ');
      assert.ok(text.includes(`The service at ${session.noCorsUrl} answered`), text);
      assert.match(text, /CORS/);
      assert.doesNotMatch(text, /Failed to fetch/);
      console.log(`      screenshot: ${await screenshot('web-no-cors')}`);
      // Its toast dismissed (a toast's clear button shows only under the mouse).
      await forgetNotifications(page);
      // Still signed out: the Sign In button, no rows.
      await container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' }).waitFor();
      assert.equal(await container.locator('.monaco-list-row').count(), 0);
    } finally {
      // Back to the service that allows the browser, for the next test.
      await setApiUrl(page, session.emulatorUrl);
    }
  });
});
