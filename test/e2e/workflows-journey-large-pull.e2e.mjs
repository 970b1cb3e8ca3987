// A large pull request by clicks: 120 changed files and 160 review comments
// in 107 threads, one on each of 107 files (test/support/big-pull.mjs, made
// through the service's API and git). Its row clicked: Review Comments
// draws the commented files by folder (big, open; its packages collapsed
// with their counts) and the overview's conversation shows the oldest 80
// threads and the newest 20 with a Load more between them, which a click
// turns into all 107, as many as the service holds. Screenshots in
// test-results/journey-large-pull-*.png.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { createBigPull, demoToken } from '../support/big-pull.mjs';
import { expectCleanScreen, openSignedIn, restorePanes } from './journeyChecks.mjs';
import { expand } from './journeySteps.mjs';
import { apiAsAda, clickRowLabel, clickTitleAction, openAndSignIn, openPane, palette, row } from './sidebar.mjs';

const THREADS = 107;

/** The overview's page: the active webview's inner frame. */
const overview = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');

describe('Journey: a large pull request', function () {
  // The pull request is made through the API and git first (about 10 s).
  this.timeout(180_000);
  let pull;

  before(async () => {
    pull = await createBigPull({
      emulatorUrl: session.emulatorUrl,
      token: await demoToken(session.emulatorUrl, 'ada'),
      reviewerToken: await demoToken(session.emulatorUrl, 'charles'),
      repo: `large-pull-${Date.now().toString(36)}`,
      files: 120,
      commits: 3,
      comments: 160,
    });
  });

  after(async () => {
    if (!pull) return;
    await palette('View: Close All Editors');
    // The other journeys count ada's repositories: this one goes.
    await apiAsAda('DELETE', `/repos/${pull.owner}/${pull.repo}`).catch(() => {});
    await clickTitleAction('Repositories', 'Refresh Repositories').catch(() => {});
    await restorePanes();
  });

  it('its row clicked: Review Comments draws 107 commented files by folder; the conversation shows 100 threads and, after Load more, all 107 the service holds', async () => {
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await openPane('Repositories');
    // Made after the list was read: the user refreshes it.
    await clickTitleAction('Repositories', 'Refresh Repositories');
    await expand(await row('Repositories', /^Your repositories/));
    await (await row('Repositories', new RegExp(`^ada/${pull.repo}`))).click();
    await openPane('Pull Requests');
    await clickRowLabel(await row('Pull Requests', `#${pull.number} Big change`));

    // The overview: threads 1–80, the 7 between behind Load more, the newest 20.
    const p = overview();
    await p.locator('h1', { hasText: 'Big change' }).waitFor({ timeout: 30_000 });
    const gap = p.locator('.hidden-items', { hasText: `${THREADS - 100} more items of the conversation` });
    await gap.waitFor({ timeout: 30_000 });
    assert.equal(await p.locator('ol.timeline > li:not(.hidden-items)').count(), 100);
    await gap.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    console.log(`      screenshot: ${await screenshot('journey-large-pull-conversation')}`);
    await gap.locator('vscode-button', { hasText: 'Load more' }).click();
    await gap.waitFor({ state: 'detached', timeout: 30_000 });
    await p
      .locator('ol.timeline > li')
      .nth(THREADS - 1)
      .waitFor();
    // As many threads as the service holds: its comments that answer none.
    const comments = [];
    for (let page = 1; page <= Math.ceil(pull.comments / 100); page++)
      comments.push(...(await apiAsAda('GET', `/repos/${pull.owner}/${pull.repo}/pulls/${pull.number}/comments?per_page=100&page=${page}`)));
    assert.equal(comments.length, pull.comments);
    const roots = comments.filter((c) => !c.in_reply_to_id).length;
    assert.equal(await p.locator('ol.timeline > li').count(), roots);
    assert.equal(roots, THREADS);

    // Review Comments: big (open), its 30 packages collapsed, a package opened to its file and thread.
    await openPane('Review Comments');
    const big = await row('Review Comments', new RegExp(`^big\\s*${THREADS} threads · ${THREADS} files`));
    assert.equal(await big.getAttribute('aria-expanded'), 'true');
    const pkg = await row('Review Comments', /^pkg-00\s*4 threads · 4 files/);
    assert.equal(await pkg.getAttribute('aria-expanded'), 'false');
    await expand(pkg);
    await expand(await row('Review Comments', /^mod-0\s*1 thread · 1 file/));
    await row('Review Comments', /^file-0\.txt\s*1 thread/);
    await row('Review Comments', /^Big thread 1 on big\/pkg-00\/mod-0\/file-0\.txt/);
    console.log(`      screenshot: ${await screenshot('journey-large-pull-review-comments')}`);
    await expectCleanScreen(page);
  });
});
