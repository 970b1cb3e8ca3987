// Signing in as a user does: RepoDesk's Sign In button, "Sign in
// with your browser", the emulator's login and approval pages in a new
// browser tab, and back in VS Code the Repositories view lists ada's
// repositories. Runs after container.e2e.mjs (the welcome content).
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session, viewContainer } from '../harness/e2eSession.mjs';
import { externalTab } from './sidebar.mjs';

describe('Sign-in with the browser (OAuth web flow)', () => {
  it('approves RepoDesk on the service page and fills the Repositories view', async () => {
    const { page } = session;
    const context = page.context();
    const container = viewContainer('workbench.view.extension.repodesk');
    if (!(await container.isVisible())) await page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
    const tab = context.waitForEvent('page', { timeout: 30_000 });
    await container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' }).click();
    const choice = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with your browser' });
    await choice.waitFor();
    await choice.click();
    // code-server asks before opening an external site, as VS Code does for untrusted domains.
    const authorize = await externalTab(tab);
    await authorize.waitForLoadState();
    assert.match(authorize.url(), /\/login\/oauth\/authorize\?/);
    await authorize.fill('#login', 'ada');
    await authorize.fill('#password', 'ada-demo-password');
    await authorize.click('button[type=submit]');
    await authorize.locator('button[value=approve]').waitFor();
    await authorize.screenshot({ path: 'test-results/oauth-approve.png' });
    await authorize.click('button[value=approve]');
    await authorize.getByText('You can close this tab').waitFor({ timeout: 15_000 });
    await authorize.close();

    const repositories = container.locator('.pane', { hasText: 'Repositories' }).first();
    const row = repositories.locator('.monaco-list-row', { hasText: 'ada/notes-on-the-engine' });
    await row.waitFor({ timeout: 30_000 });
    const rows = await repositories.locator('.monaco-list-row').allInnerTexts();
    assert.ok(
      rows.some((r) => r.includes('Your repositories')),
      `rows: ${rows.join(' | ')}`,
    );
    assert.ok(
      rows.some((r) => r.includes('ada/bernoulli-numbers')),
      'the private repository is listed for its owner',
    );
    console.log(`      screenshot: ${await screenshot('repodesk-signed-in')}`);
  });
});
