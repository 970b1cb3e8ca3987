// The layers of src/ (docs/ARCHITECTURE.md, eslint-rules/layers.mjs) through
// the project's own eslint.config.mjs, on snippets given fake file paths: the
// rule classifies by the resolved path, so the imported files need not exist.
// Each wall has a case that crosses it and one that stays on the allowed side,
// the emulator package's wall included.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });

/** The repodesk/layers messages for `code` placed at `file` (relative to the repository). */
async function walls(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'repodesk/layers').map((m) => m.message);
}

/** The one message `code` at `file` gets, matched against `expected`. */
async function refused(file: string, code: string, expected: RegExp): Promise<void> {
  const found = await walls(file, code);
  assert.equal(found.length, 1, `one message for ${file}, got ${JSON.stringify(found)}`);
  assert.match(found[0]!, expected);
}

const vscode = "import * as vscode from 'vscode';\nexport const v = vscode;\n";

describe('lint: the layers of src (repodesk/layers)', () => {
  describe('features (host code)', () => {
    it('refuses a feature importing another feature, or its model', async () => {
      assert.deepEqual(await walls('src/features/pulls/x.ts', "export { a } from '../review/commentsView/registerReviewComments';\n"), [
        'src/features/pulls (a feature (host code)) may not import src/features/review: features do not import each other; move what both need to src/features/shared (host code) or a pure module',
      ]);
      await refused(
        'src/features/pulls/x.ts',
        "export { a } from '../insights/model/caseRows';\n",
        /^src\/features\/pulls .* may not import src\/features\/insights\/model: features do not import each other/,
      );
    });

    it('refuses a feature importing the wiring root', async () => {
      await refused(
        'src/features/pulls/x.ts',
        "export { a } from '../../extension';\n",
        /^src\/features\/pulls .* may not import src\/extension\.ts: .* the wiring root, the top of the stack; nothing in src imports them$/,
      );
    });

    it("refuses a feature's host importing its own webview (browser code)", async () => {
      await refused(
        'src/features/insights/x.ts',
        "export { a } from './webview/main';\n",
        /may not import src\/features\/insights\/webview: webview code is browser code that runs in the webview page/,
      );
      await refused(
        'src/features/insights/x.ts',
        "export { a } from '../shared/webview/dom';\n",
        /may not import src\/features\/shared\/webview: webview code is browser code/,
      );
    });

    it('lets a feature import its model, the shared floor, itself, pure modules and the language server protocol', async () => {
      const code =
        "export { a } from './model/caseRows';\nexport { b } from '../shared/tree/nodes';\nexport { c } from './insightsPanel';\nexport { d } from '../../util/viewFormat';\nexport { e } from '../../language-server/protocol';\n";
      assert.deepEqual(await walls('src/features/insights/x.ts', code), []);
      assert.deepEqual(await walls('src/features/insights/x.ts', vscode), []);
    });

    it('lets a feature reach a client through its index only', async () => {
      assert.deepEqual(await walls('src/features/pulls/x.ts', "export { a } from '../../hosting';\nexport { b } from '../../engagement/index';\n"), []);
      await refused(
        'src/features/pulls/x.ts',
        "export { a } from '../../hosting/errors';\n",
        /^src\/features\/pulls .* may not import src\/hosting\/errors: features use the client only through src\/hosting\/index\.ts/,
      );
    });
  });

  describe('a feature of parts (src/features/review)', () => {
    it('lets the parts of review import each other, and any feature read its stores', async () => {
      assert.deepEqual(
        await walls('src/features/review/threads/x.ts', "export { a } from '../pendingReview/pendingReviews';\nexport { b } from '../stores/pendingDrafts';\n"),
        [],
      );
      assert.deepEqual(await walls('src/features/pulls/x.ts', "export { a } from '../review/stores/pendingDrafts';\n"), []);
    });

    it("keeps a part's model pure and the stores under the features", async () => {
      await refused(
        'src/features/review/pendingReview/model/x.ts',
        vscode,
        /^src\/features\/review\/pendingReview\/model \(a feature's model\) may not import vscode/,
      );
      await refused('src/features/review/pendingReview/model/x.ts', "export { a } from '../submitFlow';\n", /a feature's model is pure/);
      await refused(
        'src/features/review/stores/x.ts',
        "export { a } from '../threads/inlineThreads';\n",
        /^src\/features\/review\/stores \(the shared floor\) may not import src\/features\/review: the shared floor lies under the features/,
      );
    });
  });

  describe("a feature's model (pure)", () => {
    it('refuses the model importing its host, the shared floor or its webview', async () => {
      const why = /a feature's model is pure \(no vscode, no DOM\) so that the host, the webview and plain-Node unit tests all load it/;
      await refused('src/features/insights/model/x.ts', "export { a } from '../insightsPanel';\n", why);
      await refused('src/features/insights/model/x.ts', "export { a } from '../../shared/failure';\n", why);
      await refused('src/features/insights/model/x.ts', "export { a } from '../webview/text';\n", why);
    });

    it('refuses vscode and the DOM in a model', async () => {
      await refused(
        'src/features/insights/model/x.ts',
        vscode,
        /^src\/features\/insights\/model \(a feature's model\) may not import vscode: a feature's model is pure/,
      );
      await refused(
        'src/features/insights/model/x.ts',
        'export const t = () => document.title;\n',
        /^src\/features\/insights\/model .* may not use document: a feature's model is pure/,
      );
    });

    it('lets a model import itself and pure modules, and use what Node and the language share', async () => {
      const code =
        "export { a } from './linking';\nexport { b } from '../../../hosting';\nexport const u = new URL('https://x'); export const n = JSON.stringify(setTimeout);\nexport function f(document: string) { return document; }\n";
      assert.deepEqual(await walls('src/features/insights/model/x.ts', code), []);
    });
  });

  describe("a feature's webview (browser code)", () => {
    it('refuses the webview importing host code: its feature, the shared floor, the language server', async () => {
      const why = /webview code is browser code: the host code \(vscode, Node\) is not in the page/;
      await refused('src/features/insights/webview/x.ts', "export { a } from '../registerInsights';\n", why);
      await refused('src/features/insights/webview/x.ts', "export { a } from '../../shared/failure';\n", why);
      await refused('src/features/insights/webview/x.ts', "export { a } from '../../../language-server/protocol';\n", why);
    });

    it("refuses the webview importing another feature's webview or model", async () => {
      await refused('src/features/insights/webview/x.ts', "export { a } from '../../pullOverview/webview/text';\n", /features do not import each other/);
      await refused('src/features/insights/webview/x.ts', "export { a } from '../../pullOverview/model/messages';\n", /features do not import each other/);
    });

    it("refuses vscode and Node's built-ins in browser code", async () => {
      await refused('src/features/insights/webview/x.ts', vscode, /may not import vscode: webview code is browser code: the vscode API is not in the page/);
      await refused(
        'src/features/insights/webview/x.ts',
        "export { readFileSync } from 'node:fs';\n",
        /may not import node:fs: webview code is browser code: Node's built-ins are not in the page/,
      );
      await refused(
        'src/features/shared/webview/x.ts',
        "export { join } from 'path';\n",
        /^src\/features\/shared\/webview \(the webviews' shared floor\) may not import path: .*Node's built-ins/,
      );
    });

    it("lets the webview import its model, the webviews' shared floor, pure modules and browser libraries, and use the DOM", async () => {
      const code =
        "export { a } from '../model/messages';\nexport { b } from '../../shared/webview/dom';\nexport { c } from '../../../util/viewFormat';\nexport { Chart } from 'chart.js';\nexport const t = () => document.title;\n";
      assert.deepEqual(await walls('src/features/insights/webview/x.ts', code), []);
    });
  });

  describe('the shared floors', () => {
    it('refuses the shared floor importing a feature or its model', async () => {
      await refused(
        'src/features/shared/tree/x.ts',
        "import { a } from '../../pulls/pullNodes';\nexport const b = a;\n",
        /^src\/features\/shared \(the shared floor\) may not import src\/features\/pulls: the shared floor lies under the features/,
      );
      await refused(
        'src/features/shared/tree/x.ts',
        "export { a } from '../../insights/model/caseRows';\n",
        /may not import src\/features\/insights\/model: the shared floor lies under the features/,
      );
    });

    it("refuses the webviews' shared floor importing a feature's model or the host floor", async () => {
      await refused(
        'src/features/shared/webview/x.ts',
        "export { a } from '../../insights/model/messages';\n",
        /the webviews' shared floor \(src\/features\/shared\/webview\) is browser code under every webview/,
      );
      await refused('src/features/shared/webview/x.ts', "export { a } from '../failure';\n", /is browser code under every webview/);
    });
  });

  describe('pure modules', () => {
    it('refuses a pure module importing the emulator, src/features or the wiring root', async () => {
      const code =
        "export { a } from '../../emulator/src/db';\nexport { b } from '../features/shared/commandArgs';\nexport { c } from '../wiring';\nexport { d } from '../features/insights/model/caseRows';\n";
      const found = await walls('src/hosting/x.ts', code);
      assert.equal(found.length, 4);
      assert.match(found[0]!, /^src\/hosting \(a pure module\) may not import emulator\/src\/db: the emulator is a package of its own/);
      assert.match(found[1]!, /^src\/hosting .* may not import src\/features\/shared: pure modules do not import src\/features/);
      assert.match(found[2]!, /^src\/hosting .* may not import src\/wiring\.ts: /);
      assert.match(found[3]!, /^src\/hosting .* may not import src\/features\/insights\/model: pure modules do not import src\/features/);
    });

    it('refuses vscode and the DOM in a pure module', async () => {
      await refused('src/hosting/x.ts', vscode, /^src\/hosting \(a pure module\) may not import vscode: pure modules do not import vscode/);
      await refused('src/util/x.ts', 'export const w = () => window.innerWidth;\n', /^src\/util .* may not use window: pure modules do not use the DOM/);
    });

    it('lets a client import its own inner files and other pure modules', async () => {
      assert.deepEqual(await walls('src/hosting/x.ts', "export { a } from './errors';\nexport { b } from '../util/y';\n"), []);
    });
  });

  describe('the language server (a process of its own)', () => {
    it('refuses the server importing the extension, and vscode or the DOM', async () => {
      await refused(
        'src/language-server/x.ts',
        "export { a } from '../features/review/commentBox/reviewFacts';\n",
        /^src\/language-server \(the language server\) may not import src\/features\/review: the language server is a process of its own/,
      );
      await refused('src/language-server/x.ts', vscode, /may not import vscode: the language server is a process of its own: the vscode API is not there/);
      await refused(
        'src/language-server/x.ts',
        'export const d = () => document;\n',
        /may not use document: the language server is a process of its own under Node/,
      );
    });

    it("refuses the extension importing the server's process files", async () => {
      await refused(
        'src/features/review/commentBox/x.ts',
        "export { a } from '../../../language-server/server';\n",
        /may not import src\/language-server\/server: the language server is a process of its own/,
      );
    });
  });

  it("refuses a test reaching into the emulator package's files; its name and testing entry are the way in", async () => {
    const found = await walls(
      'test/unit/hosting/x.test.ts',
      "export { a } from '../../../emulator/src/server';\nexport const b = () => import('../../../emulator/test/support/emulator');\n",
    );
    assert.equal(found.length, 2);
    assert.match(
      found[0]!,
      /^test\/unit\/hosting\/x\.test may not import emulator\/src\/server: the emulator is a package of its own: outside emulator\/ use it by its name/,
    );
    assert.match(found[1]!, /^test\/unit\/hosting\/x\.test may not import emulator\/test\/support\/emulator: /);
    assert.deepEqual(
      await walls('test/unit/hosting/x.test.ts', "export { a } from '@repodesk/emulator';\nexport { b } from '@repodesk/emulator/testing';\n"),
      [],
    );
  });

  it('refuses the shipped extension importing the emulator package at all', async () => {
    const found = await walls('src/hosting/x.ts', "export { a } from '@repodesk/emulator';\n");
    assert.deepEqual(found, [
      'src/hosting (a pure module) may not import @repodesk/emulator: the extension ships without the emulator: only tests and scripts use it',
    ]);
  });

  it('refuses the emulator package importing the extension, dynamic imports included', async () => {
    const found = await walls(
      'emulator/src/oauth/x.ts',
      "export { a } from '../../../src/oauth/pages';\nexport const b = () => import('../../../test/support/emulator');\n",
    );
    assert.equal(found.length, 2);
    assert.match(found[0]!, /^emulator \(the emulator\) may not import src\/oauth\/pages: the emulator package stands alone/);
    assert.match(found[1]!, /^emulator \(the emulator\) may not import test\/support\/emulator: /);
    assert.deepEqual(await walls('emulator/src/oauth/x.ts', "export { a } from './pages';\nexport { b } from '../git';\n"), []);
    assert.deepEqual(await walls('emulator/test/x.test.ts', "export { a } from '../src/server';\nexport { b } from './support/emulator';\n"), []);
  });

  describe('the emulator (apart)', () => {
    it('refuses the emulator workspace (emulator/) and the extension reaching into each other', async () => {
      await refused(
        'emulator/src/x.ts',
        "export { a } from '../../src/util/y';\n",
        /^emulator \(the emulator\) may not import src\/util\/y: the emulator package stands alone/,
      );
      await refused(
        'src/features/pulls/x.ts',
        "export { a } from '../../../emulator/src/server';\n",
        /may not import emulator\/src\/server: the emulator is a package of its own/,
      );
    });
  });

  describe('the wiring root', () => {
    it('lets the wiring root import features, clients and vscode', async () => {
      assert.deepEqual(await walls('src/wiring.ts', "export { a } from './features/pulls/registerPulls';\nexport { b } from './hosting';\n"), []);
      assert.deepEqual(await walls('src/wiring.ts', vscode), []);
    });

    it('refuses the wiring root importing webview code', async () => {
      await refused(
        'src/wiring.ts',
        "export { a } from './features/insights/webview/main';\n",
        /^src\/wiring\.ts \(the wiring root\) may not import src\/features\/insights\/webview: webview code is browser code/,
      );
    });
  });

  it('keeps vscode out of the tests that run in plain Node', async () => {
    const [result] = await eslint.lintText(vscode, { filePath: path.join(ROOT, 'test/unit/x.test.ts') });
    assert.equal((result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length, 1);
  });
});
