// A large pull request against the emulator (test/support/big-pull.mjs: a
// repository of ada's, a branch pushed with git, review comments written by
// charles through the API), smaller than the benchmark's so that the suite
// stays quick but larger than a page of every list: 250 changed files
// (3 pages of 100), 120 commits (2 pages), 160 review comments in 107 threads
// on 107 files. The Changed files node draws it by folder and reads a page at
// a time; Review Comments draws its commented files by folder; the overview's
// Files and Commits tabs show a page and read the next when asked, counting
// the pull request's own numbers in the tabs, and its conversation shows the
// oldest and newest threads with a Load more between them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostToWebview, PageModel } from '../../src/features/pullOverview/model/messages';
import { createBigPull, demoToken } from '../support/big-pull.mjs';
import { collect, type HostingClient } from '../../src/hosting';
import { child, children, description, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const FILES = 250;
const COMMITS = 120;
const COMMENTS = 160;
/** Two threads a three comments (test/support/big-pull.mjs): the first 107 files have one each. */
const THREADS = 107;
const REVIEWS = 'repodesk.reviewComments';

const posted = async (key: string) => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.pullOverview.posted', key)) ?? [];
async function model(key: string, what: string, check: (m: PageModel) => boolean): Promise<PageModel> {
  return waitFor(
    what,
    async () => {
      const models = (await posted(key)).flatMap((m) => (m.type === 'model' && !m.model.conversation.loading ? [m.model] : []));
      const last = models[models.length - 1];
      return last && check(last) ? last : undefined;
    },
    60_000,
  );
}

/** Presses a Load more row as a click would (its command). */
async function press(node: TestNode): Promise<void> {
  const command = node.toTreeItem().command!;
  await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}

describe('A large pull request', function () {
  this.timeout(300_000);
  let pull: { owner: string; repo: string; number: number };
  let key = '';
  let client: HostingClient;
  /** The service's list of the changed files, in its order. */
  let listed: string[] = [];

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    pull = await createBigPull({
      emulatorUrl: process.env.REPODESK_TEST_EMULATOR_URL!,
      token: await demoToken(process.env.REPODESK_TEST_EMULATOR_URL!, 'ada'),
      reviewerToken: await demoToken(process.env.REPODESK_TEST_EMULATOR_URL!, 'charles'),
      files: FILES,
      commits: COMMITS,
      comments: COMMENTS,
    });
    key = `${pull.owner}/${pull.repo}#${pull.number}`;
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', pull.owner, pull.repo);
    listed = (await collect(client.pulls.listFiles(pull.owner, pull.repo, pull.number))).map((f) => f.filename);
    assert.equal(listed.length, FILES);
  });

  // Back to what the other files start from (no editor open, the demo repository active): order does not matter.
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  });

  it('Changed files is drawn by folder (collapsed, counted), a page at a time: Load more reads the next page into the folders', async () => {
    const pullRow = await waitFor(`#${pull.number} in the view`, async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${pull.number} `)));
    const files = await child(PULLS, pullRow, 'Changed files');
    let rows = await children(PULLS, files);
    // All 250 files are under big/, in 30 packages: one folder row, then Load more.
    assert.deepEqual(rows.map(label), ['big', 'Load more…']);
    const big = rows[0]!;
    assert.equal(big.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match(description(big), /^0 of 100 viewed$|^100 files$/, 'the folder counts the 100 files of the first page');
    assert.match(description(files), /100\+/, 'more pages to come');
    // The packages of the service's first page, each with its count of files there.
    const firstPage = listed.slice(0, 100).map((f) => f.split('/')[1]!);
    const counts = new Map<string, number>();
    for (const pkg of firstPage) counts.set(pkg, (counts.get(pkg) ?? 0) + 1);
    const packages = await children(PULLS, big);
    assert.deepEqual(packages.map(label), [...counts.keys()].sort());
    assert.deepEqual(
      packages.map((p) => Number(/(\d+)(?: files| viewed)?$/.exec(description(p))?.[1])),
      [...counts.keys()].sort().map((k) => counts.get(k)),
    );

    await press(rows[1]!);
    rows = await waitFor(
      'the second page drawn',
      async () => {
        const now = await children(PULLS, files);
        return now[0] && /\b200\b/.test(description(now[0])) ? now : undefined;
      },
      60_000,
    );
    await press(rows.find((r) => label(r) === 'Load more…')!);
    rows = await waitFor(
      'the third page drawn',
      async () => {
        const now = await children(PULLS, files);
        return now[0] && /\b250\b/.test(description(now[0])) ? now : undefined;
      },
      60_000,
    );
    assert.deepEqual(rows.map(label), ['big'], 'every page read: no Load more, no note (the service listed all it counts)');
    const all = await children(PULLS, rows[0]!);
    assert.equal(all.length, 30, 'pkg-00 … pkg-29');
    const mods = await children(PULLS, all[0]!);
    assert.deepEqual(
      mods.map(label),
      Array.from({ length: 9 }, (_, i) => `mod-${i}`),
      'files 0, 30, … 240 of pkg-00 fall in mod-0 … mod-8',
    );
    assert.deepEqual((await children(PULLS, mods[0]!)).map(label), ['file-0.txt'], 'a folder lists its files');
  });

  it("the overview's Files and Commits tabs show a page of 100 rows, read the next when asked, and count the pull request's own numbers", async () => {
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: pull.owner, repo: pull.repo, number: pull.number });
    let m = await model(key, 'the first page', () => true);
    assert.equal(m.counts.changedFiles, FILES);
    assert.equal(m.counts.commits, COMMITS);
    assert.equal(m.files.rows.length, 100);
    assert.equal(m.files.more, true);
    assert.equal(m.commits.rows.length, 100);
    assert.equal(m.commits.more, true);

    await vscode.commands.executeCommand('repodesk.testing.pullOverview.send', key, { type: 'loadMore', list: 'files' });
    m = await model(key, 'a second page of files', (x) => x.files.rows.length === 200);
    assert.equal(m.files.more, true);
    assert.equal(m.commits.rows.length, 100, 'the Commits tab kept its page');
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.send', key, { type: 'loadMore', list: 'files' });
    m = await model(key, 'every file', (x) => x.files.rows.length === FILES);
    assert.equal(m.files.more, undefined);
    assert.equal(m.files.unlisted, undefined, 'the service listed all 250');
    assert.deepEqual(new Set(m.files.rows.map((f) => f.path)).size, FILES, 'no file twice');

    await vscode.commands.executeCommand('repodesk.testing.pullOverview.send', key, { type: 'loadMore', list: 'commits' });
    m = await model(key, 'every commit', (x) => x.commits.rows.length === COMMITS);
    assert.equal(m.commits.more, undefined);
    assert.equal(m.files.rows.length, FILES, 'the Files tab kept what it read');
  });

  it("the overview's conversation of 107 threads shows the oldest 80 and the newest 20, the 7 between behind Load more, which shows them", async () => {
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: pull.owner, repo: pull.repo, number: pull.number });
    const shown = await model(key, 'the page with its conversation', () => true);
    assert.deepEqual(shown.conversation.hidden, { at: 80, count: THREADS - 100 });
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.send', key, { type: 'loadMore', list: 'conversation' });
    const all = await model(key, 'the whole conversation', (x) => x.conversation.hidden === undefined);
    const ids = (m: PageModel) => m.conversation.rows.map((r) => r.id);
    assert.equal(new Set(ids(all)).size, THREADS, 'every thread, once');
    // Oldest first: the rows shown at first are the whole conversation's first 80 and last 20.
    assert.deepEqual(ids(shown), [...ids(all).slice(0, 80), ...ids(all).slice(-20)]);
  });

  it('an overview closed and opened again is drawn from its HTML with the page it showed, and nothing is posted again while nothing changed', async () => {
    const target = { owner: pull.owner, repo: pull.repo, number: pull.number };
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', target);
    const shown = await model(key, 'the page', () => true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', target);
    const given = (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.pullOverview.given', key)) ?? [];
    assert.deepEqual(
      given.map((m) => m.type),
      ['init', 'model'],
    );
    const page = given[1] as Extract<HostToWebview, { type: 'model' }>;
    assert.equal(page.model.title, shown.title);
    assert.deepEqual(page.model.files.rows, shown.files.rows);
    // The page reads again (its lists answer 304), once it is opened and once more: the same page, so no model is
    // posted, whether the page has said ready by then or not (its load is the browser's: not waited for here).
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', key);
    assert.deepEqual(
      (await posted(key)).filter((m) => m.type === 'model'),
      [],
    );
  });

  it('Review Comments draws the 107 commented files by folder: big open, its 30 packages collapsed with their threads, a file with its thread', async () => {
    const pullRow = await waitFor(`#${pull.number} in the view`, async () => (await children(PULLS)).find((n) => label(n).startsWith(`#${pull.number} `)));
    await vscode.commands.executeCommand('repodesk.pulls.select', pullRow);
    // Every page of comments read (the first is drawn at once).
    const roots = await waitFor('the folders of every comment', async () => {
      const rows = await children(REVIEWS);
      return rows.length > 0 && description(rows[0]!).startsWith(`${THREADS} threads`) ? rows : undefined;
    });
    assert.deepEqual(roots.map(label), ['big']);
    assert.equal(roots[0]!.toTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'a lone folder is open');
    assert.equal(description(roots[0]!), `${THREADS} threads · ${THREADS} files`);
    const packages = await children(REVIEWS, roots[0]!);
    assert.deepEqual(
      packages.map(label),
      Array.from({ length: 30 }, (_, i) => `pkg-${String(i).padStart(2, '0')}`),
    );
    assert.ok(packages.every((p) => p.toTreeItem().collapsibleState === vscode.TreeItemCollapsibleState.Collapsed));
    // Files i, i + 30, … below 107: four in pkg-00 … pkg-16, three in pkg-17 … pkg-29.
    assert.deepEqual(
      packages.map(description),
      Array.from({ length: 30 }, (_, i) => (i <= 16 ? '4 threads · 4 files' : '3 threads · 3 files')),
    );
    const mods = await children(REVIEWS, packages[0]!);
    assert.deepEqual(mods.map(label), ['mod-0', 'mod-1', 'mod-2', 'mod-3']);
    const files = await children(REVIEWS, mods[0]!);
    assert.deepEqual(files.map(label), ['file-0.txt']);
    assert.equal(description(files[0]!), '1 thread');
    assert.deepEqual((await children(REVIEWS, files[0]!)).map(label), ['Big thread 1 on big/pkg-00/mod-0/file-0.txt']);
  });
});
