// The web suites' setting of RepoDesk's service, as a person does it in the Settings editor.
export const containerOf = (page) => page.locator('[id="workbench.view.extension.repodesk"]');

/**
 * Types RepoDesk's hosting API address into the Settings editor, as a person
 * does, and closes it once the Repositories view's title names that service.
 */
export async function setApiUrl(page, url) {
  const container = containerOf(page);
  if (!(await container.isVisible())) await page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
  await page.keyboard.press('Control+Comma');
  const search = page.locator('.settings-editor .settings-header .suggest-input-container textarea, .settings-editor .settings-header input').first();
  await search.waitFor({ timeout: 15_000 });
  await search.fill('repodesk.hosting.apiUrl');
  const field = page.locator('.settings-editor .setting-item-contents', { hasText: 'Api Url' }).first().locator('input').first();
  await field.waitFor({ timeout: 15_000 });
  await field.fill(url);
  await field.press('Tab');
  await container
    .locator('.pane-header', { hasText: new URL(url).host })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.keyboard.press('Control+W');
}
