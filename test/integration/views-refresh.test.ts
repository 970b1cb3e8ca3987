// Every view at once (issue 6, "Everywhere"): an idle background refresh of
// all five views spends none of the rate limit (conditional requests), and
// a failure shows as a node with the service's message and a retry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { children, label, signInAsAdaWithDemoRepository, type TestNode } from './views-support';

const VIEWS = ['repodesk.repositories', 'repodesk.pullRequests', 'repodesk.reviewComments', 'repodesk.releases', 'repodesk.gitRefs'];

/** Every node a user could expand (not the file trees under refs), as VS Code would ask for them. */
async function walk(viewId: string, node?: TestNode, depth = 0): Promise<number> {
  const kids = await children(viewId, node);
  let count = kids.length;
  for (const k of kids) {
    const item = k.toTreeItem();
    if (item.collapsibleState === vscode.TreeItemCollapsibleState.None) continue;
    if (item.contextValue?.startsWith('gitRef:') || depth >= 4) continue;
    count += await walk(viewId, k, depth + 1);
  }
  return count;
}

describe('Views (issue 6): refresh and errors', function () {
  this.timeout(60_000);
  let api: Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>;

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    const pr = (await children('repodesk.pullRequests')).find((n) => label(n).startsWith('#1 '));
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
  });

  it('an idle background refresh of all five views spends none of the rate limit', async () => {
    // Bring every view up to date first: earlier tests changed pull requests, releases and refs.
    await vscode.commands.executeCommand('repodesk.testing.backgroundRefresh');
    let nodes = 0;
    for (const v of VIEWS) nodes += await walk(v);
    assert.ok(nodes > 30, `only ${nodes} nodes`);
    const client = api.testing!.session.client!;
    const before = client.rateLimit!.remaining;

    await vscode.commands.executeCommand('repodesk.testing.backgroundRefresh');
    let again = 0;
    for (const v of VIEWS) again += await walk(v);
    assert.equal(again, nodes);
    assert.equal(client.rateLimit!.remaining, before, 'the idle refresh spent rate limit');
  });

  it('a long list ends with Load more, which reads the next part in place', async () => {
    const client = api.testing!.session.client!;
    const master = await client.git.getRef('analytical-engines', 'difference-engine', 'heads/master');
    const names = Array.from({ length: 50 }, (_, i) => `refs/tags/load-more-${String(i).padStart(2, '0')}`);
    for (const ref of names) await client.git.createRef('analytical-engines', 'difference-engine', ref, master.object.sha);
    try {
      await vscode.commands.executeCommand('repodesk.refs.refresh');
      const first = await children('repodesk.gitRefs');
      const more = first[first.length - 1]!;
      assert.equal(more.toTreeItem().contextValue, 'loadMore');
      const shown = async () => {
        let n = 0;
        for (const g of await children('repodesk.gitRefs')) if (g.toTreeItem().contextValue?.startsWith('gitRefGroup:')) n += (await children('repodesk.gitRefs', g)).length;
        return n;
      };
      assert.equal(await shown(), 50);
      await vscode.commands.executeCommand('repodesk.loadMore', more);
      const after = await children('repodesk.gitRefs');
      assert.notEqual(after[after.length - 1]!.toTreeItem().contextValue, 'loadMore');
      assert.ok(await shown() > 50);
    } finally {
      for (const ref of names) await client.git.deleteRef('analytical-engines', 'difference-engine', ref);
      await vscode.commands.executeCommand('repodesk.refs.refresh');
    }
  });

  it('a failure is a node with the service’s message and a retry', async () => {
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'no-such-engine');
    try {
      for (const v of ['repodesk.pullRequests', 'repodesk.releases', 'repodesk.gitRefs']) {
        const [node, ...rest] = await children(v);
        assert.equal(rest.length, 0);
        const item = node!.toTreeItem();
        assert.equal(item.contextValue, 'error', `${v}: ${label(node!)}`);
        assert.match(label(node!), /Not Found/);
        assert.equal(item.command?.command, 'repodesk.retry');
      }
    } finally {
      await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
    }
    const [error] = await children('repodesk.pullRequests');
    assert.notEqual(error!.toTreeItem().contextValue, 'error');
  });
});
