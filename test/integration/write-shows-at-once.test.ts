// A write's change shows on the rows the view draws now, from the write's
// answer: also when the command was run on a row drawn before the view was
// read again (a background refresh makes new nodes while the user looks at
// the old rows), and also for the lists of the views of the active repository.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HostingClient, collect } from '../../src/hosting';
import { child, children, label, signInAsAdaWithDemoRepository, type TestNode } from './views-support';

const VIEW = 'repodesk.repositories';

async function group(name: string): Promise<TestNode> {
  return child(VIEW, await child(VIEW, await child(VIEW, undefined, 'analytical-engines'), 'difference-engine'), name);
}

function ada(): HostingClient {
  const apiUrl = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!;
  return new HostingClient({ apiUrl, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
}

describe('Writes show their change at once, on the rows drawn now', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  it('POST /repos/:owner/:repo/labels from a Labels row drawn before a background refresh: the Labels row drawn after it shows the new label', async () => {
    const older = await group('Labels');
    await children(VIEW, older);
    await vscode.commands.executeCommand('repodesk.testing.backgroundRefresh');
    const newer = await group('Labels');
    assert.notEqual(newer, older, 'the refresh made new nodes');
    assert.ok(!(await children(VIEW, newer)).some((l) => label(l) === 'at-once'));
    try {
      await vscode.commands.executeCommand('repodesk.repo.labels.create', older, { name: 'at-once', color: '#123456' });
      assert.ok(
        (await children(VIEW, newer)).some((l) => label(l) === 'at-once'),
        (await children(VIEW, newer)).map(label).join(' | '),
      );
    } finally {
      await ada()
        .labels.delete('analytical-engines', 'difference-engine', 'at-once')
        .catch(() => undefined);
    }
  });

  it('POST and DELETE /repos/:owner/:repo/hooks from a Webhooks row drawn before a background refresh: the rows drawn after it show the hook, then not', async () => {
    const older = await group('Webhooks');
    await children(VIEW, older);
    await vscode.commands.executeCommand('repodesk.testing.backgroundRefresh');
    const newer = await group('Webhooks');
    await children(VIEW, newer);
    const url = 'http://127.0.0.1:9/at-once';
    await vscode.commands.executeCommand('repodesk.repo.hooks.create', older, { name: 'web', config: { url, content_type: 'json' }, events: ['push'] });
    const hook = await child(VIEW, newer, url);
    await vscode.commands.executeCommand('repodesk.repo.hooks.delete', hook, true);
    assert.ok(!(await children(VIEW, newer)).some((h) => label(h) === url));
    assert.deepEqual(
      (await collect(ada().hooks.list('analytical-engines', 'difference-engine'))).filter((h) => h.config.url === url),
      [],
    );
  });
});
