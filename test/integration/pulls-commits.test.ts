// A pull request's commits in the Pull Requests view: listed under it oldest
// first, each with the review threads written on it, and opening its changes
// against its parent in a diff that says it takes no comments.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { asAda } from './service-support';
import { child, children, description, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const REPO = '/repos/analytical-engines/difference-engine';

interface ServiceCommit {
  sha: string;
  commit: { message: string; author: { name: string } };
  author?: { login: string } | null;
}

describe('Pull Requests view: commit by commit', function () {
  this.timeout(120_000);
  let commits: ServiceCommit[];
  let pr: TestNode;

  before(async () => {
    await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    commits = await asAda<ServiceCommit[]>('GET', `${REPO}/pulls/1/commits?per_page=100`);
    pr = await child(PULLS, undefined, /^#1 /);
  });

  it('the Commits row of #1 lists its commits oldest first as the service holds them (docs/service-api/hosting/pulls.md §5)', async () => {
    const group = await child(PULLS, pr, /^Commits/);
    assert.equal(group.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const rows = await children(PULLS, group);
    const subjects = commits.map((c) => c.commit.message.split('\n')[0]);
    assert.ok(subjects.includes('Tabulate polynomials by the method of differences'), subjects.join(' | '));
    assert.deepEqual(rows.map(label), subjects);
    // The count joins the label once the commits are read.
    assert.equal(label(group), `Commits ${commits.length}`);
    rows.forEach((row, i) => {
      const c = commits[i]!;
      assert.equal(description(row), `${c.sha.slice(0, 7)} · ${c.author?.login ?? c.commit.author.name}`);
      assert.equal(row.toTreeItem().tooltip, c.commit.message.trim());
      assert.equal(row.toTreeItem().command?.command, 'repodesk.pulls.openCommit');
    });
  });

  it('a commit row shows the review threads written on it (their original_commit_id), a commit with none is not expandable', async () => {
    const group = await child(PULLS, pr, /^Commits/);
    const rows = await children(PULLS, group);
    const first = rows[commits.findIndex((c) => c.commit.message.startsWith('Tabulate polynomials by the method of differences'))]!;
    assert.equal(first.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const files = (await children(PULLS, first)).map(label);
    // The demo's two threads of #1 were written on this commit (other tests may add more).
    assert.ok(files.includes('docs/tables.md') && files.includes('src/differences/tabulate.js'), files.join(' | '));
    const [mary] = await children(PULLS, await child(PULLS, first, 'docs/tables.md'));
    assert.equal(label(mary!), 'Could the table also show the second differences?');

    const comments = await asAda<{ original_commit_id: string; in_reply_to_id?: number | null }[]>('GET', `${REPO}/pulls/1/comments?per_page=100`);
    const written = new Set(comments.filter((c) => !c.in_reply_to_id).map((c) => c.original_commit_id));
    rows.forEach((row, i) =>
      assert.equal(
        row.toTreeItem().collapsibleState,
        written.has(commits[i]!.sha) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
        label(row),
      ),
    );
  });

  it('repodesk.pulls.openCommit with a file opens its changes against the parent, titled read-only', async () => {
    const group = await child(PULLS, pr, /^Commits/);
    const rows = await children(PULLS, group);
    const i = commits.findIndex((c) => c.commit.message.startsWith('Tabulate polynomials by the method of differences'));
    const sha = commits[i]!.sha;
    const opened = await vscode.commands.executeCommand<boolean>('repodesk.pulls.openCommit', rows[i], { path: 'docs/tables.md' });
    assert.equal(opened, true);
    const tab = await waitFor('the commit diff of docs/tables.md', async () => {
      const t = vscode.window.tabGroups.activeTabGroup.activeTab;
      return t?.input instanceof vscode.TabInputTextDiff && t.input.modified.path.endsWith('docs/tables.md') ? t : undefined;
    });
    assert.equal(tab.label, `tables.md (${sha.slice(0, 7)}, read-only)`);
    const input = tab.input as vscode.TabInputTextDiff;
    assert.ok(input.modified.path.includes(`/${sha}/`), `the commit's side: ${input.modified.toString()}`);
    assert.ok(input.original.path.includes(`/${commits[i - 1]?.sha ?? ''}`), `the parent's side: ${input.original.toString()}`);
    await vscode.window.tabGroups.close(tab);
    // A file the commit did not change opens nothing.
    assert.equal(await vscode.commands.executeCommand('repodesk.pulls.openCommit', rows[i], { path: 'no/such/file' }), false);
  });
});
