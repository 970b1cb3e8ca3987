// Commit Workspace to Branch… driven as a user does: a few files written
// into the window's folder (a plain folder, no git), the command from the
// palette, a new branch of the active repository, the preview of the changes
// (one opened as a diff against the branch), the message in an editor, and
// the new branch in Git Refs. Screenshots in test-results/commit-*.png.
/* global describe, it */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { said } from './journeyChecks.mjs';
import { answerStep, apiAsAda, giveRoomTo, openAndSignIn, openPane, palette, row, selectRow, typeStep } from './sidebar.mjs';

const FILES = {
  'README.md': '# Notes on the engine\n\nWritten in the workspace and committed through the git data API.\n',
  'notes/note-a.md': '# Note A\n\nThe engine may act upon other things besides number.\n',
  'notes/note-g.md': '# Note G\n\nThe Bernoulli numbers, step by step.\n',
  'tables/bernoulli.csv': 'n,B\n0,1\n1,-1/2\n2,1/6\n4,-1/30\n',
  '.gitignore': 'build/\n',
  'build/out.txt': 'left out by .gitignore\n',
};

describe('Commit Workspace to Branch', () => {
  it('previews the workspace’s changes against a new branch, opens one as a diff, commits them and shows the branch in Git Refs', async function () {
    this.timeout(120_000);
    const { page } = session;
    for (const [name, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(session.workspaceDir, name)), { recursive: true });
      fs.writeFileSync(path.join(session.workspaceDir, name), text);
    }
    const branch = `from-the-workspace-${Date.now().toString(36)}`;
    await openAndSignIn();
    await palette('View: Close All Editors');
    await giveRoomTo('Repositories');
    await selectRow('Repositories', /^ada\/notes-on-the-engine/);

    await palette('RepoDesk: Commit Workspace to Branch');
    await typeStep('Commit Workspace to ada/notes-on-the-engine: branch');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'New Branch' }).first().click();
    await answerStep('New branch: name', branch);
    await answerStep(`New branch ${branch}: start from`); // the default branch, offered

    const preview = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: 'Commit the workspace to' }) });
    await preview.waitFor({ timeout: 30_000 });
    const rows = preview.locator('.monaco-list-row');
    await rows.filter({ hasText: 'tables/bernoulli.csv' }).first().waitFor();
    const listed = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.match(listed[0], /Commit \d+ Changes to ada\/notes-on-the-engine:/);
    assert.ok(
      listed.some((t) => /README\.md.*modified/.test(t)),
      `README.md is modified: ${listed.join(' | ')}`,
    );
    assert.ok(!listed.some((t) => t.includes('build/out.txt')), 'what .gitignore leaves out is not committed');
    console.log(`      screenshot: ${await screenshot('commit-preview')}`);

    // A change opens as a diff against the branch; the preview stays.
    await rows.filter({ hasText: 'README.md' }).first().click();
    await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 30_000 });
    await page.locator('.monaco-diff-editor .line-insert, .monaco-diff-editor .char-insert').first().waitFor({ timeout: 30_000 });
    await preview.waitFor();
    console.log(`      screenshot: ${await screenshot('commit-preview-diff')}`);
    await rows
      .filter({ hasText: /^\s*Commit \d+ Changes/ })
      .first()
      .click();

    // The message, written in RepoDesk's message editor (its tab says what it is for); ✓ in its title bar commits.
    await page.locator('.tabs-container .tab.active', { hasText: `Commit message: ${branch}` }).waitFor({ timeout: 15_000 });
    const editor = page.locator('.editor-group-container.active .editor-instance .monaco-editor:visible').first();
    await editor.waitFor({ timeout: 15_000 });
    await editor.click();
    // What to do stays on screen, with progress, while the message is written; it goes once the message is used.
    const prompt = page.locator('.notifications-toasts .notification-toast', { hasText: 'Write the message of the commit' }).first();
    await prompt.waitFor({ timeout: 10_000 });
    assert.equal(await prompt.locator('.monaco-progress-container').first().isVisible(), true, 'the notification shows progress');
    await page.keyboard.type('Notes written in the workspace\n\nCommitted from the editor with Commit Workspace to Branch.');
    await page.locator('.editor-actions a[aria-label^="Use This Message"]').click();
    const sha = (await said(page, `to ${branch} as`)).match(/as ([0-9a-f]{7})/)?.[1];
    assert.ok(sha, 'the notification names the commit');
    await prompt.waitFor({ state: 'hidden', timeout: 15_000 });

    const ref = await apiAsAda('GET', `/repos/ada/notes-on-the-engine/git/refs/heads/${branch}`);
    assert.ok(ref.object.sha.startsWith(sha));
    const commit = await apiAsAda('GET', `/repos/ada/notes-on-the-engine/git/commits/${ref.object.sha}`);
    assert.equal(commit.message.split('\n')[0], 'Notes written in the workspace');

    await openPane('Git Refs');
    const branches = await row('Git Refs', /^Branches/);
    if ((await branches.getAttribute('aria-expanded')) !== 'true') await branches.locator('.monaco-tl-twistie').click();
    const made = await row('Git Refs', new RegExp(`^${branch}`));
    assert.match(await made.innerText(), new RegExp(sha));
    await made.locator('.monaco-tl-twistie').click();
    await row('Git Refs', 'tables');
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('commit-git-refs')}`);
    await palette('View: Close All Editors');
  });
});
