// A second service by clicks: with two services in the settings (the first
// emulator and a second in the enterprise form), Sign In in the Repositories
// view's menu, the Enterprise service picked, user name and password typed;
// the view then shows a group per account, the Enterprise one with ada's
// repositories there, and the Enterprise service holds RepoDesk's token.
// It sets two services and puts the one service back after, so the other
// journeys may run before or after it.
// Screenshot in test-results/journey-accounts.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { giveRoomTo, openAndSignIn, pane, palette, row, rows, typeStep } from './sidebar.mjs';

const basicAda = { authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`, 'user-agent': 'repodesk-e2e' };

/** The workspace's settings (.vscode/settings.json) as a person edits them: VS Code watches the workspace's files. */
function writeSettings(change) {
  const file = path.join(session.workspaceDir, '.vscode', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const settings = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, JSON.stringify(change(settings), null, 2));
}

describe('Journey: signing in to a second service and seeing its group', () => {
  after(() => {
    // Back to the one service the other journeys use (the Enterprise session is then not offered).
    writeSettings((s) => {
      delete s['repodesk.hosting.services'];
      return s;
    });
  });

  it("Sign In → Enterprise → user name and password: a group per account, Enterprise · ada lists ada's repositories", async () => {
    const { page } = session;
    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    const enterpriseApi = `${session.enterpriseUrl}/api/v3`;
    writeSettings((s) => ({
      ...s,
      'repodesk.hosting.services': [
        {
          name: 'Local',
          apiUrl: session.emulatorUrl,
          oauthClientId: JSON.parse(fs.readFileSync(session.userSettingsFile, 'utf8'))['repodesk.hosting.oauthClientId'],
        },
        { name: 'Enterprise', apiUrl: enterpriseApi, oauthClientId: 'none-set-up' },
      ],
    }));
    await giveRoomTo('Repositories');
    // The Repositories view's "…" menu: Sign In (another account). VS Code takes
    // up the edited settings file on its own time: until then Sign In offers
    // the one service's methods, which Escape closes, and the person tries again.
    const header = pane('Repositories').locator('.pane-header').first();
    const whichService = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Sign in to which service?' });
    const anyStep = page.locator('.quick-input-widget .quick-input-title', { hasText: /Sign in to/ });
    const end = Date.now() + 30_000;
    for (;;) {
      await header.hover();
      await header.locator('.actions a[aria-label^="More Actions"]').click();
      // The menu acts on the highlighted item (a click on its row only highlights it here).
      await page.getByRole('menuitem', { name: 'Sign In', exact: true }).hover();
      await page.keyboard.press('Enter');
      await anyStep.waitFor({ timeout: 15_000 });
      if (await whichService.isVisible()) break;
      await page.keyboard.press('Escape');
      assert.ok(Date.now() < end, 'Sign In never asked which service: the settings were not taken up');
    }
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Enterprise' }).first().click();
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with user name and password' }).click();
    await typeStep('(1/2)', 'ada');
    await page.keyboard.press('Enter');
    await typeStep('(2/2)', 'ada-demo-password');
    await page.keyboard.press('Enter');

    const group = await row('Repositories', 'Enterprise · ada', 30_000);
    await row('Repositories', 'Local · ada');
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    const shown = await rows('Repositories');
    assert.ok(
      shown.some((r) => r.startsWith('Enterprise · ada')),
      `rows: ${shown.join(' | ')}`,
    );
    // The account just signed in is the one the other views now use, and its group says so.
    assert.ok(
      shown.some((r) => r.startsWith('Enterprise · ada') && r.includes('in use')),
      `rows: ${shown.join(' | ')}`,
    );
    assert.ok(!shown.some((r) => r.startsWith('Local · ada') && r.includes('in use')), `rows: ${shown.join(' | ')}`);
    // The status bar names it too.
    await page.locator('.statusbar-item', { hasText: 'ada (Enterprise)' }).first().waitFor({ timeout: 10_000 });
    // Clicked, it lists the accounts with the one in use first and marked as such.
    await page.locator('.statusbar-item', { hasText: 'ada (Enterprise)' }).first().click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Use which account?' }).waitFor({ timeout: 10_000 });
    const accountRows = page.locator('.quick-input-widget .monaco-list-row');
    await accountRows.nth(1).waitFor({ timeout: 10_000 });
    const listed = await accountRows.allInnerTexts();
    assert.match(listed[0] ?? '', /ada \(Enterprise\)[\s\S]*in use/, `accounts: ${listed.join(' | ')}`);
    assert.ok(!listed.slice(1).some((r) => r.includes('in use')), `accounts: ${listed.join(' | ')}`);
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Use which account?' }).waitFor({ state: 'hidden', timeout: 10_000 });
    await row('Repositories', 'ada/notes-on-the-engine');

    // The Enterprise service holds the token RepoDesk made there for ada.
    const res = await fetch(`${enterpriseApi}/authorizations`, { headers: basicAda });
    assert.equal(res.status, 200);
    const tokens = await res.json();
    assert.ok(
      tokens.some((t) => /RepoDesk/i.test(t.note ?? t.app?.name ?? '')),
      `authorizations: ${JSON.stringify(tokens.map((t) => t.note))}`,
    );

    console.log(`      screenshot: ${await screenshot('journey-accounts')}`);
    await expectCleanScreen(page);
  });
});
