// Journeys: a pull request opened by its twistie fills Review Comments (as a
// click on it does); a support case made from the palette's "New Support
// Case…" for the active repository, then noted and closed in the Cases tab
// it opens. Clicks and keys; the services' state read through their APIs.
/* global describe, it, after */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, openSignedIn, restorePanes } from './journeyChecks.mjs';
import { answerStep, apiAsAda, openAndSignIn, openPane, palette, pane, row, typeStep } from './sidebar.mjs';
import { activeDemoRepository, engagementAsAda } from './journeySteps.mjs';

/** The Insights panel's page: the visible webview's inner frame. */
const panel = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');

describe('Journey: a pull request opened by its twistie', () => {
  after(() => restorePanes());
  it('expanding #1 by its twistie selects it and Review Comments shows its threads', async () => {
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await palette('Notifications: Clear All Notifications');
    await activeDemoRepository();
    await openPane('Pull Requests');
    const reviewHeader = pane('Review Comments').locator('.pane-header').first();
    if ((await reviewHeader.getAttribute('aria-expanded')) !== 'true') await reviewHeader.click({ position: { x: 8, y: 10 } });
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    if ((await pr.getAttribute('aria-expanded')) === 'true') await pr.locator('.monaco-tl-twistie').click();
    await pr.locator('.monaco-tl-twistie').click();
    // The first commented file of the service's review comments is a row of Review Comments.
    const comments = await apiAsAda('GET', '/repos/analytical-engines/difference-engine/pulls/1/comments');
    assert.ok(comments.length > 0, 'the demo pull request has review comments');
    const file = comments[0].path.split('/').pop();
    await pane('Review Comments').locator('.monaco-list-row', { hasText: file }).first().waitFor({ timeout: 30_000 });
    assert.equal(await pane('Review Comments').getByText('Select or expand a pull request').count(), 0);
    assert.equal(await (await row('Pull Requests', '#1 Tabulate polynomials')).getAttribute('aria-selected'), 'true');
    await page.mouse.move(150, 700);
    console.log(`      screenshot: ${await screenshot('journey-pull-twistie')}`);
    await expectCleanScreen(page);
  });
});

describe('Journey: a support case', () => {
  after(() => restorePanes());
  it('New Support Case… from the palette makes a case linked to the active repository; it is noted and closed in the Cases tab', async function () {
    this.timeout(180_000);
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await activeDemoRepository();
    const subject = `Journey case ${Date.now().toString(36)}`;
    await palette('RepoDesk: New Support Case…');
    // Not yet signed in to the engagement service: its three questions come first.
    const first = page.locator('.quick-input-widget .quick-input-title', { hasText: /\(1\/3\)|New Support Case/ }).first();
    await first.waitFor({ timeout: 30_000 });
    if (/\(1\/3\)/.test(await first.innerText())) {
      await answerStep('(1/3)', 'ada');
      await answerStep('(2/3)', 'ada-demo-api-key');
      await answerStep('(3/3)', 'ada-demo-password');
    }
    await answerStep('(1/4): Subject', subject);
    await typeStep('(2/4): Contact');
    await page.locator('.quick-input-widget .monaco-list-row').first().click();
    await typeStep('(3/4): Campaign');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'No campaign' }).first().click();
    await answerStep('(4/4): First note', 'Opened from the palette.');

    // The Cases tab of the repository's Insights lists it; a click opens it.
    const p = panel();
    const caseRow = p.locator('.case-table tbody tr', { hasText: subject }).first();
    await caseRow.waitFor({ timeout: 30_000 });
    await caseRow.click();
    await p.locator('.detail h2', { hasText: subject }).waitFor({ timeout: 15_000 });
    await p.locator('.detail textarea').fill('Noted in the journey.');
    await p.locator('.detail vscode-button', { hasText: 'Add note' }).click();
    await p.locator('.detail .note-text', { hasText: 'Noted in the journey.' }).waitFor({ timeout: 15_000 });
    // A new case has arrived: it is opened, then closed.
    await p.locator('.detail .meta', { hasText: 'Arrived' }).waitFor();
    await p.locator('.detail .actions vscode-button', { hasText: 'Open' }).first().click();
    await p.locator('.detail .actions vscode-button', { hasText: 'Close' }).waitFor({ timeout: 15_000 });
    await p.locator('.detail .actions vscode-button', { hasText: 'Close' }).click();
    await p.locator('.detail .actions vscode-button', { hasText: 'Reopen' }).waitFor({ timeout: 15_000 });

    // A note half written while the case changes (reopened: the case is drawn again) is still in its box, and is sent from there.
    const unsent = 'Written before the case was reopened, sent after it.';
    await p.locator('.detail textarea').fill(unsent);
    await p.locator('.detail .actions vscode-button', { hasText: 'Reopen' }).click();
    await p.locator('.detail .actions vscode-button', { hasText: 'Close' }).waitFor({ timeout: 15_000 });
    assert.equal(await p.locator('.detail textarea').inputValue(), unsent, 'the unsent note is still in its box');
    await p.locator('.detail vscode-button', { hasText: 'Add note' }).click();
    await p.locator('.detail .note-text', { hasText: unsent }).waitFor({ timeout: 15_000 });
    assert.equal(await p.locator('.detail textarea').inputValue(), '', 'a sent note leaves its box');
    await p.locator('.detail .actions vscode-button', { hasText: 'Close' }).click();
    await p.locator('.detail .actions vscode-button', { hasText: 'Reopen' }).waitFor({ timeout: 15_000 });

    const found = await engagementAsAda(`/case?with_tag=${encodeURIComponent('repo:analytical-engines/difference-engine')}&count=100`);
    const held = (found.data ?? found.items ?? found).find?.((c) => c.subject === subject);
    assert.ok(held, `the service holds the case: ${JSON.stringify(found).slice(0, 300)}`);
    assert.equal(held.state, 'Closed');
    const one = await engagementAsAda(`/case/${held.id}`);
    assert.ok(JSON.stringify(one).includes(unsent), `the service holds the note sent after the case was reopened: ${JSON.stringify(one).slice(0, 400)}`);
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-support-case')}`);
    await palette('View: Close All Editors');
    await expectCleanScreen(page);
  });
});
