// Suggestions and viewed files by clicks: a review comment with a
// ```suggestion block on line 2 of docs/tables.md, drawn in its thread as a
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
import { apiAsAda, giveRoomTo, openAndSignIn, openPane, palette, row } from './sidebar.mjs';

const REPO = '/repos/analytical-engines/difference-engine';
const created = [];

async function headText(sha) {
  const tree = await apiAsAda('GET', `${REPO}/git/trees/${sha}?recursive=1`);
  const entry = tree.tree.find((e) => e.path === 'docs/tables.md');
  const blob = await apiAsAda('GET', `${REPO}/git/blobs/${entry.sha}`);
  return Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
}

describe('Journey: a suggestion applied and a file marked viewed, by clicks', () => {
  const file = () => path.join(session.workspaceDir, 'docs', 'tables.md');

  after(async () => {
    // Back as it was for the other journeys: the box unticked, the editors closed.
    const tables = await row('Pull Requests', /^tables\.md/).catch(() => undefined);
    if ((await tables?.locator('.custom-view-tree-node-item-checkbox').first().getAttribute('aria-checked')) === 'true') {
      await tables.locator('.custom-view-tree-node-item-checkbox').first().click();
      await row('Pull Requests', /Changed files\s*0 of \d+ viewed/);
    }
    await palette('View: Close All Editors');
    for (const id of created) await apiAsAda('DELETE', `${REPO}/pulls/comments/${id}`).catch(() => {});
    fs.rmSync(path.join(session.workspaceDir, 'docs'), { recursive: true, force: true });
  });

  it('Apply Suggestion on the comment edits the workspace file that holds the head; the file\'s box marks it viewed and the Changed files node says "1 of 3 viewed"', async () => {
    const { page } = session;
    const pull = await apiAsAda('GET', `${REPO}/pulls/1`);
    const text = await headText(pull.head.sha);
    const old = text.split('\n')[1];
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    fs.writeFileSync(file(), text);
    const comment = await apiAsAda('POST', `${REPO}/pulls/1/comments`, { body: 'Shorter:\n```suggestion\nThe second line, suggested\n```', commit_id: pull.head.sha, path: 'docs/tables.md', position: 2 });
    created.push(comment.id);

    await openAndSignIn();
    await palette('Notifications: Clear All Notifications');
    await palette('View: Close All Editors');
    await giveRoomTo('Repositories');
    const org = await row('Repositories', /^analytical-engines(\s*\d+)?$/);
    if ((await org.getAttribute('aria-expanded')) !== 'true') await org.click();
    await (await row('Repositories', /^difference-engine/)).click();
    await openPane('Pull Requests');
    const pr = await row('Pull Requests', '#1 Tabulate polynomials');
    if ((await pr.getAttribute('aria-expanded')) !== 'true') await pr.locator('.monaco-tl-twistie').click();
    const changed = await row('Pull Requests', 'Changed files');
    if ((await changed.getAttribute('aria-expanded')) !== 'true') await changed.locator('.monaco-tl-twistie').click();
    await (await row('Pull Requests', /^tables\.md/)).click();
    await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 30_000 });

    // The thread draws the suggestion as a change: the old line removed, the new one added.
    const thread = page.locator('.review-widget', { hasText: 'Suggested change' }).first();
    await thread.waitFor({ timeout: 30_000 });
    const change = thread.locator('.review-comment', { hasText: 'Suggested change' }).first();
    assert.match(await change.innerText(), new RegExp(`-${old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*\\+The second line, suggested`));
    await change.hover();
    await change.locator('.action-label[aria-label="Apply Suggestion"]').first().click();
    await page.locator('.notification-list-item', { hasText: 'Applied the suggestion to docs/tables.md.' }).first().waitFor({ timeout: 30_000 });
    const lines = text.split('\n');
    lines.splice(1, 1, 'The second line, suggested');
    assert.equal(fs.readFileSync(file(), 'utf8'), lines.join('\n'), 'the workspace file holds the suggestion');
    assert.equal((await apiAsAda('GET', `${REPO}/pulls/1`)).head.sha, pull.head.sha, 'the service\'s branch did not move');
    console.log(`      screenshot: ${await screenshot('journey-suggestion-applied')}`);

    // The file's box in the Pull Requests view marks it viewed; the node counts it.
    const tables = await row('Pull Requests', /^tables\.md/);
    await tables.locator('.custom-view-tree-node-item-checkbox').first().click();
    await row('Pull Requests', /Changed files\s*1 of \d+ viewed/);
    assert.equal(await tables.locator('.custom-view-tree-node-item-checkbox').first().getAttribute('aria-checked'), 'true');
    await page.mouse.move(900, 120);
    console.log(`      screenshot: ${await screenshot('journey-suggestion-viewed')}`);

    await expectCleanScreen(page);
  });
});
