// Git data library — the long-lived cat-file reader, the clean git
// environment, and the history (git log --numstat) the statistics read.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createBlob, createCommit, createTree, readBlob, readHistory, Repositories } from '../src/git';
import { commitByHand, gitFixture, type GitFixture } from './git-fixture';

describe('git data library: object reader, environment and history', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it('hot reads share one cat-file process; 300 concurrent reads come back in order with the right content', async () => {
    const blobs = await Promise.all(Array.from({ length: 30 }, (_, i) => createBlob(fx.repo, `blob number ${i}\n`.repeat(i * 50))));
    const reads = await Promise.all(Array.from({ length: 300 }, (_, i) => readBlob(fx.repo, blobs[i % 30]?.sha ?? '')));
    const pid = fx.repo.reader.processId;
    reads.forEach((read, i) => assert.equal(Buffer.from(read.content, 'base64').toString(), `blob number ${i % 30}\n`.repeat((i % 30) * 50)));
    assert.ok(pid !== undefined);
    await readBlob(fx.repo, blobs[1]?.sha ?? '');
    assert.equal(fx.repo.reader.processId, pid, 'still the same process');
  });

  it('a cat-file process that dies is restarted on the next read; closeAll ends it', async () => {
    const blob = await createBlob(fx.repo, 'survives');
    await readBlob(fx.repo, blob.sha);
    const first = fx.repo.reader.processId;
    assert.ok(first !== undefined);
    process.kill(first, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(Buffer.from((await readBlob(fx.repo, blob.sha)).content, 'base64').toString(), 'survives');
    const second = fx.repo.reader.processId;
    assert.ok(second !== undefined && second !== first);
    await fx.repos.closeAll();
    assert.equal(fx.repo.reader.processId, undefined);
    assert.throws(() => process.kill(second, 0), { code: 'ESRCH' }, 'the process is gone');
  });

  it('git runs with its own environment: GIT_DIR and GIT_AUTHOR_NAME of the caller do not leak in', async () => {
    const saved = { GIT_DIR: process.env.GIT_DIR, GIT_AUTHOR_NAME: process.env.GIT_AUTHOR_NAME };
    process.env.GIT_DIR = '/nonexistent';
    process.env.GIT_AUTHOR_NAME = 'Leaked Name';
    try {
      const tree = (await createTree(fx.repo, { tree: [{ path: 'a', mode: '100644', content: 'a' }] })).sha;
      const commit = await createCommit(fx.repo, { message: 'm', tree }, { user: { name: 'Real', email: 'real@example.com' }, now: new Date(0) });
      assert.equal(commit.author.name, 'Real');
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    const repos = new Repositories(fx.dataDir);
    assert.throws(() => repos.get(path.join(fx.dataDir, 'missing.git')), /not a bare git repository/);
  });

  it('a repository deleted from disk is forgotten: its reader stops and get() refuses it', async () => {
    const blob = await createBlob(fx.repo, 'soon gone');
    await readBlob(fx.repo, blob.sha);
    const pid = fx.repo.reader.processId;
    assert.ok(pid !== undefined);
    fs.rmSync(fx.repo.gitDir, { recursive: true, force: true });
    assert.throws(() => fx.repos.get(fx.repo.gitDir), /not a bare git repository/);
    for (let i = 0; i < 50 && fx.repo.reader.processId !== undefined; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(fx.repo.reader.processId, undefined);
  });

  it('history: git log --numstat per commit with additions/deletions per file and author dates in their own time zone', async () => {
    const first = commitByHand(fx, { 'a.txt': 'one\ntwo\n' }, 'first', [], '1415394105 +0100');
    const second = commitByHand(fx, { 'a.txt': 'one\nTWO\nthree\n', 'b.txt': 'b\n' }, 'second', [first], '1425216600 -0500');
    const binary = await createTree(fx.repo, {
      tree: [
        { path: 'a.txt', mode: '100644', content: 'one\nTWO\nthree\n' },
        { path: 'b.txt', mode: '100644', content: 'b\n' },
      ],
    });
    const withBinary = await createTree(fx.repo, {
      base_tree: binary.sha,
      tree: [{ path: 'img.bin', mode: '100644', sha: (await createBlob(fx.repo, Buffer.from([0, 1, 2, 0]).toString('base64'), 'base64')).sha }],
    });
    const third = await createCommit(
      fx.repo,
      { message: 'third', tree: withBinary.sha, parents: [second], author: { name: 'Tokyo', email: 't@example.com', date: '2020-06-01T09:00:00+09:00' } },
      { user: { name: 'x', email: 'x@example.com' }, now: new Date() },
    );
    const history = await readHistory(fx.repo, { from: third.sha });
    assert.deepEqual(
      history.map((c) => [c.sha, c.author.name, c.author.date, c.author.timezone, c.additions, c.deletions]),
      [
        [third.sha, 'Tokyo', '2020-06-01T09:00:00+09:00', '+0900', 0, 0],
        [second, 'Hand', '2015-03-01T08:30:00-05:00', '-0500', 3, 1],
        [first, 'Hand', '2014-11-07T22:01:45+01:00', '+0100', 2, 0],
      ],
    );
    assert.deepEqual(history[0]?.files, [{ path: 'img.bin', additions: null, deletions: null }]);
    assert.deepEqual(history[1]?.files, [
      { path: 'a.txt', additions: 2, deletions: 1 },
      { path: 'b.txt', additions: 1, deletions: 0 },
    ]);
    assert.deepEqual(history[1]?.parents, [first]);
    assert.equal((await readHistory(fx.repo, { from: third.sha, maxCount: 1 })).length, 1);
  });

  it('history: an empty repository (unborn HEAD) has no commits rather than an error', async () => {
    assert.deepEqual(await readHistory(fx.repo), []);
  });
});
