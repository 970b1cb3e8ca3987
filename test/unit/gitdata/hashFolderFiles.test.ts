// Hashing a listed folder's files within the commit limits: the order listed,
// the blob SHAs git would compute, the reads bounded, every offender named.
// A mutant left alive is equivalent: the guard on an absent limit (a
// comparison with undefined is false anyway).
import assert from 'node:assert/strict';
import { FolderRefusedError, blobSha } from '../../../src/gitdata';
import { hashWithinLimits, patternLines, type ListedFile } from '../../../src/gitdata/hashFolderFiles';

/** Listed files whose reads finish in the reverse order they start, counting those in flight. */
function listed(contents: Record<string, string>) {
  let inFlight = 0;
  let maxInFlight = 0;
  let reads = 0;
  const names = Object.keys(contents);
  const files: ListedFile[] = names.map((path, i) => ({
    path,
    mode: path.endsWith('.sh') ? '100755' : '100644',
    read: async () => {
      reads++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Later files answer first: the result must still be in the order listed.
      for (let t = 0; t < names.length - i; t++) await Promise.resolve();
      inFlight--;
      return new TextEncoder().encode(contents[path]);
    },
  }));
  return { files, stats: () => ({ maxInFlight, reads }) };
}

describe('hashWithinLimits: a listed folder hashed as git would', () => {
  it('gives every file its blob SHA and mode in the order listed, even when later reads finish first', async () => {
    const { files, stats } = listed({ 'a.txt': 'alpha\n', 'b/run.sh': '#!/bin/sh\n', 'c.md': '' });
    const out = await hashWithinLimits(files, {}, 2);
    assert.deepEqual(
      out.map((f) => [f.path, f.mode, f.sha]),
      [
        ['a.txt', '100644', blobSha('alpha\n')],
        ['b/run.sh', '100755', blobSha('#!/bin/sh\n')],
        ['c.md', '100644', 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'],
      ],
    );
    assert.equal(stats().reads, 3, 'each file read once to hash it');
    assert.equal(new TextDecoder().decode(await out[0]!.read()), 'alpha\n', 'a file can be read again for its upload');
  });

  it('reads no more than the concurrency at once, and all of them', async () => {
    const contents = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, `${i}`]));
    const { files, stats } = listed(contents);
    const out = await hashWithinLimits(files, {}, 3);
    assert.equal(stats().maxInFlight, 3);
    assert.equal(out.length, 10);
    assert.ok(out.every((f, i) => f.sha === blobSha(`${i}`)));
  });

  it('an empty folder is no files and no reads', async () => {
    assert.deepEqual(await hashWithinLimits([], { maxFiles: 0 }, 4), []);
  });

  it('a folder of exactly maxFiles files is hashed; one more is refused before any read', async () => {
    const two = listed({ a: '1', b: '2' });
    assert.equal((await hashWithinLimits(two.files, { maxFiles: 2 }, 4)).length, 2);
    const three = listed({ a: '1', b: '2', c: '3' });
    await assert.rejects(hashWithinLimits(three.files, { maxFiles: 2 }, 4), (err: unknown) => {
      assert.ok(err instanceof FolderRefusedError);
      assert.equal(err.message, 'The folder holds 3 files, more than the 2 allowed');
      assert.deepEqual(err.offenders, []);
      return true;
    });
    assert.equal(three.stats().reads, 0);
  });

  it('a file of exactly maxFileBytes passes; every larger one is named, sorted', async () => {
    const ok = listed({ a: '1234' });
    assert.equal((await hashWithinLimits(ok.files, { maxFileBytes: 4 }, 4)).length, 1);
    const { files } = listed({ 'z.bin': '12345', 'a.txt': '1234', 'm.bin': '123456' });
    await assert.rejects(hashWithinLimits(files, { maxFileBytes: 4 }, 1), (err: unknown) => {
      assert.ok(err instanceof FolderRefusedError);
      assert.deepEqual(err.offenders, ['m.bin', 'z.bin']);
      assert.equal(err.message, 'Files larger than 4 bytes: m.bin, z.bin');
      return true;
    });
  });
});

describe('patternLines: the patterns of an exclude file', () => {
  it('keeps each line that is not blank, CRLF or LF', () => {
    assert.deepEqual(patternLines('*.log\r\n\r\n  \nbuild/\n# note'), ['*.log', 'build/', '# note']);
    assert.deepEqual(patternLines(''), []);
  });
});
