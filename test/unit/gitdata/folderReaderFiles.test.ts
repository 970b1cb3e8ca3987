// The files of a folder read through a file system without modes (VS Code's
// workspace.fs in the browser): the same order, ignore rules and limits as a
// local folder, every file 100644 until the branch's modes are kept, links
// kept only where the branch holds them as links.
// Mutants left alive are equivalent: the guards on absent limits (a
// comparison with undefined is false anyway), a .gitignore pushed when
// absent or blank exclude lines kept (the `ignore` library skips both), the
// sort's `<` against `<=` (names in a folder are unique), the array's length.
import assert from 'node:assert/strict';
import { FolderRefusedError, blobSha } from '../../../src/gitdata';
import { keepBranchModes, readFilesThrough, type FolderReader, type ReaderEntry } from '../../../src/gitdata/folderReaderFiles';

/** An in-memory folder: paths to text (files), `null` (an empty folder), or `{ link }`; records what was listed and read. */
function memoryFolder(tree: Record<string, string | null | { link: string } | { other: true }>, { slow = new Set<string>() } = {}) {
  const listed: string[] = [];
  const reads: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const entriesOf = (dir: string): ReaderEntry[] => {
    const seen = new Map<string, ReaderEntry['kind']>();
    for (const [p, v] of Object.entries(tree)) {
      if (dir && !p.startsWith(`${dir}/`)) continue;
      const rest = dir ? p.slice(dir.length + 1) : p;
      const [name, ...deeper] = rest.split('/');
      const kind: ReaderEntry['kind'] = deeper.length || v === null ? 'folder' : typeof v === 'string' ? 'file' : 'link' in v ? 'link' : 'other';
      seen.set(name!, kind);
    }
    return [...seen].map(([name, kind]) => ({ name, kind }));
  };
  const reader: FolderReader = {
    list: async (dir) => {
      listed.push(dir);
      // As a file system does: only a folder has entries.
      const isFolder = dir === '' || tree[dir] === null || Object.keys(tree).some((p) => p.startsWith(`${dir}/`));
      if (!isFolder) throw new Error(`not a folder: ${dir}`);
      return entriesOf(dir);
    },
    read: async (path) => {
      reads.push(path);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await Promise.resolve();
      // A slow file finishes after the files read after it.
      if (slow.has(path)) for (let i = 0; i < 10; i++) await Promise.resolve();
      inFlight--;
      const v = tree[path];
      if (typeof v !== 'string') throw new Error(`not a file: ${path}`);
      return new TextEncoder().encode(v);
    },
  };
  return { reader, listed, reads, maxInFlight: () => maxInFlight };
}

const listing = async (tree: Parameters<typeof memoryFolder>[0], extra: string[] = []) =>
  (await readFilesThrough(memoryFolder(tree).reader, extra)).files.map((f) => `${f.mode} ${f.path}`);

describe('gitdata: the files of a folder read through workspace.fs', () => {
  it('files of a folder by name, then its subfolders in order; empty folders and other entries leave nothing', async () => {
    assert.deepEqual(await listing({ 'b.txt': 'b', 'a.txt': 'a', 'z/inner.txt': 'z', 'm/n/deep.txt': 'deep', empty: null, pipe: { other: true } }), [
      '100644 a.txt',
      '100644 b.txt',
      '100644 m/n/deep.txt',
      '100644 z/inner.txt',
    ]);
  });

  it("each file's SHA is git's blob SHA of its bytes, and read() gives the bytes again", async () => {
    const { reader } = memoryFolder({ 'a.txt': 'alpha\n', 'd/b.txt': 'beta' });
    const { files, links } = await readFilesThrough(reader);
    assert.deepEqual(
      files.map((f) => [f.path, f.sha]),
      [
        ['a.txt', blobSha('alpha\n')],
        ['d/b.txt', blobSha('beta')],
      ],
    );
    assert.equal(new TextDecoder().decode(await files[1]!.read()), 'beta');
    assert.deepEqual(links, []);
  });

  it('every level’s .gitignore applies below it, a deeper `!` re-including; a folder left out is not listed', async () => {
    const folder = memoryFolder({
      '.gitignore': '*.log\nbuild/\n',
      'a.log': 'x',
      'keep.txt': 'k',
      'build/out.js': 'o',
      'sub/.gitignore': '!important.log\nlocal.txt\n',
      'sub/important.log': 'i',
      'sub/other.log': 'o',
      'sub/local.txt': 'l',
      'local.txt': 'root one stays',
    });
    const { files } = await readFilesThrough(folder.reader);
    assert.deepEqual(
      files.map((f) => f.path),
      ['.gitignore', 'keep.txt', 'local.txt', 'sub/.gitignore', 'sub/important.log'],
    );
    assert.ok(!folder.listed.includes('build'), 'an ignored folder is not entered');
  });

  it('a folder named .gitignore is no rules file (not read as one)', async () => {
    const folder = memoryFolder({ '.gitignore/x.txt': 'x', 'a.txt': 'a' });
    assert.deepEqual(
      (await readFilesThrough(folder.reader)).files.map((f) => f.path),
      ['a.txt', '.gitignore/x.txt'],
    );
  });

  it('.git/info/exclude with CRLF line ends applies at the root; .git itself is never committed', async () => {
    assert.deepEqual(
      await listing({
        '.git/info/exclude': '*.bak\r\n\r\n*.tmp\r\n',
        '.git/HEAD': 'ref: refs/heads/master\n',
        'a.bak': 'b',
        'a.tmp': 't',
        'a.txt': 'x',
        'd/c.bak': 'b',
      }),
      ['100644 a.txt'],
    );
  });

  it('a .git folder without info/exclude, or with info but no exclude, or an exclude that is a folder: no extra rules, nothing read there', async () => {
    const trees: Record<string, string>[] = [
      { '.git/HEAD': 'h', 'a.bak': 'b' },
      { '.git/info/attributes': 'x', 'a.bak': 'b' },
      { '.git/info/exclude/x': 'x', 'a.bak': 'b' },
      { '.git': 'gitdir: ../elsewhere', 'a.bak': 'b' },
    ];
    for (const tree of trees) {
      const folder = memoryFolder(tree);
      assert.deepEqual(
        (await readFilesThrough(folder.reader)).files.map((f) => f.path),
        ['a.bak'],
        JSON.stringify(tree),
      );
      assert.deepEqual(folder.reads, ['a.bak'], JSON.stringify(tree));
    }
  });

  it('.git/info/exclude with LF line ends: every pattern applies', async () => {
    assert.deepEqual(await listing({ '.git/info/exclude': '*.bak\n*.tmp\n', 'a.bak': 'b', 'a.tmp': 't', 'a.txt': 'x' }), ['100644 a.txt']);
  });

  it('a file or link named like a folder-only pattern is kept (asked as a file); the folder of that name is left out', async () => {
    const { files, links } = await readFilesThrough(
      memoryFolder({ '.gitignore': 'cache/\nlinked/\n', cache: 'a file', linked: { link: 'elsewhere' }, 'sub/cache/x': 'in a folder' }).reader,
    );
    assert.deepEqual(
      files.map((f) => f.path),
      ['.gitignore', 'cache'],
    );
    assert.deepEqual(links, ['linked']);
  });

  it('extra patterns (files.exclude) apply from the root', async () => {
    assert.deepEqual(await listing({ 'a.txt': 'a', 'out/x.js': 'x', 'src/out/y.js': 'y' }, ['/out']), ['100644 a.txt', '100644 src/out/y.js']);
  });

  it('links are reported apart, not read; an ignored link is not reported', async () => {
    const folder = memoryFolder({ '.gitignore': 'ignored-link\n', 'a.txt': 'a', 'tools/run': { link: '../a.txt' }, 'ignored-link': { link: 'a.txt' } });
    const { files, links } = await readFilesThrough(folder.reader);
    assert.deepEqual(
      files.map((f) => f.path),
      ['.gitignore', 'a.txt'],
    );
    assert.deepEqual(links, ['tools/run']);
    assert.deepEqual(folder.reads.sort(), ['.gitignore', '.gitignore', 'a.txt']);
  });

  it('maxFiles: exactly the limit is accepted; one more is refused before any file is read for hashing', async () => {
    const tree = { 'a.txt': 'a', 'b.txt': 'b' };
    assert.equal((await readFilesThrough(memoryFolder(tree).reader, [], { maxFiles: 2 })).files.length, 2);
    const folder = memoryFolder(tree);
    await assert.rejects(readFilesThrough(folder.reader, [], { maxFiles: 1 }), (err: unknown) => {
      assert.ok(err instanceof FolderRefusedError);
      assert.equal(err.message, 'The folder holds 2 files, more than the 1 allowed');
      return true;
    });
    assert.deepEqual(folder.reads, []);
  });

  it('maxFileBytes: a file of exactly the limit is accepted; larger ones are refused, all named in order', async () => {
    const tree = { 'z.bin': '12345', 'a.bin': '123456', 'ok.txt': '1234' };
    // a.bin, read first, is found too large after z.bin: still named first.
    await assert.rejects(readFilesThrough(memoryFolder(tree, { slow: new Set(['a.bin']) }).reader, [], { maxFileBytes: 4 }), (err: unknown) => {
      assert.ok(err instanceof FolderRefusedError);
      assert.deepEqual(err.offenders, ['a.bin', 'z.bin']);
      assert.equal(err.message, 'Files larger than 4 bytes: a.bin, z.bin');
      return true;
    });
    assert.equal((await readFilesThrough(memoryFolder(tree).reader, [], { maxFileBytes: 6 })).files.length, 3);
  });

  it('reads at most 16 files at once, each once, in the listed order', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 40; i++) tree[`f${String(i).padStart(2, '0')}.txt`] = `file ${i}`;
    const folder = memoryFolder(tree);
    const { files } = await readFilesThrough(folder.reader);
    assert.equal(folder.maxInFlight(), 16);
    assert.equal(folder.reads.length, 40);
    assert.deepEqual(
      files.map((f) => f.sha),
      Object.keys(tree).map((p) => blobSha(tree[p]!)),
    );
  });

  it('an empty folder: no files, no reads', async () => {
    const folder = memoryFolder({});
    assert.deepEqual(await readFilesThrough(folder.reader), { files: [], links: [] });
    assert.equal(folder.maxInFlight(), 0);
  });
});

describe('gitdata: the modes kept from the branch for files read without modes', () => {
  const file = (path: string, content = path) => ({
    path,
    mode: '100644' as const,
    sha: blobSha(content),
    read: async () => new TextEncoder().encode(content),
  });
  const blob = (path: string, mode: string, sha = blobSha(path)) => ({ path, mode, type: 'blob', sha });

  it('a path the branch holds as 100755 stays executable; 100644 and new paths are 100644', () => {
    const kept = keepBranchModes({ files: [file('run.sh'), file('a.txt'), file('new.txt')], links: [] }, [blob('run.sh', '100755'), blob('a.txt', '100644')]);
    assert.deepEqual(
      kept.map((f) => `${f.mode} ${f.path}`),
      ['100755 run.sh', '100644 a.txt', '100644 new.txt'],
    );
    assert.equal(kept[0]!.sha, blobSha('run.sh'), 'the content is still the workspace’s');
  });

  it('a regular file where the branch has a link is the file it reads as (100644): no link is made of file content', () => {
    const kept = keepBranchModes({ files: [file('docs')], links: [] }, [blob('docs', '120000')]);
    assert.deepEqual(
      kept.map((f) => `${f.mode} ${f.path}`),
      ['100644 docs'],
    );
  });

  it('with a prefix, the branch’s paths under it decide', () => {
    const kept = keepBranchModes(
      { files: [file('run.sh'), file('top.sh')], links: ['ln'] },
      [blob('app/run.sh', '100755'), blob('top.sh', '100755'), blob('app/ln', '120000', 'b'.repeat(40))],
      '/app/',
    );
    assert.deepEqual(
      kept.map((f) => `${f.mode} ${f.path}`),
      ['100755 run.sh', '100644 top.sh', '120000 ln'],
    );
  });

  it('a prefix with extra slashes at either end names the same folder', () => {
    const kept = keepBranchModes({ files: [file('run.sh')], links: [] }, [blob('deep/app/run.sh', '100755')], '//deep/app//');
    assert.deepEqual(
      kept.map((f) => `${f.mode} ${f.path}`),
      ['100755 run.sh'],
    );
  });

  it('a link the branch holds as a link is kept as the branch has it; one it does not is left out; trees do not count', async () => {
    const linkSha = 'a'.repeat(40);
    const kept = keepBranchModes({ files: [file('a.txt')], links: ['held', 'new-link', 'was-file', 'dir'] }, [
      blob('held', '120000', linkSha),
      blob('was-file', '100644'),
      { path: 'dir', mode: '120000', type: 'tree', sha: linkSha },
    ]);
    assert.deepEqual(
      kept.map((f) => `${f.mode} ${f.path} ${f.sha}`),
      [`100644 a.txt ${blobSha('a.txt')}`, `120000 held ${linkSha}`],
    );
    await assert.rejects(kept[1]!.read(), /held is a link the branch holds unchanged/);
  });

  it('the files given are not changed in place', () => {
    const found = { files: [file('run.sh')], links: [] };
    keepBranchModes(found, [blob('run.sh', '100755')]);
    assert.equal(found.files[0]!.mode, '100644');
  });
});
