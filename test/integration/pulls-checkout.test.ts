// Checkout Pull Request: the head of #1 fetched into a clone of the demo
// repository (inside the workspace folder, where VS Code's git extension
// finds it) through the git extension, and checked out as pr/1.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { child, signInAsAdaWithDemoRepository } from './views-support';

const run = promisify(execFile);

describe('Pull requests: checkout into the workspace clone', function () {
  this.timeout(90_000);

  it("Checkout Pull Request fetches #1's head and checks it out as pr/1 (HEAD is the head SHA, its files are the head's)", async () => {
    await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('repodesk.pulls.filter', { state: 'open', sort: 'created', direction: 'desc', head: '', base: '' });
    // A clone inside the workspace folder, where the git extension looks for repositories.
    const dir = path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'difference-engine');
    const url = `${process.env.REPODESK_TEST_EMULATOR_URL!.replace('://', '://ada:ada-demo-password@')}/analytical-engines/difference-engine.git`;
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0' };
    await run('git', ['clone', '--quiet', url, dir], { env });
    const node = (await child('repodesk.pullRequests', undefined, /^#1 /)) as { pull?: { head: { sha: string; ref: string } } };
    // What the user would read if it fails.
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      shown.push(m);
      return (original as (...a: unknown[]) => unknown)(m, ...rest);
    };
    const branch = await Promise.resolve(vscode.commands.executeCommand<string | undefined>('repodesk.pulls.checkout', node, dir)).finally(() => {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    });
    assert.deepEqual(shown, []);
    assert.equal(branch, 'pr/1');
    const head = (await run('git', ['-C', dir, 'rev-parse', 'HEAD'], { env })).stdout.trim();
    assert.equal(head, node.pull!.head.sha);
    assert.equal((await run('git', ['-C', dir, 'rev-parse', '--abbrev-ref', 'HEAD'], { env })).stdout.trim(), 'pr/1');
    // Checking out again switches back to the same branch rather than failing on an existing name.
    await run('git', ['-C', dir, 'checkout', '--quiet', 'master'], { env });
    assert.equal(await vscode.commands.executeCommand<string | undefined>('repodesk.pulls.checkout', node, dir), 'pr/1');
    assert.equal((await run('git', ['-C', dir, 'rev-parse', '--abbrev-ref', 'HEAD'], { env })).stdout.trim(), 'pr/1');
  });

  it("Checkout in a New Worktree adds #1's head beside the clone, in a folder that did not exist, and opens that folder", async () => {
    await signInAsAdaWithDemoRepository();
    const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const dir = path.join(root, 'worktree-source');
    const url = `${process.env.REPODESK_TEST_EMULATOR_URL!.replace('://', '://ada:ada-demo-password@')}/analytical-engines/difference-engine.git`;
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0' };
    await run('git', ['clone', '--quiet', url, dir], { env });
    // The first choice of folder is taken: it is kept as it is.
    const taken = path.join(root, 'worktree-source-pr-1');
    fs.mkdirSync(taken);
    fs.writeFileSync(path.join(taken, 'mine.txt'), 'the user’s file');
    const opened: string[] = [];
    // What the user would read if it fails.
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      shown.push(m);
      return (original as (...a: unknown[]) => unknown)(m, ...rest);
    };
    const folder = await Promise.resolve(
      vscode.commands.executeCommand<string | undefined>(
        'repodesk.pulls.checkoutWorktree',
        { owner: 'analytical-engines', repo: 'difference-engine', number: 1 },
        dir,
        (uri: vscode.Uri) => opened.push(uri.fsPath),
      ),
    ).finally(() => {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    });
    assert.deepEqual(shown, []);
    assert.equal(folder, path.join(root, 'worktree-source-pr-1-2'));
    assert.deepEqual(opened, [folder], 'the worktree is opened');
    assert.deepEqual(fs.readdirSync(taken), ['mine.txt'], 'the existing folder is untouched');
    const pull = (await run('git', ['-C', dir, 'ls-remote', 'origin', 'refs/heads/*'], { env })).stdout;
    const head = (await run('git', ['-C', folder!, 'rev-parse', 'HEAD'], { env })).stdout.trim();
    assert.ok(pull.includes(head), `the worktree's HEAD ${head} is a branch head of the service`);
    assert.equal((await run('git', ['-C', folder!, 'rev-parse', '--abbrev-ref', 'HEAD'], { env })).stdout.trim(), 'pr/1');
    // The clone itself stays on its branch.
    assert.notEqual((await run('git', ['-C', dir, 'rev-parse', '--abbrev-ref', 'HEAD'], { env })).stdout.trim(), 'pr/1');
  });
});
