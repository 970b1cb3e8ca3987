// Suggestions and viewed files by clicks: a review comment with a
// ```suggestion block on the first added line of README.md (a file the
// journeys before leave unopened, so its diff is read fresh), drawn in its thread as a
// change, applied with the comment's Apply Suggestion button to the
// workspace's copy of the head's file (the file changes, the service does
// not); then the file's box in the Pull Requests view ticked and the Changed
// files node saying "1 of 3 viewed". Checked on screen, on disk and on the
// service. Screenshots in test-results/journey-suggestion-*.png.
/* global describe, it, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen } from './journeyChecks.mjs';
import { apiAsAda, openAndSignIn, palette, row } from './sidebar.mjs';
import { openDemoPullFile } from './journeySteps.mjs';

const REPO = '/repos/analytical-engines/difference-engine';
const created = [];

const FILE = 'README.md';

async function headText(sha) {
  const tree = await apiAsAda('GET', `${REPO}/git/trees/${sha}?recursive=1`);
  const entry = tree.tree.find((e) => e.path === FILE);
  const blob = await apiAsAda('GET', `${REPO}/git/blobs/${entry.sha}`);
  return Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
}

describe('Journey: a suggestion applied and a file marked viewed, by clicks', () => {
  const file = () => path.join(session.workspaceDir, FILE);
  let before;

  after(async () => {
    // Back as it was for the other journeys: the box unticked, the editors closed.
    const readme = await row('Pull Requests', /^README\.md/).catch(() => undefined);
    if ((await readme?.locator('.custom-view-tree-node-item-checkbox').first().getAttribute('aria-checked')) === 'true') {
      await readme.locator('.custom-view-tree-node-item-checkbox').first().click();
      await row('Pull Requests', /Changed files\s*0 of \d+ viewed/);
    }
    await palette('View: Close All Editors');
    for (const id of created) await apiAsAda('DELETE', `${REPO}/pulls/comments/${id}`).catch(() => {});
    if (before === undefined) fs.rmSync(file(), { force: true });
    else fs.writeFileSync(file(), before);
  });

  it('Apply Suggestion on the comment edits the workspace file that holds the head; the file\'s box marks it viewed and the Changed files node says "1 of 3 viewed"', async () => {
    const { page } = session;
    const pull = await apiAsAda('GET', `${REPO}/pulls/1`);
    const text = await headText(pull.head.sha);
    // The first added line of the file's diff: its position and its line in the head.
    const { patch } = (await apiAsAda('GET', `${REPO}/pulls/1/files`)).find((f) => f.filename === FILE);
    let position = -1; // the first @@ is position 0, the line below it 1
    let line = 0;
    let at;
    for (const l of patch.split('\n')) {
      if (l.startsWith('@@')) {
        line = Number(/\+(\d+)/.exec(l)[1]) - 1;
        position++;
        continue;
      }
      position++;
      if (!l.startsWith('-')) line++;
      if (l.startsWith('+')) {
        at = { position, line, old: l.slice(1) };
        break;
      }
    }
    assert.ok(at, 'README.md adds a line');
    before = fs.existsSync(file()) ? fs.readFileSync(file(), 'utf8') : undefined;
    fs.writeFileSync(file(), text);
    const comment = await apiAsAda('POST', `${REPO}/pulls/1/comments`, {
      body: 'Shorter:\n```suggestion\nThe line, suggested\n```',
      commit_id: pull.head.sha,
      path: FILE,
      position: at.position,
    });
    created.push(comment.id);

    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    await openDemoPullFile('README.md');

    // The thread draws the suggestion as a change: the old line removed, the new one added.
    const thread = page.locator('.review-widget', { hasText: 'Suggested change' }).first();
    await thread.waitFor({ timeout: 30_000 });
    const change = thread.locator('.review-comment', { hasText: 'Suggested change' }).first();
    assert.match(await change.innerText(), new RegExp(`-${at.old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*\\+The line, suggested`));
    await change.hover();
    await change.locator('.action-label[aria-label="Apply Suggestion"]').first().click();
    await page
      .locator('.notification-list-item', { hasText: `Applied the suggestion to ${FILE}.` })
      .first()
      .waitFor({ timeout: 30_000 });
    const lines = text.split('\n');
    lines.splice(at.line - 1, 1, 'The line, suggested');
    assert.equal(fs.readFileSync(file(), 'utf8'), lines.join('\n'), 'the workspace file holds the suggestion');
    assert.equal((await apiAsAda('GET', `${REPO}/pulls/1`)).head.sha, pull.head.sha, "the service's branch did not move");
    console.log(`      screenshot: ${await screenshot('journey-suggestion-applied')}`);

    // The file's box in the Pull Requests view marks it viewed; the node counts it.
    const readme = await row('Pull Requests', /^README\.md/);
    await readme.locator('.custom-view-tree-node-item-checkbox').first().click();
    await row('Pull Requests', /Changed files\s*1 of \d+ viewed/);
    assert.equal(await readme.locator('.custom-view-tree-node-item-checkbox').first().getAttribute('aria-checked'), 'true');
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-suggestion-viewed')}`);

    // The review journey before this one leaves a reply unsent on purpose (its
    // box keeps the text); VS Code shows that box's warning again while a diff
    // with review threads is open. Nothing else may be there.
    await expectCleanScreen(page, { allowedProblems: [/No user is named @nobody-her/, /^commentinput-.*Review comment being written/] });
  });
});
