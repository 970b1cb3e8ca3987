// The browser build in the manifest: what cannot work in a web worker (local
// git) is absent from its menus and the palette there, never present and
// failing; committing the workspace (read through workspace.fs there) shows. The key is RepoDesk's own
// (src/platform/host.ts): VS Code's `isWeb` is also true in code-server,
// whose Node extension host has local files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
  browser?: string;
  contributes: { menus: Record<string, { command?: string; when?: string }[]> };
};

/** Commands that need Node: checkout runs local git. */
const NODE_ONLY = ['repodesk.pulls.checkout'];

const entriesOf = (command: string) =>
  Object.entries(manifest.contributes.menus).flatMap(([menu, items]) => items.filter((i) => i.command === command).map((i) => ({ menu, when: i.when ?? '' })));

describe('the manifest for the browser build', () => {
  it('names the browser bundle', () => {
    assert.equal(manifest.browser, './dist/web/extension.js');
  });

  for (const command of NODE_ONLY) {
    it(`${command} is hidden in the browser: every menu entry (palette included) needs repodesk.localFiles or never shows`, () => {
      const entries = entriesOf(command);
      assert.ok(
        entries.some((e) => e.menu === 'commandPalette'),
        `${command} has no palette entry to hide it`,
      );
      for (const e of entries)
        assert.ok(e.when === 'false' || /(^|&&\s*)repodesk\.localFiles(\s*&&|$)/.test(e.when), `${e.menu}: "${e.when}" shows ${command} in the browser`);
    });
  }

  // Where each shows in the browser: the palette (both) and Git Refs' title bar (Commit Workspace to Branch).
  for (const [command, menus] of [
    ['repodesk.commit.workspace', ['commandPalette', 'view/title']],
    ['repodesk.commit.uploadFolder', ['commandPalette']],
  ] as const) {
    it(`${command} shows in the browser (it reads the folder through workspace.fs): ${menus.join(' and ')} need no repodesk.localFiles`, () => {
      const shown = entriesOf(command).filter((e) => e.when !== 'false' && !/repodesk\.localFiles/.test(e.when));
      assert.deepEqual([...new Set(shown.map((e) => e.menu))].sort(), [...menus].sort());
    });
  }
});
