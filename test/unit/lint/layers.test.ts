// The architecture walls of src/ (eslint-rules/layers.mjs) through the
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

  it('refuses the pure core importing the emulator, src/features or the top', async () => {
    const code = "export { a } from '../emulator/db';\nexport { b } from '../features/shared/commandArgs';\nexport { c } from '../wiring';\n";
    const found = await walls('src/hosting/x.ts', code);
    assert.equal(found.length, 3);
    assert.match(found[0]!, /^src\/hosting may not import src\/emulator: the emulator wall/);
    assert.match(found[1]!, /^src\/hosting may not import src\/features\/shared: the pure core/);
    assert.match(found[2]!, /^src\/hosting may not import src\/wiring\.ts: /);
  });

  it('refuses the emulator importing the rest of src, dynamic imports included', async () => {
    const found = await walls('src/emulator/oauth/x.ts', "export { a } from '../../oauth/pages';\nexport const b = () => import('../../util/y');\n");
    assert.equal(found.length, 2);
    assert.match(found[0]!, /^src\/emulator may not import src\/oauth: the emulator wall/);
    assert.match(found[1]!, /^src\/emulator may not import src\/util: /);
    assert.deepEqual(await walls('src/emulator/oauth/x.ts', "export { a } from './pages';\nexport { b } from '../git';\n"), []);
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
