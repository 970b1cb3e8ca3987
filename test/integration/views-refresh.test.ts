// Every view at once: an idle background refresh of
// all five views spends none of the rate limit (conditional requests), and
// a failure shows as a node with the service's message and a retry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
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

describe('Views: refresh and errors', function () {
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
    // The service's own count (GET /rate_limit is not counted), once the requests
    // in flight have settled: the X-RateLimit-Remaining of whichever answer came
    // last is no measure, as answers to concurrent requests arrive in any order
    // and a 304 is given back only when it is answered.
    const client = api.testing!.session.client!;
    const remaining = async () => (await client.core.call('GET /rate_limit', {}, z.object({ rate: z.object({ remaining: z.number() }) }))).data.rate.remaining;
    /** The count once two readings 200 ms apart agree (bounded: 3 s). */
    const settled = async () => {
      let last = await remaining();
      for (let i = 0; i < 15; i++) {
        await new Promise((r) => setTimeout(r, 200));
        const now = await remaining();
        if (now === last) return now;
        last = now;
      }
      return last;
    };
    const before = await settled();

    await vscode.commands.executeCommand('repodesk.testing.backgroundRefresh');
    let again = 0;
    for (const v of VIEWS) again += await walk(v);
    assert.equal(again, nodes);
    assert.equal(await settled(), before, 'the idle refresh spent rate limit');
  });

  it('each view’s Refresh command shows what changed on the service since: an edited review comment (Review Comments, Pull Requests), a new release (Releases)', async () => {
    const client = api.testing!.session.client!;
    const [owner, repo] = ['analytical-engines', 'difference-engine'];
    const comments = [];
    for await (const c of client.reviewComments.listForPull(owner, repo, 1)) comments.push(c);
    const mine = comments.find((c) => c.user.login === 'ada' && !c.in_reply_to_id)!;
    const firstLine = (body: string | undefined) => (body ?? '').split('\n')[0]!;
    const threadLabels = async () => {
      const pr = (await children('repodesk.pullRequests')).find((n) => label(n).startsWith('#1 '))!;
      const threads = (await children('repodesk.pullRequests', pr)).find((n) => label(n) === 'Review threads')!;
      const labels: string[] = [];
      for (const file of await children('repodesk.pullRequests', threads)) labels.push(...(await children('repodesk.pullRequests', file)).map(label));
      return labels;
    };
    const reviewLabels = async () => {
      const labels: string[] = [];
      for (const file of await children('repodesk.reviewComments')) labels.push(...(await children('repodesk.reviewComments', file)).map(label));
      return labels;
    };
    assert.ok((await reviewLabels()).includes(firstLine(mine.body)));
    assert.ok((await threadLabels()).includes(firstLine(mine.body)));

    const edited = `Edited on the service at ${new Date().toISOString()}`;
    await client.reviewComments.update(owner, repo, mine.id, edited);
    const release = await client.releases.create(owner, repo, { tag_name: 'refresh-test', name: 'Made while the view was open' });
    try {
      // Nothing changes by itself before the refresh (the background refresh is off in tests) ...
      assert.ok(!(await reviewLabels()).includes(edited));
      await vscode.commands.executeCommand('repodesk.reviewComments.refresh');
      assert.ok((await reviewLabels()).includes(edited), (await reviewLabels()).join(' | '));
      await vscode.commands.executeCommand('repodesk.pulls.refresh');
      assert.ok((await threadLabels()).includes(edited), (await threadLabels()).join(' | '));

      await vscode.commands.executeCommand('repodesk.releases.refresh');
      const published = (await children('repodesk.releases')).find((n) => label(n) === 'Published')!;
      assert.ok((await children('repodesk.releases', published)).some((n) => label(n) === 'Made while the view was open'));
    } finally {
      await client.reviewComments.update(owner, repo, mine.id, mine.body ?? '');
      await client.releases.delete(owner, repo, release.id);
      await client.git.deleteRef(owner, repo, 'tags/refresh-test').catch(() => undefined);
      for (const command of ['repodesk.reviewComments.refresh', 'repodesk.pulls.refresh', 'repodesk.releases.refresh'])
        await vscode.commands.executeCommand(command);
    }
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
        for (const g of await children('repodesk.gitRefs'))
          if (g.toTreeItem().contextValue?.startsWith('gitRefGroup:')) n += (await children('repodesk.gitRefs', g)).length;
        return n;
      };
      assert.equal(await shown(), 50);
      await vscode.commands.executeCommand('repodesk.loadMore', more);
      const after = await children('repodesk.gitRefs');
      assert.notEqual(after[after.length - 1]!.toTreeItem().contextValue, 'loadMore');
      assert.ok((await shown()) > 50);
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
