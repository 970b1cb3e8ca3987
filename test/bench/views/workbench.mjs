/* global window, document, requestAnimationFrame */
// Driving the RepoDesk container of a real VS Code workbench (code-server in
// Chromium) for the sidebar benchmarks, and timing what it draws from inside
// the page: a requestAnimationFrame poll looks for tree rows each frame, so a
// time is that of the first frame in which the row exists in the DOM.

export const CONTAINER_ID = 'workbench.view.extension.repodesk';

/** In-page helpers, installed before the workbench's own scripts (addInitScript) and again with evaluate. */
function installPageHelpers() {
  if (window.__repodeskBench) return;
  const findRow = (paneTitle, re) => {
    const container = document.getElementById('workbench.view.extension.repodesk');
    if (!container) return undefined;
    for (const pane of container.querySelectorAll('.pane')) {
      const title = pane.querySelector('.pane-header h3.title');
      if (!title || title.textContent.trim() !== paneTitle) continue;
      for (const row of pane.querySelectorAll('.monaco-list-row')) if (re.test(row.textContent ?? '')) return row;
    }
    return undefined;
  };
  const bench = {
    findRow,
    /** Times of the first frame that shows a row matching each spec; the start is the next mousedown (or now). */
    watch(specs, { startOnMouseDown = true } = {}) {
      const state = { start: startOnMouseDown ? null : performance.now(), found: {}, done: false };
      bench.current = state;
      if (startOnMouseDown)
        document.addEventListener(
          'mousedown',
          (e) => {
            if (state.start === null) state.start = e.timeStamp;
          },
          { capture: true, once: true },
        );
      const compiled = specs.map((s) => ({ ...s, re: new RegExp(s.re) }));
      const tick = () => {
        for (const s of compiled) if (!(s.key in state.found) && state.start !== null && findRow(s.pane, s.re)) state.found[s.key] = performance.now();
        if (Object.keys(state.found).length < compiled.length) requestAnimationFrame(tick);
        else state.done = true;
      };
      requestAnimationFrame(tick);
    },
  };
  window.__repodeskBench = bench;

  // Benchmark 1: from the first frame of every page load, the first repository row in Repositories.
  const load = { group: null, repo: null, activityBar: null };
  window.__repodeskLoad = load;
  const repoRow = /\b(ada|analytical-engines|charles)\/[\w.-]+/;
  const poll = () => {
    if (load.activityBar === null && document.querySelector('.monaco-workbench .part.activitybar')) load.activityBar = performance.now();
    if (load.group === null && findRow('Repositories', /Your repositories/)) load.group = performance.now();
    if (load.repo === null && findRow('Repositories', repoRow)) {
      load.repo = performance.now();
      load.repoEpoch = performance.timeOrigin + load.repo;
      load.repoText = findRow('Repositories', repoRow).textContent;
    }
    if (load.repo === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

export async function installHelpers(page) {
  await page.addInitScript(installPageHelpers);
}

export function pane(page, title) {
  return page.locator(`[id="${CONTAINER_ID}"] .pane`, { has: page.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`) }) }).first();
}

export async function row(page, paneTitle, text, timeout = 60_000) {
  const r = pane(page, paneTitle).locator('.monaco-list-row', { hasText: text }).first();
  await r.waitFor({ timeout });
  return r;
}

export async function openContainer(page) {
  const container = page.locator(`[id="${CONTAINER_ID}"]`);
  if (!(await container.isVisible())) await page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
  await container.waitFor({ state: 'visible', timeout: 60_000 });
  return container;
}

/** RepoDesk's Sign In button, "Sign in with a token", the token, Enter. */
export async function signInWithToken(page, token) {
  const container = await openContainer(page);
  const signIn = container.locator('.welcome-view-content').first().getByRole('button', { name: 'Sign In' });
  await signIn.waitFor({ timeout: 60_000 });
  await signIn.click();
  const choice = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Sign in with a token' });
  await choice.waitFor({ timeout: 30_000 });
  await choice.click();
  const input = page.locator('.quick-input-widget input[type=password], .quick-input-widget .quick-input-box input').first();
  await input.waitFor({ timeout: 30_000 });
  await input.fill(token);
  await page.keyboard.press('Enter');
}

/** Runs a command through the command palette (F1, its title, Enter). */
export async function runCommand(page, title) {
  const input = page.locator('.quick-input-widget .quick-input-box input').first();
  // A loaded workbench can drop the key (the palette stays closed): F1 again.
  for (let tries = 1; ; tries++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ timeout: 10_000 });
      break;
    } catch (err) {
      if (tries === 3) throw err;
    }
  }
  await input.fill(`>${title}`);
  const item = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
  await item.waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page
    .locator('.quick-input-widget')
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 })
    .catch(() => {});
}

/**
 * Starts watching for rows (specs: {key, pane, re}), runs `act` (a click: the
 * start is its mousedown), and returns ms from the start to each row's first frame.
 */
export async function timeRows(page, specs, act, { timeout = 120_000, startOnMouseDown = true } = {}) {
  await page.evaluate(installPageHelpers);
  await page.evaluate(([s, o]) => window.__repodeskBench.watch(s, o), [specs.map((s) => ({ ...s, re: s.re.source })), { startOnMouseDown }]);
  await act();
  try {
    await page.waitForFunction(() => window.__repodeskBench.current.done, undefined, { timeout, polling: 100 });
  } catch (err) {
    const found = await page.evaluate(() => window.__repodeskBench.current);
    throw new Error(`rows did not appear within ${timeout} ms (found so far: ${JSON.stringify(found)}): ${err.message}`);
  }
  const state = await page.evaluate(() => window.__repodeskBench.current);
  return Object.fromEntries(specs.map((s) => [s.key, Math.round(state.found[s.key] - state.start)]));
}

/** When (epoch ms) the last timeRows started: its mousedown. */
export async function lastStartEpoch(page) {
  return page.evaluate(() => performance.timeOrigin + window.__repodeskBench.current.start);
}

/** Sets a user setting through the Settings editor (the workbench's configuration service, as a user does). */
export async function setSetting(page, id, value) {
  await runCommand(page, 'Preferences: Open User Settings');
  const editor = page.locator('.settings-editor').first();
  await editor.waitFor({ timeout: 30_000 });
  const search = editor.locator('.settings-header .suggest-input-container').first();
  await search.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(id);
  // The row of that setting, titled from its key ("…: Refresh Interval Seconds").
  const title = id
    .split('.')
    .at(-1)
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (c) => c.toUpperCase());
  const input = editor.locator('.setting-item-contents', { hasText: title }).locator('input').first();
  await input.waitFor({ timeout: 30_000 });
  await input.fill(String(value));
  await input.press('Tab');
  await page.waitForTimeout(1000); // the editor writes after a short debounce
  await page.keyboard.press('Escape');
  await runCommand(page, 'View: Close Editor');
}
