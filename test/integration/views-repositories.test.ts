// The Repositories view: what a repository node shows, and
// the type filter of an organization's group (GET /orgs/:org/repos type=…),
// remembered per organization.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { collect } from '../../src/hosting';
import type { RepoDeskApi } from '../../src/extension';
import { child, children, description, enterThrough, hover, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const VIEW = 'repodesk.repositories';

/** The repository rows of a group (an organization's group also shows its members above them). */
async function repositories(group: TestNode): Promise<TestNode[]> {
  return (await children(VIEW, group)).filter((n) => !/^org(Public)?Members$/.test(String(n.toTreeItem().contextValue)));
}

describe('Views: Repositories', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  after(async () => {
    await vscode.commands.executeCommand('repodesk.repos.filter', { type: 'all', sort: 'full_name', direction: 'asc' });
    const org = (await children(VIEW)).find((n) => label(n).startsWith('analytical-engines'));
    if (org) await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'all');
  });

  it('GET /user/repos: Your repositories shows private state and language, with the description in the tooltip', async () => {
    const mine = await child(VIEW, undefined, /^Your repositories/);
    const bernoulli = await child(VIEW, mine, 'ada/bernoulli-numbers');
    assert.match(description(bernoulli), /private/);
    const notes = await child(VIEW, mine, 'ada/notes-on-the-engine');
    assert.match(description(notes), /★ \d+/);
    const tooltip = await hover(VIEW, notes);
    assert.ok(tooltip instanceof vscode.MarkdownString && tooltip.value.includes('ada/notes'), String(tooltip));
  });

  it('GET /user/repos type, sort, direction: the filter shows only private repositories, then all in descending order, and Enter through its steps keeps it', async () => {
    let mine = await child(VIEW, undefined, /^Your repositories/);
    assert.equal(label(mine), 'Your repositories (all)');

    await vscode.commands.executeCommand('repodesk.repos.filter', { type: 'private' });
    mine = await child(VIEW, undefined, 'Your repositories (private)');
    assert.deepEqual((await children(VIEW, mine)).map(label), ['ada/bernoulli-numbers']);

    // Other suites create repositories of ada's in the same emulator: the rows are what the service
    // lists for the filter, in its order, and the seed's two are among them in that order.
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const owned = async () =>
      (await collect(client.repos.listForAuthenticatedUser({ type: 'owner', sort: 'full_name', direction: 'desc' }))).map((r) => r.full_name);
    await vscode.commands.executeCommand('repodesk.repos.filter', { type: 'owner', direction: 'desc' });
    mine = await child(VIEW, undefined, 'Your repositories (owner)');
    let rows = (await children(VIEW, mine)).map(label).filter((l) => l.startsWith('ada/'));
    assert.deepEqual(rows, await owned());
    assert.deepEqual(
      rows.filter((r) => ['ada/notes-on-the-engine', 'ada/bernoulli-numbers'].includes(r)),
      ['ada/notes-on-the-engine', 'ada/bernoulli-numbers'],
    );

    // Enter at each step keeps each choice (none of them is the step's first option).
    await enterThrough('repodesk.repos.filter');
    mine = await child(VIEW, undefined, 'Your repositories (owner)');
    rows = (await children(VIEW, mine)).map(label).filter((l) => l.startsWith('ada/'));
    assert.deepEqual(rows, await owned());

    // Values the service does not know leave the filter as it was.
    await vscode.commands.executeCommand('repodesk.repos.filter', { type: 'everything', sort: 'stars' });
    await child(VIEW, undefined, 'Your repositories (owner)');
  });

  it('GET /orgs/:org/repos type: Enter on the organization’s type filter keeps its current type', async () => {
    let org = await child(VIEW, undefined, 'analytical-engines');
    await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'private');
    org = await child(VIEW, undefined, 'analytical-engines (private)');
    assert.equal(await enterThrough('repodesk.repos.filterOrganization', org), 'private');
    await child(VIEW, undefined, 'analytical-engines (private)');
    await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'all');
  });

  it('GET /orgs/:org/repos type: the organization group’s filter shows only private repositories, says so in its label, and all again', async () => {
    let org = await child(VIEW, undefined, 'analytical-engines');
    // The group names the owner; its rows are the repositories' names, the full name in the tooltip.
    const all = await repositories(org);
    assert.deepEqual(all.map(label).sort(), ['analytical-engine', 'difference-engine']);
    for (const node of all) {
      const item = node.toTreeItem();
      const tooltip = await hover(VIEW, node);
      assert.ok(
        tooltip instanceof vscode.MarkdownString && tooltip.value.includes('analytical\\-engines/'),
        String(tooltip instanceof vscode.MarkdownString ? tooltip.value : tooltip),
      );
      assert.match(item.accessibilityInformation?.label ?? '', /^analytical-engines\/(analytical|difference)-engine, /);
    }

    assert.equal(await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'private'), 'private');
    org = await child(VIEW, undefined, 'analytical-engines (private)');
    assert.deepEqual((await repositories(org)).map(label), ['analytical-engine']);

    assert.equal(await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'sources'), 'sources');
    org = await child(VIEW, undefined, 'analytical-engines (sources)');
    assert.equal((await repositories(org)).length, 2, 'neither is a fork');

    await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'all');
    org = await child(VIEW, undefined, 'analytical-engines');
    assert.equal((await repositories(org)).length, 2);
  });

  it('the organization of the active repository starts expanded, with the active repository marked; another organization’s group starts collapsed', async () => {
    await vscode.commands.executeCommand('repodesk.repos.refresh');
    const org = await child(VIEW, undefined, 'analytical-engines');
    assert.equal(org.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const repo = await child(VIEW, org, 'difference-engine');
    assert.match(String(repo.toTreeItem().contextValue), /:active/);

    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'ada', 'notes-on-the-engine');
    await vscode.commands.executeCommand('repodesk.repos.refresh');
    try {
      const other = await child(VIEW, undefined, 'analytical-engines');
      assert.equal(other.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      // Collapsed and never expanded, the group shows its count once its first page is read.
      const client = (await vscode.extensions.getExtension<RepoDeskApi>('repodesk.repodesk')!.activate()).testing!.session.client!;
      const count = (await collect(client.repos.listForOrg('analytical-engines', {}))).length;
      await waitFor(
        `the group's count ${count}`,
        async () => description(other) === String(count),
        undefined,
        async () => `"${description(other)}"`,
      );
    } finally {
      await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
    }
  });

  it('an unknown type changes nothing', async () => {
    const org = await child(VIEW, undefined, 'analytical-engines');
    assert.equal(await vscode.commands.executeCommand('repodesk.repos.filterOrganization', org, 'everything'), undefined);
    await child(VIEW, undefined, 'analytical-engines');
  });
});
