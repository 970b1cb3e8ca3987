// How long the `git cat-file` process of a repository lives (git/object-reader.ts,
// git/repository.ts): it ends after idleMs without a request (an injected clock
// here), the next request starts another; at most maxLive run at once, the
// least recently used stopping first, and their repositories stay readable.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IdleTimers } from '../../../src/git/object-reader';
import { Repositories } from '../../../src/git/repository';
import { runGitText } from '../../../src/git/run';

/** A clock that runs the timers only when told to. */
class ManualTimers implements IdleTimers {
  private now = 0;
  private pending = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  set(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get armed(): number {
    return this.pending.size;
  }
  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.pending]) {
      if (t.at > this.now) continue;
      this.pending.delete(id);
      t.fn();
    }
  }
}

/** Resolves once the process has exited (signal 0 fails). */
async function gone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('git reader lifetime: idle end, bound on live readers', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-reader-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function blobIn(repos: Repositories, name: string): Promise<{ gitDir: string; sha: string }> {
    const gitDir = path.join(dataDir, `${name}.git`);
    await repos.create(gitDir);
    const sha = (await runGitText(repos.environment, gitDir, ['hash-object', '-w', '--stdin'], { input: name })).trim();
    return { gitDir, sha };
  }

  it('a reader idle for idleMs ends its process; a request before that keeps it; the next request starts a new one', async () => {
    const timers = new ManualTimers();
    const repos = new Repositories(dataDir, { idleMs: 1000, timers });
    try {
      const { gitDir, sha } = await blobIn(repos, 'one');
      const repo = repos.get(gitDir);
      assert.equal((await repo.reader.contents(sha))!.content.toString(), 'one');
      const first = repo.reader.processId!;
      assert.ok(first);
      assert.equal(timers.armed, 1, 'the idle timer is armed once nothing waits');
      timers.advance(999);
      assert.equal((await repo.reader.info(sha))!.size, 3);
      assert.equal(repo.reader.processId, first, 'a request within idleMs keeps the process');
      timers.advance(999);
      assert.equal(repo.reader.processId, first, 'the request re-armed the timer');
      timers.advance(1);
      await gone(first);
      assert.deepEqual(repos.liveReaders(), []);
      assert.equal((await repo.reader.contents(sha))!.content.toString(), 'one', 'the reader still answers');
      assert.notEqual(repo.reader.processId, first);
    } finally {
      await repos.closeAll();
    }
  });

  it('at most maxLive readers run: the least recently used stops first, and still answers afterwards', async () => {
    const repos = new Repositories(dataDir, { maxLive: 2, timers: new ManualTimers() });
    try {
      const made = [];
      for (const name of ['a', 'b', 'c', 'd']) made.push(await blobIn(repos, name));
      const pids: number[] = [];
      for (const m of made) {
        const repo = repos.get(m.gitDir);
        assert.equal((await repo.reader.contents(m.sha))!.content.toString(), path.basename(m.gitDir, '.git'));
        pids.push(repo.reader.processId!);
        assert.ok(repos.liveReaders().length <= 2, `${repos.liveReaders().length} readers live`);
      }
      await gone(pids[0]!);
      await gone(pids[1]!);
      assert.deepEqual(repos.liveReaders().sort(), [pids[2]!, pids[3]!].sort());
      // The first one is read again: it starts a process and the least recent (c) stops.
      assert.equal((await repos.get(made[0]!.gitDir).reader.contents(made[0]!.sha))!.content.toString(), 'a');
      await gone(pids[2]!);
      assert.equal(repos.liveReaders().length, 2);
    } finally {
      await repos.closeAll();
    }
  });
});
