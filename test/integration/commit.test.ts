// Committing from the workspace inside VS Code: Commit Workspace to Branch…
// writes the folder's files to a branch (shown in Git Refs), a moved branch
// is rebased or kept apart, Create Tag from Commit… tags it, and Upload
// Folder as New Repository… creates a repository from a folder.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { defaultStartPoint } from '../../src/gitdata';
import { spawnSync } from 'node:child_process';
import { repositoryOfFolder } from '../../src/features/commit/workspaceSource';
import { authorOfFolder, branchOfFolder } from '../../src/features/shared/git/workspaceGit';
import { children, label, signInAsAdaWithDemoRepository, waitFor } from './views-support';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';

interface Result {
  commit: string;
  parent: string | undefined;
  changes: { kind: string; path: string }[];
}
type Client = NonNullable<NonNullable<Awaited<ReturnType<typeof signInAsAdaWithDemoRepository>>['testing']>['session']['client']>;

/** Counts the calls of the client's repository and git data methods (every request of a commit goes through them). */
function countCalls(client: Client): { count: () => number; restore: () => void } {
  let calls = 0;
  const restores: (() => void)[] = [];
  for (const api of [client.git, client.repos] as unknown as Record<string, unknown>[]) {
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(api))) {
      const original = api[name];
      if (name === 'constructor' || typeof original !== 'function') continue;
      api[name] = function (this: unknown, ...args: unknown[]) {
        calls++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
      restores.push(() => delete api[name]);
    }
  }
  return { count: () => calls, restore: () => restores.forEach((r) => r()) };
}

/** What the message editor said so far. */
function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Inside the workspace folder, where VS Code's git extension opens repositories (it leaves others alone). */
function inWorkspace(prefix: string): string {
  const root = path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'git-checkouts');
  fs.mkdirSync(root, { recursive: true });
  return fs.mkdtempSync(path.join(root, prefix));
}

/** A git repository with one commit, on `branch` (detached at it with `detached`). */
function checkout(branch: string, detached = false): vscode.Uri {
  const dir = inWorkspace('head-');
  git(dir, 'init', '--quiet', `--initial-branch=${branch}`);
  fs.writeFileSync(path.join(dir, 'README.md'), 'notes\n');
  git(dir, 'add', 'README.md');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', 'first');
  if (detached) git(dir, 'checkout', '--quiet', '--detach');
  return vscode.Uri.file(dir);
}

/** A worktree of `main` on a new branch (its .git is a file naming the worktree's git folder). */
function worktreeOf(main: vscode.Uri, branch: string): vscode.Uri {
  const dir = path.join(inWorkspace('worktree-'), 'w');
  git(main.fsPath, 'worktree', 'add', '--quiet', '-b', branch, dir);
  return vscode.Uri.file(dir);
}

const said = async () => (await vscode.commands.executeCommand<string[]>('repodesk.testing.messageEditorSaid')) ?? [];

/** The message editor, once it is the active editor. */
const messageEditor = () =>
  waitFor('the message editor', async () => {
    const editor = vscode.window.activeTextEditor;
    return editor?.document.uri.scheme === 'repodesk-message' ? editor : undefined;
  });

describe('Commit from the workspace (git data API)', function () {
  this.timeout(60_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-commit-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
    fs.writeFileSync(path.join(folder, rel), text);
  };

  before(() => signInAsAdaWithDemoRepository());
  // The git checkouts made in the workspace folder stay: VS Code's git extension keeps them open, and a
  // folder deleted under it makes its next status fail (spawn git ENOENT) in the log.

  it('Commit Workspace to Branch…: a new branch holds the folder under its path, Git Refs lists it, ignored files stay out', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    write('notes/plan.md', '# Plan\n');
    write('notes/table.csv', 'n,value\n1,1\n');
    write('.gitignore', '*.log\n');
    write('debug.log', 'left out');
    const result = await vscode.commands.executeCommand<Result>('repodesk.commit.workspace', {
      folder,
      owner: OWNER,
      repo: REPO,
      branch: 'workspace/plan',
      from: 'master',
      prefix: 'uploaded',
      message: 'Plan from the workspace',
    });
    assert.ok(result, 'the command returned the commit');
    assert.deepEqual(
      result.changes.map((c) => `${c.kind} ${c.path}`),
      ['added uploaded/.gitignore', 'added uploaded/notes/plan.md', 'added uploaded/notes/table.csv'],
    );
    const ref = await client.git.getRef(OWNER, REPO, 'heads/workspace/plan');
    assert.equal(ref.object.sha, result.commit);
    const commit = await client.git.getCommit(OWNER, REPO, result.commit);
    assert.equal(commit.message, 'Plan from the workspace');
    const tree = await client.git.getTree(OWNER, REPO, result.commit, true);
    assert.ok(
      tree.tree.some((e) => e.path === 'README.md'),
      'the rest of the branch is kept',
    );
    assert.ok(!tree.tree.some((e) => e.path.endsWith('debug.log')));
    await waitFor('the branch in Git Refs', async () => {
      const groups = await children('repodesk.gitRefs');
      const branches = groups.find((g) => /branch/i.test(label(g)));
      return branches && (await children('repodesk.gitRefs', branches)).some((n) => label(n) === 'workspace/plan');
    });
  });

  it('the branch moved since the preview: rebased onto the new head when the paths do not overlap (the other commit kept)', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    write('notes/plan.md', '# Plan, second version\n');
    // Someone else commits another file to the branch while the user previews: the command reads
    // the branch for its preview, then again before it commits; the other commit lands right
    // after the first read (the session's client is wrapped for it, whatever else it is reading).
    const head = (await client.git.getRef(OWNER, REPO, 'heads/workspace/plan')).object.sha;
    const base = await client.git.getCommit(OWNER, REPO, head);
    const blob = await client.git.createBlob(OWNER, REPO, 'theirs\n');
    const tree = await client.git.createTree(OWNER, REPO, [{ path: 'theirs.txt', mode: '100644', type: 'blob', sha: blob.sha }], base.tree.sha);
    const theirs = await client.git.createCommit(OWNER, REPO, { message: 'theirs', tree: tree.sha, parents: [head] });
    const getRef = client.git.getRef;
    let moved = false;
    client.git.getRef = async function (this: typeof client.git, ...args: Parameters<typeof getRef>) {
      const ref = await getRef.apply(this, args);
      if (!moved && args[2] === 'heads/workspace/plan') {
        moved = true;
        await client.git.updateRef(OWNER, REPO, 'heads/workspace/plan', theirs.sha);
      }
      return ref;
    };
    try {
      const result = await vscode.commands.executeCommand<Result>('repodesk.commit.workspace', {
        folder,
        owner: OWNER,
        repo: REPO,
        branch: 'workspace/plan',
        prefix: 'uploaded',
        message: 'Second version',
        onMoved: 'rebase',
      });
      assert.ok(result);
      assert.deepEqual(
        result.changes.map((c) => `${c.kind} ${c.path}`),
        ['modified uploaded/notes/plan.md'],
      );
      const now = await client.git.getRef(OWNER, REPO, 'heads/workspace/plan');
      assert.equal(now.object.sha, result.commit);
      assert.equal(result.parent, theirs.sha, 'rebased onto the other commit');
      const files = (await client.git.getTree(OWNER, REPO, result.commit, true)).tree.map((e) => e.path);
      assert.ok(files.includes('theirs.txt'), "the other commit's file is kept");
      assert.ok(moved, 'the branch moved between the preview and the commit');
    } finally {
      client.git.getRef = getRef;
    }
  });

  it('Create Tag from Commit…: a lightweight tag at the commit the user names (an abbreviated SHA)', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const head = (await client.git.getRef(OWNER, REPO, 'heads/workspace/plan')).object.sha;
    const sha = await vscode.commands.executeCommand<string>('repodesk.commit.tag', { owner: OWNER, repo: REPO, from: head.slice(0, 8), tag: 'workspace-v1' });
    assert.equal(sha, head);
    assert.equal((await client.git.getRef(OWNER, REPO, 'tags/workspace-v1')).object.sha, head);
  });

  it('Create Tag from Commit… with a message: an annotated tag (the ref points at a tag object whose object is the commit)', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const head = (await client.git.getRef(OWNER, REPO, 'heads/workspace/plan')).object.sha;
    const sha = await vscode.commands.executeCommand<string>('repodesk.commit.tag', {
      owner: OWNER,
      repo: REPO,
      from: 'workspace/plan',
      tag: 'workspace-v1-annotated',
      message: 'The plan, tagged',
    });
    assert.equal(sha, head);
    const ref = await client.git.getRef(OWNER, REPO, 'tags/workspace-v1-annotated');
    assert.equal(ref.object.type, 'tag');
    const tag = await client.git.getTag(OWNER, REPO, ref.object.sha);
    assert.deepEqual([tag.message.trim(), tag.object.sha, tag.tagger.name], ['The plan, tagged', head, 'Ada Lovelace']);
  });

  it('nothing changed: the command says so and writes nothing', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const before = (await client.git.getRef(OWNER, REPO, 'heads/workspace/plan')).object.sha;
    const result = await vscode.commands.executeCommand<Result | undefined>('repodesk.commit.workspace', {
      folder,
      owner: OWNER,
      repo: REPO,
      branch: 'workspace/plan',
      prefix: 'uploaded',
      message: 'no-op',
    });
    // The other commit's file is outside the folder's path: it is not the workspace's to delete.
    assert.equal(result, undefined);
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/workspace/plan')).object.sha, before);
  });

  it('Upload Folder as New Repository…: the repository exists with the folder as its first commit and becomes the active one', async () => {
    const api = await signInAsAdaWithDemoRepository();
    const client = api.testing!.session.client!;
    const upload = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-upload-'));
    fs.writeFileSync(path.join(upload, 'README.md'), '# Uploaded from VS Code\n');
    fs.mkdirSync(path.join(upload, 'src'));
    fs.writeFileSync(path.join(upload, 'src', 'main.ts'), 'export const engine = 1;\n');
    const result = await vscode.commands.executeCommand<Result>('repodesk.commit.uploadFolder', {
      folder: upload,
      name: 'uploaded-from-vscode',
      message: 'First commit',
    });
    assert.ok(result);
    assert.equal(result.parent, undefined, 'the first commit has no parent');
    const repo = await client.repos.get('ada', 'uploaded-from-vscode');
    const head = await client.git.getRef('ada', repo.name, `heads/${repo.default_branch ?? 'master'}`);
    assert.equal(head.object.sha, result.commit);
    const tree = await client.git.getTree('ada', repo.name, result.commit, true);
    assert.deepEqual(
      tree.tree
        .filter((e) => e.type === 'blob')
        .map((e) => e.path)
        .sort(),
      ['README.md', 'src/main.ts'],
    );
    await waitFor('Git Refs showing the new repository (only its master branch)', async () => {
      const groups = await children('repodesk.gitRefs');
      const branches = groups.find((g) => /branch/i.test(label(g)));
      return branches && (await children('repodesk.gitRefs', branches)).map(label).join() === 'master';
    });
    // Back to the demo repository for the other suites.
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', OWNER, REPO);
  });

  it("the start offered for a new branch: the workspace's branch when the service has it, else the default branch (a worktree's .git file followed, as git follows it)", async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const onService: string[] = [];
    for await (const r of client.git.listRefs(OWNER, REPO, 'heads')) onService.push(r.ref.replace(/^refs\/heads\//, ''));
    const defaultBranch = (await client.repos.get(OWNER, REPO)).default_branch ?? 'master';
    const offered = async (folder: vscode.Uri) => defaultStartPoint(await branchOfFolder(folder), onService, defaultBranch);
    assert.ok(
      onService[0] !== 'gear-train' && onService.includes('gear-train'),
      `gear-train is on the service and not the first branch: ${onService.join(' ')}`,
    );
    const main = checkout('gear-train');
    assert.equal(await offered(main), 'gear-train', "the workspace's branch, not the first in the list");
    assert.equal(await offered(worktreeOf(main, 'only-here')), defaultBranch, 'a worktree on a branch the service has not: the default branch');
    git(main.fsPath, 'checkout', '--quiet', '--detach');
    assert.equal(await offered(checkout('gear-train', true)), defaultBranch, 'a detached HEAD: the default branch');
    assert.equal(await offered(vscode.Uri.file(inWorkspace('no-git-'))), defaultBranch, 'no git: the default branch');
  });

  it("the repository a folder's remote points at, and its author, as git reads them: origin on the service, through a worktree's .git file; another server's remote is not one", async () => {
    await signInAsAdaWithDemoRepository();
    const emulator = process.env.REPODESK_TEST_EMULATOR_URL!;
    const main = checkout('master');
    git(main.fsPath, 'remote', 'add', 'upstream', 'https://elsewhere.example/someone/else.git');
    // A repository of its own name: a clone of difference-engine here would be the one the checkout tests find.
    git(main.fsPath, 'remote', 'add', 'origin', `${emulator}/${OWNER}/remote-probe.git`);
    git(main.fsPath, 'config', 'user.name', 'Ada Lovelace');
    git(main.fsPath, 'config', 'user.email', 'ada@analytical.example');
    const worktree = worktreeOf(main, 'notation');
    assert.ok(fs.statSync(path.join(worktree.fsPath, '.git')).isFile(), "a worktree's .git is a file");
    for (const folder of [main, worktree]) {
      assert.deepEqual(await repositoryOfFolder(folder), { owner: OWNER, name: 'remote-probe' });
      assert.deepEqual(await authorOfFolder(folder), { name: 'Ada Lovelace', email: 'ada@analytical.example' });
    }
    const other = checkout('master');
    git(other.fsPath, 'remote', 'add', 'origin', 'https://elsewhere.example/someone/else.git');
    assert.equal(await repositoryOfFolder(other), undefined);
  });

  it('a branch name git refuses (given) is refused before any request: nothing is committed', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    write('notes/refused.md', 'refused\n');
    for (const branch of ['bad..name', '-leading-dash', 'HEAD', 'has space', 'ends.lock']) {
      const calls = countCalls(client);
      try {
        const result = await vscode.commands.executeCommand<Result | undefined>('repodesk.commit.workspace', {
          folder,
          owner: OWNER,
          repo: REPO,
          branch,
          from: 'master',
          message: 'never sent',
        });
        assert.equal(result, undefined, branch);
        assert.equal(calls.count(), 0, `no request for ${branch}`);
      } finally {
        calls.restore();
      }
    }
  });

  it("the commit message editor: its tab says what it is, in RepoDesk's language; an empty message is refused there with the reason, nothing sent; a written one is committed", async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    write('notes/message.md', 'message\n');
    const running = vscode.commands.executeCommand<Result | undefined>('repodesk.commit.workspace', {
      folder,
      owner: OWNER,
      repo: REPO,
      branch: 'workspace/message',
      from: 'master',
      prefix: 'msg',
    });
    const editor = await messageEditor();
    assert.equal(editor.document.languageId, 'repodesk-message');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.equal(tab?.label, 'Commit message: workspace\u2215message');
    const before = (await said()).length;
    await vscode.commands.executeCommand('repodesk.messageEditor.accept');
    assert.match((await said()).slice(before).join(' | '), /The commit message is empty: write at least its first line/);
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the editor stays open');
    await assert.rejects(client.git.getRef(OWNER, REPO, 'heads/workspace/message'), /Not Found/, 'nothing was sent');
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), "Message from its own editor\n\nWritten in RepoDesk's editor."));
    await vscode.commands.executeCommand('repodesk.messageEditor.accept');
    const result = await running;
    assert.ok(result, 'committed');
    assert.equal((await client.git.getCommit(OWNER, REPO, result.commit)).message, "Message from its own editor\n\nWritten in RepoDesk's editor.");
    assert.ok(
      !vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'repodesk-message')),
      'the tab is gone',
    );
  });

  it("the message tab's language changed (Change Language Mode): the document is closed and opened again under it, the tab stays, and its ✓ still commits", async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    write('notes/language.md', 'language\n');
    const running = vscode.commands.executeCommand<Result | undefined>('repodesk.commit.workspace', {
      folder,
      owner: OWNER,
      repo: REPO,
      branch: 'workspace/language',
      from: 'master',
      prefix: 'lang',
    });
    const editor = await messageEditor();
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), 'Written as Markdown'));
    const before = (await said()).length;
    // VS Code tells extensions a language change as the document closed, then opened again.
    const closed = new Promise<void>((resolve) => {
      const sub = vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.toString() === editor.document.uri.toString()) resolve(sub.dispose());
      });
    });
    const markdown = await vscode.languages.setTextDocumentLanguage(editor.document, 'markdown');
    await closed;
    assert.equal(markdown.languageId, 'markdown');
    assert.doesNotMatch((await said()).slice(before).join(' | '), /cancelled/, 'no cancel was said');
    await vscode.window.showTextDocument(markdown);
    await vscode.commands.executeCommand('repodesk.messageEditor.accept');
    const result = await running;
    assert.ok(result, 'committed');
    assert.equal((await client.git.getCommit(OWNER, REPO, result.commit)).message, 'Written as Markdown');
  });

  it("closing the message editor's tab cancels: said, nothing committed, the text kept and back in the next editor; ✕ cancels too", async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    write('notes/cancel.md', 'cancel\n');
    const answers = { folder, owner: OWNER, repo: REPO, branch: 'workspace/cancel', from: 'master', prefix: 'cancel' };
    const first = vscode.commands.executeCommand<Result | undefined>('repodesk.commit.workspace', answers);
    const editor = await messageEditor();
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'A message worth keeping'));
    const before = (await said()).length;
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(await first, undefined);
    const words = (await said()).slice(before).join(' | ');
    assert.match(words, /Commit cancelled: nothing was committed to analytical-engines\/difference-engine:workspace\/cancel\./);
    assert.match(words, /Your text is kept/);
    await assert.rejects(client.git.getRef(OWNER, REPO, 'heads/workspace/cancel'), /Not Found/);

    const second = vscode.commands.executeCommand<Result | undefined>('repodesk.commit.workspace', answers);
    const again = await messageEditor();
    assert.equal(again.document.getText(), 'A message worth keeping', 'the kept text is back');
    assert.match((await said()).slice(-1)[0] ?? '', /Your earlier text is back in the editor/);
    await vscode.commands.executeCommand('repodesk.messageEditor.cancel');
    assert.equal(await second, undefined);
    await assert.rejects(client.git.getRef(OWNER, REPO, 'heads/workspace/cancel'), /Not Found/);
  });
});
