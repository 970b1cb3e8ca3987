// Named to run after the other view and overview tests: run before the pending review
// tests, their overview case timed out waiting for its page (not understood yet).
// A large pull request against the emulator (test/support/big-pull.mjs: a
// repository of ada's, a branch pushed with git, review comments written by
// charles through the API), smaller than the benchmark's so that the suite
// stays quick but larger than a page of every list: 250 changed files
// (3 pages of 100), 120 commits (2 pages), 60 review comments. The Changed
// files node draws it by folder and reads a page at a time; the overview's
// Files and Commits tabs show a page and read the next when asked, counting
// the pull request's own numbers in the tabs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostToWebview, PageModel } from '../../src/features/pullOverview/model/messages';
import { createBigPull } from '../support/big-pull.mjs';
import { collect, type HostingClient } from '../../src/hosting';
import { child, children, description, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const PULLS = 'repodesk.pullRequests';
const FILES = 250;
const COMMITS = 120;
const COMMENTS = 60;

async function tokenOf(login: string): Promise<string> {
  const res = await fetch(`${process.env.REPODESK_TEST_EMULATOR_URL}/authorizations`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${login}:${login}-demo-password`).toString('base64')}`,
      'user-agent': 'repodesk-integration',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ note: `big pull ${login} ${Date.now()}`, scopes: ['repo'] }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { token: string }).token;
}

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
      token: await tokenOf('ada'),
      reviewerToken: await tokenOf('charles'),
      files: FILES,
      commits: COMMITS,
      comments: COMMENTS,
    });
    key = `${pull.owner}/${pull.repo}#${pull.number}`;
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', pull.owner, pull.repo);
    listed = (await collect(client.pulls.listFiles(pull.owner, pull.repo, pull.number))).map((f) => f.filename);
    assert.equal(listed.length, FILES);
  });

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
    assert.equal(m.conversation.rows.filter((r) => r.kind === 'thread').length, 40, 'the 40 threads of the 60 review comments');

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
});
