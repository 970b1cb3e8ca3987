// Committing the workspace from the browser build (no disk, no git: the
// folder is read through VS Code's file system): after browserBuild.web.mjs
// (signed in), the window's folder holds a branch's files (one of them
// executable); README.md is edited and saved in the browser's editor, then
// committed from Git Refs' title bar to a new branch started from that
// branch. The preview lists only the edit (no mode change for the executable,
// nothing .gitignore leaves out), the message editor takes the message, and
// the service's new branch holds the edited README, the executable still
// 100755, and nothing ignored.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, forgetNotifications, restorePanes } from '../e2e/journeyChecks.mjs';
import { answerStep, apiAsAda, clickTitleAction, openAndSignIn, openPane, palette, row, typeStep } from '../e2e/sidebar.mjs';
import { activeDemoRepository, clearWorkspace, pick, writeBranchToWorkspace } from '../e2e/journeySteps.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const REPO_PATH = `/repos/${OWNER}/${REPO}`;
const SCRIPT = 'tools/tabulate.sh';

/** A branch made through the API from master with one executable file more: the start of the commit. */
async function branchWithScript(name) {
  const master = (await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/master`)).object.sha;
  const base = await apiAsAda('GET', `${REPO_PATH}/git/commits/${master}`);
  const tree = await apiAsAda('POST', `${REPO_PATH}/git/trees`, {
    base_tree: base.tree.sha,
    tree: [{ path: SCRIPT, mode: '100755', type: 'blob', content: '#!/bin/sh\nnode src/index.js "$@"\n' }],
  });
  const commit = await apiAsAda('POST', `${REPO_PATH}/git/commits`, { message: 'Add the tabulating script', tree: tree.sha, parents: [master] });
  await apiAsAda('POST', `${REPO_PATH}/git/refs`, { ref: `refs/heads/${name}`, sha: commit.sha });
  return commit.sha;
}

/** The branch's file at `file` on the service: its mode and text. */
async function heldFile(branch, file) {
  const ref = await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${branch}`);
  const commit = await apiAsAda('GET', `${REPO_PATH}/git/commits/${ref.object.sha}`);
  const tree = await apiAsAda('GET', `${REPO_PATH}/git/trees/${commit.tree.sha}?recursive=1`);
  const entry = tree.tree.find((e) => e.path === file);
  if (!entry) return undefined;
  const blob = await apiAsAda('GET', `${REPO_PATH}/git/blobs/${entry.sha}`);
  return { mode: entry.mode, text: Buffer.from(blob.content, 'base64').toString('utf8') };
}

const toast = (text) => session.page.locator('.notification-toast', { hasText: text });
const activeGroup = () => session.page.locator('.editor-group-container.active');
const titleAction = (label) => activeGroup().locator(`.editor-actions a[aria-label^="${label}"]`);

describe('RepoDesk in the browser: commit the workspace to a branch', () => {
  const id = Date.now().toString(36);
  const base = `web-base-${id}`;
  const branch = `web-commit-${id}`;
  let baseSha;

  before(async function () {
    this.timeout(60_000);
    baseSha = await branchWithScript(base);
    await writeBranchToWorkspace(base);
    // The Node template's .gitignore (on master) leaves logs out: this one must not be committed.
    fs.writeFileSync(path.join(session.workspaceDir, 'npm-debug.log'), 'left out by .gitignore\n');
  });
  after(async () => {
    clearWorkspace();
    // The RepoDesk container again, should the test have stopped in the Explorer.
    if (!(await session.page.locator('[id="workbench.view.extension.repodesk"]').isVisible()))
      await session.page.locator('.part.activitybar .action-item a[aria-label^="RepoDesk"]').first().click();
    for (const name of [branch, base]) await apiAsAda('DELETE', `${REPO_PATH}/git/refs/heads/${name}`).catch(() => undefined);
    await restorePanes();
  });

  it('README.md edited and saved in the browser, committed from Git Refs’ title bar to a new branch: only the edit is listed, and the branch holds it with the modes kept', async function () {
    this.timeout(180_000);
    const { page } = session;
    await palette('View: Close All Editors');
    await forgetNotifications(page);

    // The edit, in the browser's editor: README.md opened from the Explorer, a line typed after its last line, saved.
    const original = fs.readFileSync(path.join(session.workspaceDir, 'README.md'), 'utf8');
    assert.ok(original.endsWith('\n'), 'the README ends with a line end, so the cursor at its end is on an empty line');
    const added = 'Edited in the browser and committed through the workspace file system.';
    await page.locator('.part.activitybar .action-item a[aria-label^="Explorer"]').first().click();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' }).first().click({ timeout: 30_000 });
    await activeGroup().locator('.tabs-container .tab.active', { hasText: 'README.md' }).waitFor({ timeout: 15_000 });
    await activeGroup().locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`\n${added}\n`);
    await page.keyboard.press('Control+s');
    await activeGroup().locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
    const readme = `${original}\n${added}\n`;

    // The commit, from Git Refs' title bar, to a new branch started from the base.
    await openAndSignIn();
    await activeDemoRepository({ closeAfter: true });
    await openPane('Git Refs');
    await clickTitleAction('Git Refs', 'Commit Workspace to Branch');
    await typeStep(`Commit Workspace to ${OWNER}/${REPO}: branch`);
    await pick('New Branch');
    await answerStep('New branch: name', branch);
    await typeStep(`New branch ${branch}: start from`);
    // No git in the browser: the workspace is on no branch, and master is offered; the base is typed instead.
    await page
      .locator('.quick-input-widget .quick-input-message', { hasText: 'Offered: master, the default branch (the workspace is on no branch).' })
      .waitFor();
    await answerStep(`New branch ${branch}: start from`, base);

    const preview = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: 'Commit the workspace to' }) });
    await preview.waitFor({ timeout: 30_000 });
    const rows = preview.locator('.monaco-list-row');
    await rows.filter({ hasText: 'README.md' }).first().waitFor();
    const listed = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.match(listed[0], new RegExp(`Commit 1 Change to ${OWNER}/${REPO}:${branch}…`));
    assert.ok(listed[0].includes(`Base: ${base} (${baseSha.slice(0, 7)})`), listed[0]);
    // Only the edit: the executable script keeps its mode, the ignored log is not added.
    assert.equal(listed.length, 2, `one change: ${listed.join(' | ')}`);
    assert.match(listed[1], /^README\.md\s*modified\b/);
    console.log(`      screenshot: ${await screenshot('web-commit-preview')}`);
    await rows
      .filter({ hasText: /^\s*Commit 1 Change/ })
      .first()
      .click();

    await activeGroup()
      .locator('.tabs-container .tab.active', { hasText: `Commit message: ${branch}` })
      .waitFor({ timeout: 15_000 });
    await activeGroup().locator('.monaco-editor').first().click();
    await page.keyboard.type('Note where the README was edited\n\nWritten in the browser.');
    await titleAction('Use This Message').click();
    const done = toast(`Committed 1 change to ${branch} as`);
    await done.waitFor({ timeout: 30_000 });
    const sha = (await done.innerText()).match(/as ([0-9a-f]{7})/)?.[1];
    assert.ok(sha, 'the notification names the commit');
    await row('Git Refs', new RegExp(`^${branch}\\s*${sha}`), 15_000);

    // The service: the new branch on the base, its README the saved text, the script still executable, no log.
    const ref = await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${branch}`);
    assert.ok(ref.object.sha.startsWith(sha));
    const commit = await apiAsAda('GET', `${REPO_PATH}/git/commits/${ref.object.sha}`);
    assert.deepEqual([commit.message, commit.parents.map((p) => p.sha)], ['Note where the README was edited\n\nWritten in the browser.', [baseSha]]);
    assert.deepEqual(await heldFile(branch, 'README.md'), { mode: '100644', text: readme });
    assert.equal((await heldFile(branch, SCRIPT))?.mode, '100755');
    assert.equal(await heldFile(branch, 'npm-debug.log'), undefined);

    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('web-commit-done')}`);
    await expectCleanScreen(page);
  });
});
