// The Insights panel as a user sees it: opened from the palette for the
// active repository, both tabs and a case's details. Screenshots in test-results/insights-*.png.
/* global describe, it */
import assert from 'node:assert/strict';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { answerStep, openAndSignIn, row } from './sidebar.mjs';

/** Runs a command by its palette title. */
async function palette(title) {
  const { page } = session;
  // F1 goes to the workbench, not to a focused webview: focus the editor's tab first.
  if (await page.locator('.tabs-container .tab.active').count()) await page.locator('.tabs-container .tab.active').first().click();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input').first();
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** The panel's page: the webview's inner frame. */
const panel = () => session.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

async function shootBothTabs(theme) {
  const p = panel();
  await p.locator('vscode-tab-header', { hasText: 'Statistics' }).click();
  for (const title of ['Contributors', 'Commit activity', 'Code frequency', 'Participation', 'Punch card']) await p.locator('.card h2', { hasText: title }).waitFor();
  await p.locator('.card-punchCard canvas').waitFor({ timeout: 60_000 });
  await session.page.waitForTimeout(500);
  console.log(`      screenshot: ${await screenshot(`insights-statistics-${theme}`)}`);
  await p.locator('vscode-tab-header', { hasText: 'Cases' }).click();
  await p.locator('.case-table tbody tr').first().waitFor({ timeout: 30_000 });
  await p.locator('.case-table tbody tr', { hasText: 'Bernoulli' }).first().click();
  await p.locator('.detail h2', { hasText: 'Bernoulli' }).waitFor({ timeout: 15_000 });
  console.log(`      screenshot: ${await screenshot(`insights-cases-${theme}`)}`);
}

describe('Insights panel', () => {
  it('shows the five charts and the linked cases of the active repository, with a case’s details, in the light theme', async () => {
    await openAndSignIn();
    await (await row('Repositories', /^ada\/notes-on-the-engine/)).click();
    await palette('RepoDesk: Show Insights');
    const p = panel();
    await p.locator('h1', { hasText: 'ada/notes-on-the-engine' }).waitFor({ timeout: 30_000 });
    // Not signed in to the engagement service: the Cases tab offers Sign In.
    await p.locator('vscode-tab-header', { hasText: 'Cases' }).click();
    await p.locator('.empty vscode-button', { hasText: 'Sign In' }).click();
    await answerStep('(1/3)', 'ada');
    await answerStep('(2/3)', 'ada-demo-api-key');
    await answerStep('(3/3)', 'ada-demo-password');
    await p.locator('.case-table tbody tr').first().waitFor({ timeout: 30_000 });
    await shootBothTabs('light');
    assert.match(await p.locator('.counts').innerText(), /open/);
  });
});
