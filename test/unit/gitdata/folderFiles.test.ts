// The files of a local folder as git would commit them: the order, the
// modes from the file system, symlinks as their target, every level's
// .gitignore with info/exclude and extra patterns, folders left out not
// entered, and the limits with their exact refusals.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderRefusedError, blobSha, readFolderFiles } from '../../../src/gitdata';

describe('gitdata: the files of a folder', () => {
  let root: string;
  const write = (rel: string, content: string | Buffer, mode?: number) => {
    const full = path.join(root, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    if (mode !== undefined) fs.chmodSync(full, mode);
  };
  const listing = async (extra: string[] = []) => (await readFolderFiles(root, extra)).map((f) => `${f.mode} ${f.path}`);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-folder-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('files of a folder by name, then its subfolders in order; empty folders leave nothing', async () => {
    write('b.txt', 'b');
    write('a.txt', 'a');
    write('z/inner.txt', 'z');
    write('m/n/deep.txt', 'deep');
    fs.mkdirSync(path.join(root, 'empty'));
    assert.deepEqual(await listing(), ['100644 a.txt', '100644 b.txt', '100644 m/n/deep.txt', '100644 z/inner.txt']);
  });

  it('names in code-unit order, whatever order the file system lists them in (an emoji before a full-width letter)', async () => {
    // readdir lists by UTF-8 bytes: U+FF41 (EF BD 81) before U+1F600 (F0 9F 98 80); by UTF-16 code unit the emoji (D83D) comes first.
    write('\uff41.txt', 'wide a');
    write('\u{1f600}.txt', 'emoji');
    write('b.txt', 'b');
    assert.deepEqual(await listing(), ['100644 b.txt', '100644 \u{1f600}.txt', '100644 \uff41.txt']);
  });

  it('a file named like a folder-only pattern is kept (asked as a file)', async () => {
    write('.gitignore', 'cache/\n');
    write('cache', 'a file');
    write('sub/cache/x', 'in a folder');
    assert.deepEqual(await listing(), ['100644 .gitignore', '100644 cache']);
  });

  it('.git/info/exclude with LF line ends: every pattern applies', async () => {
    write('.git/info/exclude', '*.bak\n*.tmp\n');
    write('a.bak', 'b');
    write('a.tmp', 't');
    write('a.txt', 'x');
    assert.deepEqual(await listing(), ['100644 a.txt']);
  });

  it('modes: any execute bit makes 100755, none 100644; a symlink is 120000 whose content is its target', async () => {
    write('owner-x', 'x', 0o744);
    write('other-x', 'x', 0o645);
    write('group-x', 'x', 0o654);
    write('plain', 'x', 0o644);
    fs.symlinkSync('plain', path.join(root, 'link'));
    const files = await readFolderFiles(root);
    assert.deepEqual(
      files.map((f) => `${f.mode} ${f.path}`),
      ['100755 group-x', '120000 link', '100755 other-x', '100755 owner-x', '100644 plain'],
    );
    const link = files.find((f) => f.path === 'link')!;
    assert.equal(link.sha, blobSha('plain'));
    assert.equal(Buffer.from(await link.read()).toString(), 'plain');
  });

  it("each file's SHA is its content's blob SHA, and read() gives the bytes again", async () => {
    const bytes = Buffer.from([0, 1, 2, 250]);
    write('data.bin', bytes);
    write('sub/t.txt', 'text\n');
    const files = await readFolderFiles(root);
    assert.deepEqual(
      files.map((f) => [f.path, f.sha]),
      [
        ['data.bin', blobSha(bytes)],
        ['sub/t.txt', blobSha('text\n')],
      ],
    );
    assert.deepEqual(Buffer.from(await files[0]!.read()), bytes);
    assert.equal(Buffer.from(await files[1]!.read()).toString(), 'text\n');
  });

  it('.gitignore of every level, .git/info/exclude (CRLF lines, blank lines) and extra patterns; .git itself never', async () => {
    write('.git/HEAD', 'ref: refs/heads/main\n');
    write('.git/info/exclude', '# comment\r\n\r\n*.bak\r\n   \r\n');
    write('.gitignore', '*.log\n');
    write('keep.txt', 'k');
    write('a.log', 'l');
    write('a.bak', 'b');
    write('secret.env', 's');
    write('sub/.gitignore', '!debug.log\n*.tmp\n');
    write('sub/debug.log', 'd');
    write('sub/x.tmp', 't');
    write('sub/y.txt', 'y');
    write('other/x.tmp', 't');
    assert.deepEqual(await listing(['secret.env']), [
      '100644 .gitignore',
      '100644 keep.txt',
      '100644 other/x.tmp',
      '100644 sub/.gitignore',
      '100644 sub/debug.log',
      '100644 sub/y.txt',
    ]);
  });

  it('a folder left out is not entered: nothing under it comes back, even re-included (no .git folder: no info/exclude)', async () => {
    write('.gitignore', 'build/\n!build/keep.txt\n');
    write('build/keep.txt', 'k');
    write('build/.gitignore', '!*\n');
    write('src/build.txt', 'file named like the folder');
    assert.deepEqual(await listing(), ['100644 .gitignore', '100644 src/build.txt']);
  });

  it('as many files as allowed pass; one more is refused with the count', async () => {
    write('a', 'a');
    write('b/c', 'c');
    assert.equal((await readFolderFiles(root, [], { maxFiles: 2 })).length, 2);
    write('d', 'd');
    await assert.rejects(
      readFolderFiles(root, [], { maxFiles: 2 }),
      (e: unknown) => e instanceof FolderRefusedError && e.message === 'The folder holds 3 files, more than the 2 allowed' && e.offenders.length === 0,
    );
  });

  it('a file of exactly the size limit passes; larger ones are all named, sorted by path', async () => {
    write('z.bin', Buffer.alloc(11));
    write('a/big.bin', Buffer.alloc(12));
    write('a/ok.bin', Buffer.alloc(10));
    write('m.txt', Buffer.alloc(10));
    assert.equal((await readFolderFiles(root, [], { maxFileBytes: 12 })).length, 4);
    await assert.rejects(
      readFolderFiles(root, [], { maxFileBytes: 10 }),
      (e: unknown) =>
        e instanceof FolderRefusedError && e.message === 'Files larger than 10 bytes: a/big.bin, z.bin' && e.offenders.join() === 'a/big.bin,z.bin',
    );
  });

  it('more than ten offenders: the first ten named, then an ellipsis; all of them in offenders', async () => {
    for (let i = 0; i < 11; i++) write(`f${String(i).padStart(2, '0')}`, 'xx');
    const err = await readFolderFiles(root, [], { maxFileBytes: 1 }).catch((e: unknown) => e);
    assert.ok(err instanceof FolderRefusedError);
    assert.equal(err.message, 'Files larger than 1 bytes: f00, f01, f02, f03, f04, f05, f06, f07, f08, f09, …');
    assert.equal(err.offenders.length, 11);
    fs.rmSync(path.join(root, 'f10'));
    const ten = await readFolderFiles(root, [], { maxFileBytes: 1 }).catch((e: unknown) => e);
    assert.ok(ten instanceof FolderRefusedError);
    assert.equal(ten.message, 'Files larger than 1 bytes: f00, f01, f02, f03, f04, f05, f06, f07, f08, f09');
  });

  it('a folder of more than 64 files: every one read and hashed, in order', async () => {
    for (let i = 0; i < 70; i++) write(`n${String(i).padStart(2, '0')}`, `content ${i}`);
    const files = await readFolderFiles(root);
    assert.deepEqual(
      files.map((f) => [f.path, f.sha]),
      Array.from({ length: 70 }, (_, i) => [`n${String(i).padStart(2, '0')}`, blobSha(`content ${i}`)]),
    );
  });
});
