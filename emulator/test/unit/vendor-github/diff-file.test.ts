// How a `.diff` / `.patch` web address is read (splitDiffFile,
// emulator/src/hosting/vendor-github/rules.ts): the end of a pull request's
// or a comparison's `diff_url` / `patch_url`.
import assert from 'node:assert/strict';
import { splitDiffFile } from '../../../src/hosting/vendor-github/rules';

describe('vendor-github rules: a diff or patch web address', () => {
  it('the name before .diff or .patch, and which text it asks for', () => {
    assert.deepEqual(splitDiffFile('12.diff'), { name: '12', media: 'diff' });
    assert.deepEqual(splitDiffFile('12.patch'), { name: '12', media: 'patch' });
    assert.deepEqual(splitDiffFile('main...feature/side.diff'), { name: 'main...feature/side', media: 'diff' });
  });

  it('only the last ending counts: a name may itself end in one', () => {
    assert.deepEqual(splitDiffFile('v1.diff.patch'), { name: 'v1.diff', media: 'patch' });
    assert.deepEqual(splitDiffFile('a.patch.diff'), { name: 'a.patch', media: 'diff' });
  });

  it('any other ending, another case, or an empty name is not such an address', () => {
    for (const file of ['12', '12.txt', '12.diffx', '12.DIFF', '12diff', '.diff', '.patch', '']) {
      assert.equal(splitDiffFile(file), undefined, file);
    }
  });
});
