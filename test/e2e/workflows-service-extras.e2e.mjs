// The rest of the service in the sidebar, as a user sees it: a repository's
// Webhooks (with their recent deliveries) and Downloads, an organization's
// Members, and the user's gists with their comments. Screenshots for the
// README. Each workflow makes what it shows (the suites share one window).
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot } from '../harness/e2eSession.mjs';
import { apiAsAda, giveRoomTo, openAndSignIn, pane, row } from './sidebar.mjs';
import { collapse, expand } from './journeySteps.mjs';

describe('The rest of the service in the sidebar', () => {
  // The suites share one window: the panes closed to give Repositories room open again.
  after(async () => {
    // And the tree as the next suites expect it: Your repositories and the
    // active repository's organization open, the lists opened here closed.
    await collapse(await row('Repositories', /^Your gists/));
    await collapse(await row('Repositories', /^Members/));
    await expand(await row('Repositories', /^Your repositories/));
    await expand(await row('Repositories', /^analytical-engines/));
    for (const title of ['Pull Requests', 'Review Comments', 'Releases', 'Git Refs']) {
      const header = pane(title).locator('.pane-header').first();
      // On the header's twistie: its middle can be under a title-bar button.
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click({ position: { x: 8, y: 10 } });
    }
  });

  it('a repository shows its Webhooks, with a delivery under a pinged hook, and its Downloads with size and count', async () => {
    await openAndSignIn();
    const hook = await apiAsAda('POST', '/repos/analytical-engines/difference-engine/hooks', {
      name: 'web',
      config: { url: 'http://127.0.0.1:9/e2e-receiver', content_type: 'json' },
      events: ['push', 'pull_request'],
      active: true,
    });
    await apiAsAda('POST', `/repos/analytical-engines/difference-engine/hooks/${hook.id}/pings`);
    await giveRoomTo('Repositories');
    await collapse(await row('Repositories', /^Your repositories/));
    await expand(await row('Repositories', /^analytical-engines/));
    await expand(await row('Repositories', /^difference-engine/));
    await expand(await row('Repositories', /^Webhooks/));
    const web = await row('Repositories', /e2e-receiver/);
    await expand(web);
    await row('Repositories', /ping/);
    await expand(await row('Repositories', /^Downloads/));
    const download = await row('Repositories', /^difference-engine-0\.8\.tar\.gz/);
    assert.match(await download.innerText(), /KiB|KB|kB/);
    console.log(`      screenshot: ${await screenshot('views-webhooks-downloads')}`);
    await collapse(await row('Repositories', /^difference-engine/));
  });

  it('an organization shows its Members and Public Members; Your gists shows a gist with its comments', async () => {
    await openAndSignIn();
    await giveRoomTo('Repositories');
    await expand(await row('Repositories', /^analytical-engines/));
    await expand(await row('Repositories', /^Members/));
    await row('Repositories', /^ada/);
    await row('Repositories', /^charles/);
    await expand(await row('Repositories', /^Your gists/));
    const gist = (await apiAsAda('GET', '/gists'))[0];
    assert.ok(gist, 'the demo has a gist of ada');
    // A gist's row is its description (its first file's name without one).
    const first = await row('Repositories', gist.description ? gist.description.slice(0, 20) : Object.keys(gist.files)[0]);
    await expand(first);
    const comments = await apiAsAda('GET', `/gists/${gist.id}/comments`);
    assert.ok(comments.length > 0, 'the demo gist has comments');
    await row('Repositories', comments[0].body.split('\n')[0].slice(0, 20));
    console.log(`      screenshot: ${await screenshot('views-members-gists')}`);
  });
});
