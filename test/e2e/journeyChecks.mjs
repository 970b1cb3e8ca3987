// The two checks every journey ends with: the Problems panel holds nothing
// RepoDesk did not intend, and no error notification was shown.
import assert from 'node:assert/strict';
import { session } from '../harness/e2eSession.mjs';

/**
 * Opens the Problems panel from the status bar and the notification centre
 * from its bell, as a person would look, and fails on any problem not in
 * `intended` (patterns of rows the journey meant) and on any error
 * notification (a toast still up or one kept in the centre).
 */
export async function expectCleanScreen(page = session.page, { intended = [] } = {}) {
  await page.keyboard.press('Escape');
  const problems = page.locator('[id="status.problems"]').first();
  await problems.click();
  const panel = page.locator('.markers-panel-container, .markers-panel').first();
  await panel.waitFor({ timeout: 10_000 });
  const rows = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const unintended = rows.filter((r) => !intended.some((p) => p.test(r)));
  await problems.click(); // closes the panel again
  assert.deepEqual(unintended, [], 'the Problems panel holds nothing unintended');

  const toasts = await page.locator('.notifications-toasts .notification-toast:has(.codicon-error)').allInnerTexts();
  assert.deepEqual(toasts, [], 'no error notification is up');
  const bell = page.locator('[id="status.notifications"]').first();
  await bell.click();
  const centre = page.locator('.notifications-center');
  await centre.waitFor({ timeout: 10_000 });
  const errors = await centre.locator('.notification-list-item:has(.codicon-error)').allInnerTexts();
  await bell.click(); // closes the centre again
  assert.deepEqual(errors.map((t) => t.replace(/\s+/g, ' ').trim()), [], 'no error notification was shown');
}

/** Opens RepoDesk signed in as ada, waiting first until the view shows either its rows or its Sign In button (a fresh window takes a moment). */
export async function openSignedIn(openAndSignIn) {
  const { page } = session;
  if (!(await page.locator('[id="workbench.view.extension.repodesk"]').isVisible())) await page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
  // An earlier journey may have closed Repositories (to give another view room): opened again on its twistie.
  const header = page.locator('[id="workbench.view.extension.repodesk"] .pane-header', { has: page.locator('h3.title', { hasText: /^Repositories$/ }) }).first();
  await header.waitFor();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click({ position: { x: 8, y: 10 } });
  const signIn = page.locator('[id="workbench.view.extension.repodesk"] .welcome-view-content').first().getByRole('button', { name: 'Sign In' });
  const rows = page.locator('[id="workbench.view.extension.repodesk"] .monaco-list-row').first();
  await Promise.race([signIn.waitFor({ timeout: 60_000 }), rows.waitFor({ timeout: 60_000 })]);
  await openAndSignIn();
}

/** Opens every RepoDesk view again, as the suites after a journey expect the window (a journey closes some to give one room). */
export async function restorePanes() {
  const { page } = session;
  for (const title of ['Repositories', 'Pull Requests', 'Review Comments', 'Releases', 'Git Refs']) {
    const header = page.locator('[id="workbench.view.extension.repodesk"] .pane-header', { has: page.locator('h3.title', { hasText: new RegExp(`^${title}$`) }) }).first();
    // On the header's twistie: its middle can be under a title-bar button.
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click({ position: { x: 8, y: 10 } });
  }
}
