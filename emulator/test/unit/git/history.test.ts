// The commit history the statistics read
// (docs/service-api/hosting/statistics §1–§6): one `git log --numstat` per
// repository, each commit with its parents, author (date in the author's own
// offset), committer time and per-file line counts.
import assert from 'node:assert/strict';
import { readHistory } from '../../../src/git/history';
import { gitFixture, plainGitEnv, type GitFixture } from '../../git-fixture';
import { execFileSync } from 'node:child_process';

describe('git history for the statistics', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  /** A commit of `files` (path → content) with its own author and committer dates. */
  function commit(files: Record<string, string | Buffer>, parents: string[], author: [string, string, string], committerDate = author[2]): string {
    const lines = Object.entries(files).map(([name, content]) => {
      const sha = execFileSync('git', [`--git-dir=${fx.repo.gitDir}`, 'hash-object', '-w', '--stdin'], { input: content, env: plainGitEnv(fx.dataDir) })
        .toString()
        .trim();
      return `100644 blob ${sha}\t${name}`;
    });
    const tree = execFileSync('git', [`--git-dir=${fx.repo.gitDir}`, 'mktree', '-z'], {
      input: lines.map((l) => `${l}\0`).join(''),
      env: plainGitEnv(fx.dataDir),
    })
      .toString()
      .trim();
    return fx.git(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p])], 'm', {
      GIT_AUTHOR_NAME: author[0],
      GIT_AUTHOR_EMAIL: author[1],
      GIT_AUTHOR_DATE: author[2],
      GIT_COMMITTER_NAME: 'Committer',
      GIT_COMMITTER_EMAIL: 'c@example.com',
      GIT_COMMITTER_DATE: committerDate,
    });
  }

  it('newest first: parents, author with the date in its own offset, committer time, additions and deletions per file', async () => {
    const first = commit({ 'a.txt': 'one\ntwo\n' }, [], ['Ada', 'ada@example.com', '1415394105 +0100'], '1415394200 +0000');
    const second = commit({ 'a.txt': 'one\nTWO\nthree\n', 'b c.txt': 'b\n' }, [first], ['Bob', 'bob@example.com', '1425216600 -0500'], '1425216700 +0000');
    const third = commit(
      { 'a.txt': 'one\nTWO\nthree\n', 'b c.txt': 'b\n', 'img.bin': Buffer.from([0, 1, 2, 0]) },
      [second],
      ['Zoë', 'zoe@example.com', '1590969600 +0900'],
      '1590969700 +0000',
    );
    fx.git(['update-ref', 'HEAD', third]);
    assert.deepEqual(await readHistory(fx.repo), [
      {
        sha: third,
        parents: [second],
        author: { name: 'Zoë', email: 'zoe@example.com', date: '2020-06-01T09:00:00+09:00', timestamp: 1590969600, timezone: '+0900' },
        committerTimestamp: 1590969700,
        files: [{ path: 'img.bin', additions: null, deletions: null }],
        additions: 0,
        deletions: 0,
      },
      {
        sha: second,
        parents: [first],
        author: { name: 'Bob', email: 'bob@example.com', date: '2015-03-01T08:30:00-05:00', timestamp: 1425216600, timezone: '-0500' },
        committerTimestamp: 1425216700,
        files: [
          { path: 'a.txt', additions: 2, deletions: 1 },
          { path: 'b c.txt', additions: 1, deletions: 0 },
        ],
        additions: 3,
        deletions: 1,
      },
      {
        sha: first,
        parents: [],
        author: { name: 'Ada', email: 'ada@example.com', date: '2014-11-07T22:01:45+01:00', timestamp: 1415394105, timezone: '+0100' },
        committerTimestamp: 1415394200,
        files: [{ path: 'a.txt', additions: 2, deletions: 0 }],
        additions: 2,
        deletions: 0,
      },
    ]);
  });

  it('a merge commit has both parents, no file changes and its committer time', async () => {
    const base = commit({ 'a.txt': 'a\n' }, [], ['Ada', 'ada@example.com', '1415394105 +0100']);
    const left = commit({ 'a.txt': 'a\n', 'l.txt': 'l\n' }, [base], ['Ada', 'ada@example.com', '1415394205 +0100']);
    const right = commit({ 'a.txt': 'a\n', 'r.txt': 'r\n' }, [base], ['Ada', 'ada@example.com', '1415394305 +0100']);
    const merge = commit({ 'a.txt': 'a\n', 'l.txt': 'l\n', 'r.txt': 'r\n' }, [left, right], ['Ada', 'ada@example.com', '1415394405 +0100'], '1415394999 +0000');
    const history = await readHistory(fx.repo, { from: merge, maxCount: 1 });
    assert.deepEqual(
      history.map((c) => [c.sha, c.parents, c.committerTimestamp, c.files, c.additions, c.deletions]),
      [[merge, [left, right], 1415394999, [], 0, 0]],
    );
  });

  it('renames count as a deletion and an addition; names with tabs, newlines and accents come through as they are', async () => {
    const first = commit({ 'old name.txt': 'x\ny\n' }, [], ['Ada', 'ada@example.com', '1415394105 +0100']);
    const second = commit({ 'new\tname\n.txt': 'x\ny\n', 'é.txt': '' }, [first], ['Ada', 'ada@example.com', '1415394205 +0100']);
    const [latest] = await readHistory(fx.repo, { from: second, maxCount: 1 });
    assert.deepEqual(latest!.files, [
      { path: 'new\tname\n.txt', additions: 2, deletions: 0 },
      { path: 'old name.txt', additions: 0, deletions: 2 },
      { path: 'é.txt', additions: 0, deletions: 0 },
    ]);
    assert.deepEqual([latest!.additions, latest!.deletions], [2, 2]);
  });

  it('maxCount limits the commits; from names a branch', async () => {
    const a = commit({ f: '1\n' }, [], ['Ada', 'ada@example.com', '1415394105 +0100']);
    const b = commit({ f: '2\n' }, [a], ['Ada', 'ada@example.com', '1415394205 +0100']);
    const c = commit({ f: '3\n' }, [b], ['Ada', 'ada@example.com', '1415394305 +0100']);
    fx.git(['update-ref', 'refs/heads/topic', b]);
    fx.git(['update-ref', 'HEAD', c]);
    assert.deepEqual(
      (await readHistory(fx.repo, { maxCount: 2 })).map((x) => x.sha),
      [c, b],
    );
    assert.deepEqual(
      (await readHistory(fx.repo, { from: 'topic' })).map((x) => x.sha),
      [b, a],
    );
    assert.deepEqual(
      (await readHistory(fx.repo, { maxCount: 0 })).map((x) => x.sha),
      [],
    );
  });

  it('an empty repository (unborn HEAD), an unknown ref, or an option-like name has no history rather than an error', async () => {
    assert.deepEqual(await readHistory(fx.repo), []);
    const a = commit({ f: '1\n' }, [], ['Ada', 'ada@example.com', '1415394105 +0100']);
    fx.git(['update-ref', 'HEAD', a]);
    assert.deepEqual(await readHistory(fx.repo, { from: 'refs/heads/none' }), []);
    assert.deepEqual(await readHistory(fx.repo, { from: '--all' }), []);
    assert.deepEqual(await readHistory(fx.repo, { from: '-n1' }), []);
  });

  it('counts of ten lines and more are read whole', async () => {
    const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}\n`).join('');
    const first = commit({ 'big.txt': lines('old', 10) }, [], ['Ada', 'ada@example.com', '1415394105 +0100']);
    const second = commit({ 'big.txt': lines('new', 12) }, [first], ['Ada', 'ada@example.com', '1415394205 +0100']);
    const [latest] = await readHistory(fx.repo, { from: second, maxCount: 1 });
    assert.deepEqual([latest!.files, latest!.additions, latest!.deletions], [[{ path: 'big.txt', additions: 12, deletions: 10 }], 12, 10]);
  });
});
