// A pull request's overview page as a user sees it: a click on #1 in the
// Pull Requests view opens it; a comment is written, sent and deleted from
// the page; the Conversation, Commits and Files changed tabs in the light and
// the dark theme; the page restored after a window reload. Screenshots in test-results/pull-overview-*.png.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { clickRowLabel, openAndSignIn, openPane, palette, pane, reloadWindow, row, webviewsWear } from './sidebar.mjs';

/** The overview's page: the active webview's inner frame. */
const overview = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');

/** The three tabs in the theme the window has now (`theme` names it). */
async function shoot(theme) {
  const p = overview();
  assert.equal(
    await session.page.locator('.monaco-workbench').evaluate((el, dark) => el.classList.contains(dark ? 'vs-dark' : 'vs'), theme === 'dark'),
    true,
    `the window is in a ${theme} theme`,
  );
  // No tooltip of the title bar over the page.
  await session.page.mouse.move(900, 600);
  await p.locator('vscode-tab-header', { hasText: 'Conversation' }).click();
  await p.locator('.card.comment', { hasText: 'Ran it for 40 steps' }).waitFor();
  await p.locator('body').evaluate(() => globalThis.scrollTo(0, 0));
  console.log(`      screenshot: ${await screenshot(`pull-overview-conversation-${theme}`)}`);
  await p.locator('vscode-tab-header', { hasText: 'Commits' }).click();
  await p.locator('.commits .row-button', { hasText: 'Read the initial differences as numbers' }).waitFor();
  console.log(`      screenshot: ${await screenshot(`pull-overview-commits-${theme}`)}`);
  await p.locator('vscode-tab-header', { hasText: 'Files changed' }).click();
  await p.locator('.files .row-button', { hasText: 'tables.md' }).waitFor();
  console.log(`      screenshot: ${await screenshot(`pull-overview-files-${theme}`)}`);
  await p.locator('vscode-tab-header', { hasText: 'Conversation' }).click();
}

describe('Pull request overview page', () => {
  it('a click on #1 opens its overview with the state badge, counts and conversation; a comment sent from it and deleted', async () => {
    await openAndSignIn();
    await palette('View: Close All Editors');
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();
    // An earlier test may have closed the pane to make room.
    await openPane('Pull Requests');
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    await clickRowLabel(pr);
    const p = overview();
    await p.locator('h1', { hasText: 'Tabulate polynomials by the method of differences' }).waitFor({ timeout: 30_000 });
    assert.equal((await p.locator('.state-badge').innerText()).trim(), 'Open');
    assert.match(await p.locator('.counts').innerText(), /2\s+Commits/);
    await p.locator('.card.thread', { hasText: 'tabulate.js' }).first().waitFor();
    await p.locator('.mergeability').waitFor();
    // The click left the focus in the list, as a single click in the Explorer does: the arrow keys go on through the pull requests.
    assert.equal(await pane('Pull Requests').evaluate((el) => el.contains(el.ownerDocument.activeElement)), true, 'the Pull Requests view still has the focus');

    const text = `Checked the table from the overview page (${Date.now()}).`;
    await p.locator('.composer textarea').fill(text);
    await p.locator('.composer vscode-button', { hasText: 'Comment' }).click();
    const mine = p.locator('.card.comment', { hasText: text });
    await mine.waitFor({ timeout: 15_000 });
    assert.equal(await p.locator('.composer textarea').inputValue(), '', 'the box is empty once sent');
    await shoot('light');
    await palette('Preferences: Toggle between Light/Dark Themes');
    await webviewsWear('vs-dark');
    await shoot('dark');
    await palette('Preferences: Toggle between Light/Dark Themes');

    await mine.locator('vscode-button', { hasText: 'Delete' }).click();
    await session.page.locator('.monaco-dialog-box').getByRole('button', { name: 'Delete' }).click();
    await mine.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('the page comes back after a window reload, on the tab it showed', async () => {
    await overview().locator('vscode-tab-header', { hasText: 'Commits' }).click();
    // The page keeps the tab it shows (its state) when the tab is drawn.
    await overview().locator('.commits .row-button').first().waitFor({ state: 'visible' });
    await reloadWindow();
    const p = overview();
    await p.locator('h1', { hasText: 'Tabulate polynomials by the method of differences' }).waitFor({ timeout: 60_000 });
    await p.locator('.commits .row-button', { hasText: 'Read the initial differences as numbers' }).waitFor({ state: 'visible' });
    await palette('View: Close All Editors');
  });
});
