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

/**
 * Shows RepoDesk's side bar. After a window reload VS Code draws it again by
 * itself a moment after its activity bar icon shows it active, and a click
 * then closes it: while the icon is active the side bar is waited for, while
 * it is not the icon is clicked (again if a click met the side bar being
 * restored), as a person does. A loaded machine can take minutes to load the
 * workbench: the bound is `timeoutMs`, then an error says what was missing.
 */
export async function openContainer(page, timeoutMs = 300_000) {
  const container = page.locator(`[id="${CONTAINER_ID}"]`);
  const item = page.locator('.part.activitybar .action-item', { has: page.locator('a[aria-label^="RepoDesk"]') }).first();
  const deadline = Date.now() + timeoutMs;
  for (let clicks = 0; !(await container.isVisible());) {
    const left = deadline - Date.now();
    if (left <= 0) {
      const icon = (await item.count()) ? `its activity bar icon shown (class "${await item.getAttribute('class')}")` : 'no RepoDesk icon in the activity bar';
      throw new Error(`RepoDesk's side bar (#${CONTAINER_ID}) not shown within ${timeoutMs / 1000} s of asking; ${clicks} clicks on its icon, ${icon}`);
    }
    // The icon comes with the extension's contributions, after the activity bar.
    const active = /\bchecked\b/.test((await item.getAttribute('class', { timeout: left }).catch(() => '')) ?? '');
    if (!active)
      await item
        .locator('a')
        .first()
        .click({ timeout: left })
        .then(
          () => clicks++,
          () => {},
        );
    await container.waitFor({ state: 'visible', timeout: Math.min(left, 15_000) }).catch(() => {});
  }
  return container;
}

/**
 * Clicks a repository's row until the Pull Requests view shows `pullLabel`
 * (a click during a redraw reaches a row whose command VS Code dropped; the
 * next one works, as for a person); that row.
 */
export async function selectRepository(page, repoRe, pullLabel) {
  for (let tries = 1; ; tries++) {
    await (await row(page, 'Repositories', repoRe, 120_000)).click();
    try {
      return await row(page, 'Pull Requests', pullLabel, 15_000);
    } catch (err) {
      if (tries < 5) continue;
      const shown = await pane(page, 'Pull Requests')
        .locator('.monaco-list-row')
        .allInnerTexts()
        .catch(() => []);
      const rows = shown.map((t) => t.replace(/\s+/g, ' ').trim()).join(' | ') || 'no rows';
      throw new Error(`no "${pullLabel}" in Pull Requests after ${tries} clicks on the row ${repoRe} (it shows: ${rows}): ${err.message.split('\n')[0]}`);
    }
  }
}

/** *View: Close All Editors*, then until the editor area shows no tab. */
export async function closeAllEditors(page) {
  await runCommand(page, 'View: Close All Editors');
  await page.locator('.part.editor .tabs-container .tab').first().waitFor({ state: 'detached', timeout: 60_000 });
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

/** A tree row expanded (or collapsed) by its twistie, as a person does, if it is not already. */
export async function expandRow(r, expanded = true) {
  if (((await r.getAttribute('aria-expanded')) === 'true') !== expanded) await r.locator('.monaco-tl-twistie').click();
}

/** Repositories' group of ada's own repositories. */
export const MY_REPOSITORIES = /Your repositories/;

/**
 * The demo's #1 row in Pull Requests (`label`, its start), its repository chosen in Repositories as a person does:
 * ada's own repositories folded first, for the organization's on screen (the tree draws the rows in view only, and
 * the short pane has room for a few). `floor`: a floor extension, which shows its row at once.
 */
export async function showDemoPull(page, floor, label) {
  await openContainer(page);
  if (floor) return row(page, 'Pull Requests', '#1 ', 120_000);
  const repositories = pane(page, 'Repositories');
  const openRepository = repositories.locator('.monaco-list-row[aria-level="2"][aria-expanded="true"]');
  // A fold that met a redraw, or a repository row left open, pushes difference-engine out of the short pane: the
  // rows are put back as wanted until it is drawn, as a person scrolling the pane would see (at most 5 times).
  for (let attempt = 1; ; attempt++) {
    await expandRow(await row(page, 'Repositories', MY_REPOSITORIES, 120_000), false);
    await expandRow(await row(page, 'Repositories', /^analytical-engines(\s*\d+)?$/, 120_000));
    for (let open = await openRepository.count(); open > 0; open--) await expandRow(openRepository.first(), false);
    const drawn = await repositories
      .locator('.monaco-list-row', { hasText: /^difference-engine/ })
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (drawn || attempt === 5) break;
  }
  return selectRepository(page, /^difference-engine/, label);
}
