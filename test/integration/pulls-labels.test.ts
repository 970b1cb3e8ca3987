// Labels… on a pull request: the user's change is written through the
// issues labels endpoints, and the service then holds exactly the labels
// picked.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { collect, type HostingClient } from '../../src/hosting';
import { signInAsAdaWithDemoRepository } from './views-support';

const OWNER = 'analytical-engines';
const REPO = 'difference-engine';
const PULL = { owner: OWNER, repo: REPO, number: 1 };

describe('Pull requests: Labels…', function () {
  this.timeout(90_000);
  let client: HostingClient;
  let original: string[];
  const held = async () => (await collect(client.labels.listForIssue(OWNER, REPO, 1))).map((l) => l.name).sort();

  before(async () => {
    client = (await signInAsAdaWithDemoRepository()).testing!.session.client!;
    original = await held();
  });

  after(async () => {
    // Each test leaves #1 with the labels it had.
    await client.labels.replaceForIssue(OWNER, REPO, 1, original);
  });

  it("sets #1's labels to those picked: the repository's labels added, an unpicked one removed", async () => {
    const repoLabels = (await collect(client.labels.listForRepo(OWNER, REPO))).map((l) => l.name);
    const toAdd = repoLabels.filter((n) => !original.includes(n)).slice(0, 2);
    assert.ok(toAdd.length > 0, 'the demo repository has labels #1 lacks');
    const picked = [...original.slice(1), ...toAdd];
    const after = await vscode.commands.executeCommand<string[]>('repodesk.pulls.labels', PULL, picked);
    assert.deepEqual([...(after ?? [])].sort(), [...picked].sort(), 'the command answers what the service holds');
    assert.deepEqual(await held(), [...picked].sort());
  });
});
