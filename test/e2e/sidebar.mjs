/* global document */
// Shared steps of the UI tests of the sidebar (views.e2e.mjs, workflows.e2e.mjs):
// finding panes and rows as a user sees them, signing in, making room.
import { session, viewContainer } from '../harness/e2eSession.mjs';

export const pane = (title) =>
  viewContainer('workbench.view.extension.repodesk')
    .locator('.pane', { has: session.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`) }) })
    .first();

export async function row(title, text, timeout = 30_000) {
  const r = pane(title).locator('.monaco-list-row', { hasText: text }).first();
  await r.waitFor({ timeout });
  return r;
}

/**
 * Clicks a row until VS Code shows it selected. A click that lands while the
 * view redraws its rows reaches a row whose command VS Code has already
 * dropped ("Actual command not found"): a person clicks again, and so does
 * this, then dismisses that one notification (VS Code's, not RepoDesk's).
 */
export async function selectRow(title, text) {
  const { page } = session;
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = await row(title, text);
    await r.click();
    const selected = await page
      .waitForFunction((el) => el?.getAttribute('aria-selected') === 'true', await r.elementHandle(), { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    const stale = page.locator('.notification-toast', { hasText: 'Actual command not found' });
    if (await stale.count()) {
      // A toast shows its clear button only under the mouse, as for a person.
      await stale.first().hover();
      await stale
        .first()
        .locator('.codicon-notifications-clear')
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    if (selected && !(await stale.count())) return r;
  }
  throw new Error(`the row ${text} of ${title} did not become selected`);
}

export async function rows(title) {
  return (await pane(title).locator('.monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Opens the RepoDesk container (a click on an open container would close it) and signs in as ada unless signed in. */
export async function openAndSignIn() {
  const { page } = session;
  const container = viewContainer('workbench.view.extension.repodesk');
  const item = page.locator('.part.activitybar .action-item', { has: page.locator('a[aria-label^="RepoDesk"]') }).first();
  // After a window reload the side bar draws RepoDesk again by itself, a moment after its icon shows it active: a
  // click on the active icon then would close the side bar. A person waits for it; the click is for a closed one.
  // A click can still meet the side bar as the reload restores it, and close it: a person looks and clicks again.
  for (let attempt = 0; attempt < 3 && !(await container.isVisible()); attempt++) {
    if (/\bchecked\b/.test((await item.getAttribute('class')) ?? '')) {
      await container.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {});
      continue;
    }
    await item.locator('a').first().click();
    await container.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => {});
  }
  await container.waitFor({ state: 'visible' });
  const signIn = container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' });
  // Signed in already (rows in the Repositories view) or not (its Sign In button): whichever shows first.
  const signedIn = pane('Repositories').locator('.monaco-list-row').first();
  // One wait for either (`or`): a race of two waits would leave the loser polling the page until its timeout.
  await signIn.or(signedIn).first().waitFor({ timeout: 60_000 });
  if (!(await signIn.isVisible())) return;
  const tab = page.context().waitForEvent('page', { timeout: 30_000 });
  await signIn.click();
  const choice = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with your browser' });
  await choice.waitFor();
  await choice.click();
  const authorize = await externalTab(tab);
  await authorize.waitForLoadState();
  // Logged in on the service already in this browser (an earlier sign-in), it skips its login page, and the
  // approval too once given: a person goes on from the page it shows.
  const login = authorize.locator('#login');
  const approve = authorize.locator('button[value=approve]');
  const done = authorize.getByText('You can close this tab');
  await Promise.race([login.waitFor(), approve.waitFor(), done.waitFor()]).catch(() => undefined);
  if (await login.isVisible()) {
    await login.fill('ada');
    await authorize.fill('#password', 'ada-demo-password');
    await authorize.click('button[type=submit]');
    await Promise.race([approve.waitFor(), done.waitFor()]).catch(() => undefined);
  }
  if (await approve.isVisible()) await approve.click();
  await done.waitFor({ timeout: 15_000 });
  await authorize.close();
  // The person is back in the editor's window, which has the keyboard again.
  await page.bringToFront();
  // Signed in once the Repositories view lists rows in place of its Sign In button.
  await pane('Repositories').locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
}

/** Collapses the other panes so that `title` has the container's height (a tree draws only the rows in sight). */
export async function giveRoomTo(title) {
  for (const other of ['Pull Requests', 'Review Comments', 'Releases', 'Git Refs'].filter((t) => t !== title)) await setPaneOpen(other, false);
}

/**
 * Opens or closes the pane `title` on its header's twistie, and waits until
 * its header says so. The headers move while the container lays out panes
 * opened a moment before: a click then can land beside the twistie, so the
 * header is looked at again before another click.
 */
export async function setPaneOpen(title, open) {
  const header = pane(title).locator('.pane-header').first();
  const want = String(open);
  for (let attempt = 0; attempt < 3 && (await header.getAttribute('aria-expanded')) !== want; attempt++) {
    if (attempt > 0) console.log(`      the ${title} pane did not ${open ? 'open' : 'close'} on a click: clicked again`);
    await toggle(header);
    await session.page
      .waitForFunction(([el, value]) => el?.getAttribute('aria-expanded') === value, [await header.elementHandle(), want], { timeout: 10_000 })
      .catch(() => undefined);
  }
  const now = await header.getAttribute('aria-expanded');
  if (now !== want) throw new Error(`the ${title} pane did not ${open ? 'open' : 'close'} on its twistie (aria-expanded ${now})`);
}

/**
 * Opens or closes a pane as a user does, on its twistie: the middle of a
 * header can be under one of its title-bar buttons, shown on hover.
 */
function toggle(header) {
  return header.click({ position: { x: 8, y: 10 } });
}

/**
 * The browser tab an action opens (`tab`: the context's next page). code-server
 * asks before opening an external site, as VS Code does for an untrusted
 * domain: whichever shows first, its question (answered Open) or the tab.
 */
export async function externalTab(tab) {
  const open = session.page.locator('.monaco-dialog-box').getByRole('button', { name: 'Open' });
  const asked = open.waitFor({ timeout: 30_000 }).then(
    () => true,
    () => false,
  );
  if (
    await Promise.race([
      tab.then(
        () => false,
        () => false,
      ),
      asked,
    ])
  )
    await open.click();
  return tab;
}

/** Clicks a row's inline action that opens a web page; returns the browser tab it opened. */
export async function openFromRow(r, action) {
  const { page } = session;
  await r.hover();
  const tab = page.context().waitForEvent('page', { timeout: 30_000 });
  await r.locator(`.actions a[aria-label^="${action}"]`).click();
  const opened = await externalTab(tab);
  await opened.waitForLoadState();
  return opened;
}

/** Collapses `title`'s pane (to give the panes below it room). */
export async function closePane(title) {
  await setPaneOpen(title, false);
}

/** Opens `title`'s pane and collapses the other detail panes. */
export async function openPane(title) {
  await giveRoomTo(title);
  await setPaneOpen(title, true);
  return pane(title).locator('.pane-header').first();
}

/** Clicks one of the buttons of a view's title bar (shown on hover). */
export async function clickTitleAction(title, action) {
  const header = pane(title).locator('.pane-header').first();
  await header.hover();
  await header.locator(`.actions a[aria-label^="${action}"]`).click();
}

/** Waits for the quick input step whose title contains `step` and types `text` into it (when given). */
export async function typeStep(step, text) {
  await session.page.locator('.quick-input-widget .quick-input-title', { hasText: step }).waitFor({ timeout: 15_000 });
  if (text !== undefined) await session.page.locator('.quick-input-widget input.input').first().fill(text);
}

/**
 * Like typeStep, then Enter. Without text (the value offered is taken) the Enter goes to the box that has
 * the focus as it shows: RepoDesk's multi-step questions replace one step's box with the next in the same
 * turn (src/features/shared/stepBoxes.ts), so the focus does not go back to the view in between.
 */
export async function answerStep(step, text) {
  await typeStep(step, text);
  await session.page.keyboard.press('Enter');
}

/** Waits until the quick input refuses what was typed with a message containing `message`. */
export async function refusedWith(message) {
  await session.page.locator('.quick-input-widget .quick-input-message', { hasText: message }).waitFor({ timeout: 10_000 });
}

/** Runs a command by its palette title, through the title bar's command center (a key press would go to a focused webview). */
export async function palette(title) {
  const { page } = session;
  const widget = page.locator('.quick-input-widget').first();
  // A picker left open (by a step that failed) takes the command center's place: a person closes it first.
  if (await widget.isVisible()) {
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden', timeout: 5_000 });
  }
  // After a reload the views draw the rows they kept before RepoDesk knows the session, and a command shown only
  // when signed in is missing from the palette for that moment: a person who does not find it looks again.
  const wanted = widget.locator('.monaco-list-row', { hasText: title }).first();
  let shown = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.locator('.command-center .command-center-center').first().click();
    const input = widget.locator('input.input').first();
    // A click that meets the window as it takes the focus back (a browser tab just closed) opens the palette and
    // VS Code closes it again at once: a person sees no palette and clicks again.
    if (
      !(await input.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      shown = ['(the palette did not open)'];
      continue;
    }
    await input.fill(`>${title}`);
    // Clicked, not Enter: the first row is not always the one named (Browse Color Themes in Marketplace comes before Color Theme).
    if (
      await wanted.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    shown = await widget.locator('.monaco-list-row').allInnerTexts();
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden', timeout: 5_000 });
  }
  if (!(await wanted.isVisible()))
    throw new Error(
      `the command palette showed no row "${title}" three times; it showed: ${shown.map((t) => t.replace(/\s+/g, ' ')).join(' | ') || 'nothing'}`,
    );
  await wanted.click();
  // Out of the command center, whose tooltip would be in the screenshots (the sidebar's empty bottom).
  await page.mouse.move(150, 700);
}

/**
 * Developer: Reload Window from the palette, as a person reloads (VS Code
 * saves the open editors first; a browser reload may not), then waits for
 * the new window's activity bar.
 */
export async function reloadWindow() {
  const { page } = session;
  const loaded = page.waitForEvent('load', { timeout: 60_000 });
  await palette('Developer: Reload Window');
  await loaded;
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
}

/**
 * Chooses a color theme as a user does: "Preferences: Color Theme", the
 * theme's name typed into its quick pick, Enter; then waits until the window
 * wears it (`vs-dark` or `vs` on the workbench).
 */
export async function chooseColorTheme(label, kind) {
  const { page } = session;
  await palette('Preferences: Color Theme');
  // The picker opens on the current theme (Light Modern or Dark Modern, both in the first rows).
  await page
    .locator('.quick-input-widget .monaco-list-row', { hasText: / Modern/ })
    .first()
    .waitFor();
  // Typed: the list draws only the rows in sight, and the dark themes come after the light ones.
  await page.locator('.quick-input-widget input.input').first().fill(label);
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: label }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator(`.monaco-workbench.${kind}`).waitFor({ timeout: 15_000 });
  await webviewsWear(kind);
}

/**
 * Waits until every open webview's page wears the theme of `kind` (`vs`,
 * `vs-dark`): VS Code hands webviews the new body class and `--vscode-*`
 * variables a moment after the workbench changes.
 */
export async function webviewsWear(kind) {
  const bodyClass = { vs: 'vscode-light', 'vs-dark': 'vscode-dark', 'hc-black': 'vscode-high-contrast', 'hc-light': 'vscode-high-contrast-light' }[kind];
  for (const frame of session.page.frames().filter((f) => f !== session.page.mainFrame())) {
    const themed = await frame.evaluate(() => /\bvscode-/.test(document.body?.className ?? '')).catch(() => false);
    if (themed) await frame.waitForFunction((c) => document.body.classList.contains(c), bodyClass, { timeout: 15_000 });
  }
}

/** Calls the emulator's REST API as ada (Basic), as a script would beside the user. */
export async function apiAsAda(method, route, body) {
  const res = await fetch(`${session.emulatorUrl}${route}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`,
      'user-agent': 'repodesk-e2e',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Clicks a row's label near its start, as a person does: a locator's click
 * first scrolls a label wider than its row sideways into view, and the
 * screenshots then showed its end ("om…") where its start belongs.
 */
export async function clickRowLabel(r) {
  const { page } = session;
  for (let attempt = 0; attempt < 3; attempt++) {
    const box = await r.locator('.label-name').first().boundingBox();
    await page.mouse.click(box.x + 10, box.y + box.height / 2);
    // A click that lands while the view draws its rows again reaches no row: a person sees none selected and clicks again.
    const selected = await page
      .waitForFunction((el) => el?.getAttribute('aria-selected') === 'true', await r.elementHandle(), { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (selected) return;
  }
  throw new Error(`the row ${(await r.innerText()).replace(/\s+/g, ' ')} did not become selected after three clicks`);
}
