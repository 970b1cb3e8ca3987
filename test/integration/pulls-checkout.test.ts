// Checkout Pull Request: the head of #1 fetched into a clone of the demo
// repository (inside the workspace folder, where VS Code's git extension
// finds it) through the git extension, and checked out as pr/1.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
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
});
