// A large push and clone over smart HTTP keep the emulator's memory flat:
// git http-backend's input and output are streamed (hosting/gitdata/cgi-stream.ts),
// never a whole pack in a Buffer. The emulator runs as its command (dist/main.js)
// and its VmRSS is read from /proc (Linux) while git works; an 80 MB file of
// random bytes makes a pack that, held in memory, grows it by well over 64 MB
// (by about twice the pack: its chunks, then their concatenation).
import assert from 'node:assert/strict';
import path from 'node:path';
import { measureGitTransfer } from './support/git-transfer-memory';

const LIMIT_MB = 64;

describe('v3 git data: smart HTTP streams packs (memory of a large push and clone)', function () {
  this.timeout(240_000);

  it(`git push then git clone of an 80 MB file: the emulator's VmRSS grows by less than ${LIMIT_MB} MB in each`, async () => {
    const figures = await measureGitTransfer(path.resolve(__dirname, '../dist/main.js'), 80);
    assert.ok(figures.push.growthMb < LIMIT_MB, `push: VmRSS grew by ${figures.push.growthMb} MB`);
    assert.ok(figures.clone.growthMb < LIMIT_MB, `clone: VmRSS grew by ${figures.clone.growthMb} MB`);
  });
});
