// The browser build in the manifest: what cannot work in a web worker (local
// git, a local folder walked on disk) is absent from its menus and the
// palette there, never present and failing. The key is RepoDesk's own
// (src/platform/host.ts): VS Code's `isWeb` is also true in code-server,
// whose Node extension host has local files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
  browser?: string;
  contributes: { menus: Record<string, { command?: string; when?: string }[]> };
};

/** Commands that need Node: checkout runs local git; committing or uploading a folder walks it on disk. */
const NODE_ONLY = ['repodesk.pulls.checkout', 'repodesk.commit.workspace', 'repodesk.commit.uploadFolder'];

describe('the manifest for the browser build', () => {
  it('names the browser bundle', () => {
    assert.equal(manifest.browser, './dist/web/extension.js');
  });

  for (const command of NODE_ONLY) {
    it(`${command} is hidden in the browser: every menu entry (palette included) needs repodesk.localFiles or never shows`, () => {
      const entries = Object.entries(manifest.contributes.menus).flatMap(([menu, items]) =>
        items.filter((i) => i.command === command).map((i) => ({ menu, when: i.when ?? '' })),
      );
      assert.ok(
        entries.some((e) => e.menu === 'commandPalette'),
        `${command} has no palette entry to hide it`,
      );
      for (const e of entries)
        assert.ok(e.when === 'false' || /(^|&&\s*)repodesk\.localFiles(\s*&&|$)/.test(e.when), `${e.menu}: "${e.when}" shows ${command} in the browser`);
    });
  }
});
