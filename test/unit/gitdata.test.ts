// Extension-side git object hashing (src/gitdata) against git itself:
// hash-object for blobs, mktree for trees, commit-tree for commits.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blobSha, commitSha, treeSha, treeShaOfFiles, type GitTreeEntry } from '../../src/gitdata';

describe('gitdata hashing (SHAs the extension computes without git)', () => {
  let dir: string;
  const git = (args: string[], input: string | Buffer = '', env: Record<string, string> = {}): string => {
    const clean: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) clean[k] = v;
    return execFileSync('git', [`--git-dir=${dir}`, ...args], { input, env: { ...clean, HOME: dir, GIT_CONFIG_NOSYSTEM: '1', ...env } })
      .toString()
      .trim();
  };
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-gitdata-'));
    execFileSync('git', ['init', '--bare', '--quiet', dir]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('blobSha equals git hash-object for text, empty, unicode and binary content', () => {
    for (const content of ['hello\n', '', 'héllo wörld ✓\r\n', Buffer.from([0, 255, 1, 254, 10])]) {
      assert.equal(blobSha(typeof content === 'string' ? content : new Uint8Array(content)), git(['hash-object', '--stdin'], content));
    }
  });

  it('treeSha equals git mktree in any input order, with every mode, including the trailing-slash rule for trees', () => {
    const blob = git(['hash-object', '-w', '--stdin'], 'x');
    const sub = git(['mktree'], `100644 blob ${blob}\tinner\n`);
    const entries: GitTreeEntry[] = [
      { name: 'a0', mode: '100644', sha: blob },
      { name: 'a', mode: '040000', sha: sub },
      { name: 'a.txt', mode: '100755', sha: blob },
      { name: 'a-b', mode: '120000', sha: blob },
      { name: 'mod', mode: '160000', sha: '1111111111111111111111111111111111111111' },
      { name: 'Z', mode: '100644', sha: blob },
      { name: 'é', mode: '100644', sha: blob },
    ];
    const byGit = git(
      ['mktree'],
      entries.map((e) => `${e.mode} ${e.mode === '040000' ? 'tree' : e.mode === '160000' ? 'commit' : 'blob'} ${e.sha}\t${e.name}`).join('\n') + '\n',
    );
    assert.equal(treeSha(entries), byGit);
    assert.equal(treeSha([...entries].reverse()), byGit);
    assert.equal(treeSha([]), '4b825dc642cb6eb9a060e54bf8d69288fbee4904', 'the empty tree');
  });

  it('treeSha refuses names git would not store: empty, with a slash, duplicates', () => {
    const sha = blobSha('x');
    assert.throws(() => treeSha([{ name: '', mode: '100644', sha }]), /invalid tree entry name/);
    assert.throws(() => treeSha([{ name: 'a/b', mode: '100644', sha }]), /invalid tree entry name/);
    assert.throws(
      () =>
        treeSha([
          { name: 'a', mode: '100644', sha },
          { name: 'a', mode: '100755', sha },
        ]),
      /duplicate/,
    );
  });

  it('treeShaOfFiles gives the root tree SHA of nested files, equal to git write-tree of the same index', () => {
    const files = { 'README.md': '# r\n', 'src/a.ts': 'a', 'src/lib/b.ts': 'b', 'src-x/c': 'c', 'docs/d.md': 'd' };
    const computed = treeShaOfFiles(Object.entries(files).map(([p, c]) => ({ path: p, mode: '100644' as const, sha: blobSha(c) })));
    const index = path.join(dir, 'test-index');
    for (const [p, c] of Object.entries(files)) {
      const sha = git(['hash-object', '-w', '--stdin'], c);
      git(['update-index', '--add', '--cacheinfo', `100644,${sha},${p}`], '', { GIT_INDEX_FILE: index });
    }
    assert.equal(computed.sha, git(['write-tree'], '', { GIT_INDEX_FILE: index }));
    assert.equal(computed.trees.get('src/lib'), treeSha([{ name: 'b.ts', mode: '100644', sha: blobSha('b') }]));
  });

  it('commitSha equals git commit-tree: root and merge commits, time zones, a message without final newline', () => {
    const tree = git(['mktree'], `100644 blob ${git(['hash-object', '-w', '--stdin'], 'f')}\tf\n`);
    const author = { name: 'Alice Example', email: 'alice@example.com', timestamp: 1415394105, timezone: '+0100' };
    const committer = { name: 'Bob', email: 'bob@example.com', timestamp: 1425216600, timezone: '-0500' };
    const env = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_AUTHOR_DATE: '1415394105 +0100',
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: committer.email,
      GIT_COMMITTER_DATE: '1425216600 -0500',
    };
    const root = git(['commit-tree', tree], 'Root commit\n\nWith a body', env);
    assert.equal(commitSha({ tree, parents: [], author, committer, message: 'Root commit\n\nWith a body' }), root);
    const other = git(['commit-tree', tree], 'other\n', env);
    const merge = git(['commit-tree', tree, '-p', root, '-p', other], 'Merge', env);
    assert.equal(commitSha({ tree, parents: [root, other], author, committer, message: 'Merge' }), merge);
  });
});
