// Insights by clicks: the repository row's Show Insights button, the
// Statistics tab, and the punch card with the days down its side and the
// hours along its bottom (the labels Chart.js put on the axes, which the page
// records on the canvas). Screenshot in test-results/journey-insights-punch-card.png.
/* global describe, it */
import assert from 'node:assert/strict';
import { drawn, screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { apiAsAda, giveRoomTo, openAndSignIn, palette, row } from './sidebar.mjs';

const panel = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');

describe('Journey: Insights charts, by clicks', () => {
  it('the punch card of difference-engine names the days (Sun–Sat) and the hours (0:00–21:00) on its axes', async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    await giveRoomTo('Repositories');
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    const repo = await row('Repositories', /^difference-engine/);
    await repo.click();
    await repo.hover();
    await repo.locator('.actions a[aria-label^="Show Insights"]').click();
    const p = panel();
    await p.locator('h1', { hasText: 'analytical-engines/difference-engine' }).waitFor({ timeout: 30_000 });
    await p.locator('vscode-tab-header', { hasText: 'Statistics' }).click();
    const canvas = p.locator('.card-punchCard canvas');
    await canvas.waitFor({ timeout: 60_000 });
    await p.locator('.card-punchCard').scrollIntoViewIfNeeded();
    assert.equal(await canvas.getAttribute('data-y-ticks'), 'Sun|Mon|Tue|Wed|Thu|Fri|Sat');
    assert.equal(await canvas.getAttribute('data-x-ticks'), '0:00|3:00|6:00|9:00|12:00|15:00|18:00|21:00');
    // The figures behind it are the service's: the busiest hour of the punch card it answers is in the summary.
    const punch = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/stats/punch_card');
    const busiest = Math.max(...punch.map(([, , commits]) => commits));
    const summary = (await p.locator('.card-punchCard .summary').innerText()).replace(/\s+/g, ' ');
    assert.ok(summary.includes(`(${busiest} of `), `the summary names the busiest hour's ${busiest} commits: ${summary}`);
    // The chart's tooltip leaves with the mouse.
    await page.mouse.move(900, 600);
    await drawn(p.locator('body'));
    console.log(`      screenshot: ${await screenshot('journey-insights-punch-card')}`);
    await expectCleanScreen(page);
    await palette('View: Close All Editors');
  });
});
