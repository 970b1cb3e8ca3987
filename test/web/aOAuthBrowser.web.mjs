// The browser build's sign-in through the OAuth web flow: no loopback
// receiver in a web worker, so the authorize page's redirect comes back to
// code-server's callback page (the workbench's `asExternalUri`), which hands
// it to RepoDesk's UriHandler. Runs after aNoCors.web.mjs and before
// browserBuild.web.mjs (which signs in with a token): it leaves RepoDesk
// signed out and on the first service, as it found it. Its service is the
// emulator on 127.0.0.2 (run-web.mjs), with an application whose callback is
// code-server's.
//
// The service sends no CORS headers on its OAuth pages (/login/, the code
// exchange among them: not for browsers, as the hosting service's own), so
// the exchange from the web worker is refused: the journey checks everything
// up to it, and that the refusal is named as such.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addApplication } from '@repodesk/emulator/testing';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { forgetNotifications } from '../e2e/journeyChecks.mjs';
import { externalTab } from '../e2e/sidebar.mjs';
import { containerOf, setApiUrl } from './webSettings.mjs';

/** The emulator's database (its own driver, a dependency of the emulator package). */
function emulatorDatabase() {
  const Database = createRequire(createRequire(import.meta.url).resolve('@repodesk/emulator/package.json'))('better-sqlite3');
  return new Database(path.join(session.otherHostDataDir, 'emulator.sqlite'));
}

describe('RepoDesk in the browser: signing in through the OAuth web flow', () => {
  let app;
  let settingsBefore;

  before(() => {
    // An application whose callback is code-server (the spec's rule 4: same host and port, the path or below; the
    // workbench's callback page is below it).
    const db = emulatorDatabase();
    try {
      const ada = db.prepare("SELECT id FROM users WHERE login = 'ada'").get();
      app = addApplication(db, ada.id, 'RepoDesk in the browser', `${session.codeServerUrl.replace(/\/+$/, '')}/`);
    } finally {
      db.close();
    }
    settingsBefore = fs.readFileSync(session.userSettingsFile, 'utf8');
  });

  after(async () => {
    // Back to the first service, for the next tests.
    await setApiUrl(session.page, session.emulatorUrl);
    if (settingsBefore !== undefined) fs.writeFileSync(session.userSettingsFile, settingsBefore);
  });

  it('ada approves in a tab of the same browser, the redirect reaches RepoDesk through code-server with the state it sent, and the code exchange, which the service’s OAuth pages refuse to browsers, fails', async () => {
    const { page } = session;
    await forgetNotifications(page);
    const container = containerOf(page);
    // The service on 127.0.0.2 (see run-web.mjs: a 127.0.0.1 page would open through code-server's port proxy).
    await setApiUrl(page, session.otherHostUrl);

    // The application's client id in the Settings editor and its secret, as its owner sets them up.
    await page.keyboard.press('Control+Comma');
    const search = page.locator('.settings-editor .settings-header .suggest-input-container textarea, .settings-editor .settings-header input').first();
    await search.waitFor({ timeout: 15_000 });
    await search.fill('repodesk.hosting.oauthClientId');
    const item = page.locator('.settings-editor .setting-item', { hasText: 'Oauth Client Id' }).first();
    const field = item.locator('.setting-item-contents input').first();
    await field.waitFor({ timeout: 15_000 });
    await field.fill(app.clientId);
    await field.press('Tab');
    // Saved: the Settings editor marks the setting as set (its modified bar).
    await page.locator('.settings-editor .is-configured', { hasText: 'Oauth Client Id' }).first().waitFor({ timeout: 15_000 });
    await new Promise((resolve) => {
      // And written to the user's settings.json, which the extension host reads it from.
      const written = () => fs.readFileSync(session.userSettingsFile, 'utf8').includes(app.clientId);
      if (written()) return resolve();
      const watcher = fs.watch(path.dirname(session.userSettingsFile), () => {
        if (written()) {
          watcher.close();
          resolve();
        }
      });
    });
    await page.keyboard.press('Control+W');

    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>RepoDesk: Set OAuth Client Secret');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Set OAuth Client Secret' }).first().click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'OAuth client secret' }).waitFor();
    await page.locator('.quick-input-widget input').fill(app.clientSecret);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    const tab = page.context().waitForEvent('page', { timeout: 30_000 });
    await container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' }).click();
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with your browser' }).click();
    // code-server asks before opening an external site.
    const authorize = await externalTab(tab);
    await authorize.waitForLoadState();
    const asked = new URL(authorize.url());
    assert.equal(asked.pathname, '/login/oauth/authorize', authorize.url());
    assert.equal(asked.searchParams.get('client_id'), app.clientId);
    // The redirect is code-server's callback page, for RepoDesk's URI (vscode.env.asExternalUri).
    const redirect = new URL(asked.searchParams.get('redirect_uri'));
    assert.equal(redirect.origin, new URL(session.codeServerUrl).origin, redirect.toString());
    assert.match(redirect.pathname, /\/callback$/, redirect.toString());
    assert.equal(redirect.searchParams.get('vscode-authority'), 'repodesk.repodesk');
    assert.equal(redirect.searchParams.get('vscode-path'), '/did-authenticate');
    const state = asked.searchParams.get('state');
    assert.match(state ?? '', /^[\w-]{43}$/);

    await authorize.fill('#login', 'ada');
    await authorize.fill('#password', 'ada-demo-password');
    await authorize.click('button[type=submit]');
    await authorize.locator('button[value=approve]').waitFor();
    await authorize.click('button[value=approve]');
    // Back on code-server's callback page, with the code and the state RepoDesk sent.
    await authorize.waitForURL((u) => u.pathname.endsWith('/callback') && u.searchParams.has('code'), { timeout: 15_000 });
    const answered = new URL(authorize.url());
    assert.equal(answered.searchParams.get('state'), state);
    await authorize.close();

    // RepoDesk took the code (a forged or lost state would abort first) and asked for the token.
    const toast = page.locator('.notification-toast', { hasText: 'RepoDesk sign-in failed' }).first();
    await toast.waitFor({ timeout: 30_000 });
    const text = (await toast.innerText()).replace(/\s+/g, ' ');
    console.log(`      screenshot: ${await screenshot('web-oauth-exchange-refused')}`);
    assert.doesNotMatch(text, /state RepoDesk sent|forgery/);
    // The exchange's failure (a request refused for want of CORS fails in a browser as one that never arrived;
    // RepoDesk names CORS when a second, no-cors request gets an answer).
    assert.match(
      text,
      /RepoDesk sign-in failed: (The service at \S+ answered, but does not allow requests from VS Code in the browser|Could not reach the service)/,
    );
    // Still signed out: the Sign In button, no rows.
    await container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' }).waitFor();
    assert.equal(await container.locator('.monaco-list-row').count(), 0);
    // Its toast dismissed, as the next test starts from none (a toast's clear button shows only under the mouse).
    await forgetNotifications(page);
  });
});
