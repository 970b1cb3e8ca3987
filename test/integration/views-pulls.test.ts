// The Pull Requests and Review Comments views against the demo seed:
// what a user sees and what the commands do.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { child, children, description, enterThrough, hover as hoverOf, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const REVIEWS = 'repodesk.reviewComments';

describe('Views: Pull Requests', function () {
  this.timeout(60_000);

  before(async () => {
    await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
  });

  it('lists the open pull requests with number, title, author and state, and all of them with the state filter', async () => {
    const open = await children(PULLS);
    assert.deepEqual(open.map(label), ['#1 Tabulate polynomials by the method of differences']);
    assert.equal(description(open[0]!), 'charles · open');

    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'all' });
    const all = await children(PULLS);
    assert.deepEqual(all.map((n) => label(n).split(' ')[0]).sort(), ['#1', '#2', '#3']);
    const states = Object.fromEntries(all.map((n) => [label(n).split(' ')[0], description(n).split(' · ')[1]]));
    assert.deepEqual(states, { '#1': 'open', '#2': 'closed', '#3': 'merged' });

    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'closed', base: 'no-such-branch' });
    assert.deepEqual((await children(PULLS)).map(label), ['No pull requests match this filter.']);
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', base: '' });
  });

  it('a pull request’s icon is its author’s avatar (User summary avatar_url) as a data:image/svg+xml URI, the state still in the description', async () => {
    const pr = await child(PULLS, undefined, /^#1 /);
    const item = pr.toTreeItem();
    assert.ok(item.iconPath instanceof vscode.Uri, `iconPath is not a Uri: ${JSON.stringify(item.iconPath)}`);
    assert.equal(item.iconPath.scheme, 'data');
    const uri = item.iconPath.toString(true);
    assert.ok(uri.startsWith('data:image/svg+xml;base64,'), uri.slice(0, 80));
    const svg = Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').toString('utf8');
    assert.match(svg, /^<svg [^>]*>.*>C<\/text><\/svg>$/, 'charles’s avatar');
    assert.equal(description(pr), 'charles · open');
  });

  it('the filter quick inputs keep the current choices when the user presses Enter through them (state closed stays closed)', async () => {
    // Not the first option of any step, so a step that starts on its first option shows.
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'closed', sort: 'updated', direction: 'asc', head: '', base: '' });
    try {
      await enterThrough('repodesk.pulls.filter');
      assert.deepEqual((await children(PULLS)).map((n) => label(n).split(' ')[0]).sort(), ['#2', '#3']);
    } finally {
      await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    }
    assert.deepEqual(
      (await children(PULLS)).map((n) => label(n).split(' ')[0]),
      ['#1'],
    );
  });

  it('a pull request shows its changed files with their change kind, and its review threads', async () => {
    const pr = await child(PULLS, undefined, /^#1 /);
    const [files, threads] = await children(PULLS, pr);
    assert.equal(label(files!), 'Changed files');
    const fileNodes = await children(PULLS, files);
    const byName = Object.fromEntries(fileNodes.map((f) => [label(f), description(f)]));
    assert.deepEqual(Object.keys(byName).sort(), ['README.md', 'tables.md', 'tabulate.js']);
    // The change first (a narrow sidebar cuts the end), then the folder.
    assert.match(byName['tables.md']!, /^added \+\d+ −0 · docs$/);
    assert.match(byName['README.md']!, /modified/);

    const threadFiles = await children(PULLS, threads);
    assert.deepEqual(threadFiles.map(label), ['docs/tables.md', 'src/differences/tabulate.js']);
    const [mary] = await children(PULLS, threadFiles[0]);
    assert.equal(label(mary!), 'Could the table also show the second differences?');
    assert.match(description(mary!), /^line 3 · mary · (just now|\d+ (min|h) ago) · 1 reply$/);
    // The thread's row is its first comment: its children are the replies, so nothing shows twice.
    assert.deepEqual((await children(PULLS, mary)).map(label), ['luigi: They are constant (2), which is the point of the method.']);
    // An outdated thread says so in words, not only with its icon, with the line and commit it was made on.
    const [outdated] = await children(PULLS, threadFiles[1]);
    assert.match(description(outdated!), /^line 3 of [0-9a-f]{7} \(outdated\) · ada · /);
  });

  it('every node under a pull request has its own tree id (VS Code drops the rows of a repeated id: a commented file is also a changed file)', async () => {
    const pr = await child(PULLS, undefined, /^#1 /);
    const ids: string[] = [];
    const walk = async (node: TestNode, depth: number): Promise<void> => {
      const id = node.toTreeItem().id;
      if (id) ids.push(id);
      if (depth < 4) for (const k of await children(PULLS, node)) await walk(k, depth + 1);
    };
    await walk(pr, 0);
    assert.ok(
      ids.some((id) => id.includes('file:docs/tables.md')),
      ids.join(' | '),
    );
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
      'repeated ids',
    );
  });

  it('opening a changed file shows the base/head diff read through the repodesk: file system', async () => {
    const pr = await child(PULLS, undefined, /^#1 /);
    const files = await child(PULLS, pr, 'Changed files');
    const readme = await child(PULLS, files, 'README.md');
    await vscode.commands.executeCommand('repodesk.pulls.openFile', readme);
    const tab = await waitFor('the diff editor', async () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.scheme, 'repodesk');
    assert.equal(tab.modified.scheme, 'repodesk');
    const base = new TextDecoder().decode(await vscode.workspace.fs.readFile(tab.original));
    const head = new TextDecoder().decode(await vscode.workspace.fs.readFile(tab.modified));
    assert.ok(!base.includes('## Tabulating'), 'the base side already has the change');
    assert.ok(head.includes('## Tabulating'), `the head side lacks the change:\n${head}`);
    assert.ok(head.startsWith(base.trimEnd()), 'the head README does not extend the base README');
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(tab.modified, new Uint8Array([1]))),
      (e: unknown) => e instanceof vscode.FileSystemError && e.code === 'NoPermissions',
      'a pull request file is read-only',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

describe('Views: Review Comments', function () {
  this.timeout(60_000);
  let api: Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>;

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    const pr = await child(PULLS, undefined, /^#1 /);
    await vscode.commands.executeCommand('repodesk.pulls.select', pr);
  });

  /** A thread's comments: its row (the first comment), then its children (the replies). */
  const commentsOf = async (file: string, threadStart: RegExp): Promise<TestNode[]> => {
    const fileNode = await child(REVIEWS, undefined, file);
    const thread = await child(REVIEWS, fileNode, threadStart);
    return [thread, ...(await children(REVIEWS, thread))];
  };

  it('shows the selected pull request’s comments by file, then thread, with author and age', async () => {
    const files = await children(REVIEWS);
    assert.deepEqual(files.map(label), ['docs/tables.md', 'src/differences/tabulate.js']);
    assert.equal(description(files[1]!), '1 thread');
    const comments = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    assert.deepEqual(comments.map(label), [
      'Copy the figures as numbers: a string column would concatenate.',
      'charles: Good catch, fixed in the next commit.',
    ]);
    assert.match(description(comments[1]!), /^(just now|\d+ (min|h) ago)$/);
    // The hover gives the exact date the row counts from.
    const hover = (await hoverOf(REVIEWS, comments[1]!)) as vscode.MarkdownString;
    const created = (comments[1] as TestNode & { comment: { created_at: string } }).comment.created_at;
    assert.ok(hover.value.includes(new Date(created).getFullYear().toString()), hover.value);
    // Only ada's own comment offers edit and delete (on the thread's row, the first comment's).
    assert.deepEqual(
      comments.map((c) => c.toTreeItem().contextValue),
      ['reviewComment:own', 'reviewComment'],
    );
  });

  it('replies to a thread, edits the reply and deletes it; another user’s comment stays untouched', async () => {
    const [, charles] = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    const reply = await vscode.commands.executeCommand<{ id: number } | undefined>(
      'repodesk.reviewComments.reply',
      charles,
      'Thanks, merged once the docs land.',
    );
    assert.ok(reply?.id, 'the reply was not created');
    let comments = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    assert.equal(label(comments[2]!), 'ada: Thanks, merged once the docs land.');
    // The Pull Requests view shows the same thread with the new reply.
    const threads = await child(PULLS, await child(PULLS, undefined, /^#1 /), 'Review threads');
    const inPulls = await child(PULLS, await child(PULLS, threads, 'src/differences/tabulate.js'), /^Copy the figures/);
    assert.match(description(inPulls), / · 2 replies$/);

    await vscode.commands.executeCommand('repodesk.reviewComments.edit', comments[2], 'Thanks, merging once the docs land.');
    comments = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    assert.equal(label(comments[2]!), 'ada: Thanks, merging once the docs land.');

    await vscode.commands.executeCommand('repodesk.reviewComments.edit', comments[1], 'not mine to change');
    await vscode.commands.executeCommand('repodesk.reviewComments.delete', comments[1], true);
    await vscode.commands.executeCommand('repodesk.reviewComments.delete', comments[2], true);
    comments = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    assert.deepEqual(comments.map(label), [
      'Copy the figures as numbers: a string column would concatenate.',
      'charles: Good catch, fixed in the next commit.',
    ]);
  });

  it('Reply without text opens the message editor (Reply to charles): several lines written there are sent on ✓, and the reply shows in the thread', async () => {
    const [, charles] = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    const done = vscode.commands.executeCommand<{ id: number; body: string } | undefined>('repodesk.reviewComments.reply', charles);
    const editor = await waitFor('the reply editor', async () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'repodesk-message' && e.document.uri.path.endsWith('/Reply to charles') ? e : undefined;
    });
    const text = 'Agreed.\n\n- numbers in\n- numbers out';
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), text));
    await vscode.commands.executeCommand('repodesk.messageEditor.accept', editor.document.uri);
    const reply = await done;
    assert.equal(reply?.body, text);
    const comments = await commentsOf('src/differences/tabulate.js', /^Copy the figures/);
    assert.equal(label(comments[2]!), 'ada: Agreed.');
    await vscode.commands.executeCommand('repodesk.reviewComments.delete', comments[2], true);
    assert.equal((await commentsOf('src/differences/tabulate.js', /^Copy the figures/)).length, 2);
  });

  it('reveals a comment’s line in the diff', async () => {
    const [mary] = await commentsOf('docs/tables.md', /^Could the table/);
    await vscode.commands.executeCommand('repodesk.reviewComments.reveal', mary);
    const editor = await waitFor('the diff editor at the comment', async () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'repodesk' && e.document.uri.path.endsWith('/docs/tables.md') ? e : undefined;
    });
    // Position 3 of an added file is its third line.
    assert.equal(editor.selection.active.line, 2);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the repository mode lists every review comment, newest first, with since', async () => {
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'repository');
    const all = await children(REVIEWS);
    assert.ok(all.length >= 4, `only ${all.length} comments`);
    assert.ok(
      all.every((n) => /^[a-z]+: /.test(label(n))),
      all.map(label).join(' | '),
    );
    assert.match(description(all[0]!), /^(docs|src)\//);
    await vscode.commands.executeCommand('repodesk.reviewComments.filter', { since: '2999-01-01T00:00:00Z' });
    assert.deepEqual((await children(REVIEWS)).map(label), ['This repository has no review comments in this range.']);
    await vscode.commands.executeCommand('repodesk.reviewComments.filter', { since: '', sort: 'created', direction: 'asc' });
    assert.equal(label((await children(REVIEWS))[0]!), 'ada: Copy the figures as numbers: a string column would concatenate.');
    // Enter through the filter's steps: oldest first stays.
    await enterThrough('repodesk.reviewComments.filter');
    assert.equal(label((await children(REVIEWS))[0]!), 'ada: Copy the figures as numbers: a string column would concatenate.');
    await vscode.commands.executeCommand('repodesk.reviewComments.switchMode', 'pull');
    assert.equal(api.testing!.session.account?.label, 'ada');
  });
});
