// A pull request's overview page inside VS Code: a click on demo pull
// request #1 in the Pull Requests view opens it (the row still expands on
// its twistie), and the host posts the page: counts, commits, files and the
// conversation in order. Comments added, edited and deleted from the page
// reach the service; Close and Reopen from the page change the pull
// request; files, commits and review threads open their diffs; a body with
// HTML and script is shown as text; an idle refresh costs no rate limit.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { collect, type HostingClient } from '../../src/hosting';
import { loadPage, type LoadedPage } from '../../src/features/pullOverview/overviewLoader';
import type { PullReviewComments } from '../../src/features/review/stores/pullReviewComments';
import { AvatarCache } from '../../src/util/avatars';
import type { HostToWebview, PageModel } from '../../src/features/pullOverview/model/messages';
import { commentDone, model, posted, send } from './overview-support';
import { children, label, signInAsAdaWithDemoRepository, waitFor } from './views-support';

const PULLS = 'repodesk.pullRequests';
const KEY = 'analytical-engines/difference-engine#1';

const shownAgain = async () => (await vscode.commands.executeCommand<boolean[]>('repodesk.testing.pullOverview.shown', KEY)) ?? [];

/** Opens #1's page as Open Pull Request does (an open page is shown again) and waits until it is drawn: each test that uses the page opens it, so it passes alone. */
async function openPageOf1(): Promise<PageModel> {
  assert.equal(await vscode.commands.executeCommand('repodesk.pulls.openOverview', { link: KEY }), KEY);
  return model(KEY, 'the page of #1');
}

/**
 * The active diff editor's input once one is open for `path`: it waits on
 * VS Code's tab events, not a clock (the diff's sides are read from the
 * service first, which takes seconds on a busy machine); the test's own
 * timeout is the only bound.
 */
function diffOpened(path: string): Promise<vscode.TabInputTextDiff> {
  const shown = () => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith(path) ? input : undefined;
  };
  return new Promise((resolve) => {
    const check = () => {
      const input = shown();
      if (!input) return;
      tabs.dispose();
      groups.dispose();
      resolve(input);
    };
    const tabs = vscode.window.tabGroups.onDidChangeTabs(check);
    const groups = vscode.window.tabGroups.onDidChangeTabGroups(check);
    check();
  });
}

/** Closes the active diff of `path` and waits until its tab is gone (the next diffOpened then waits for a new one). */
async function closeDiff(path: string): Promise<void> {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  assert.ok(tab?.input instanceof vscode.TabInputTextDiff && tab.input.modified.path.endsWith(path), `the diff of ${path} is the active tab`);
  assert.equal(await vscode.window.tabGroups.close(tab), true, `the diff of ${path} closed`);
}

describe('Pull request overview page', function () {
  this.timeout(120_000);
  let client: NonNullable<NonNullable<Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>['testing']>['session']['client']>;

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a click on #1 in the Pull Requests view opens its overview: state, author, counts, commits, files and the conversation in order', async () => {
    const row = await waitFor('#1 in the view', async () => (await children(PULLS)).find((n) => label(n).startsWith('#1 ')));
    const item = row.toTreeItem();
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'the row still expands on its twistie');
    assert.equal(item.command?.command, 'repodesk.pulls.openOverview');
    // Every title its tab shows, from the click on.
    const tabTitles: string[] = [];
    const watchTabs = vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const t of [...e.opened, ...e.changed]) if (t.input instanceof vscode.TabInputWebview) tabTitles.push(t.label);
    });
    // A first page: none kept from a page of #1 another file opened.
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.forgetKept');
    const key = await vscode.commands.executeCommand<string>(item.command.command, ...(item.command.arguments ?? []));
    assert.equal(key, KEY);
    // The page is written with the row's title as its heading: it shows before the page's script has run.
    const html = await waitFor('the page of #1 written', async () =>
      vscode.commands.executeCommand<string | undefined>('repodesk.testing.pullOverview.html', KEY),
    );
    assert.match(
      html,
      /<main id="app" aria-busy="true"><header class="top early"><h1><span class="title">Tabulate polynomials by the method of differences<\/span> <span class="number muted">#1<\/span><\/h1><\/header><\/main>/,
    );
    // Its own stylesheet is written into the page's head, so the heading's first paint waits for no request; only
    // the icon font's stylesheet is linked.
    assert.match(html, /<head>(?:(?!<\/head>)[^])*<style nonce="[^"]+">(?:(?!<\/style>)[^])*\.top\.early/);
    assert.doesNotMatch(html, /<link[^>]*pullOverview\.css/);

    const m = await model(KEY, 'the page of #1');
    const pull = await client.pulls.get('analytical-engines', 'difference-engine', 1);
    assert.equal(m.title, 'Tabulate polynomials by the method of differences');
    watchTabs.dispose();
    // Titled from the row at once, not renamed once the page has read the pull request (a tab drawn twice).
    assert.deepEqual([...new Set(tabTitles)], ['#1 Tabulate polynomials by the method of differences'], 'the tab is titled from the row at once');
    assert.equal(m.state, 'open');
    assert.equal(m.author.login, 'charles');
    assert.match(m.author.avatar ?? '', /^data:image\//, "the author's avatar is passed as a data: URI");
    assert.equal(m.base, pull.base.label);
    assert.equal(m.head, pull.head.label);
    assert.match(m.bodyHtml, /<p>Adds the tabulating loop/);
    assert.deepEqual(m.counts, {
      commits: pull.commits,
      changedFiles: pull.changed_files,
      additions: pull.additions,
      deletions: pull.deletions,
      comments: pull.comments,
      reviewComments: pull.review_comments,
    });

    // The lists agree with the counts.
    assert.equal(m.commits.rows.length, pull.commits);
    assert.deepEqual(
      m.commits.rows.slice(0, 2).map((c) => c.title),
      ['Tabulate polynomials by the method of differences', 'Read the initial differences as numbers'],
    );
    assert.ok(m.commits.rows.every((c) => c.shortSha === c.sha.slice(0, 7) && c.author.length > 0));
    assert.equal(m.files.rows.length, pull.changed_files);
    assert.ok(m.files.rows.some((f) => f.path === 'docs/tables.md' && f.status === 'added'));
    const comments = m.conversation.rows.filter((c) => c.kind === 'comment');
    const threads = m.conversation.rows.filter((c) => c.kind === 'thread');
    assert.equal(comments.length, pull.comments);
    assert.equal(
      threads.reduce((n, t) => n + 1 + (t.kind === 'thread' ? t.replies : 0), 0),
      pull.review_comments,
    );
    const grace = comments.findIndex((c) => c.kind === 'comment' && c.body.startsWith('Ran it for 40 steps'));
    const ada = comments.findIndex((c) => c.kind === 'comment' && c.body.startsWith('Thanks, Grace'));
    assert.ok(grace >= 0 && ada > grace, 'the issue comments in the order they were made');
    const created = m.conversation.rows.map((c) => c.created);
    assert.deepEqual(created, [...created].sort(), 'the conversation is oldest first');
    const outdated = threads.find((t) => t.kind === 'thread' && t.path === 'src/differences/tabulate.js');
    assert.ok(outdated?.kind === 'thread' && outdated.outdated && outdated.replies >= 1, 'the outdated thread on tabulate.js');
    // Its line and commit, as the editor's header says them; its replies, to read in place.
    assert.deepEqual([outdated.line, outdated.removed, /^[0-9a-f]{7}$/.test(outdated.commit ?? '')], [3, false, true]);
    assert.deepEqual(
      outdated.replyItems.map((r) => r.author.login),
      ['charles'],
    );

    // Opening it again reveals the same page.
    assert.equal(
      await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 }),
      KEY,
    );
  });

  it("Open Pull Request takes the page's URL, its API URL, owner/repo#N and a vscode:// link: each opens #1's page", async () => {
    const service = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!.replace(/\/+$/, '');
    const web = `${service}/analytical-engines/difference-engine/pull/1`;
    for (const link of [
      `${web}/files`,
      `${service}/repos/analytical-engines/difference-engine/pulls/1`,
      'analytical-engines/difference-engine#1',
      `vscode://repodesk.repodesk/open?url=${encodeURIComponent(web)}`,
    ]) {
      assert.equal(await vscode.commands.executeCommand('repodesk.pulls.openOverview', { link }), KEY, link);
    }
    await model(KEY, 'the page of #1');
  });

  it('a link that names no pull request, or a host no service has, opens nothing', async () => {
    for (const link of ['https://elsewhere.example/analytical-engines/difference-engine/pull/1', 'analytical-engines/difference-engine/issues/1']) {
      assert.equal(await vscode.commands.executeCommand('repodesk.pulls.openOverview', { link }), undefined, link);
    }
  });

  it('an idle refresh of the open page costs no rate limit and posts nothing new', async () => {
    await openPageOf1();
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', KEY);
    const before = client.rateLimit!.remaining;
    const mark = (await posted(KEY)).length;
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', KEY);
    assert.equal(client.rateLimit!.remaining, before, 'the idle refresh spent rate limit');
    assert.deepEqual((await posted(KEY)).slice(mark), [], 'an unchanged page is not posted again');
  });

  it('a comment added, edited and deleted from the page reaches the service, and the page shows it', async () => {
    await openPageOf1();
    const body = `From the overview page ${Date.now()}`;
    let mark = (await posted(KEY)).length;
    await send(KEY, { type: 'addComment', request: 101, body });
    assert.equal((await commentDone(KEY, 101, mark)).ok, true);
    const onService = async () =>
      (await collect(client.issueComments.listForIssue('analytical-engines', 'difference-engine', 1))).find((c) => c.body?.startsWith(body));
    const made = await onService();
    assert.ok(made, 'the comment is on the service');
    const shown = await model(KEY, 'the new comment on the page', (m) => m.conversation.rows.some((c) => c.kind === 'comment' && c.id === made.id), mark);
    const item = shown.conversation.rows.find((c) => c.id === made.id);
    assert.ok(item?.kind === 'comment' && item.own, "ada's own comment can be edited and deleted");
    assert.equal(shown.conversation.rows[shown.conversation.rows.length - 1]?.id, made.id, 'the newest comment is last');

    mark = (await posted(KEY)).length;
    await send(KEY, { type: 'editComment', request: 102, id: made.id, body: `${body} (edited)` });
    assert.equal((await commentDone(KEY, 102, mark)).ok, true);
    assert.equal((await onService())?.body, `${body} (edited)`);
    await model(
      KEY,
      'the edited comment on the page',
      (m) => m.conversation.rows.some((c) => c.kind === 'comment' && c.id === made.id && c.body.endsWith('(edited)')),
      mark,
    );

    mark = (await posted(KEY)).length;
    await send(KEY, { type: 'deleteComment', request: 103, id: made.id, confirmed: true });
    assert.equal((await commentDone(KEY, 103, mark)).ok, true);
    assert.equal(await onService(), undefined, 'the comment is gone from the service');
    await model(KEY, 'the page without the comment', (m) => !m.conversation.rows.some((c) => c.id === made.id), mark);
  });

  it("an edit the service refuses is answered with the service's message (the page keeps the text)", async () => {
    await openPageOf1();
    const mark = (await posted(KEY)).length;
    await send(KEY, { type: 'editComment', request: 104, id: 999_999_999, body: 'Not there' });
    const answer = await commentDone(KEY, 104, mark);
    assert.equal(answer.ok, false);
    assert.match(answer.message ?? '', /not found/i);
  });

  it('a file and a review thread of the page open their diffs', async function () {
    // The first diff of the window reads both sides from the service (and the
    // thread's its base too): waited for by event, with room for a busy machine.
    this.timeout(300_000);
    const m = await openPageOf1();
    await send(KEY, { type: 'openFile', path: 'docs/tables.md' });
    const fileDiff = await diffOpened('docs/tables.md');
    assert.ok(new URLSearchParams(fileDiff.original.query).has('empty'), `an added file has no base side: ${fileDiff.original.query}`);
    await closeDiff('docs/tables.md');

    const thread = m.conversation.rows.find((c) => c.kind === 'thread' && c.path === 'docs/tables.md');
    assert.ok(thread);
    await send(KEY, { type: 'openThread', id: thread.id });
    await diffOpened('docs/tables.md');
    await closeDiff('docs/tables.md');

    // A commit's files are listed in a quick pick; which files it lists is
    // unit-tested (test/unit/pullOverview). Driving that quick pick from here
    // failed in the full suite and passed alone, so it is not driven here.
  });

  it('Close and Reopen from the page change the pull request; a body with HTML and script is shown as text', async () => {
    const owner = 'ada';
    const repo = 'notes-on-the-engine';
    const branch = `overview/${Date.now()}`;
    const master = await client.git.getRef(owner, repo, 'heads/master');
    const parent = await client.git.getCommit(owner, repo, master.object.sha);
    const tree = await client.git.createTree(
      owner,
      repo,
      [{ path: `${branch.replace('/', '-')}.md`, mode: '100644', type: 'blob', content: 'x\n' }],
      parent.tree.sha,
    );
    const commit = await client.git.createCommit(owner, repo, { message: 'Overview page test', tree: tree.sha, parents: [parent.sha] });
    await client.git.createRef(owner, repo, `refs/heads/${branch}`, commit.sha);
    const pull = await client.pulls.create(owner, repo, {
      head: branch,
      base: 'master',
      title: 'Overview <b>test</b>',
      body: '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)> **bold**',
    });
    const key = await vscode.commands.executeCommand<string>('repodesk.pulls.openOverview', { owner, repo, number: pull.number });
    const m = await model(key, "the new pull request's page");
    assert.equal(m.title, 'Overview <b>test</b>', 'the title is text');
    assert.doesNotMatch(m.bodyHtml, /<script|<img/i);
    assert.match(m.bodyHtml, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(m.bodyHtml, /<strong>bold<\/strong>/);

    let mark = (await posted(key)).length;
    await send(key, { type: 'action', action: 'close' });
    await model(key, 'the page closed', (x) => x.state === 'closed', mark);
    assert.equal((await client.pulls.get(owner, repo, pull.number)).state, 'closed');
    mark = (await posted(key)).length;
    await send(key, { type: 'action', action: 'reopen' });
    await model(key, 'the page open again', (x) => x.state === 'open', mark);
    assert.equal((await client.pulls.get(owner, repo, pull.number)).state, 'open');
    await client.pulls.update(owner, repo, pull.number, { state: 'closed' });
  });

  it("a pull request whose head repository was deleted (the spec's null head.repo): the page says the head is deleted and still lists its commits and files", async () => {
    // grace forks ada's notes-on-the-engine (not the demo repository, whose
    // pull requests other tests list), opens a pull request from a branch of
    // her fork, then deletes the fork (Basic credentials: no scopes apply).
    const apiUrl = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!;
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from('grace:grace-demo-password').toString('base64')}`,
          accept: 'application/vnd.github.v3+json',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const fork = await call<{ full_name: string; default_branch: string }>('POST', '/repos/ada/notes-on-the-engine/forks');
    const f = `/repos/${fork.full_name}`;
    const tip = await call<{ object: { sha: string } }>('GET', `${f}/git/refs/heads/${fork.default_branch}`);
    const parent = await call<{ sha: string; tree: { sha: string } }>('GET', `${f}/git/commits/${tip.object.sha}`);
    const tree = await call<{ sha: string }>('POST', `${f}/git/trees`, {
      base_tree: parent.tree.sha,
      tree: [{ path: 'docs/grace-notes.md', mode: '100644', type: 'blob', content: 'Notes from a fork.\n' }],
    });
    const commit = await call<{ sha: string }>('POST', `${f}/git/commits`, { message: 'Notes from a deleted fork', tree: tree.sha, parents: [parent.sha] });
    const branch = `fork-notes-${Date.now()}`;
    await call('POST', `${f}/git/refs`, { ref: `refs/heads/${branch}`, sha: commit.sha });
    const pull = await call<{ number: number }>('POST', '/repos/ada/notes-on-the-engine/pulls', {
      head: `grace:${branch}`,
      base: fork.default_branch,
      title: 'Notes from a fork that is gone',
      body: 'The fork is deleted after this.',
    });
    await call('DELETE', f);
    try {
      assert.equal((await client.pulls.get('ada', 'notes-on-the-engine', pull.number)).head.repo, null, 'the service answers head.repo null');
      const key = await vscode.commands.executeCommand<string>('repodesk.pulls.openOverview', {
        owner: 'ada',
        repo: 'notes-on-the-engine',
        number: pull.number,
      });
      const m = await model(key, 'the page of the pull request from the deleted fork');
      assert.equal(m.head, null, 'no head label is shown as if the repository were there');
      assert.equal(m.headRef, branch, 'the page names the deleted head by its branch');
      assert.equal(m.state, 'open');
      assert.deepEqual(
        m.commits.rows.map((c) => [c.title, c.shortSha]),
        [['Notes from a deleted fork', commit.sha.slice(0, 7)]],
      );
      assert.deepEqual(
        m.files.rows.map((x) => [x.path, x.status]),
        [['docs/grace-notes.md', 'added']],
      );
      assert.ok(!(await posted(key)).some((x) => x.type === 'failed'), 'the page is drawn, not refused');
    } finally {
      await client.pulls.update('ada', 'notes-on-the-engine', pull.number, { state: 'closed' });
    }
  });

  it('a page shown again is kept as it was drawn; shown again once its reading is older than a minute, it reads again and draws what changed', async () => {
    const open = () =>
      vscode.commands.executeCommand<string>('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 });
    const shown = () =>
      waitFor('the overview page shown', async () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputWebview && input.viewType.endsWith('repodesk.pullOverview') ? input : undefined;
      });
    const hide = async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(), vscode.ViewColumn.Active);
      await waitFor('the overview page hidden', async () => !(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputWebview));
    };
    await open();
    const first = await model(KEY, 'the page of #1');
    let mark = (await posted(KEY)).length;
    await hide();
    const shownBefore = (await shownAgain()).length;
    await open();
    await shown();
    // The page is kept while hidden (never rebuilt); shown again, the host decides at once whether to read again.
    const decisions = await waitFor('the host told the page was shown again', async () => {
      const all = await shownAgain();
      return all.length > shownBefore ? all.slice(shownBefore) : undefined;
    });
    assert.deepEqual(decisions, [false], 'shown again within a minute of its reading: not read again');
    assert.deepEqual(
      (await posted(KEY)).slice(mark).map((m) => m.type),
      [],
      'the page shown again was not rebuilt nor read again',
    );

    const title = `${first.title} (renamed while hidden)`;
    const before = await vscode.commands.executeCommand<number>('repodesk.testing.pullOverview.rereadShownAfter', 0);
    try {
      await hide();
      await client.pulls.update('analytical-engines', 'difference-engine', 1, { title });
      mark = (await posted(KEY)).length;
      await open();
      await model(KEY, 'the page with the new title', (m) => m.title === title, mark);
      assert.ok(!(await posted(KEY)).slice(mark).some((m) => m.type === 'init'), 'the page was drawn again in place, not rebuilt');
    } finally {
      await vscode.commands.executeCommand('repodesk.testing.pullOverview.rereadShownAfter', before);
      await client.pulls.update('analytical-engines', 'difference-engine', 1, { title: first.title });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('a malformed message from the page is ignored', async () => {
    const mark = (await posted(KEY)).length;
    await send(KEY, { type: 'deleteComment', request: 1, id: 'all', confirmed: true });
    await send(KEY, { type: 'action', action: 'deleteRepository' });
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', KEY);
    assert.deepEqual(
      (await posted(KEY)).slice(mark).filter((m) => m.type === 'commentDone'),
      [],
    );
  });
  it('a pull request whose conversation is read last is drawn without it first (marked as being read), then with it', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    // The conversation's read held until the page without it is given (as a large pull request's many pages hold it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const issueComments = new Proxy(client.issueComments, {
      get: (target, name) =>
        name === 'listForIssue'
          ? (...args: Parameters<HostingClient['issueComments']['listForIssue']>) =>
              (async function* () {
                await held;
                yield* target.listForIssue(...args);
              })()
          : Reflect.get(target, name),
    });
    const slow = new Proxy(client, { get: (target, name) => (name === 'issueComments' ? issueComments : Reflect.get(target, name)) });
    const store = { list: (k: { owner: string; repo: string; number: number }) => client.reviewComments.listAllForPull(k.owner, k.repo, k.number) };
    const early: LoadedPage[] = [];
    const page = await loadPage(
      slow,
      store as unknown as PullReviewComments,
      { owner: 'analytical-engines', repo: 'difference-engine', number: 1 },
      'ada',
      new AvatarCache(),
      false,
      {},
      undefined,
      (p) => {
        early.push(p);
        release();
      },
    );
    assert.equal(early.length, 1, 'drawn once before its conversation');
    assert.equal(early[0]!.model.conversation.loading, true);
    assert.deepEqual(early[0]!.model.conversation.rows, []);
    assert.equal(early[0]!.model.title, page.model.title);
    assert.ok(early[0]!.model.files.rows.length > 0, 'the files are there at once');
    assert.equal(page.model.conversation.loading, undefined, 'the page read whole is not marked');
    assert.ok(page.model.conversation.rows.length > 0, 'then the conversation');
  });

  it('a pull request whose conversation is read before its files is still drawn without it first (shaping many comments holds no tab), then with it', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    // The files' read starts only once the whole conversation is read (as when its pages answer 304 at once).
    let issueCommentsRead!: () => void;
    let reviewCommentsRead!: () => void;
    const conversationRead = Promise.all([new Promise<void>((r) => (issueCommentsRead = r)), new Promise<void>((r) => (reviewCommentsRead = r))]);
    const issueComments = new Proxy(client.issueComments, {
      get: (target, name) =>
        name === 'listForIssue'
          ? (...args: Parameters<HostingClient['issueComments']['listForIssue']>) =>
              (async function* () {
                yield* target.listForIssue(...args);
                issueCommentsRead();
              })()
          : Reflect.get(target, name),
    });
    const pulls = new Proxy(client.pulls, {
      get: (target, name) =>
        name === 'listFiles'
          ? (...args: Parameters<HostingClient['pulls']['listFiles']>) =>
              (async function* () {
                await conversationRead;
                yield* target.listFiles(...args);
              })()
          : Reflect.get(target, name),
    });
    const filesLast = new Proxy(client, {
      get: (target, name) => (name === 'issueComments' ? issueComments : name === 'pulls' ? pulls : Reflect.get(target, name)),
    });
    const store = {
      list: async (k: { owner: string; repo: string; number: number }) => {
        const all = await client.reviewComments.listAllForPull(k.owner, k.repo, k.number);
        reviewCommentsRead();
        return all;
      },
    };
    const early: LoadedPage[] = [];
    const page = await loadPage(
      filesLast,
      store as unknown as PullReviewComments,
      { owner: 'analytical-engines', repo: 'difference-engine', number: 1 },
      'ada',
      new AvatarCache(),
      false,
      {},
      undefined,
      (p) => early.push(p),
    );
    assert.equal(early.length, 1, 'drawn once before its conversation is shaped');
    assert.equal(early[0]!.model.conversation.loading, true);
    assert.deepEqual(early[0]!.model.conversation.rows, []);
    assert.deepEqual(early[0]!.model.files.rows, page.model.files.rows, 'the files are there at once');
    assert.ok(page.model.conversation.rows.length > 0, 'then the conversation');
  });

  it("the page drawn first waits for no avatar: the author's placeholder until the whole page, which has the avatar", async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    // The avatars' host answers only once the page was drawn: a first drawing that waited for it would never come.
    let drawnFirst!: () => void;
    const held = new Promise<void>((r) => (drawnFirst = r));
    const avatars = new AvatarCache({ fetch: async (...args: Parameters<typeof fetch>) => (await held, fetch(...args)) });
    const early: LoadedPage[] = [];
    const page = await loadPage(
      client,
      {
        list: (k: { owner: string; repo: string; number: number }) => client.reviewComments.listAllForPull(k.owner, k.repo, k.number),
      } as unknown as PullReviewComments,
      { owner: 'analytical-engines', repo: 'difference-engine', number: 1 },
      'ada',
      avatars,
      false,
      {},
      undefined,
      (p) => {
        early.push(p);
        drawnFirst();
      },
    );
    assert.equal(early.length, 1);
    assert.equal(early[0]!.model.author.login, 'charles');
    assert.equal(early[0]!.model.author.avatar, undefined, 'drawn with the placeholder');
    assert.match(page.model.author.avatar ?? '', /^data:image\//, 'the whole page has the avatar');
  });

  it('a page opened for the first time, whose webview gets ready after its lists were read, draws them at once, while its conversation is still being read', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Not a page shown before: that one draws the page it showed, conversation and all, until the whole page is read.
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.forgetKept');
    // The review comments' read held (the store reads through the session's client) until the page without them is posted.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const comments = client.reviewComments;
    const listAll = comments.listAllForPull.bind(comments);
    comments.listAllForPull = async (...args: Parameters<typeof listAll>) => {
      await held;
      return listAll(...args);
    };
    try {
      await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 });
      // The new page's messages only: while its conversation is held, every model it posts is marked as being read (an earlier page's ended whole).
      const early = await waitFor(
        'the page without its conversation',
        async () => {
          const models = (await posted(KEY)).flatMap((m) => (m.type === 'model' ? [m.model] : []));
          return models.length > 0 && models.every((m) => m.conversation.loading === true) ? models[0] : undefined;
        },
        60_000,
      );
      assert.ok(early.files.rows.length > 0 && early.commits.rows.length > 0, 'its files and commits');
    } finally {
      release();
      delete (comments as Partial<typeof comments>).listAllForPull;
    }
    const whole = await model(KEY, 'then the page with its conversation');
    assert.ok(whole.conversation.rows.some((c) => c.kind === 'thread'));
  });

  it('a page shown before and opened again keeps its conversation on screen while it is read again: no page without it is posted', async () => {
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 });
    await model(KEY, 'the page with its conversation');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const comments = client.reviewComments;
    const listAll = comments.listAllForPull.bind(comments);
    let asked = false;
    comments.listAllForPull = async (...args: Parameters<typeof listAll>) => {
      asked = true;
      await held;
      return listAll(...args);
    };
    try {
      await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 });
      const given = (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.pullOverview.given', KEY)) ?? [];
      assert.ok(
        given.some((m) => m.type === 'model' && !m.model.conversation.loading),
        'drawn from its HTML with its conversation',
      );
      // Ready while the conversation is still out: what the page has by then is what it would post.
      await waitFor('the page ready and its conversation asked for again', async () => asked && (await posted(KEY)).some((m) => m.type === 'init'), 60_000);
    } finally {
      release();
      delete (comments as Partial<typeof comments>).listAllForPull;
    }
    // The page's read over (a reload waits for the one under way).
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.reload', KEY);
    assert.deepEqual(
      (await posted(KEY)).filter((m) => m.type === 'model' && m.model.conversation.loading),
      [],
      'no page without its conversation',
    );
  });
  it('a page opened again shows the page as last drawn at its first paint, on its first tab; its script then draws over it', async () => {
    // A first page of #1: nothing kept, no page open.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.forgetKept');
    const first = await openPageOf1();
    // Sent by the page once idle after drawing its conversation.
    const drawing = await waitFor(
      'the page drawn and its drawing kept by the host',
      async () => vscode.commands.executeCommand<string | undefined>('repodesk.testing.pullOverview.keptDrawing', KEY),
      60_000,
    );
    // What the page drew: its header, and the rows of its tabs, the first tab shown.
    assert.ok(drawing.includes(first.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')), 'the title');
    assert.match(drawing, /<ol class="rows files">(?:(?!<\/ol>)[^])*docs\/tables\.md/, 'a row of Files changed');
    assert.match(drawing, /<ol class="rows commits"><li>/, 'a row of Commits');
    assert.match(drawing, /<vscode-tabs selected-index="0"/);
    // Nothing in it answers until the script draws over it: its controls say they are disabled.
    const commentButton = /<div class="composer">[^]*?<vscode-button ([^>]*)>/.exec(drawing)?.[1] ?? 'none';
    assert.match(commentButton, /aria-disabled="true"/, `the Comment button disabled: ${commentButton}`);
    assert.match(commentButton, /role="button"/, `the Comment button a button: ${commentButton}`);
    assert.match(drawing, /<button class="row-button"[^>]*aria-disabled="true"/, 'a row of Files changed disabled');
    assert.deepEqual(
      [...drawing.matchAll(/<vscode-tab-panel([^>]*)>/g)].map((m) => /\shidden\b/.test(m[1]!)),
      [false, true, true],
      'the conversation shown, the other panels hidden',
    );
    // Written to disk too: a later window (a reload, a restart) reads it for its first page of #1.
    await waitFor('the drawing on disk', async () =>
      (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.pullOverview.keptDrawingOnDisk', KEY)) === drawing ? true : undefined,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 });
    const html = await waitFor('the page of #1 written again', async () =>
      vscode.commands.executeCommand<string | undefined>('repodesk.testing.pullOverview.html', KEY),
    );
    assert.ok(html.includes(`<main id="app" aria-busy="true">${drawing}</main>`), 'the drawing is the page before its script runs');
    // The script draws from the page's first messages (the model kept with the drawing) and says it is ready.
    const given = (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.pullOverview.given', KEY)) ?? [];
    assert.ok(given.some((m) => m.type === 'model' && m.model.title === first.title));
    await waitFor('the page ready', async () => (await posted(KEY)).some((m) => m.type === 'init'), 60_000);

    // In a window just started, a click before the kept pages are read (a moment after start-up): its page is read
    // from disk for it, and drawn at first paint all the same. The click waits for that read at most 150 ms; on a
    // loaded machine the read can take longer, so the test lets it wait as long as it takes.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.testing.pullOverview.asNewWindow');
    const wait = await vscode.commands.executeCommand<number>('repodesk.testing.pullOverview.keptPageWait', 60_000);
    try {
      await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner: 'analytical-engines', repo: 'difference-engine', number: 1 });
    } finally {
      await vscode.commands.executeCommand('repodesk.testing.pullOverview.keptPageWait', wait);
    }
    const early = await waitFor('the page of #1 written in the new window', async () =>
      vscode.commands.executeCommand<string | undefined>('repodesk.testing.pullOverview.html', KEY),
    );
    // The drawing on disk (the page shown since may have written its own): its rows are the page before its script runs.
    const main = /<main id="app" aria-busy="true">([^]*)<\/main>/.exec(early)?.[1] ?? '';
    assert.match(
      main,
      /<ol class="rows files">(?:(?!<\/ol>)[^])*docs\/tables\.md/,
      `the page's first content, before its script: ${main ? main.slice(0, 300) : 'none (no drawing, no heading)'}`,
    );
    await waitFor('the page ready', async () => (await posted(KEY)).some((m) => m.type === 'init'), 60_000);
  });
});
