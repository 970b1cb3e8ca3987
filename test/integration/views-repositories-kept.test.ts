// Rows at once: the Repositories view draws the last listing of the workspace
// the moment it is asked (marked as updating), then the service's answer
// replaces it. Which account's listing is shown (never another's) is
// unit-tested with the snapshot (test/unit/listings).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
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

  it('shows the last listing of the active repository at once, marked as updating and without children, then the fresh rows', async () => {
    await signInAsAdaWithDemoRepository();
    const PULLS = 'repodesk.pullRequests';
    const fresh = await waitFor('fresh pull request rows', async () => {
      const rows = await children(PULLS);
      return rows.length > 0 && rows.every((r) => !description(r).includes('updating')) && rows.some((r) => label(r).startsWith('#1 ')) ? rows : undefined;
    });
    // Drawn, so kept: the rows' drawing writes the listing to the workspace state (held in memory at once).
    await vscode.commands.executeCommand('repodesk.testing.pullRequestsAsAfterReload');
    const kept = await children(PULLS);
    assert.deepEqual(
      kept.map(label),
      fresh.map(label).filter((l) => l.startsWith('#')),
      'the same rows as last shown',
    );
    for (const row of kept) {
      assert.match(description(row), /updating…/);
      assert.equal(row.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.None, 'a kept row has no children');
      assert.equal(row.toTreeItem().command, undefined, 'nor a command');
    }
    await waitFor('the fresh rows again', async () => {
      const rows = await children(PULLS);
      return rows.length > 0 && rows.every((r) => !description(r).includes('updating')) ? rows : undefined;
    });
  });
});
