// The two checks that end every journey: the Problems panel holds nothing
// RepoDesk did not intend, and no error notification was shown (the
// notification center keeps them after their toast is gone; each journey
// clears it at its start). Both opened with a click on the status bar, as a
// person would, and closed again.
import assert from 'node:assert/strict';

/** Problems panel rows RepoDesk may leave, as regexps (none by default). */
export async function expectCleanScreen(page, { intendedProblems = [] } = {}) {
  const problemsItem = page.locator('[id="status.problems"]').first();
  await problemsItem.click();
  const markers = page.locator('.markers-panel').first();
  await markers.waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300); // the tree draws the markers of the last moment
  const rows = (await markers.locator('.monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const unintended = rows.filter((r) => !intendedProblems.some((re) => re.test(r)));
  assert.deepEqual(unintended, [], 'the Problems panel holds nothing unintended');
  await problemsItem.click(); // closed again

  const bell = page.locator('[id="status.notifications"]').first();
  await bell.click();
  const center = page.locator('.notifications-center.visible').first();
  await center.waitFor({ timeout: 10_000 });
  const errors = await center.locator('.monaco-list-row', { has: page.locator('.codicon-error') }).allInnerTexts();
  await bell.click();
  assert.deepEqual(errors, [], 'no error notification was shown');
}
