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

  it('the Insights, pull request overview and Create Pull Request form panels are restored after a reload (onWebviewPanel for each); an editor left open on a RepoDesk scheme (a message, a diff of a pull request, a delivery) activates RepoDesk (onFileSystem)', () => {
    assert.deepEqual([...manifest.activationEvents].sort(), [
      'onFileSystem:repodesk',
      'onFileSystem:repodesk-delivery',
      'onFileSystem:repodesk-message',
      'onWebviewPanel:repodesk.createPullForm',
      'onWebviewPanel:repodesk.insights',
      'onWebviewPanel:repodesk.pullOverview',
    ]);
  });

  it('every scheme whose documents RepoDesk serves (a file system or content provider) has its onFileSystem event: a tab of it restored after a reload opens', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(fs.readFileSync(p, 'utf8'));
      }
    };
    walk(path.join(root, 'src'));
    const constants = new Map(files.flatMap((text) => [...text.matchAll(/\b(\w+_SCHEME) = '([^']+)'/g)].map((m) => [m[1]!, m[2]!] as const)));
    const served = files.flatMap((text) => [...text.matchAll(/register(?:FileSystem|TextDocumentContent)Provider\(\s*(\w+)/g)].map((m) => m[1]!));
    assert.ok(served.length >= 3, `providers found: ${served.join(', ')}`);
    for (const name of served) {
      const scheme = constants.get(name);
      assert.ok(scheme, `${name} is a scheme constant`);
      assert.ok(manifest.activationEvents.includes(`onFileSystem:${scheme}`), `onFileSystem:${scheme} is an activation event`);
    }
  });

  it('the views and both authentication providers are contributed, so VS Code activates RepoDesk when one is used', () => {
    assert.deepEqual(
      manifest.contributes.views.repodesk?.map((v) => v.id),
      ['repodesk.repositories', 'repodesk.pullRequests', 'repodesk.reviewComments', 'repodesk.releases', 'repodesk.gitRefs'],
    );
    assert.deepEqual(manifest.contributes.authentication.map((a) => a.id).sort(), ['repodesk', 'repodesk-engagement']);
  });
});
