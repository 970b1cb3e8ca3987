// The architecture walls of src/ and the emulator package's wall (eslint-rules/layers.mjs) through the
// project's own eslint.config.mjs, on snippets given fake file paths: the rule
// classifies by the resolved path, so the imported files need not exist.
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

describe('lint: the layer walls (repodesk/layers)', () => {
  it('refuses a feature importing another feature', async () => {
    const found = await walls('src/features/pulls/x.ts', "export { a } from '../reviewComments/registerReviewComments';\n");
    assert.deepEqual(found, [
      'src/features/pulls may not import src/features/reviewComments: features do not import each other; move what both need to src/features/shared',
    ]);
  });

  it('refuses the shared floor importing a feature', async () => {
    const found = await walls('src/features/shared/tree/x.ts', "import { a } from '../../pulls/pullNodes';\nexport const b = a;\n");
    assert.equal(found.length, 1);
    assert.match(found[0]!, /^src\/features\/shared may not import src\/features\/pulls: /);
  });

  it('lets a feature reach a client through its index only', async () => {
    assert.deepEqual(await walls('src/features/pulls/x.ts', "export { a } from '../../hosting';\nexport { b } from '../../engagement/index';\n"), []);
    const found = await walls('src/features/pulls/x.ts', "export { a } from '../../hosting/errors';\n");
    assert.equal(found.length, 1);
    assert.match(found[0]!, /^src\/features\/pulls may not import src\/hosting\/errors: features use the client only through src\/hosting\/index\.ts/);
  });

  it('lets a client import its own inner files', async () => {
    assert.deepEqual(await walls('src/hosting/x.ts', "export { a } from './errors';\nexport { b } from '../util/y';\n"), []);
  });

  it('refuses the pure core importing src/features or the top', async () => {
    const code = "export { b } from '../features/shared/commandArgs';\nexport { c } from '../wiring';\n";
    const found = await walls('src/hosting/x.ts', code);
    assert.equal(found.length, 2);
    assert.match(found[0]!, /^src\/hosting may not import src\/features\/shared: the pure core/);
    assert.match(found[1]!, /^src\/hosting may not import src\/wiring\.ts: /);
  });

  it("refuses a test reaching into the emulator package's files; its name and testing entry are the way in", async () => {
    const found = await walls('test/unit/hosting/x.test.ts', "export { a } from '../../../emulator/src/server';\nexport const b = () => import('../../../emulator/test/support/emulator');\n");
    assert.equal(found.length, 2);
    assert.match(found[0]!, /^test\/unit\/hosting\/x\.test may not import emulator\/src\/server: the emulator is a package of its own: outside emulator\/ use it by its name/);
    assert.match(found[1]!, /^test\/unit\/hosting\/x\.test may not import emulator\/test\/support\/emulator: /);
    assert.deepEqual(await walls('test/unit/hosting/x.test.ts', "export { a } from '@repodesk/emulator';\nexport { b } from '@repodesk/emulator/testing';\n"), []);
  });

  it('refuses the shipped extension importing the emulator package at all', async () => {
    const found = await walls('src/hosting/x.ts', "export { a } from '@repodesk/emulator';\n");
    assert.deepEqual(found, ['src/hosting may not import @repodesk/emulator: the extension ships without the emulator: only tests and scripts use it']);
  });

  it('refuses the emulator package importing the extension, dynamic imports included', async () => {
    const found = await walls('emulator/src/oauth/x.ts', "export { a } from '../../../src/oauth/pages';\nexport const b = () => import('../../../test/support/emulator');\n");
    assert.equal(found.length, 2);
    assert.match(found[0]!, /^emulator\/src\/oauth\/x may not import src\/oauth\/pages: the emulator package stands alone/);
    assert.match(found[1]!, /^emulator\/src\/oauth\/x may not import test\/support\/emulator: /);
    assert.deepEqual(await walls('emulator/src/oauth/x.ts', "export { a } from './pages';\nexport { b } from '../git';\n"), []);
    assert.deepEqual(await walls('emulator/test/x.test.ts', "export { a } from '../src/server';\nexport { b } from './support/emulator';\n"), []);
  });

  it('lets a feature import the shared floor and itself, and the top import features', async () => {
    assert.deepEqual(await walls('src/features/pulls/x.ts', "export { a } from '../shared/tree/nodes';\nexport { b } from './pullNodes';\n"), []);
    assert.deepEqual(await walls('src/wiring.ts', "export { a } from './features/pulls/registerPulls';\nexport { b } from './hosting';\n"), []);
  });

  it('refuses a feature importing the top', async () => {
    const found = await walls('src/features/pulls/x.ts', "export { a } from '../../extension';\n");
    assert.deepEqual(found, ['src/features/pulls may not import src/extension.ts: src/extension.ts and src/wiring.ts are the top of the stack; nothing in src imports them']);
  });

  it('keeps vscode out of the pure core but lets src/wiring.ts import it', async () => {
    const vscodeErrors = async (file: string) => {
      const [result] = await eslint.lintText("import * as vscode from 'vscode';\nexport const v = vscode;\n", { filePath: path.join(ROOT, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
    };
    assert.equal(await vscodeErrors('src/wiring.ts'), 0);
    assert.equal(await vscodeErrors('src/hosting/x.ts'), 1);
  });
});
