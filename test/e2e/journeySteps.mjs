// Steps the UI journeys share (test/e2e and the browser build's test/web):
// a tree row opened or closed by its twistie, a quick pick's row picked, the
// demo repository made the active one, the demo pull request's row and a
// file's diff opened from it, a new thread written on a line of a diff, a
// local webhook receiver, a webhook made and pinged from its rows, a
// workspace file uploaded as a release's asset, and the engagement service's
// API as ada for the assertions.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { session } from '../harness/e2eSession.mjs';
import { answerStep, apiAsAda, clickTitleAction, closePane, giveRoomTo, openPane, pane, row, typeStep } from './sidebar.mjs';

/** Opens a tree row by its twistie unless it is open. */
export async function expand(r) {
  if ((await r.getAttribute('aria-expanded')) !== 'true') await r.locator('.monaco-tl-twistie').click();
}

/** Closes a tree row by its twistie if it is open. */
export async function collapse(r) {
  if ((await r.getAttribute('aria-expanded')) === 'true') await r.locator('.monaco-tl-twistie').click();
}

/** Picks the quick pick's row whose label is `label` (a click, as a person does). */
export async function pick(label) {
  await session.page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first().click();
}

/** Makes analytical-engines/difference-engine the active repository by a click on its row; `closeAfter` closes Repositories to give the others room. */
export async function activeDemoRepository({ closeAfter = false } = {}) {
  await openPane('Repositories');
  await expand(await row('Repositories', /^analytical-engines(\s*\d+)?$/));
  await (await row('Repositories', /^difference-engine/)).click();
  if (closeAfter) await closePane('Repositories');
}

/** The Pull Requests row of the demo's #1, its repository made active by a click (Repositories given the room first). */
export async function openDemoPull() {
  await giveRoomTo('Repositories');
  await expand(await row('Repositories', /^analytical-engines(\s*\d+)?$/));
  await (await row('Repositories', /^difference-engine/)).click();
  await openPane('Pull Requests');
  await showOpenPulls();
  return row('Pull Requests', '#1 Tabulate polynomials');
}

/**
 * The Pull Requests view lists the open pull requests, as on a fresh window: a filter another test left on
 * another state (one that failed half-way through its steps) is set back to open through the view's Filter
 * button, so that a journey does not wait for a row the filter hides. The pane must be open (its buttons show).
 */
export async function showOpenPulls() {
  const header = pane('Pull Requests').locator('.pane-header').first();
  // The view's description is the filter's line (describePullFilter): `open · created desc` on a fresh window.
  const open = /\bopen · /;
  if (open.test(await header.innerText())) return;
  console.log(`      the Pull Requests filter was not open (${(await header.innerText()).replace(/\s+/g, ' ')}): set back to open`);
  if (await session.page.locator('.quick-input-widget').isVisible()) await session.page.keyboard.press('Escape');
  await clickTitleAction('Pull Requests', 'Filter Pull Requests');
  await answerStep('(1/5)', 'open');
  for (const step of ['(2/5)', '(3/5)', '(4/5)', '(5/5)']) await answerStep(step);
  await header.filter({ hasText: open }).waitFor({ timeout: 15_000 });
}

/**
 * The diff of one of #1's changed files (`file`: its row's name), opened by a
 * click on its row under Changed files; with `drawnLine`, once that line
 * number of the head side is drawn; with `thread`, once a thread holding that
 * text is drawn.
 */
export async function openDemoPullFile(file, { drawnLine, thread } = {}) {
  await expand(await openDemoPull());
  await expand(await row('Pull Requests', 'Changed files'));
  await (await row('Pull Requests', new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).click();
  const diff = session.page.locator('.monaco-diff-editor').first();
  await diff.waitFor({ timeout: 30_000 });
  if (drawnLine !== undefined)
    await diff
      .locator('.editor.modified .margin-view-overlays .line-numbers', { hasText: new RegExp(`^${drawnLine}$`) })
      .first()
      .waitFor({ timeout: 30_000 });
  // A thread the service holds on the file, drawn: VS Code adds the threads' widgets between the lines, moving
  // them, so a person waits for them before clicking a line's +.
  if (thread !== undefined) await diff.locator('.review-widget', { hasText: thread }).first().waitFor({ timeout: 30_000 });
  return diff;
}

/**
 * A point on a line of text of `editor` drawn inside `view` (a box) and not under anything else, so that the
 * wheel there scrolls the editor; the view's middle when there is none.
 */
export async function lineInSight(editor, view) {
  const point = await editor.evaluate((root, v) => {
    // The editor's own lines, not those of a comment box in a thread's widget.
    const own = root.querySelector('.monaco-editor');
    for (const line of root.querySelectorAll('.view-lines .view-line')) {
      if (line.closest('.monaco-editor') !== own) continue;
      const b = line.getBoundingClientRect();
      const at = { x: b.left + 40, y: b.top + b.height / 2 };
      if (b.top >= v.y && b.bottom <= v.y + v.height && line.contains(globalThis.document.elementFromPoint(at.x, at.y))) return at;
    }
    return null;
  }, view);
  return point ?? { x: view.x + view.width / 2, y: view.y + view.height / 2 };
}

/**
 * A new thread on a line of the head side: the gutter's +, the text typed,
 * the thread's button clicked (`button`: Add to Review while a review is
 * pending), then the thread drawn with `mark` (Pending, or Queued when the
 * service did not answer).
 */
export async function writeThread(diff, line, text, { button = 'Add to Review', mark = 'Pending' } = {}) {
  const { page } = session;
  const modified = diff.locator('.editor.modified');
  const number = modified.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${line}$`) }).first();
  // Scrolled into sight with the mouse wheel, as a person would (the threads above take room): down while
  // the line is below the view or not drawn yet below it, up when the first line drawn is past it. The
  // editor is measured again at each step (the Comments panel may open and shrink it), below the lines
  // sticky scroll pins over its top, and the wheel turns over a line of text in sight (a thread's widget
  // takes the wheel for itself).
  const drawn = modified.locator('.margin-view-overlays .line-numbers');
  await drawn.first().waitFor();
  const drawnLines = async () => (await drawn.allInnerTexts()).map((t) => Number.parseInt(t, 10)).filter((n) => n > 0);
  const measure = async () => {
    const editor = await modified.boundingBox();
    const pinned = modified.locator('.sticky-widget').first();
    const sticky = (await pinned.count()) ? await pinned.boundingBox() : null;
    const top = sticky && sticky.height > 0 ? sticky.y + sticky.height : editor.y;
    return { x: editor.x, y: top, width: editor.width, height: editor.y + editor.height - top };
  };
  let view;
  for (let i = 0; i < 20; i++) {
    view = await measure();
    const box = (await number.count()) ? await number.boundingBox() : null;
    if (box && box.y >= view.y && box.y + box.height < view.y + view.height - 20) break;
    const first = Math.min(...(await drawnLines()));
    const up = box ? box.y < view.y : first > line;
    const over = await lineInSight(modified, view);
    await page.mouse.move(over.x, over.y);
    await page.mouse.wheel(0, up ? -120 : 120);
    // The editor draws the scrolled lines on the next frames (an event, not a time).
    await page.evaluate(() => new Promise((resolve) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(resolve))));
  }
  const at = (await number.count()) ? await number.boundingBox() : null;
  assert.ok(
    at && at.y >= view.y && at.y + at.height <= view.y + view.height,
    `line ${line} is on screen in the diff (${Math.round(view.y)}–${Math.round(view.y + view.height)} px): the lines drawn are ${(await drawnLines()).join(', ') || 'none'}, line ${line} at ${at ? `${Math.round(at.y)} px` : 'none'}`,
  );
  await page.mouse.move(at.x + at.width + 9, at.y + at.height / 2);
  await modified.locator('.margin-view-overlays .comment-diff-added').first().waitFor({ timeout: 10_000 });
  await page.mouse.click(at.x + at.width + 9, at.y + at.height / 2);
  const box = page
    .locator('.review-widget', { has: page.locator('.comment-form .monaco-editor') })
    .filter({ hasNotText: 'second differences' })
    .filter({ hasNotText: 'Pending' })
    .first();
  const editor = box.locator('.comment-form .monaco-editor').first();
  await editor.waitFor({ timeout: 15_000 });
  await editor.click();
  await page.keyboard.type(text);
  await box
    .locator('.monaco-button', { hasText: new RegExp(`^\\s*${button}\\s*$`) })
    .first()
    .click();
  // Drawn as a draft on its line.
  await page.locator('.review-widget', { hasText: text }).filter({ hasText: mark }).first().waitFor({ timeout: 30_000 });
}

/** Discard Review from #1's row menu, confirmed: the status bar's pending count goes. */
export async function discardReview() {
  const { page } = session;
  const pr = await openDemoPull();
  await pr.click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: 'Discard Review' }).first();
  await item.click();
  const discard = page.locator('.monaco-dialog-box').getByRole('button', { name: 'Discard' });
  // A click that lands while the menu is still being drawn goes unanswered (CI: the menu stayed, the item
  // highlighted): the highlighted item is then chosen with the keyboard, as a person would.
  const asked = await discard.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!asked && (await item.isVisible())) await page.keyboard.press('Enter');
  await discard.click();
  await session.page.locator('.statusbar-item', { hasText: 'pending' }).first().waitFor({ state: 'hidden', timeout: 15_000 });
}

/** A receiver on this machine that answers every webhook delivery 200; `url` ends with `path`. */
export async function startHookReceiver(path) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('thanks'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The New Webhook wizard, opened from the Webhooks row's inline button: a web
 * hook to `url`, JSON, no secret, the certificate checked, the push event.
 * `beforeUrl` runs at the payload URL step, before the URL is given.
 */
export async function makeWebhook(hooksRow, url, beforeUrl = async () => {}) {
  const { page } = session;
  await hooksRow.hover();
  await hooksRow.locator('.actions a[aria-label^="New Webhook"]').click();
  // Its count of steps is a range while the service is not chosen (the services ask for different numbers of fields).
  await typeStep('New Webhook (1/');
  await pick('web');
  await beforeUrl();
  await answerStep('(2/6): Payload URL', url);
  await typeStep('(3/6): Content type');
  await pick('JSON');
  await typeStep('(4/6): Secret');
  await pick('No secret');
  await typeStep('(5/6): Check the receiver');
  await pick('Yes');
  await typeStep('(6/6): Events');
  await page.keyboard.press('Enter');
}

/**
 * Ping Webhook on the row of the hook to `url`, until the outcome is said:
 * the row is drawn again when the list read after the create comes back, a
 * click meanwhile can land on the row being replaced, and a person clicks
 * again when nothing started.
 */
export async function pingWebhook(url) {
  const { page } = session;
  const pinging = page.locator('.notifications-toasts .notification-toast', { hasText: /Pinging|Ping / }).first();
  for (let attempt = 0; attempt < 3 && !(await pinging.isVisible()); attempt++) {
    const current = await row('Repositories', url);
    await current.hover();
    await current.locator('.actions a[aria-label^="Ping Webhook"]').click();
    await pinging.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  // Whatever the outcome, it is said: read it. VS Code shows a few toasts at a time (older ones can hide a new
  // one); the notification centre lists them all, so it is read there when the progress ends with no toast of it.
  const outcomeText = /Ping (delivered to|sent to|to .* failed)/;
  const outcome = page.locator('.notifications-toasts .notification-toast', { hasText: outcomeText }).first();
  const progress = page.locator('.notifications-toasts .notification-toast', { hasText: 'Pinging' }).first();
  await Promise.race([outcome.waitFor({ timeout: 40_000 }), progress.waitFor({ state: 'hidden', timeout: 40_000 })]).catch(() => undefined);
  let said;
  if (await outcome.isVisible()) said = await outcome.innerText();
  else {
    await page.locator('[id="status.notifications"]').first().click();
    const center = page.locator('.notifications-center');
    const row = center.locator('.monaco-list-row', { hasText: outcomeText }).first();
    said = await row.waitFor({ timeout: 40_000 }).then(
      () => row.innerText(),
      async () => `no outcome shown; the notification centre holds: ${JSON.stringify(await center.locator('.monaco-list-row').allInnerTexts())}`,
    );
    await page.locator('[id="status.notifications"]').first().click();
  }
  assert.match(said.replace(/\s+/g, ' '), /Ping delivered to .*200/);
}

/**
 * Upload Release Asset… on the release's row, the workspace file `name`
 * chosen in the file dialog; returns the asset's row under the release.
 */
export async function uploadAsset(release, name) {
  const { page } = session;
  const releaseRow = await row('Releases', release.name || release.tag_name);
  await releaseRow.hover();
  await releaseRow.locator('.actions a[aria-label^="Upload Release Asset"]').click();
  // The file dialog opens on the workspace folder: the file's row clicked.
  const dialog = page.locator('.quick-input-widget', { hasText: `Upload an asset to ${release.tag_name}` });
  await dialog.locator('.monaco-list-row', { hasText: name }).first().click({ timeout: 15_000 });
  // A click on a file's row chooses it (the dialog closes); should it only fill the path, Upload does.
  const chosen = await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!chosen) await dialog.locator('.monaco-button', { hasText: 'Upload' }).first().click();
  // The release's row is drawn again once it has the asset (a row without assets has no twistie): a click on
  // its twistie meanwhile can land on another row that the list drew in that place. A person looks, and
  // opens the group and the release again.
  const asset = pane('Releases').locator('.monaco-list-row', { hasText: name }).first();
  for (let attempt = 0; attempt < 3; attempt++) {
    await expand(await row('Releases', release.draft ? /^Drafts/ : release.prerelease ? /^Prereleases/ : /^Published/));
    await expand(await row('Releases', release.name || release.tag_name));
    if (
      await asset.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
  return row('Releases', name, 30_000);
}

/** The engagement service's v2 API as ada (its three credentials), for the assertions. */
export async function engagementAsAda(route) {
  const auth = await (
    await fetch(`${session.emulatorUrl}/api/v2/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' }),
    })
  ).json();
  const sep = route.includes('?') ? '&' : '?';
  return (await fetch(`${session.emulatorUrl}/api/v2${route}${sep}access_token=${auth.access_token}`)).json();
}

/**
 * A tag made by clicks: Create Tag… from the Git Refs title bar, named
 * `<prefix>-<time>`, from master (a start is offered); returns its name once it shows under Tags
 * and the service has it at master's commit.
 */
export async function createTagFromMaster(prefix) {
  const repo = '/repos/analytical-engines/difference-engine';
  await activeDemoRepository({ closeAfter: true });
  await openPane('Git Refs');
  const tag = `${prefix}-${Date.now().toString(36)}`;
  const tagsBefore = Number((await (await row('Git Refs', /^Tags/)).innerText()).match(/\d+/)?.[0] ?? 0);
  await clickTitleAction('Git Refs', 'Create Tag');
  await answerStep('New tag (1/2): name', tag);
  // The from step offers a start, as the commit wizard does (the workspace's branch, else the default branch), and says which.
  await typeStep('New tag (2/2): from');
  const offered = session.page.locator('.quick-input-widget .quick-input-message', { hasText: 'Offered:' }).first();
  await offered.waitFor({ timeout: 15_000 });
  const start = (await offered.innerText()).match(/Offered: (\S+?),/)?.[1];
  assert.equal(await session.page.locator('.quick-input-widget input.input').first().inputValue(), start);
  await answerStep('New tag (2/2): from', 'master');
  // Tags counts the new tag once the write's answer is shown; opened then (a
  // click while the list was being redrawn could be undone by the redraw).
  const tags = await row('Git Refs', new RegExp(`^Tags\\s*${tagsBefore + 1}\\b`));
  await expand(tags);
  await row('Git Refs', tag, 15_000);
  const master = await apiAsAda('GET', `${repo}/git/refs/heads/master`);
  const made = await apiAsAda('GET', `${repo}/git/refs/tags/${tag}`);
  assert.equal(made.object.sha, master.object.sha);
  return tag;
}

/** Empties the window's folder (the suites share it). */
export function clearWorkspace() {
  for (const entry of fs.readdirSync(session.workspaceDir)) fs.rmSync(path.join(session.workspaceDir, entry), { recursive: true, force: true });
}

/** The window's folder emptied, then holding `branch` of the demo repository as the service has it (modes too): a checkout without git. */
export async function writeBranchToWorkspace(branch) {
  const repo = '/repos/analytical-engines/difference-engine';
  clearWorkspace();
  const head = await apiAsAda('GET', `${repo}/git/refs/heads/${branch}`);
  const commit = await apiAsAda('GET', `${repo}/git/commits/${head.object.sha}`);
  const tree = await apiAsAda('GET', `${repo}/git/trees/${commit.tree.sha}?recursive=1`);
  for (const entry of tree.tree.filter((e) => e.type === 'blob')) {
    const blob = await apiAsAda('GET', `${repo}/git/blobs/${entry.sha}`);
    const file = path.join(session.workspaceDir, entry.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(blob.content, 'base64'), { mode: entry.mode === '100755' ? 0o755 : 0o644 });
  }
}
