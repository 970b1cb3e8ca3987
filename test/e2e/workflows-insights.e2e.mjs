// The Insights panel as a user sees it: opened from the palette for the
// active repository (the demo repository, 520 commits by five people), both
// tabs and a case's details in the light and the dark theme (chosen through
// "Preferences: Color Theme"), and the "computing statistics" state of a
// repository whose 10,000-commit history was just pushed (the service
// answers 202 until it has computed them). Screenshots in test-results/insights-*.png.
/* global describe, it */
import assert from 'node:assert/strict';
import { drawn, screenshot, session } from '../harness/e2eSession.mjs';
import { pushHistory } from '../support/pushed-history.mjs';
import { answerStep, apiAsAda, chooseColorTheme, clickTitleAction, giveRoomTo, openAndSignIn, palette, row } from './sidebar.mjs';

/** The panel's page: the visible webview's inner frame. */
const panel = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
const CHART_TITLES = ['Contributors', 'Commit activity', 'Code frequency', 'Participation', 'Punch card'];

async function waitForAllCharts(timeout) {
  const p = panel();
  for (const chart of ['contributors', 'commitActivity', 'codeFrequency', 'participation', 'punchCard'])
    await p.locator(`.card-${chart} canvas`).waitFor({ timeout });
}

async function shootBothTabs(theme) {
  const p = panel();
  // No tooltip of the title bar over the page.
  await session.page.mouse.move(900, 600);
  await p.locator('vscode-tab-header', { hasText: 'Statistics' }).click();
  for (const title of CHART_TITLES) await p.locator('.card h2', { hasText: title }).waitFor();
  await waitForAllCharts(60_000);
  await p.locator('body').evaluate(() => globalThis.scrollTo(0, 0));
  await drawn(p.locator('body'));
  console.log(`      screenshot: ${await screenshot(`insights-statistics-${theme}`)}`);
  // The lower charts (participation, punch card) too.
  await p.locator('.card-punchCard').scrollIntoViewIfNeeded();
  await drawn(p.locator('body'));
  console.log(`      screenshot: ${await screenshot(`insights-statistics-lower-${theme}`)}`);
  await p.locator('vscode-tab-header', { hasText: 'Cases' }).click();
  await p.locator('.case-table tbody tr').first().waitFor({ timeout: 30_000 });
  await p.locator('.case-table tbody tr', { hasText: 'Carry mechanism' }).first().click();
  await p.locator('.detail h2', { hasText: 'Carry mechanism' }).waitFor({ timeout: 15_000 });
  console.log(`      screenshot: ${await screenshot(`insights-cases-${theme}`)}`);
}

describe('Insights panel', () => {
  it('shows the five charts and the linked cases of the active repository, with a case’s details, in the light theme', async () => {
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    await giveRoomTo('Repositories');
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();
    await palette('RepoDesk: Show Insights');
    const p = panel();
    await p.locator('h1', { hasText: 'analytical-engines/difference-engine' }).waitFor({ timeout: 30_000 });
    // Not signed in to the engagement service: the Cases tab offers Sign In.
    await p.locator('vscode-tab-header', { hasText: 'Cases' }).click();
    const signIn = p.locator('.empty vscode-button', { hasText: 'Sign In' });
    await signIn.or(p.locator('.case-table tbody tr')).first().waitFor({ timeout: 30_000 });
    if (await signIn.isVisible()) {
      await signIn.click();
      await answerStep('(1/3)', 'ada');
      await answerStep('(2/3)', 'ada-demo-api-key');
      await answerStep('(3/3)', 'ada-demo-password');
    }
    await p.locator('.case-table tbody tr').first().waitFor({ timeout: 30_000 });
    assert.match(await p.locator('.counts').innerText(), /open/);
    await shootBothTabs('light');
  });

  it('in a dark theme chosen with Preferences: Color Theme, the charts and cases take its colours', async () => {
    await chooseColorTheme('Dark Modern', 'vs-dark');
    try {
      const background = await panel()
        .locator('body')
        .evaluate((b) => globalThis.getComputedStyle(b).backgroundColor);
      const [r, g, b] = background.match(/\d+/g).map(Number);
      assert.ok(r + g + b < 200, `the panel's background is dark (${background})`);
      await shootBothTabs('dark');
    } finally {
      await chooseColorTheme('Light Modern', 'vs');
    }
  });

  it('a repository whose statistics are being computed says so with its progress, then draws all five charts', async function () {
    this.timeout(180_000);
    const name = `long-history-${Date.now().toString(36)}`;
    await apiAsAda('POST', '/user/repos', { name, description: 'A 1,000-commit history for the Insights e2e' });
    await pushHistory({ emulatorUrl: session.emulatorUrl, owner: 'ada', repo: name, count: 1_000 });
    await palette('View: Close All Editors');
    await giveRoomTo('Repositories');
    await clickTitleAction('Repositories', 'Refresh Repositories');
    await (await row('Repositories', `ada/${name}`)).click();
    await palette('RepoDesk: Show Insights');
    const p = panel();
    await p.locator('h1', { hasText: `ada/${name}` }).waitFor({ timeout: 30_000 });
    // The first request of fresh statistics answers 202: the banner and each card say so.
    await p.locator('.banner', { hasText: 'omputing statistics' }).waitFor({ timeout: 30_000 });
    await p
      .locator('.card .status', { hasText: /try \d+ of \d+/ })
      .first()
      .waitFor({ timeout: 10_000 });
    console.log(`      screenshot: ${await screenshot('insights-computing')}`);
    await waitForAllCharts(120_000);
    await p.locator('.banner').waitFor({ state: 'hidden' });
    assert.match(await p.locator('.card-contributors .summary').innerText(), /ada/);
    await drawn(p.locator('body'));
    console.log(`      screenshot: ${await screenshot('insights-computed')}`);
    await palette('View: Close All Editors');
  });
});
