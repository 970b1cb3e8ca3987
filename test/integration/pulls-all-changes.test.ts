// Open All Changes: every file of demo pull request #1 in VS Code's
// multi-diff editor, each side a repodesk: document of the base and the
// head, as the service lists the pull request's files.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { collect, HostingClient } from '../../src/hosting';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

interface MultiDiffInput {
  textDiffs?: { original: vscode.Uri; modified: vscode.Uri }[];
}

describe('Pull requests: Open All Changes', function () {
  this.timeout(90_000);

  it("opens #1's changed files in one multi-diff editor, each file's base and head", async () => {
    const client: HostingClient = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    const pull = await client.pulls.get('analytical-engines', 'difference-engine', 1);
    const files = await collect(client.pulls.listFiles('analytical-engines', 'difference-engine', 1));
    const count = await vscode.commands.executeCommand<number>('repodesk.pulls.openAllChanges', {
      owner: 'analytical-engines',
      repo: 'difference-engine',
      number: 1,
    });
    assert.equal(count, files.length);
    const tab = await waitFor('the All Changes tab', async () => {
      const all = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
      return all.find((t) => t.label.includes('All Changes of #1'));
    }).catch((err: Error) => {
      throw new Error(
        `${err.message}; tabs: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => `${t.label} (${t.input?.constructor.name})`)).join(' | ')}`,
      );
    });
    const diffs = (tab.input as MultiDiffInput).textDiffs ?? [];
    assert.deepEqual(
      diffs.map((d) => [d.original.scheme, d.modified.scheme]),
      files.map(() => ['repodesk', 'repodesk']),
    );
    for (const [i, f] of files.entries()) {
      const d = diffs[i]!;
      assert.ok(d.modified.path.endsWith(f.filename), `${d.modified.path} is ${f.filename}`);
      assert.ok(d.modified.toString().includes(pull.head.sha) || d.modified.query.includes(pull.head.sha), `${f.filename}: the head side is at the head`);
      assert.ok(d.original.toString().includes(pull.base.sha) || d.original.query.includes(pull.base.sha), `${f.filename}: the base side is at the base`);
    }
  });
});
