// Writes from the browser build (no Node, no local git): after
// browserBuild.web.mjs (signed in), a release asset uploaded from a release
// row's inline button with a workspace file chosen in the file dialog (read
// through VS Code's file system), and a tag made from Git Refs' title bar;
// each shows in its view at once and the service holds it.
/* global describe, it, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, restorePanes } from '../e2e/journeyChecks.mjs';
import { apiAsAda, openPane, palette } from '../e2e/sidebar.mjs';
import { activeDemoRepository, createTagFromMaster, uploadAsset } from '../e2e/journeySteps.mjs';

const REPO = '/repos/analytical-engines/difference-engine';

describe('RepoDesk in the browser: a release asset and a tag', () => {
  after(() => restorePanes());

  it('Upload Release Asset… on a release row, a workspace file chosen in the dialog: the asset shows under the release and the service holds its bytes', async function () {
    this.timeout(180_000);
    const { page } = session;
    await palette('View: Close All Editors');
    await activeDemoRepository({ closeAfter: true });
    await openPane('Releases');
    const release = (await apiAsAda('GET', `${REPO}/releases`)).find((r) => !r.draft && !r.prerelease);
    assert.ok(release, 'the demo has a published release');
    const name = `web-figures-${Date.now().toString(36)}.txt`;
    fs.writeFileSync(path.join(session.workspaceDir, name), 'x,x^3\n1,1\n2,8\n');

    const asset = await uploadAsset(release, name);
    assert.match(await asset.innerText(), /14 B · 0 downloads/);
    const held = await apiAsAda('GET', `${REPO}/releases/${release.id}`);
    assert.deepEqual(
      held.assets.filter((a) => a.name === name).map((a) => a.size),
      [14],
    );
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('web-release-asset')}`);
    await expectCleanScreen(page);
  });

  it('Create Tag… from the Git Refs title bar, from master: the tag shows under Tags and the service has it at master’s commit', async function () {
    this.timeout(120_000);
    const { page } = session;
    await createTagFromMaster('web');
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('web-tag')}`);
    await expectCleanScreen(page);
  });
});
