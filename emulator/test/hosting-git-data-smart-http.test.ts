// clone_url served over smart HTTP (`git http-backend`), so
// `git clone` and `git push` work against the emulator, and a push counts as
// a push (events, pushed_at). git runs asynchronously: a synchronous child
// would block the in-process server it talks to.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startEmulator, type TestEmulator } from './support/emulator';
import { eventLog } from './helpers/events';
import { basic, call, GIT_ASKED_FOR_CREDENTIALS, GIT_PUSH_REFUSED } from './helpers/hosting';

const run = promisify(execFile);

describe('v3 git data: clone_url over smart HTTP (git clone, git push)', () => {
  let emu: TestEmulator;
  let work: string;
  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: work,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Ada',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
  });
  const git = async (...args: string[]): Promise<string> => (await run('git', args, { env: env() })).stdout.trim();
  const withPassword = (url: string, login: string): string => url.replace('://', `://${login}:${login}-demo-password@`);
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    work = fs.mkdtempSync(path.join(emu.dataDir, 'work-'));
  });
  after(() => emu.dispose());

  it("git clone of a public repository's clone_url checks out its default branch", async () => {
    const repo = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth: basic('ada') })).json;
    const dir = path.join(work, 'public');
    await git('clone', '--quiet', repo.clone_url, dir);
    const head = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine/git/refs/heads/master', { auth: basic('ada') })).json.object.sha;
    assert.equal(await git('-C', dir, 'rev-parse', 'HEAD'), head);
    assert.ok(fs.existsSync(path.join(dir, 'README.md')));
  });

  it("a private repository: anonymous clone is refused (401 challenge), the owner's credentials clone it", async () => {
    const repo = (await call(emu, 'GET', '/repos/ada/bernoulli-numbers', { auth: basic('ada') })).json;
    const res = await fetch(`${repo.clone_url}/info/refs?service=git-upload-pack`, { headers: { 'User-Agent': 'git/2.39' } });
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Basic/);
    await assert.rejects(git('clone', '--quiet', repo.clone_url, path.join(work, 'private-anon')), GIT_ASKED_FOR_CREDENTIALS);
    await git('clone', '--quiet', withPassword(repo.clone_url, 'ada'), path.join(work, 'private'));
    assert.ok(fs.existsSync(path.join(work, 'private', 'README.md')));
  });

  it('git push of a new commit and a new branch moves the refs and counts as a push: push and create events, pushed_at', async () => {
    const { events, until, stop: unsubscribe } = eventLog(emu);
    try {
      const repo = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth: basic('ada') })).json;
      emu.db.prepare("UPDATE repositories SET pushed_at = '2000-01-01T00:00:00Z' WHERE id = ?").run(repo.id);
      const dir = path.join(work, 'push');
      await git('clone', '--quiet', withPassword(repo.clone_url, 'ada'), dir);
      fs.writeFileSync(path.join(dir, 'pushed.md'), 'pushed over smart HTTP\n');
      await git('-C', dir, 'add', 'pushed.md');
      await git('-C', dir, 'commit', '--quiet', '-m', 'Pushed over HTTP');
      const sha = await git('-C', dir, 'rev-parse', 'HEAD');
      await git('-C', dir, 'push', '--quiet', 'origin', 'HEAD:refs/heads/master', 'HEAD:refs/heads/pushed/branch');
      await until((all) => all.filter((e) => e.name === 'push').length >= 2);

      const master = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine/git/refs/heads/master', { auth: basic('ada') })).json;
      assert.equal(master.object.sha, sha);
      const commit = (await call(emu, 'GET', `/repos/ada/notes-on-the-engine/git/commits/${sha}`, { auth: basic('ada') })).json;
      assert.equal(commit.message, 'Pushed over HTTP\n');
      const pushes = events
        .filter((e) => e.name === 'push')
        .map((e) => e.payload as { ref: string; after: string; created: boolean; commits: Array<{ added: string[] }> });
      assert.deepEqual(pushes.map((p) => [p.ref, p.after, p.created]).sort(), [
        ['refs/heads/master', sha, false],
        ['refs/heads/pushed/branch', sha, true],
      ]);
      assert.deepEqual(
        pushes.find((p) => p.ref === 'refs/heads/master')?.commits.map((c) => c.added),
        [['pushed.md']],
      );
      assert.deepEqual(
        events.filter((e) => e.name === 'create').map((e) => e.payload.ref),
        ['pushed/branch'],
      );
      const after = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth: basic('ada') })).json;
      assert.ok(after.pushed_at > '2000-01-01T00:00:00Z', `pushed_at moved: ${after.pushed_at}`);
    } finally {
      unsubscribe();
    }
  });

  it('git push without push access is refused and changes nothing', async () => {
    const repo = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine', { auth: basic('ada') })).json;
    const before = (await call(emu, 'GET', '/repos/ada/notes-on-the-engine/git/refs/heads/master', { auth: basic('ada') })).json.object.sha;
    const dir = path.join(work, 'refused');
    await git('clone', '--quiet', withPassword(repo.clone_url, 'mary'), dir);
    fs.writeFileSync(path.join(dir, 'nope.md'), 'nope\n');
    await git('-C', dir, 'add', 'nope.md');
    await git('-C', dir, 'commit', '--quiet', '-m', 'Not allowed');
    await assert.rejects(git('-C', dir, 'push', '--quiet', 'origin', 'HEAD:refs/heads/master'), GIT_PUSH_REFUSED);
    assert.equal((await call(emu, 'GET', '/repos/ada/notes-on-the-engine/git/refs/heads/master', { auth: basic('ada') })).json.object.sha, before);
  });
});
