// The Releases and Git Refs views against the demo seed: groups, assets, refs with their commit messages, the tree browser,
// and the commands that change them.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { child, children, description, label, signInAsAdaWithDemoRepository, stepsShown, waitFor } from './views-support';

const RELEASES = 'repodesk.releases';
const REFS = 'repodesk.gitRefs';

describe('Views: Releases', function () {
  this.timeout(60_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-releases-'));

  before(() => signInAsAdaWithDemoRepository());

  it('shows published, prerelease and draft releases apart, with assets, sizes and download counts', async () => {
    const groups = await children(RELEASES);
    assert.deepEqual(groups.map(label), ['Published', 'Prereleases', 'Drafts']);
    const published = await children(RELEASES, groups[0]);
    assert.ok(
      published.some((r) => /v1\.0\.0/.test(label(r)) || /v1\.0\.0/.test(description(r))),
      published.map(label).join(' | '),
    );
    const stable = published.find((r) => /v1\.0\.0/.test(`${label(r)} ${description(r)}`))!;
    const assets = await children(RELEASES, stable);
    const csv = assets.find((a) => label(a) === 'tables.csv');
    assert.ok(csv, assets.map(label).join(' | '));
    assert.match(description(csv), /^\d+ B · \d+ downloads?$/);
    assert.ok((await children(RELEASES, groups[1])).some((r) => /v1\.1\.0-rc\.1/.test(`${label(r)} ${description(r)}`)));
    assert.ok((await children(RELEASES, groups[2])).some((r) => /v1\.1\.0/.test(`${label(r)} ${description(r)}`)));
  });

  it('Edit Release…: the message editor decides nothing until ✓; ✕ or a closed tab keeps the release as it was, and the text written for the next Edit', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const made = await client.releases.create('analytical-engines', 'difference-engine', {
      tag_name: 'v9.9.8-notes',
      name: 'Notes editor test',
      body: 'Before',
      draft: true,
    });
    const draftNode = async () => child(RELEASES, await child(RELEASES, undefined, 'Drafts'), 'Notes editor test');
    await vscode.commands.executeCommand('repodesk.releases.refresh');
    const notesEditor = () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'repodesk-message' && e.document.uri.path.endsWith('/Release notes: v9.9.8-notes') ? e : undefined;
    };
    /** Starts Edit Release…, keeps the name (Enter), and waits for the message editor of its notes. */
    const startEdit = async () => {
      const shownBefore = (await stepsShown()).length;
      const done = vscode.commands.executeCommand('repodesk.releases.edit', await draftNode());
      await waitFor('the step of the release name on screen', async () =>
        (await stepsShown()).slice(shownBefore).includes('Edit release v9.9.8-notes (1/2): name'),
      );
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const editor = await waitFor('the message editor of the release notes', async () => notesEditor());
      return { done, editor };
    };
    const body = async () => (await client.releases.get('analytical-engines', 'difference-engine', made.id)).body;
    try {
      let { done, editor } = await startEdit();
      assert.equal(editor.document.getText(), 'Before', 'the editor shows the current notes');
      await editor.edit((e) => e.insert(new vscode.Position(0, 6), ' and after'));
      await vscode.commands.executeCommand('repodesk.messageEditor.cancel', editor.document.uri);
      assert.equal(await done, undefined);
      assert.equal(await body(), 'Before');

      // The text written is back at the next Edit; a closed tab cancels too.
      ({ done, editor } = await startEdit());
      assert.equal(editor.document.getText(), 'Before and after', 'the text written before is back');
      await editor.edit((e) => e.insert(new vscode.Position(0, 'Before and after'.length), ', again'));
      await editor.document.save();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      assert.equal(await done, undefined);
      assert.equal(await body(), 'Before');

      ({ done, editor } = await startEdit());
      assert.equal(editor.document.getText(), 'Before and after, again');
      await vscode.commands.executeCommand('repodesk.messageEditor.accept', editor.document.uri);
      await done;
      assert.equal(await body(), 'Before and after, again');
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label.startsWith('Release notes:'));
      assert.deepEqual(tabs, [], 'the message editor is closed');
    } finally {
      await client.releases.delete('analytical-engines', 'difference-engine', made.id);
      await client.git.deleteRef('analytical-engines', 'difference-engine', 'tags/v9.9.8-notes').catch(() => undefined);
      await vscode.commands.executeCommand('repodesk.releases.refresh');
    }
  });

  it('creates a draft, uploads an asset with progress, publishes it, downloads the asset and deletes the release', async () => {
    const created = await vscode.commands.executeCommand<{ id: number } | undefined>('repodesk.releases.create', {
      tag_name: 'v9.9.9-views',
      target_commitish: 'master',
      name: 'Views test release',
      body: 'Notes',
      draft: true,
      prerelease: false,
    });
    assert.ok(created?.id, 'the release was not created');
    let draft = await child(RELEASES, await child(RELEASES, undefined, 'Drafts'), 'Views test release');

    const file = path.join(tmp, 'figures.txt');
    fs.writeFileSync(file, 'x,x^2\n1,1\n2,4\n');
    const asset = await vscode.commands.executeCommand<{ size: number } | undefined>('repodesk.releases.uploadAsset', draft, vscode.Uri.file(file));
    assert.equal(asset?.size, 14);
    draft = await child(RELEASES, await child(RELEASES, undefined, 'Drafts'), 'Views test release');
    assert.match(description(draft), /1 asset/);

    await vscode.commands.executeCommand('repodesk.releases.publish', draft);
    const published = await child(RELEASES, await child(RELEASES, undefined, 'Published'), 'Views test release');
    assert.deepEqual((await children(RELEASES)).map(label).includes('Drafts'), true, 'the seed draft stays a draft');
    const [uploaded] = await children(RELEASES, published);
    assert.equal(label(uploaded!), 'figures.txt');
    assert.equal(description(uploaded!), '14 B · 0 downloads');

    const target = vscode.Uri.file(path.join(tmp, 'downloaded.txt'));
    await vscode.commands.executeCommand('repodesk.releases.downloadAsset', uploaded, target);
    assert.equal(fs.readFileSync(target.fsPath, 'utf8'), 'x,x^2\n1,1\n2,4\n');
    const again = await child(RELEASES, await child(RELEASES, await child(RELEASES, undefined, 'Published'), 'Views test release'), 'figures.txt');
    assert.equal(description(again), '14 B · 1 download');

    await vscode.commands.executeCommand('repodesk.releases.edit', await child(RELEASES, await child(RELEASES, undefined, 'Published'), 'Views test release'), {
      name: 'Views test release, renamed',
    });
    const renamed = await child(RELEASES, await child(RELEASES, undefined, 'Published'), 'Views test release, renamed');
    await vscode.commands.executeCommand('repodesk.releases.delete', renamed, true);
    const left = await children(RELEASES, await child(RELEASES, undefined, 'Published'));
    assert.ok(!left.some((r) => label(r).startsWith('Views test release')), left.map(label).join(' | '));
  });

  it('a failed create shows the service’s reason and changes nothing', async () => {
    const before = (await children(RELEASES, await child(RELEASES, undefined, 'Published'))).length;
    const dup = await vscode.commands.executeCommand('repodesk.releases.create', { tag_name: 'v1.0.0', name: 'Duplicate' });
    assert.equal(dup, undefined);
    assert.equal((await children(RELEASES, await child(RELEASES, undefined, 'Published'))).length, before);
  });
});

describe('Views: Git Refs', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  it('groups branches, tags and other namespaces, each ref with its short SHA and commit message', async () => {
    const groups = await children(REFS);
    assert.deepEqual(groups.slice(0, 2).map(label), ['Branches', 'Tags']);
    assert.ok(
      groups.some((g) => label(g) === 'notes'),
      groups.map(label).join(' | '),
    );
    const branches = await children(REFS, groups[0]);
    const names = branches.map(label);
    for (const b of ['master', 'gear-train', 'docs/notation', 'feature/method-of-differences']) assert.ok(names.includes(b), names.join(' | '));
    const master = branches.find((b) => label(b) === 'master')!;
    assert.match(description(master), /^[0-9a-f]{7} · \S/);
    const tags = await children(REFS, groups[1]);
    assert.match(description(tags.find((t) => label(t) === 'v0.9.0')!), /^[0-9a-f]{7} · \S/);
    // An annotated tag shows the commit it marks, its message and its tagger, and expands to that commit's tree like a lightweight tag.
    const annotated = tags.find((t) => label(t) === 'v1.0.0')!;
    assert.match(description(annotated), /^[0-9a-f]{7} · Release v1\.0\.0 · Ada Lovelace$/);
    const tooltip = annotated.toTreeItem().tooltip!.toString();
    assert.match(tooltip, /^refs\/tags\/v1\.0\.0\ntag [0-9a-f]{40}\ncommit [0-9a-f]{40}\nAda Lovelace <ada@analytical-engines\.test> · /);
    assert.ok(description(annotated).startsWith(/\ncommit ([0-9a-f]{7})/.exec(tooltip)![1]!));
    const files = (await children(REFS, annotated)).map(label);
    assert.ok(files.includes('README.md') && files.includes('src'), files.join(' | '));
  });

  it('browses the tree at a branch read-only and opens a file', async () => {
    const master = await child(REFS, await child(REFS, undefined, 'Branches'), 'master');
    const entries = await children(REFS, master);
    assert.ok(entries.map(label).includes('README.md'), entries.map(label).join(' | '));
    // Directories first, then files.
    assert.equal(label(entries[0]!), 'docs');
    const license = entries.find((e) => label(e) === 'LICENSE');
    assert.ok(license, entries.map(label).join(' | '));
    const item = license.toTreeItem();
    assert.equal(item.command?.command, 'vscode.open');
    const uri = item.command!.arguments![0] as vscode.Uri;
    assert.equal(uri.scheme, 'repodesk');
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.match(doc.getText(), /permission|license/i);
    const src = await child(REFS, master, 'src');
    assert.ok((await children(REFS, src)).length > 0);
  });

  it('creates a branch from a SHA, refuses a move that is not a fast-forward unless forced, copies its SHA and deletes it', async () => {
    const master = await child(REFS, await child(REFS, undefined, 'Branches'), 'master');
    const masterSha = master.toTreeItem().tooltip!.toString().split('\n')[1]!.split(' ')[1]!;
    const created = await vscode.commands.executeCommand<{ ref: string; object: { sha: string } } | undefined>('repodesk.refs.createBranch', master, {
      name: 'views/test',
      from: masterSha,
    });
    assert.deepEqual(created && [created.ref, created.object.sha], ['refs/heads/views/test', masterSha]);

    let branch = await child(REFS, await child(REFS, undefined, 'Branches'), 'views/test');
    const gearTrain = await child(REFS, await child(REFS, undefined, 'Branches'), 'gear-train');
    // gear-train is not a descendant of master: a plain update is refused, a forced one moves it.
    const refused = await vscode.commands.executeCommand('repodesk.refs.update', branch, { to: 'gear-train', force: false });
    assert.equal(refused, undefined);
    const moved = await vscode.commands.executeCommand<{ object: { sha: string } }>('repodesk.refs.update', branch, { to: 'gear-train', force: true });
    const gearSha = gearTrain.toTreeItem().tooltip!.toString().split('\n')[1]!.split(' ')[1]!;
    assert.equal(moved.object.sha, gearSha);

    branch = await child(REFS, await child(REFS, undefined, 'Branches'), 'views/test');
    assert.ok(description(branch).startsWith(gearSha.slice(0, 7)));
    await vscode.commands.executeCommand('repodesk.refs.copySha', branch);
    assert.equal(await vscode.env.clipboard.readText(), gearSha);

    await vscode.commands.executeCommand('repodesk.refs.delete', branch, true);
    const names = (await children(REFS, await child(REFS, undefined, 'Branches'))).map(label);
    assert.ok(!names.includes('views/test'), names.join(' | '));
  });

  it('fast-forwards a branch without asking; the branch is created from an abbreviated SHA as the view shows it', async () => {
    const api = await signInAsAdaWithDemoRepository();
    const client = api.testing!.session.client!;
    const master = await client.git.getRef('analytical-engines', 'difference-engine', 'heads/master');
    const parent = (await client.git.getCommit('analytical-engines', 'difference-engine', master.object.sha)).parents[0]!.sha;
    await vscode.commands.executeCommand('repodesk.refs.createBranch', undefined, { name: 'views/behind', from: parent.slice(0, 7) });
    assert.equal(
      (await client.git.getRef('analytical-engines', 'difference-engine', 'heads/views/behind')).object.sha,
      parent,
      'the 7 characters resolved to the full SHA',
    );
    const behind = await child(REFS, await child(REFS, undefined, 'Branches'), 'views/behind');
    assert.ok(description(behind).startsWith(parent.slice(0, 7)));
    const moved = await vscode.commands.executeCommand<{ object: { sha: string } }>('repodesk.refs.update', behind, { to: 'master' });
    assert.equal(moved.object.sha, master.object.sha);
    await vscode.commands.executeCommand('repodesk.refs.delete', await child(REFS, await child(REFS, undefined, 'Branches'), 'views/behind'), true);
  });

  it('a "from" that names no commit creates nothing', async () => {
    const made = await vscode.commands.executeCommand('repodesk.refs.createBranch', undefined, { name: 'views/nowhere', from: 'fffffff0' });
    assert.equal(made, undefined);
    const branches = await children(REFS, await child(REFS, undefined, 'Branches'));
    assert.ok(!branches.some((b) => label(b) === 'views/nowhere'), branches.map(label).join(' | '));
  });

  it('creates a tag from a branch name', async () => {
    await vscode.commands.executeCommand('repodesk.refs.createTag', undefined, { name: 'views-tag', from: 'docs/notation' });
    const tag = await child(REFS, await child(REFS, undefined, 'Tags'), 'views-tag');
    const notation = await child(REFS, await child(REFS, undefined, 'Branches'), 'docs/notation');
    assert.equal(description(tag), description(notation));
    await vscode.commands.executeCommand('repodesk.refs.delete', tag, true);
  });
});
