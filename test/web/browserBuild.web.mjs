// The browser build in a real web worker extension host (run-web.mjs): a
// person pastes a token made on the service, and the five views fill from
// the service, called from the worker across origins.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, forgetNotifications } from '../e2e/journeyChecks.mjs';
import { apiAsAda, pane, row } from '../e2e/sidebar.mjs';

describe('RepoDesk in the browser (web worker extension host)', () => {
  it('signing in with a token fills the five views, as the service holds them', async () => {
    const { page } = session;
    // The service without CORS left its notification (aNoCors.web.mjs): not this test's.
    await forgetNotifications(page);
    // The token a person makes on the service's settings page.
    const { token } = await apiAsAda('POST', '/authorizations', { scopes: ['repo', 'read:org', 'gist'], note: 'RepoDesk in the browser' });

    if (!(await page.locator('[id="workbench.view.extension.repodesk"]').isVisible()))
      await page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
    const signIn = page.locator('[id="workbench.view.extension.repodesk"] .welcome-view-content').first().getByRole('button', { name: 'Sign In' });
    await signIn.click({ timeout: 60_000 });
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with a token' }).click();
    // The token's own input box (not the list's filter it replaces).
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Sign in with a token' }).waitFor();
    await page.locator('.quick-input-widget input').fill(token);
    await page.keyboard.press('Enter');

    // Repositories: the signed-in user's and the organization's groups.
    await row('Repositories', /^Your repositories/);
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();

    // Pull Requests: the open pull requests the service lists, each by number and title.
    const pulls = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/pulls?state=open');
    assert.ok(pulls.length > 0, 'the demo repository has open pull requests');
    for (const p of pulls) await row('Pull Requests', `#${p.number} ${p.title}`);

    // Review Comments: a pull request's threads, once it is selected.
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    await pr.click();
    const [comment] = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/pulls/1/comments');
    await row('Review Comments', comment.path);

    // Releases: the service's releases under their groups (a published one, by its tag).
    const releases = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/releases');
    const published = releases.find((r) => !r.draft && !r.prerelease);
    assert.ok(published, 'the demo repository has a published release');
    await row('Releases', 'Published');
    await row('Releases', published.tag_name);

    // Git Refs: the default branch under Branches (opened on its twistie unless open).
    const repo = await apiAsAda('GET', '/repos/analytical-engines/difference-engine');
    const branches = await row('Git Refs', /^Branches/);
    if ((await branches.getAttribute('aria-expanded')) !== 'true') await branches.locator('.monaco-tl-twistie').click();
    await row('Git Refs', repo.default_branch);

    // Checkout needs a local git: the overview (opened by the click) offers the other actions, not that one,
    const overview = page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
    await overview.locator('.actions', { hasText: 'Open in Browser' }).waitFor({ timeout: 30_000 });
    assert.doesNotMatch(await overview.locator('.actions').innerText(), /Checkout/);
    // and the pull request's context menu has its other entries, not that one.
    await (await row('Pull Requests', '#1 Tabulate polynomials')).click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu').first();
    await menu.locator('.action-label', { hasText: 'Open Pull Request Overview' }).first().waitFor();
    assert.deepEqual(await menu.locator('.action-label', { hasText: 'Checkout' }).allInnerTexts(), []);
    await page.keyboard.press('Escape');

    // Every view shows rows, none its welcome text.
    for (const title of ['Repositories', 'Pull Requests', 'Review Comments', 'Releases', 'Git Refs']) {
      assert.ok((await pane(title).locator('.monaco-list-row').count()) > 0, `${title} shows rows`);
    }
    console.log(`      screenshot: ${await screenshot('web-views')}`);
    await expectCleanScreen(page);
  });
});
