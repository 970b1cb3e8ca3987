// The RepoDesk activity-bar item opens a container with the five views and,
// before sign-in, their welcome content with a "Sign In" button.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session, viewContainer } from '../harness/e2eSession.mjs';

const VIEW_TITLES = ['Repositories', 'Pull Requests', 'Review Comments', 'Releases', 'Git Refs'];

describe('RepoDesk view container', () => {
  it('opens from the activity bar with the five views', async () => {
    const { page } = session;
    const item = page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]');
    await item.first().click();
    const container = viewContainer('workbench.view.extension.repodesk');
    await container.waitFor({ state: 'visible' });
    const headers = container.locator('.pane-header h3.title');
    await headers.nth(VIEW_TITLES.length - 1).waitFor();
    const titles = (await headers.allTextContents()).map((t) => t.trim());
    await page.mouse.move(700, 450); // no activity-bar tooltip in the screenshot
    assert.deepEqual(titles, VIEW_TITLES);
    console.log(`      screenshot: ${await screenshot('repodesk-container')}`);
  });

  it('shows welcome content with a Sign In button before sign-in', async () => {
    const container = viewContainer('workbench.view.extension.repodesk');
    const welcome = container.locator('.welcome-view-content').first();
    await welcome.waitFor({ state: 'visible' });
    // It says where Sign In goes (the address beside the title), not that nothing is set up.
    assert.match(await welcome.innerText(), /Sign in to the hosting service at the address beside this view's title/);
    const signIn = welcome.getByRole('button', { name: 'Sign In' });
    assert.equal(await signIn.count(), 1);
    assert.equal(await signIn.isVisible(), true);
    console.log(`      screenshot: ${await screenshot('repodesk-welcome')}`);
  });
});
