// The Create Pull Request form through its messages: Create Pull Request…
// with only a head opens the form with that head and the default branch as
// base; the comparison says how many commits are between them and suggests
// the title and description (one commit: its subject and body; several: the
// branch as a sentence and the subjects as a list); no commits between is
// "nothing to merge"; the workspace's template is offered (cut when too
// large); the preview renders Markdown with HTML as text; a refusal comes
// back in the service's words; a pull request created gets its labels, the
// form closes and the pull request's overview opens. Played in
// ada/notes-on-the-engine, so the demo repository stays as the other suites
// expect it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { collect, type HostingClient } from '../../src/hosting';
import type { HostToWebview } from '../../src/features/createPullForm/model/messages';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';
const KEY = `${OWNER}/${REPO}`;
const run = `${Date.now().toString(36)}`;

type Posted<T extends HostToWebview['type']> = Extract<HostToWebview, { type: T }>;

describe('Create Pull Request form', function () {
  this.timeout(90_000);
  let client: HostingClient;
  const workspace = () => vscode.workspace.workspaceFolders![0]!.uri;
  // The seam is there once the form's code has loaded (with the first form).
  const posted = async () =>
    vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.createPullForm.posted', KEY).then(
      (m) => m ?? [],
      () => [],
    );
  const send = (message: unknown) => vscode.commands.executeCommand('repodesk.testing.createPullForm.send', KEY, message);
  /** The next message of `type` posted after the first `after` messages. */
  const next = async <T extends HostToWebview['type']>(
    type: T,
    after: number,
    match: (m: Posted<T>) => boolean = () => true,
    timeoutMs?: number,
  ): Promise<Posted<T>> =>
    waitFor(`a '${type}' message`, async () => (await posted()).slice(after).find((m): m is Posted<T> => m.type === type && match(m as Posted<T>)), timeoutMs);
  const formTab = () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('repodesk.createPullForm'));

  /** A branch with `messages.length` commits on master. */
  const branch = async (name: string, messages: string[]): Promise<void> => {
    let sha = (await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha;
    for (const [i, message] of messages.entries()) {
      const parent = await client.git.getCommit(OWNER, REPO, sha);
      const tree = await client.git.createTree(OWNER, REPO, [{ path: `${name}-${i}.md`, mode: '100644', type: 'blob', content: `${i}\n` }], parent.tree.sha);
      sha = (await client.git.createCommit(OWNER, REPO, { message, tree: tree.sha, parents: [parent.sha] })).sha;
    }
    await client.git.createRef(OWNER, REPO, `refs/heads/${name}`, sha);
  };

  /** Opens the form with `head` given, as a commit's notification does; resolves to how many messages came before its 'repository'. */
  const open = async (head: string): Promise<Posted<'repository'>> => {
    const before = (await posted()).length;
    await vscode.commands.executeCommand('repodesk.pulls.create', { head });
    // The page's first message comes once its page has loaded: code-server's webview service worker
    // holds a new page for ~30 s while another is still loading (the earlier suites' pages).
    return next('repository', before, (m) => m.head === head, 45_000);
  };
  const compare = async (base: string, head: string): Promise<Posted<'compared'>> => {
    const before = (await posted()).length;
    await send({ type: 'compare', base, head });
    return next('compared', before, (m) => m.base === base && m.head === head);
  };

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    // No page of an earlier suite still loading beside the form's.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', OWNER, REPO);
    const labels = (await collect(client.labels.listForRepo(OWNER, REPO))).map((l) => l.name);
    if (!labels.includes('form-label')) await client.labels.create(OWNER, REPO, { name: 'form-label', color: '84b6eb' });
    await branch(`form-one-${run}`, ['Add the first note  \n\nWhy it matters.\nIn two lines.']);
    await branch(`form-two-${run}`, ['Cut the wheels', 'Mesh them\n\nwith care']);
    await branch(`form-none-${run}`, []);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspace(), '.github'), { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  });

  it('Create Pull Request… with only a head opens the form: that head, the default branch as base, the branches and labels of the repository', async () => {
    const repository = await open(`form-one-${run}`);
    assert.deepEqual([repository.repository, repository.base, repository.head, repository.given], [KEY, 'master', `form-one-${run}`, true]);
    assert.ok(repository.branches.includes('master') && repository.branches.includes(`form-two-${run}`), repository.branches.join(', '));
    assert.ok(
      repository.labels.some((l) => l.name === 'form-label' && l.color === '84b6eb'),
      JSON.stringify(repository.labels),
    );
    assert.ok(formTab(), 'the form is a tab');
  });

  it('one commit between: 1 ahead, 0 behind; the title is its subject and the description its body', async () => {
    const compared = await compare('master', `form-one-${run}`);
    assert.deepEqual(
      [compared.ahead, compared.behind, compared.title, compared.body, compared.error],
      [1, 0, 'Add the first note', 'Why it matters.\nIn two lines.', undefined],
    );
  });

  it('several commits: the branch as a sentence and the subjects as a Markdown list', async () => {
    const compared = await compare('master', `form-two-${run}`);
    assert.deepEqual([compared.ahead, compared.title, compared.body], [2, `Form two ${run}`, '- Cut the wheels\n- Mesh them']);
  });

  it('no commits between (a branch where master is): nothing to merge, 0 ahead', async () => {
    const compared = await compare('master', `form-none-${run}`);
    assert.deepEqual([compared.ahead, compared.behind], [0, 0]);
  });

  it('the base behind the head: how many of its commits the head lacks', async () => {
    const compared = await compare(`form-one-${run}`, `form-two-${run}`);
    assert.deepEqual([compared.ahead, compared.behind], [2, 1]);
  });

  it('the preview: Markdown rendered, raw HTML shown as text', async () => {
    const before = (await posted()).length;
    await send({ type: 'preview', request: 7, text: '**Ten** to one <script>alert(1)</script>' });
    const previewed = await next('previewed', before, (m) => m.request === 7);
    assert.match(previewed.html, /<strong>Ten<\/strong> to one &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  });

  it("the workspace's template is offered; one over 64 KB is offered cut, said so; a folder of templates is a choice", async () => {
    const github = vscode.Uri.joinPath(workspace(), '.github');
    await vscode.workspace.fs.createDirectory(github);
    const file = vscode.Uri.joinPath(github, 'PULL_REQUEST_TEMPLATE.md');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('## Checklist\n- [ ] Tested\n'));
    let repository = await open(`form-one-${run}`);
    assert.deepEqual(repository.templates, [{ path: '.github/PULL_REQUEST_TEMPLATE.md', text: '## Checklist\n- [ ] Tested\n' }]);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('x'.repeat(70_000)));
    repository = await open(`form-two-${run}`);
    assert.deepEqual(
      repository.templates.map((t) => [t.path, t.text.length, t.cut]),
      [['.github/PULL_REQUEST_TEMPLATE.md', 65_536, 'tooLarge']],
    );
    await vscode.workspace.fs.delete(file);
    // A folder of templates: a choice among its Markdown files.
    const folder = vscode.Uri.joinPath(github, 'PULL_REQUEST_TEMPLATE');
    await vscode.workspace.fs.createDirectory(folder);
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'fix.md'), new TextEncoder().encode('## The fix\n'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'feature.md'), new TextEncoder().encode('## The feature\n'));
    repository = await open(`form-one-${run}`);
    assert.deepEqual(repository.templates, [
      { path: '.github/PULL_REQUEST_TEMPLATE/feature.md', text: '## The feature\n' },
      { path: '.github/PULL_REQUEST_TEMPLATE/fix.md', text: '## The fix\n' },
    ]);
    await vscode.workspace.fs.delete(github, { recursive: true });
  });

  it("created: the labels set on the service, the form closed and the pull request's overview open; the same head again is refused in the service's words", async () => {
    await open(`form-one-${run}`);
    await send({ type: 'create', base: 'master', head: `form-one-${run}`, title: 'Add the first note', body: 'Why it matters.', labels: ['form-label'] });
    const pull = await waitFor('the pull request on the service', async () => {
      const pulls = await collect(client.pulls.list(OWNER, REPO, { state: 'open', head: `${OWNER}:form-one-${run}` }));
      return pulls[0];
    });
    assert.deepEqual([pull.title, pull.body, pull.base.ref], ['Add the first note', 'Why it matters.', 'master']);
    await waitFor('its labels', async () => {
      const labels = (await collect(client.labels.listForIssue(OWNER, REPO, pull.number))).map((l) => l.name);
      return labels.join() === 'form-label';
    });
    await waitFor('the form closed', async () => !formTab());
    await waitFor('the overview open', async () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        // Its title is the pull request's once read.
        .some(
          (t) =>
            t.input instanceof vscode.TabInputWebview &&
            t.input.viewType.endsWith('repodesk.pullOverview') &&
            [`Pull Request #${pull.number}`, `#${pull.number} Add the first note`].includes(t.label),
        ),
    );

    await open(`form-one-${run}`);
    const before = (await posted()).length;
    await send({ type: 'create', base: 'master', head: `form-one-${run}`, title: 'Again', body: '', labels: [] });
    const refused = await next('refused', before);
    assert.match(refused.message, /A pull request already exists for ada:form-one-/);
    assert.ok(formTab(), 'the form stays open with its text');
    assert.equal((await collect(client.pulls.list(OWNER, REPO, { state: 'open', head: `${OWNER}:form-one-${run}` }))).length, 1, 'no second pull request');
  });
});
