// Journeys: a release asset uploaded from a release row's inline button
// (through the file dialog), and a tag created from Git Refs' title bar;
// each shows in its view at once, and the service holds it.
/* global describe, it, after */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, session } from '../harness/e2eSession.mjs';
import { expectCleanScreen, openSignedIn, restorePanes } from './journeyChecks.mjs';
import { apiAsAda, openAndSignIn, openPane, palette } from './sidebar.mjs';
import { activeDemoRepository, createTagFromMaster, uploadAsset } from './journeySteps.mjs';

const REPO = '/repos/analytical-engines/difference-engine';

describe('Journey: a release asset', () => {
  after(() => restorePanes());
  it('Upload Release Asset… on a release row, a file chosen in the dialog: the asset shows under the release at once and the service holds its bytes', async function () {
    this.timeout(180_000);
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await palette('Notifications: Clear All Notifications');
    await activeDemoRepository({ closeAfter: true });
    await openPane('Releases');
    const releases = await apiAsAda('GET', `${REPO}/releases`);
    const release = releases.find((r) => !r.draft && !r.prerelease);
    assert.ok(release, 'the demo has a published release');
    const name = `figures-${Date.now().toString(36)}.txt`;
    const file = path.join(session.workspaceDir, name);
    fs.writeFileSync(file, 'x,x^2\n1,1\n2,4\n');

    const asset = await uploadAsset(release, name);
    assert.match(await asset.innerText(), /14 B · 0 downloads/);
    const held = await apiAsAda('GET', `${REPO}/releases/${release.id}`);
    assert.deepEqual(
      held.assets.filter((a) => a.name === name).map((a) => a.size),
      [14],
    );
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-release-asset')}`);
    await expectCleanScreen(page);
  });
});

describe('Journey: a tag', () => {
  after(() => restorePanes());
  it('Create Tag… from the Git Refs title bar, from master: the tag shows under Tags at once and the service has it at master’s commit', async function () {
    this.timeout(120_000);
    const { page } = session;
    await openSignedIn(openAndSignIn);
    await createTagFromMaster('journey');
    await page.mouse.move(900, 600);
    console.log(`      screenshot: ${await screenshot('journey-tag')}`);
    await expectCleanScreen(page);
  });
});
