// Journeys: a pull request opened by its twistie fills Review Comments (as a
// click on it does); a support case made from the palette's "New Support
// Case…" for the active repository, then noted and closed in the Cases tab
// it opens, the header's counts following each change; where the settings
// name no engagement service for the repository's hosting service, no New case
// is offered and a form already open says why its case cannot be made.
// Clicks and keys; the services' state read through their APIs.
/* global describe, it, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, openSignedIn, restorePanes } from './journeyChecks.mjs';
import { answerStep, apiAsAda, openAndSignIn, openPane, palette, pane, row, typeStep } from './sidebar.mjs';
import { activeDemoRepository, engagementAsAda } from './journeySteps.mjs';

/** The Insights panel's page: the visible webview's inner frame. */
const panel = () => session.page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');

const DEMO_TAG = encodeURIComponent('repo:analytical-engines/difference-engine');

/** Waits until the panel's header counts the demo repository's open and arrived cases as the engagement service does. */
async function headerCountsAsService(p) {
  const total = async (state) => (await engagementAsAda(`/case?with_tag=${DEMO_TAG}&state=${state}&count=1`)).total;
  const want = `${await total('Open')} open · ${await total('Arrived')} arrived`;
  const header = p.locator('header.top .counts');
  await header
    .filter({ hasText: new RegExp(`^${want}$`) })
    .waitFor({ timeout: 15_000 })
    .catch(async () => {
      assert.fail(`the header says "${await header.innerText()}", the service counts "${want}"`);
    });
}

/** The workspace's settings (.vscode/settings.json) as a person edits them: VS Code watches the workspace's files. */
function writeSettings(change) {
  const file = path.join(session.workspaceDir, '.vscode', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const settings = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, JSON.stringify(change(settings), null, 2));
}

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
    await headerCountsAsService(p);
    await p.locator('.detail .actions vscode-button', { hasText: 'Open' }).first().click();
    await p.locator('.detail .actions vscode-button', { hasText: 'Close' }).waitFor({ timeout: 15_000 });
    // Arrived → Open: one arrived fewer, one open more, in the header too.
    await headerCountsAsService(p);
    await p.locator('.detail .actions vscode-button', { hasText: 'Close' }).click();
    await p.locator('.detail .actions vscode-button', { hasText: 'Reopen' }).waitFor({ timeout: 15_000 });
    await headerCountsAsService(p);

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

describe('Journey: cases where no engagement service is named', () => {
  after(() => {
    // Back to the one service the other journeys use.
    writeSettings((s) => {
      delete s['repodesk.hosting.services'];
      return s;
    });
    return restorePanes();
  });

  it('with two hosting services naming none (npm start -- --second), the Cases tab says so and offers no New case; a form left open says why Create case does nothing', async function () {
    this.timeout(180_000);
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await palette('Notifications: Clear All Notifications');
    await activeDemoRepository();
    await palette('RepoDesk: Show Support Cases');
    const p = panel();
    const newCase = p.locator('.filters vscode-button', { hasText: 'New case' });
    await newCase.waitFor({ timeout: 30_000 });
    await newCase.click();
    const subject = `Nowhere case ${Date.now().toString(36)}`;
    await p.locator('.create-form input[type="text"]').first().fill(subject);
    await p.locator('.create-form .new-contact input[type="text"]').fill('Nobody Anywhere');

    // As npm start -- --second writes them: the demo service and a second one, neither naming an engagement service.
    writeSettings((s) => ({
      ...s,
      'repodesk.hosting.services': [
        {
          name: 'Local',
          apiUrl: session.emulatorUrl,
          oauthClientId: JSON.parse(fs.readFileSync(session.userSettingsFile, 'utf8'))['repodesk.hosting.oauthClientId'],
        },
        { name: 'Enterprise', apiUrl: `${session.enterpriseUrl}/api/v3`, oauthClientId: 'none-set-up' },
      ],
    }));
    await p.locator('.list .empty', { hasText: 'names no engagement service' }).waitFor({ timeout: 30_000 });
    assert.equal(await newCase.isVisible(), false, 'New case is offered where no case can be made');

    // The form opened before stays with what was typed; Create case says why it cannot be done.
    await p.locator('.create-form vscode-button', { hasText: 'Create case' }).click();
    await p.locator('.notice', { hasText: /Could not create the case: .*names no engagement service/ }).waitFor({ timeout: 15_000 });
    const held = await engagementAsAda(`/case?with_tag=${DEMO_TAG}&count=100`);
    assert.ok(!(held.items ?? []).some((c) => c.subject === subject), 'no case made');
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-cases-no-engagement')}`);

    // The one service again: the cases, and New case, are back.
    writeSettings((s) => {
      delete s['repodesk.hosting.services'];
      return s;
    });
    await newCase.waitFor({ timeout: 30_000 });
    await palette('View: Close All Editors');
    await expectCleanScreen(page);
  });
});
