// The message editor across a window reload, in this window: the commit flow
// ends undecided, the extension's state stays, and the file system is
// registered anew over it (repodesk.testing.messageEditorReload), as the next
// activation does. The tab left open reads and saves its text without an
// error, the text is offered again, and ✓ starts the commit again from it.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';

const said = async () => (await vscode.commands.executeCommand<string[]>('repodesk.testing.messageEditorSaid')) ?? [];
const messageTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'repodesk-message');
const messageEditor = () =>
  waitFor('the message editor', async () => {
    const editor = vscode.window.activeTextEditor;
    return editor?.document.uri.scheme === 'repodesk-message' ? editor : undefined;
  });

describe('The message editor across a window reload', function () {
  this.timeout(60_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-reload-'));
  fs.writeFileSync(path.join(folder, 'reload.md'), 'written before a reload\n');
  const answers = { folder, owner: OWNER, repo: REPO, branch: 'workspace/reload', from: 'master', prefix: 'reload' };

  before(() => signInAsAdaWithDemoRepository());
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('the tab left by a reload saves without an error, its text is offered again, ✓ runs the commit again from it, which commits it once', async () => {
    const client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const first = vscode.commands.executeCommand<unknown>('repodesk.commit.workspace', answers);
    const editor = await messageEditor();
    const uri = editor.document.uri;
    // The editor may start from a text an earlier flow kept for this repository: what is typed replaces it.
    const all = new vscode.Range(0, 0, editor.document.lineCount, 0);
    await editor.edit((e) => e.replace(all, 'Typed before the reload'));
    const before = (await said()).length;

    await vscode.commands.executeCommand('repodesk.testing.messageEditorReload');
    assert.equal(await first, undefined, 'the flow ended with nothing committed');
    assert.match(
      (await said()).slice(before).join(' | '),
      /The window reloaded while “Commit message: workspace\/reload” was being written: nothing was sent\. Its text is kept/,
    );
    assert.equal(messageTabs().length, 1, 'the tab stays');

    // What VS Code does with a restored tab when the focus moves: it saves it. Nothing fails.
    await editor.edit((e) => e.insert(new vscode.Position(0, 'Typed before the reload'.length), ', and after it'));
    assert.equal(await editor.document.save(), true, 'saved');
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), 'Typed before the reload, and after it');
    // A file nothing kept (a tab of an earlier version) reads as empty and saves too.
    const unknown = vscode.Uri.from({ scheme: 'repodesk-message', path: '/1/Commit message: main' });
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(unknown)), '');
    await vscode.workspace.fs.writeFile(unknown, new TextEncoder().encode('orphan'));
    await vscode.commands.executeCommand('repodesk.messageEditor.cancel', unknown);

    // ✓ of the restored tab: the commit again as it was started, its editor starting from the text.
    const offered = (await said()).length;
    const second = vscode.commands.executeCommand<{ commit: string } | undefined>('repodesk.messageEditor.accept', uri);
    await waitFor('the commit again', async () => (await said()).slice(offered).some((s) => s.includes('Your earlier text is back in the editor')));
    const again = await messageEditor();
    assert.equal(again.document.getText(), 'Typed before the reload, and after it', 'the text is offered again in the commit');
    assert.equal(messageTabs().length, 1);
    await assert.rejects(client.git.getRef(OWNER, REPO, 'heads/workspace/reload'), /Not Found/, 'nothing was sent yet');
    await vscode.commands.executeCommand('repodesk.messageEditor.accept');
    await second;
    // Exactly one commit on the branch: its parent is master's head.
    const ref = await waitFor('the branch', () => client.git.getRef(OWNER, REPO, 'heads/workspace/reload').catch(() => undefined));
    const commit = await client.git.getCommit(OWNER, REPO, ref.object.sha);
    assert.equal(commit.message, 'Typed before the reload, and after it');
    assert.deepEqual(
      commit.parents.map((p) => p.sha),
      [(await client.git.getRef(OWNER, REPO, 'heads/master')).object.sha],
    );
    assert.equal(messageTabs().length, 0);

    // The reload's notification is still on screen (VS Code cannot take it back): its Commit Again… now says the
    // message is settled, and commits nothing more.
    const settled = (await said()).length;
    await vscode.commands.executeCommand('repodesk.testing.messageEditorNotice', uri, 'again', 'Commit message: workspace/reload');
    assert.deepEqual((await said()).slice(settled), ['“Commit message: workspace/reload” is settled already (its tab’s ✓ or ✕): nothing more to do.']);
    assert.equal((await client.git.getRef(OWNER, REPO, 'heads/workspace/reload')).object.sha, ref.object.sha, 'no second commit');
    assert.equal(messageTabs().length, 0, 'no editor opened');
  });
});
