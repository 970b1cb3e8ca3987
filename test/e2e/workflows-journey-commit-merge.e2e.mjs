// Journeys walked by clicking, as a person does: a workspace checked out on
// gear-train (a branch of analytical-engines/difference-engine) commits a new
// file to a new branch from the Git Refs title bar (the start offered is
// gear-train, the preview says the base and how far it is from master),
// opens a pull request from the notification on the Create Pull Request
// form (title and description from the commit), and merges it from its
// overview with the message editor: the tab named for what it is, only
// RepoDesk's ✓, an empty message refused, a closed tab cancelling with the
// text kept and back on the next try. Each step checks the screen and the
// service. Screenshots in test-results/journey-*.png.
/* global describe, it, before, after */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, forgetNotifications, said } from './journeyChecks.mjs';
import { clearWorkspace, writeBranchToWorkspace } from './journeySteps.mjs';
import { apiAsAda, clickRowLabel, clickTitleAction, openAndSignIn, openPane, palette, pane, reloadWindow, row, typeStep } from './sidebar.mjs';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const REPO_PATH = `/repos/${OWNER}/${REPO}`;
const NEW_FILE = 'docs/gear-ratios.md';

/** The folder as a checkout of gear-train: its files from the service, a git repository on that branch with the service as origin. */
async function checkOutGearTrain() {
  await writeBranchToWorkspace('gear-train');
  const git = (...args) => {
    const r = spawnSync('git', args, { cwd: session.workspaceDir, encoding: 'utf8' });
    assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  };
  git('init', '--quiet', '--initial-branch=gear-train');
  git('remote', 'add', 'origin', `${session.emulatorUrl}/${OWNER}/${REPO}.git`);
}

/** gear-train's commits ahead of and behind master, as git itself counts them in the emulator's repository. */
async function gitAheadBehind() {
  const { id } = await apiAsAda('GET', REPO_PATH);
  const r = spawnSync(
    'git',
    ['--git-dir', path.join(session.emulatorDataDir, 'git', `${id}.git`), 'rev-list', '--left-right', '--count', 'gear-train...master'],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const [ahead, behind] = r.stdout.trim().split(/\s+/).map(Number);
  return { ahead, behind };
}

const toast = (text) => session.page.locator('.notification-toast', { hasText: text });

const activeGroup = () => session.page.locator('.editor-group-container.active');
const titleAction = (label) => activeGroup().locator(`.editor-actions a[aria-label^="${label}"]`);

/** The message editor's text as drawn. */
async function editorText() {
  return (await activeGroup().locator('.monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
}

/** Checks the message editor that just opened: its tab, only RepoDesk's ✓ and ✕ in its title bar. */
async function expectMessageEditor(title) {
  await activeGroup().locator('.tabs-container .tab.active', { hasText: title }).waitFor({ timeout: 15_000 });
  await titleAction('Use This Message').waitFor();
  await titleAction('Cancel (the Message Is Kept)').waitFor();
  assert.equal(
    await activeGroup().locator('.editor-actions a[aria-label*="Accept Commit Message"], .editor-actions a[aria-label*="Discard Commit Message"]').count(),
    0,
    "no action of the git extension in the editor's title bar",
  );
  assert.equal(await activeGroup().locator('.tabs-container .tab', { hasText: 'Untitled' }).count(), 0);
}

/** Signed in as ada, also in a window just opened (whose Repositories view may not have drawn its Sign In button yet). */
async function signedIn() {
  await openAndSignIn();
  const repositories = pane('Repositories');
  await repositories.locator('.monaco-list-row, .welcome-view-content').first().waitFor({ timeout: 30_000 });
  if (await repositories.locator('.welcome-view-content').first().isVisible()) await openAndSignIn();
}

/** Commit Workspace to Branch from the Git Refs title bar (or `started` otherwise), by clicks, up to its preview: a new branch `name` from gear-train. */
async function commitToPreview(name, { started = false } = {}) {
  const { page } = session;
  if (!started) {
    await openPane('Git Refs');
    await clickTitleAction('Git Refs', 'Commit Workspace to Branch');
  }
  await typeStep(`Commit Workspace to ${OWNER}/${REPO}: branch`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'New Branch' }).first().click();
  await typeStep('New branch: name', name);
  await page.keyboard.press('Enter');
  await typeStep(`New branch ${name}: start from`);
  await page.keyboard.press('Enter');
  const preview = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: 'Commit the workspace to' }) });
  await preview.waitFor({ timeout: 30_000 });
  return preview;
}

describe('Journey: commit the workspace to a new branch, open a pull request, merge it with the message editor', () => {
  const branch = `gear-ratios-${Date.now().toString(36)}`;
  let pullNumber;
  let gearTrainSha;

  before(async function () {
    this.timeout(60_000);
    await checkOutGearTrain();
    fs.writeFileSync(path.join(session.workspaceDir, NEW_FILE), '# Gear ratios\n\nThe train turns the figure wheels ten to one.\n');
    gearTrainSha = (await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/gear-train`)).object.sha;
  });
  after(() => clearWorkspace());

  it("commits the workspace to a new branch that starts from the workspace's branch (gear-train), with the base and its distance in the preview", async function () {
    this.timeout(120_000);
    const { page } = session;
    await signedIn();
    await palette('View: Close All Editors');
    await forgetNotifications(page);
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();
    await openPane('Git Refs');
    await clickTitleAction('Git Refs', 'Commit Workspace to Branch');

    await typeStep(`Commit Workspace to ${OWNER}/${REPO}: branch`);
    const workspaceRow = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'gear-train' }).first();
    assert.match(await workspaceRow.innerText(), /the workspace's branch/);
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'New Branch' }).first().click();

    // A name git refuses is refused in the box, before anything is sent.
    await typeStep('New branch: name', `${branch}..x`);
    await page
      .locator('.quick-input-widget .quick-input-message', { hasText: 'Git refuses this branch name: it holds ".." or "@{"' })
      .waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await typeStep('New branch: name', '-dash');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'it starts with "-"' }).waitFor({ timeout: 10_000 });
    await typeStep('New branch: name', branch);
    await page.keyboard.press('Enter');

    await typeStep(`New branch ${branch}: start from`);
    const input = page.locator('.quick-input-widget input.input').first();
    assert.equal(await input.inputValue(), 'gear-train', "the start offered is the workspace's branch");
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'Offered: gear-train, the branch the workspace is on.' }).waitFor();
    await page.keyboard.press('Enter');

    const preview = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: 'Commit the workspace to' }) });
    await preview.waitFor({ timeout: 30_000 });
    const rows = preview.locator('.monaco-list-row');
    await rows.filter({ hasText: NEW_FILE }).first().waitFor();
    const listed = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.match(listed[0], new RegExp(`Commit 1 Change to ${OWNER}/${REPO}:${branch}…`));
    const { ahead, behind } = await gitAheadBehind();
    assert.ok(
      listed[0].includes(`Base: gear-train (${gearTrainSha.slice(0, 7)}), ${ahead} commits ahead of and ${behind} commits behind master.`),
      `${listed[0]} (git: ${ahead} ahead, ${behind} behind)`,
    );
    // One row per change (the separator "Changes" is drawn in the first change's row).
    assert.equal(listed.length, 2, `only the workspace's own change, nothing of gear-train reverted: ${listed.join(' | ')}`);
    assert.match(listed[1], /^docs\/gear-ratios\.md\s*added\b/);
    console.log(`      screenshot: ${await screenshot('journey-commit-preview')}`);
    await rows
      .filter({ hasText: /^\s*Commit 1 Change/ })
      .first()
      .click();

    // The message editor: its own tab and ✓; an empty message is refused there.
    await expectMessageEditor(`Commit message: ${branch}`);
    await titleAction('Use This Message').click();
    await toast('The commit message is empty: write at least its first line').waitFor({ timeout: 10_000 });
    await expectMessageEditor(`Commit message: ${branch}`);
    await assert.rejects(apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${branch}`), /404/, 'nothing was sent');
    await activeGroup().locator('.monaco-editor').first().click();
    await page.keyboard.type('Write down the gear ratios\n\nTen to one between the figure wheels.');
    console.log(`      screenshot: ${await screenshot('journey-commit-message-editor')}`);
    await titleAction('Use This Message').click();
    // Its button is clicked below: the toast's (its message editor's notification went long before, so this one and
    // the commit's progress are the only two toasts of the last moment).
    const done = toast(`Committed 1 change to ${branch} as`);
    await done.waitFor({ timeout: 30_000 });
    const sha = (await done.innerText()).match(/as ([0-9a-f]{7})/)?.[1];
    assert.ok(sha, 'the notification names the commit');
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Commit message:' }).count(), 0, 'the editor is gone');

    const ref = await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${branch}`);
    assert.ok(ref.object.sha.startsWith(sha));
    const commit = await apiAsAda('GET', `${REPO_PATH}/git/commits/${ref.object.sha}`);
    assert.deepEqual(
      [commit.message, commit.parents.map((p) => p.sha)],
      ['Write down the gear ratios\n\nTen to one between the figure wheels.', [gearTrainSha]],
    );

    // A pull request from the notification's button, into gear-train: the form, its head the new branch.
    await done.getByRole('button', { name: 'Create Pull Request…' }).click();
    const form = page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
    await form.locator('h1', { hasText: `Create a pull request in ${OWNER}/${REPO}` }).waitFor({ timeout: 30_000 });
    assert.equal(await form.getByLabel('Head (the branch with the changes)').inputValue(), branch, 'the head is the branch just committed to');
    await form.getByLabel('Base (where the changes go)').selectOption('gear-train');
    await form.locator('#compare', { hasText: 'Commits ahead of gear-train: 1. Commits behind: 0.' }).waitFor({ timeout: 30_000 });
    assert.equal(await form.getByLabel('Title').inputValue(), 'Write down the gear ratios', "the title is the commit's summary");
    assert.equal(await form.locator('#body').inputValue(), 'Ten to one between the figure wheels.', "the description is the commit's body");
    console.log(`      screenshot: ${await screenshot('journey-commit-pull-form')}`);
    await form.getByRole('button', { name: 'Create Pull Request' }).click();
    const created = toast(/Created pull request #\d+\./);
    await created.waitFor({ timeout: 30_000 });
    pullNumber = Number((await created.innerText()).match(/#(\d+)/)[1]);
    // The form turned into the pull request's overview.
    await form.locator('h1', { hasText: 'Write down the gear ratios' }).waitFor({ timeout: 30_000 });
    const pull = await apiAsAda('GET', `${REPO_PATH}/pulls/${pullNumber}`);
    assert.deepEqual(
      [pull.state, pull.head.ref, pull.base.ref, pull.title, pull.body],
      ['open', branch, 'gear-train', 'Write down the gear ratios', 'Ten to one between the figure wheels.'],
    );
    await openPane('Pull Requests');
    await row('Pull Requests', `#${pullNumber} Write down the gear ratios`);
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-commit-pull-created')}`);
    await expectCleanScreen(page);
  });

  it('merges the pull request from its overview with the message editor: a closed tab cancels with the text kept, the text comes back, ✓ merges', async function () {
    this.timeout(120_000);
    assert.ok(pullNumber, 'the pull request of the first journey');
    const { page } = session;
    await palette('View: Close All Editors');
    await forgetNotifications(page);
    await openPane('Pull Requests');
    await clickRowLabel(await row('Pull Requests', `#${pullNumber} Write down the gear ratios`));
    const overview = page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
    await overview.locator('h1', { hasText: 'Write down the gear ratios' }).waitFor({ timeout: 30_000 });
    await overview.locator('vscode-button', { hasText: 'Merge…' }).click();

    await expectMessageEditor(`Merge message: #${pullNumber}`);
    assert.match(await editorText(), /^Write down the gear ratios/, 'the suggested message starts with the title');
    await activeGroup().locator('.monaco-editor').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nChecked against the drawings.');
    // Closed from its tab: cancelled, said, the text kept.
    await activeGroup().locator('.tabs-container .tab.active .tab-actions a[aria-label^="Close"]').click();
    await toast(`Merge cancelled: #${pullNumber} was not merged. Your text is kept`).waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no question where to save it');
    assert.equal((await apiAsAda('GET', `${REPO_PATH}/pulls/${pullNumber}`)).merged, false);
    console.log(`      screenshot: ${await screenshot('journey-merge-cancelled')}`);

    await overview.locator('vscode-button', { hasText: 'Merge…' }).click();
    await expectMessageEditor(`Merge message: #${pullNumber}`);
    await toast('Your earlier text is back in the editor.').waitFor({ timeout: 10_000 });
    assert.match(await editorText(), /Checked against the drawings\./, 'the kept text is back');
    await titleAction('Use This Message').click();
    await overview.locator('.state-badge', { hasText: 'Merged' }).waitFor({ timeout: 30_000 });
    await said(session.page, `Merged #${pullNumber}.`);
    const pull = await apiAsAda('GET', `${REPO_PATH}/pulls/${pullNumber}`);
    assert.equal(pull.merged, true);
    const merge = await apiAsAda('GET', `${REPO_PATH}/git/commits/${pull.merge_commit_sha}`);
    assert.match(merge.message, /Checked against the drawings\./);
    assert.equal((await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/gear-train`)).object.sha, pull.merge_commit_sha, 'gear-train holds the merge');
    await overview.locator('.state-badge', { hasText: 'Merged' }).waitFor({ timeout: 30_000 });
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-merge-merged')}`);
    await expectCleanScreen(page);
  });

  it('a window reload while a merge message is being written: nothing merged, the tab back with its text, saved without an error; its ✓ is Merge… again with the text', async function () {
    this.timeout(120_000);
    const { page } = session;
    await palette('View: Close All Editors');
    await forgetNotifications(page);
    await openPane('Pull Requests');
    await clickRowLabel(await row('Pull Requests', '#1 Tabulate polynomials'));
    const overview = () => page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
    await overview().locator('h1', { hasText: 'Tabulate polynomials by the method of differences' }).waitFor({ timeout: 30_000 });
    await overview().locator('vscode-button', { hasText: 'Merge…' }).click();
    await expectMessageEditor('Merge message: #1');
    await activeGroup().locator('.monaco-editor').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Written before the reload');
    // The reload is not a step of RepoDesk's: from the palette.
    await reloadWindow();
    await toast(
      'The window reloaded while “Merge message: #1” was being written: nothing was sent. Its text is kept: Merge #1 Again… starts again with it.',
    ).waitFor({ timeout: 60_000 });
    assert.equal((await apiAsAda('GET', `${REPO_PATH}/pulls/1`)).merged, false);
    // VS Code restores the tab; typed in, then the focus moved away: saved (files.autoSave onFocusChange), no error.
    const tab = page.locator('.tabs-container .tab', { hasText: 'Merge message: #1' });
    await tab.click();
    await expectMessageEditor('Merge message: #1');
    assert.match(await editorText(), /^Written before the reload/, 'the text written before the reload is in the restored tab');
    await activeGroup().locator('.monaco-editor').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', and after it');
    await (await row('Pull Requests', '#1 Tabulate polynomials')).click();
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Merge message: #1' }).waitFor({ state: 'detached', timeout: 15_000 }); // saved
    assert.equal(await page.locator('.notification-toast', { hasText: 'Unable to write file' }).count(), 0);
    // The click opened #1's overview: a person waits for it before going back to the message (a page that opens
    // late takes the front again).
    await page.locator('.tabs-container .tab.active', { hasText: '#1 Tabulate polynomials' }).first().waitFor({ timeout: 60_000 });
    await overview().locator('h1', { hasText: 'Tabulate polynomials by the method of differences' }).waitFor({ timeout: 30_000 });
    console.log(`      screenshot: ${await screenshot('journey-merge-reload-restored')}`);
    // Back to the message: it stays in front (the restored page, started by the click, is not revealed again).
    await tab.click();
    await titleAction('Use This Message').waitFor({ timeout: 10_000 });
    await expectMessageEditor('Merge message: #1');
    // Its ✓: Merge… again, its editor starting from the text (nothing merged before the next ✓). The title bar's
    // actions are drawn again as the overview's page gives the focus back: a click on one it replaced is made again.
    const again = toast('Your earlier text is back in the editor.').first();
    for (let i = 0; i < 3 && !(await again.isVisible()); i++) {
      await titleAction('Use This Message')
        .click({ timeout: 10_000 })
        .catch(() => {});
      await again.waitFor({ timeout: 10_000 }).catch(() => {});
    }
    await again.waitFor({ timeout: 30_000 });
    await expectMessageEditor('Merge message: #1');
    assert.match(await editorText(), /^Written before the reload, and after it/, 'the text written before and after the reload is back');
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Merge message:' }).count(), 1);
    assert.equal((await apiAsAda('GET', `${REPO_PATH}/pulls/1`)).merged, false);
    // Cancelled from the notification that says what to do (its Cancel is the editor's ✕): it goes, and so does the tab.
    const prompt = session.page.locator('.notifications-toasts .notification-toast', { hasText: 'Your earlier text is back in the editor' }).first();
    await prompt.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await prompt.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.locator('.tabs-container .tab', { hasText: 'Merge message:' }).waitFor({ state: 'detached', timeout: 15_000 });
    await toast('Merge cancelled: #1 was not merged. Your text is kept').waitFor({ timeout: 10_000 });
    assert.equal((await apiAsAda('GET', `${REPO_PATH}/pulls/1`)).merged, false);
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-merge-after-reload')}`);
    await expectCleanScreen(page);
  });
  it('a window reload at the preview and while the message is written: nothing committed, the tab back with its text, its ✓ asks again and commits once', async function () {
    this.timeout(180_000);
    const { page } = session;
    const name = `reload-notes-${Date.now().toString(36)}`;
    const NOTE = 'docs/reload-notes.md';
    fs.writeFileSync(path.join(session.workspaceDir, NOTE), '# Notes\n\nWritten across a reload.\n');
    await palette('View: Close All Editors');
    await forgetNotifications(page);
    const start = (await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/gear-train`)).object.sha;

    // Reloaded at the preview: the question goes with the window, nothing is sent, nothing is said wrong.
    await (await commitToPreview(name)).locator('.monaco-list-row', { hasText: NOTE }).first().waitFor();
    await reloadWindow();
    await signedIn();
    await assert.rejects(apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${name}`), /404/, 'nothing committed at the preview');
    await expectCleanScreen(page);

    // Reloaded while the message is written: the text is kept and offered again by the restored tab's ✓.
    const preview = await commitToPreview(name);
    await preview
      .locator('.monaco-list-row')
      // (One change, or two when the merge before did not take gear-ratios.md into gear-train.)
      .filter({ hasText: /^\s*Commit \d+ Changes? to/ })
      .first()
      .click();
    await expectMessageEditor(`Commit message: ${name}`);
    await activeGroup().locator('.monaco-editor').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Keep notes across a reload');
    await reloadWindow();
    await toast(`The window reloaded while “Commit message: ${name}” was being written: nothing was sent. Its text is kept`)
      .first()
      .waitFor({ timeout: 60_000 });
    await assert.rejects(apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${name}`), /404/, 'nothing committed at the reload');
    const tab = page.locator('.tabs-container .tab', { hasText: `Commit message: ${name}` });
    await tab.click();
    await expectMessageEditor(`Commit message: ${name}`);
    assert.match(await editorText(), /^Keep notes across a reload/, 'the text written before the reload is in the restored tab');
    // Its ✓: Commit Workspace to Branch again, its questions asked again (the workspace may have changed since), then
    // its editor starting from the text. (The title bar is drawn again as the window settles: a click on an action it
    // replaced is made again.)
    const asked = page.locator('.quick-input-widget .quick-input-title', { hasText: `Commit Workspace to ${OWNER}/${REPO}: branch` });
    for (let i = 0; i < 3 && !(await asked.isVisible()); i++) {
      await titleAction('Use This Message')
        .click({ timeout: 10_000 })
        .catch(() => {});
      await asked.waitFor({ timeout: 10_000 }).catch(() => {});
    }
    await (
      await commitToPreview(name, { started: true })
    )
      .locator('.monaco-list-row')
      .filter({ hasText: /^\s*Commit \d+ Changes? to/ })
      .first()
      .click();
    await toast('Your earlier text is back in the editor.').first().waitFor({ timeout: 30_000 });
    await expectMessageEditor(`Commit message: ${name}`);
    assert.match(await editorText(), /^Keep notes across a reload/);
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Commit message:' }).count(), 1, 'one tab for the message');
    await titleAction('Use This Message').click();
    await said(page, new RegExp(`Committed \\d+ changes? to ${name} as`));
    // Exactly one commit, on gear-train's head, with the text typed before the reload.
    const ref = await apiAsAda('GET', `${REPO_PATH}/git/refs/heads/${name}`);
    const commit = await apiAsAda('GET', `${REPO_PATH}/git/commits/${ref.object.sha}`);
    assert.deepEqual([commit.message, commit.parents.map((p) => p.sha)], ['Keep notes across a reload', [start]]);
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Commit message:' }).count(), 0, 'the editor is gone');
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-commit-after-reload')}`);
    await expectCleanScreen(page);
    await apiAsAda('DELETE', `${REPO_PATH}/git/refs/heads/${name}`);
  });
});
