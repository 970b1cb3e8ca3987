// Insights in the browser build: after browserBuild.web.mjs (signed in with a
// token), the repository row's Show Insights button opens the panel; its five
// charts are drawn from the service's statistics, and its Cases tab, once
// signed in to the engagement service (its three questions), lists the cases
// the v2 API holds for the repository; a note added there is held by it. Both
// services are called from the web worker across origins.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from '../e2e/journeyChecks.mjs';
import { answerStep, apiAsAda, row } from '../e2e/sidebar.mjs';
import { engagementAsAda } from '../e2e/journeySteps.mjs';

const panel = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
const REPO_TAG = 'repo:analytical-engines/difference-engine';

describe('RepoDesk in the browser: Insights', () => {
  it("the repository row's Show Insights draws the five charts and, signed in to the engagement service, the repository's cases; a note added is held by the service", async function () {
    this.timeout(180_000);
    const { page } = session;
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    const repo = await row('Repositories', /^difference-engine/);
    await repo.click();
    await repo.hover();
    await repo.locator('.actions a[aria-label^="Show Insights"]').click();

    const p = panel();
    await p.locator('h1', { hasText: 'analytical-engines/difference-engine' }).waitFor({ timeout: 60_000 });
    await p.locator('vscode-tab-header', { hasText: 'Statistics' }).click();
    for (const chart of ['contributors', 'commitActivity', 'codeFrequency', 'participation', 'punchCard'])
      await p.locator(`.card-${chart} canvas`).waitFor({ timeout: 120_000 });
    // The contributors the service computed are the ones the chart names.
    const contributors = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/stats/contributors');
    const top = [...contributors].sort((a, b) => b.total - a.total)[0].author.login;
    assert.match(await p.locator('.card-contributors .summary').innerText(), new RegExp(top));
    console.log(`      screenshot: ${await screenshot('web-insights-statistics')}`);

    await p.locator('vscode-tab-header', { hasText: 'Cases' }).click();
    await p.locator('.empty vscode-button', { hasText: 'Sign In' }).click({ timeout: 30_000 });
    await answerStep('(1/3)', 'ada');
    await answerStep('(2/3)', 'ada-demo-api-key');
    await answerStep('(3/3)', 'ada-demo-password');
    const held = await engagementAsAda(`/case?with_tag=${encodeURIComponent(REPO_TAG)}&count=100`);
    const cases = held.data ?? held.items ?? held;
    assert.ok(cases.length > 0, 'the demo repository has cases');
    for (const c of cases.slice(0, 5)) await p.locator('.case-table tbody tr', { hasText: c.subject }).first().waitFor({ timeout: 30_000 });

    const [first] = cases;
    await p.locator('.case-table tbody tr', { hasText: first.subject }).first().click();
    await p.locator('.detail h2', { hasText: first.subject }).waitFor({ timeout: 15_000 });
    const note = `Noted in the browser (${Date.now().toString(36)}).`;
    await p.locator('.detail textarea').fill(note);
    await p.locator('.detail vscode-button', { hasText: 'Add note' }).click();
    await p.locator('.detail .note-text', { hasText: note }).waitFor({ timeout: 15_000 });
    const one = await engagementAsAda(`/case/${first.id}`);
    assert.ok(JSON.stringify(one).includes(note), `the service holds the note: ${JSON.stringify(one).slice(0, 300)}`);

    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('web-insights-cases')}`);
    await expectCleanScreen(page);
  });
});
