// The two checks that end every journey: the Problems panel holds nothing
// RepoDesk did not intend, and no error notification was shown (the
// notification centre keeps every notification of the window, also the toasts
// that went away). Both read the screen; the panel and the centre are opened
// from the status bar as a person would, and closed again.
import assert from 'node:assert/strict';
import { session } from '../harness/e2eSession.mjs';
import { palette, setPaneOpen } from './sidebar.mjs';

/** The rows of the Problems panel (files and their problems), as text. */
async function problemRows(page) {
  const panel = page.locator('.markers-panel');
  // Clicked again if the first click went unanswered (as for the notification centre).
  for (let attempt = 0; attempt < 4 && !(await panel.isVisible()); attempt++) {
    await page.locator('[id="status.problems"]').first().click();
    await panel.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  }
  await panel.waitFor({ state: 'visible', timeout: 5_000 });
  // The tree, or the message that there is nothing, once drawn (the first visible of the two: the
  // message's element stays in the page, hidden, while there are rows).
  await page.locator('.markers-panel .monaco-list-row:visible, .markers-panel .message-box-container:visible').first().waitFor({ timeout: 10_000 });
  const rows = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  await clickUntilHidden(page.locator('[id="status.problems"]').first(), panel); // closes the panel again
  return rows;
}

/**
 * Opens the notification centre from the status bar's bell. The bell
 * toggles the centre, and in CI it stayed shut after clicks (an empty
 * centre, the bell's tooltip saying "No Notifications"): a person then asks
 * the palette for it, whose command only shows it. VS Code also closes the
 * centre by itself when its last notification goes (a progress ending just
 * then), so a person who sees it close opens it again: three tries, the
 * last on the bell again (its toggle also mends a centre VS Code thinks open).
 */
async function openNotificationCenter(page) {
  const bell = page.locator('[id="status.notifications"]').first();
  const center = page.locator('.notifications-center');
  const tries = [() => bell.click(), () => palette('Notifications: Show Notifications'), () => bell.click()];
  for (const [i, open] of tries.entries()) {
    if (await center.isVisible()) break;
    await open();
    const shown = await center.waitFor({ state: 'visible', timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!shown && i === tries.length - 1)
      throw new Error(
        `the notification centre did not show after a click on the bell, the palette's command and the bell again (the bell says "${await bell.getAttribute('aria-label')}")`,
      );
  }
  return { bell, center };
}

/**
 * Clicks `toggle` until `shown` is hidden: a click that goes unanswered while
 * the workbench is busy would leave the panel or the centre open for the next
 * journey (where the centre open keeps every new notification from showing as
 * a toast).
 */
export async function clickUntilHidden(toggle, shown) {
  for (let attempt = 0; attempt < 3 && (await shown.isVisible()); attempt++) {
    await toggle.click();
    await shown.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  }
  await shown.waitFor({ state: 'hidden', timeout: 5_000 });
}

/**
 * A notification saying `text` (a string or a RegExp) was shown: as a toast or, failing that, in the notification
 * centre opened from the bell, where a person who missed the toast finds it. VS Code toasts at most three
 * notifications in 800 ms and puts the rest in the centre only (its spam protection): a quick flow, such as a
 * progress notification, its end and its result, can be left out of the toasts. Returns the notification's text.
 */
export async function said(page, text, { toastMs = 10_000 } = {}) {
  const toast = page.locator('.notification-toast', { hasText: text }).first();
  const toasted = await toast.waitFor({ timeout: toastMs }).then(
    () => toast.innerText().catch(() => undefined),
    () => undefined,
  );
  if (toasted !== undefined) return toasted;
  const { bell, center } = await openNotificationCenter(page);
  const row = center.locator('.monaco-list-row', { hasText: text }).first();
  const found = await row.waitFor({ timeout: 20_000 }).then(
    () => row.innerText(),
    async () => {
      const held = await center.locator('.monaco-list-row').allInnerTexts();
      throw new Error(`no notification said ${text}: no such toast in ${toastMs / 1000} s, and the notification centre holds ${JSON.stringify(held)}`);
    },
  );
  console.log(`      (${text} was not toasted: found in the notification centre)`);
  await clickUntilHidden(bell, center);
  return found;
}

/** The error notifications of the window so far (shown or gone), as text. */
async function errorNotifications(page) {
  const { bell, center } = await openNotificationCenter(page);
  const errors = await center.locator('.monaco-list-row', { has: page.locator('.codicon-error') }).allInnerTexts();
  await clickUntilHidden(bell, center); // closes the centre again
  return errors.map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Starts a journey with an empty notification centre (an earlier journey's notifications are not this one's). */
export async function forgetNotifications(page) {
  const { bell, center } = await openNotificationCenter(page);
  const clear = center.locator('.notifications-center-header a[aria-label^="Clear All"]');
  // Disabled when the centre is empty.
  if ((await clear.isVisible()) && (await clear.getAttribute('aria-disabled')) !== 'true') await clear.click();
  await clickUntilHidden(bell, center);
}

/**
 * Ends a journey: no problem in the Problems panel but those matching one of
 * `allowedProblems` (what the journey made on purpose), and no error
 * notification shown.
 */
export async function expectCleanScreen(page = session.page, { allowedProblems = [] } = {}) {
  await page.keyboard.press('Escape'); // a quick pick or hover left open would cover the status bar
  const problems = (await problemRows(page)).filter((row) => !allowedProblems.some((re) => re.test(row)));
  assert.deepEqual(problems, [], 'the Problems panel holds nothing unintended');
  assert.deepEqual(await errorNotifications(page), [], 'no error notification was shown');
}

/** Opens RepoDesk signed in as ada, waiting first until the view shows either its rows or its Sign In button (a fresh window takes a moment). */
export async function openSignedIn(openAndSignIn) {
  const { page } = session;
  if (!(await page.locator('[id="workbench.view.extension.repodesk"]').isVisible()))
    await page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
  // An earlier journey may have closed Repositories (to give another view room): opened again on its twistie.
  const header = page
    .locator('[id="workbench.view.extension.repodesk"] .pane-header', { has: page.locator('h3.title', { hasText: /^Repositories$/ }) })
    .first();
  await header.waitFor();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click({ position: { x: 8, y: 10 } });
  const signIn = page.locator('[id="workbench.view.extension.repodesk"] .welcome-view-content').first().getByRole('button', { name: 'Sign In' });
  const rows = page.locator('[id="workbench.view.extension.repodesk"] .monaco-list-row').first();
  await signIn.or(rows).first().waitFor({ timeout: 60_000 });
  await openAndSignIn();
}

/** Opens every RepoDesk view again, as the suites after a journey expect the window (a journey closes some to give one room). */
export async function restorePanes() {
  for (const title of ['Repositories', 'Pull Requests', 'Review Comments', 'Releases', 'Git Refs']) await setPaneOpen(title, true);
}
