// Rows at once: the Repositories view draws the last listing of the workspace
// the moment it is asked (marked as updating), then the service's answer
// replaces it. Which account's listing is shown (never another's) is
// unit-tested with the snapshot (test/unit/listings). The Pull Requests
// view does the same; a kept row is the fresh row for VS Code (its id and
// its click), so a click on it is never lost to the fresh rows.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';
import { leaveRelay, readThroughRelay, type Relay } from './relay-support';
import { children, description, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const VIEW = 'repodesk.repositories';
const mineOf = async (): Promise<TestNode | undefined> => (await children(VIEW)).find((n) => label(n).startsWith('Your repositories'));

describe('Views: Repositories, the kept listing after a reload', function () {
  this.timeout(60_000);

  it('shows the last listing at once, marked as updating, then the fresh one (a repository created meanwhile appears, the mark goes)', async () => {
    const api = await signInAsAdaWithDemoRepository();
    const client = api.testing!.session.client!;
    await vscode.commands.executeCommand('repodesk.repos.filter', { type: 'all', sort: 'full_name', direction: 'asc' });
    // A fresh listing, kept once its first pages are read.
    const first = await waitFor('a fresh "Your repositories"', async () => {
      const mine = await mineOf();
      return mine && !description(mine).includes('updating') && (await children(VIEW, mine)).length > 0 ? mine : undefined;
    });
    const before = (await children(VIEW, first)).map(label);
    assert.ok(before.includes('ada/notes-on-the-engine'), `kept rows: ${before.join(', ')}`);

    const name = `kept-listing-${Date.now()}`;
    await client.repos.createForAuthenticatedUser({ name });
    // The listing kept (the workspace state is written after the pages are read).
    await vscode.commands.executeCommand('repodesk.testing.repositoriesKept');
    // As after a window reload: the first look of a session.
    await vscode.commands.executeCommand('repodesk.testing.repositoriesAsAfterReload');

    const kept = await mineOf();
    assert.ok(kept, 'the group is there at once');
    assert.match(description(kept), /updating…/, 'the kept rows are marked as updating');
    assert.deepEqual((await children(VIEW, kept)).map(label), before, 'the kept rows are the last listing, without the new repository');
    assert.ok(!(await children(VIEW, kept)).some((n) => label(n) === 'Load more'), 'no Load more on kept rows');

    const fresh = await waitFor('the fresh listing with the new repository', async () => {
      const mine = await mineOf();
      if (!mine || description(mine).includes('updating')) return undefined;
      return (await children(VIEW, mine)).some((n) => label(n) === `ada/${name}`) ? mine : undefined;
    });
    assert.doesNotMatch(description(fresh), /updating/);

    // A refresh within the session shows what the view read, never the kept rows again.
    await vscode.commands.executeCommand('repodesk.repos.refresh');
    const again = await mineOf();
    assert.ok(again);
    assert.doesNotMatch(description(again), /updating/);
    assert.ok((await children(VIEW, again)).some((n) => label(n) === `ada/${name}`));
  });

  it('with repodesk.views.keepLastListing off, nothing is kept: the first look after a reload waits for the service', async () => {
    const config = vscode.workspace.getConfiguration('repodesk.views');
    await config.update('keepLastListing', false, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('repodesk.repos.refresh');
      await waitFor('a fresh listing', async () => {
        const mine = await mineOf();
        return mine && (await children(VIEW, mine)).length > 0 ? mine : undefined;
      });
      await vscode.commands.executeCommand('repodesk.testing.repositoriesAsAfterReload');
      const first = await mineOf();
      assert.ok(first);
      assert.doesNotMatch(description(first), /updating/, 'no kept rows are shown');
    } finally {
      await config.update('keepLastListing', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

describe('Views: Pull Requests, the kept listing after a reload', function () {
  this.timeout(60_000);
  const PULLS = 'repodesk.pullRequests';
  const OVERVIEW_OF_1 = 'analytical-engines/difference-engine#1';
  /** The pull requests are listed through a relay that can hold the listing's read (a service slow to answer after a reload). */
  let api: RepoDeskApi;
  let relay: Relay | undefined;
  const fresh = () =>
    waitFor('fresh pull request rows', async () => {
      const rows = await children(PULLS);
      return rows.length > 0 && rows.every((r) => !description(r).includes('updating')) && rows.some((r) => label(r).startsWith('#1 ')) ? rows : undefined;
    });
  const drawn = (node: TestNode) => vscode.commands.executeCommand<vscode.TreeItem>('repodesk.testing.item', PULLS, node);

  before(async () => {
    ({ api, relay } = await readThroughRelay());
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await leaveRelay(api, relay);
  });

  it('shows the last listing of the active repository at once, marked as updating and without children, then the fresh rows', async () => {
    const rows = await fresh();
    // Drawn, so kept: the rows' drawing writes the listing to the workspace state (held in memory at once).
    relay!.hold(/\/pulls(\?|$)/);
    await vscode.commands.executeCommand('repodesk.testing.pullRequestsAsAfterReload');
    const kept = await children(PULLS);
    assert.deepEqual(
      kept.map(label),
      rows.map(label).filter((l) => l.startsWith('#')),
      'the same rows as last shown',
    );
    for (const row of kept) {
      assert.match(description(row), /updating…/);
      assert.equal(row.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.None, 'a kept row has no children');
    }
    relay!.releaseHeld();
    await fresh();
  });

  it('a click on a kept row opens its overview; selected, it stays selected when the fresh row replaces it (the same row for VS Code), so the click is not lost', async () => {
    const freshOne = (await fresh()).find((r) => label(r).startsWith('#1 '))!;
    relay!.hold(/\/pulls(\?|$)/);
    await vscode.commands.executeCommand('repodesk.testing.pullRequestsAsAfterReload');
    const keptOne = (await children(PULLS)).find((r) => label(r).startsWith('#1 '));
    assert.ok(keptOne && description(keptOne).includes('updating…'), 'the kept row of #1, while the listing is read again');
    const item = await drawn(keptOne);
    assert.equal(item.id, (await drawn(freshOne)).id, "the kept row has the fresh row's id");
    assert.deepEqual([item.command?.command, item.command?.arguments], ['repodesk.pullRequests.click', undefined], "a click runs the view's click command");

    // The click, as VS Code runs it: the row selected, then the view's click command.
    await vscode.commands.executeCommand('repodesk.testing.selectRow', PULLS, keptOne);
    assert.equal(await vscode.commands.executeCommand(item.command!.command), OVERVIEW_OF_1, "the kept row's click opens #1's overview");

    // The listing's answer comes: the fresh rows replace the kept ones under the selection.
    relay!.releaseHeld();
    await fresh();
    assert.equal(await vscode.commands.executeCommand(item.command!.command), OVERVIEW_OF_1, 'the selection is #1 still: a click then opens its overview');
  });

  it("the kept rows' answer, come after another repository was chosen, does not stand in for that repository's rows", async () => {
    await fresh();
    // The side bar closed: VS Code asks for the rows only when the test does, so the answer comes between the
    // change of repository and the view's next look, as on a busy machine after a reload.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const listingKept = async () =>
      JSON.stringify(await vscode.commands.executeCommand('repodesk.testing.workspaceState', 'repodesk.pullRequests.lastListing'));
    try {
      relay!.hold(/\/difference-engine\/pulls(\?|$)/);
      await vscode.commands.executeCommand('repodesk.testing.pullRequestsAsAfterReload');
      const kept = await children(PULLS);
      assert.ok(
        kept.some((r) => label(r).startsWith('#1 ') && description(r).includes('updating…')),
        `kept rows: ${kept.map(label).join(' | ')}`,
      );
      const before = await listingKept();
      await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'ada', 'notes-on-the-engine');
      relay!.releaseHeld();
      // difference-engine's answer drawn (its listing is kept again, with the time it was read).
      await waitFor("difference-engine's answer", async () => (await listingKept()) !== before);
      // notes-on-the-engine's pull requests (earlier files make some; the view's filter picks among them), or none.
      const theirs = new Set(['No pull requests match this filter.', 'Load more']);
      for await (const p of api.testing!.session.client!.pulls.list('ada', 'notes-on-the-engine', { state: 'all' })) theirs.add(`#${p.number} ${p.title}`);
      const rows = (await children(PULLS)).map(label);
      assert.ok(rows.length > 0 && rows.every((l) => theirs.has(l)), `notes-on-the-engine's rows, not difference-engine's: ${rows.join(' | ')}`);
    } finally {
      relay!.relayAll();
      await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
      await vscode.commands.executeCommand('workbench.view.extension.repodesk');
    }
  });
});
