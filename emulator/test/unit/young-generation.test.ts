// The command's V8 setting (src/young-generation.ts): the young generation
// is grown to two 8 MB semi-spaces at once, and a process that keeps many
// objects alive for a while (as start-up does) does not grow it further. Each case runs in its own Node process, as the
// setting is the process's.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const MODULE = path.resolve(__dirname, '../../src/young-generation.ts');
const MB = 1024 * 1024;

/** The young generation's size (both semi-spaces) after long-lived and short-lived garbage, with or without the setting. */
function youngGenerationAfterChurn(withSetting: boolean): number {
  const script = `
    ${withSetting ? `require(${JSON.stringify(MODULE)});` : ''}
    let kept = [];
    for (let i = 0; i < 3e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 2e5) kept = []; }
    const v8 = require('node:v8');
    process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size));`;
  return Number(execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], { encoding: 'utf8' }));
}

describe('V8 young generation of the emulator command', () => {
  it("without the setting, surviving objects grow it to V8's maximum (the case the setting is for)", () => {
    assert.ok(youngGenerationAfterChurn(false) >= 16 * MB);
  });

  it('with the setting it is two 8 MB semi-spaces, and stays so', () => {
    assert.equal(youngGenerationAfterChurn(true), 16 * MB);
  });
});
