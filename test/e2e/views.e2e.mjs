// The sidebar populated: after signin.e2e.mjs, select the demo
// repository, then a pull request, and take screenshots of the Pull
// Requests, Review Comments, Releases and Git Refs views as a user sees them.
/* global describe, it, window, document, MutationObserver */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { giveRoomTo, openAndSignIn, palette, row, rows } from './sidebar.mjs';

describe('RepoDesk views populated', () => {
  it('selecting the demo repository fills Pull Requests, Releases and Git Refs', async () => {
    await openAndSignIn();
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    // Open unless it already is (it starts open when it holds the active repository).
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    const repo = await row('Repositories', /^difference-engine/);
    await repo.click();

    await row('Pull Requests', '#1 Tabulate polynomials');
    assert.ok(
      (await rows('Pull Requests')).some((r) => r.includes('charles')),
      'the author is shown',
    );
    await row('Releases', 'Published');
    await row('Git Refs', 'Branches');
    console.log(`      screenshot: ${await screenshot('views-repository-selected')}`);
  });

  it('hovering a repository shows its full name and description (the tooltip is read on hover)', async () => {
    const repo = await row('Repositories', /^difference-engine/);
    // Moved onto the name in steps, as a mouse does (one jump does not start VS Code's hover).
    const box = await repo.locator('.monaco-icon-label').first().boundingBox();
    await session.page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 4 });
    await session.page.mouse.move(box.x + 30, box.y + box.height / 2, { steps: 4 });
    const hover = session.page
      .locator('.monaco-hover, .workbench-hover')
      .filter({ hasText: 'Tabulates polynomial functions by the method of finite differences.' })
      .first();
    await hover.waitFor({ timeout: 15_000 });
    assert.match(await hover.innerText(), /analytical-engines\/difference-engine/);
    await session.page.mouse.move(5, 5);
    await hover.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => {});
  });

  it('the status bar shows the rate limit left, and when it resets on hover', async () => {
    const item = session.page.locator('.part.statusbar .statusbar-item', { hasText: /\d+\/5000/ }).first();
    await item.waitFor({ timeout: 15_000 });
    const box = await item.boundingBox();
    await session.page.mouse.move(box.x + box.width / 2 - 4, box.y + box.height / 2, { steps: 4 });
    await session.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    const hover = session.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'requests left this hour' }).first();
    await hover.waitFor({ timeout: 15_000 });
    assert.match(await hover.innerText(), /^\d+ of 5000 requests left this hour; the limit resets at \d/);
    await session.page.mouse.move(5, 5);
    await hover.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => {});
  });

  it('a pull request shows its files and threads, and drives Review Comments', async () => {
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    // A click selects it (the selected pull request) and opens its overview; the twistie expands it.
    await pr.click();
    if ((await pr.getAttribute('aria-expanded')) !== 'true') await pr.locator('.monaco-tl-twistie').click();
    await row('Pull Requests', 'Changed files');
    await row('Pull Requests', 'tabulate.js');
    await row('Review Comments', 'docs/tables.md');
    await row('Review Comments', 'Could the table also show the second differences?');
    console.log(`      screenshot: ${await screenshot('views-pull-request')}`);
  });

  it('opening a changed file shows the diff', async () => {
    const file = await row('Pull Requests', 'README.md');
    await file.click();
    const diff = session.page.locator('.monaco-diff-editor').first();
    await diff.waitFor({ timeout: 30_000 });
    await session.page.locator('.monaco-diff-editor .line-insert, .monaco-diff-editor .char-insert').first().waitFor({ timeout: 30_000 });
    console.log(`      screenshot: ${await screenshot('views-diff')}`);
  });

  it('releases with assets and refs with their commits', async () => {
    await row('Releases', 'Published');
    const stable = await row('Releases', /v1\.0\.0/);
    await stable.click();
    await row('Releases', 'tables.csv');
    await row('Git Refs', 'master');
    const master = (await rows('Git Refs')).find((r) => r.startsWith('master'));
    assert.match(master ?? '', /^master\s*[0-9a-f]{7} · \S/);
    console.log(`      screenshot: ${await screenshot('views-releases-refs')}`);
  });
});

describe('A repository’s own nodes', () => {
  it('expanding the demo repository shows Labels with color swatches, Deploy Keys and Teams', async () => {
    await giveRoomTo('Repositories');
    const repo = await row('Repositories', /^difference-engine/);
    await repo.locator('.monaco-tl-twistie').click();
    const labels = await row('Repositories', /^Labels/);
    await row('Repositories', /^Deploy Keys/);
    await row('Repositories', /^Teams/);
    await labels.locator('.monaco-tl-twistie').click();
    const bug = await row('Repositories', /^bug/);
    // The swatch is the row's icon, an image drawn from a data: URI.
    assert.ok((await bug.locator('.custom-view-tree-node-item-icon').count()) > 0, 'the label row has an icon');
    console.log(`      screenshot: ${await screenshot('views-repository-children')}`);
  });
});

describe('A window reload, signed in', () => {
  it('never shows the Sign In welcome while the views start: the rows come in its place', async () => {
    const { page } = session;
    // Watches the window from its first script: any welcome text of the
    // RepoDesk views that offers to sign in, until a repository row is drawn.
    await page.addInitScript(() => {
      if (window.top !== window) return;
      window.__repodeskSignInShown = false;
      const seen = () =>
        [...document.querySelectorAll('.welcome-view-content')].some((el) => /Sign In/.test(el.textContent ?? '') && el.getClientRects().length > 0);
      const observer = new MutationObserver(() => {
        if (seen()) window.__repodeskSignInShown = true;
        if (window.__repodeskSignInShown || document.querySelector('[id="workbench.view.extension.repodesk"] .monaco-list-row')) observer.disconnect();
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true }),
      );
    });
    await palette('Developer: Reload Window');
    await page.waitForFunction(() => window.__repodeskSignInShown !== undefined, undefined, { timeout: 60_000 });
    await row('Repositories', /^analytical-engines/, 60_000);
    assert.equal(await page.evaluate(() => window.__repodeskSignInShown), false, 'the Sign In welcome was shown to a signed-in user');
  });
});
