// When VS Code starts RepoDesk: on use, not at every window's start. VS Code
// activates an extension on its own for a contributed view shown, a command
// run and an authentication provider asked (implicit activation events); a
// webview panel restored after a reload needs its event named.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: { authentication: { id: string }[]; views: Record<string, { id: string }[]> };
};

describe('Activation events', () => {
  it('a window that never uses RepoDesk does not load it: no "*" and no onStartupFinished', () => {
    assert.deepEqual(
      manifest.activationEvents.filter((e) => e === '*' || e === 'onStartupFinished'),
      [],
    );
  });

  it('the Insights and pull request overview panels are restored after a reload (onWebviewPanel for each); a message editor left open activates RepoDesk (onFileSystem), which keeps its text', () => {
    assert.deepEqual([...manifest.activationEvents].sort(), [
      'onFileSystem:repodesk-message',
      'onWebviewPanel:repodesk.insights',
      'onWebviewPanel:repodesk.pullOverview',
    ]);
  });

  it('the views and both authentication providers are contributed, so VS Code activates RepoDesk when one is used', () => {
    assert.deepEqual(
      manifest.contributes.views.repodesk?.map((v) => v.id),
      ['repodesk.repositories', 'repodesk.pullRequests', 'repodesk.reviewComments', 'repodesk.releases', 'repodesk.gitRefs'],
    );
    assert.deepEqual(manifest.contributes.authentication.map((a) => a.id).sort(), ['repodesk', 'repodesk-engagement']);
  });
});
