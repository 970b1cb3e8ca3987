// The emulator's one git runner (emulator/src/git/run.ts): git runs with none
// of the caller's GIT_* variables. A GIT_DIR or GIT_INDEX_FILE inherited from
// a hook or a shell would otherwise point git at another repository or index
// than the bare repository it was given.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gitEnv, identityEnv, initBare, runGit, runGitText } from '../src/git';
import { gitFixture, withProcessEnv, type GitFixture } from './git-fixture';

describe('git runner: inherited GIT_DIR and GIT_INDEX_FILE never reach git', () => {
  let fx: GitFixture;
  let decoyDir: string;
  let decoyIndex: string;
  beforeEach(async () => {
    fx = await gitFixture();
    decoyDir = path.join(fx.dataDir, 'decoy.git');
    decoyIndex = path.join(fx.dataDir, 'decoy.index');
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  const inherited = () => ({ GIT_DIR: decoyDir, GIT_INDEX_FILE: decoyIndex, GIT_WORK_TREE: fx.dataDir });

  it("the environment drops every GIT_* variable of the process and keeps git's own settings", async () => {
    const env = await withProcessEnv(inherited(), () => gitEnv({ homeDir: fx.dataDir }));
    assert.equal(env.GIT_DIR, undefined);
    assert.equal(env.GIT_INDEX_FILE, undefined);
    assert.equal(env.GIT_WORK_TREE, undefined);
    assert.equal(env.HOME, fx.dataDir);
    assert.equal(env.GIT_CONFIG_NOSYSTEM, '1');
  });

  it('init --bare creates the repository it names, not the one an inherited GIT_DIR names', async () => {
    const target = path.join(fx.dataDir, 'repos', 'fresh.git');
    await withProcessEnv(inherited(), () => initBare(fx.repos.environment, target, 'trunk'));
    assert.ok(fs.existsSync(path.join(target, 'HEAD')));
    assert.equal(fs.readFileSync(path.join(target, 'HEAD'), 'utf8').trim(), 'ref: refs/heads/trunk');
    assert.equal(fs.existsSync(decoyDir), false, 'nothing written where GIT_DIR pointed');
  });

  it("index commands use the repository's own index, not an inherited GIT_INDEX_FILE", async () => {
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'content\n');
    const tree = fx.git(['mktree'], `100644 blob ${blob}\tfile.txt\n`);
    await withProcessEnv(inherited(), async () => {
      const indexPath = (await runGitText(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--git-path', 'index'])).trim();
      assert.equal(path.resolve(fx.repo.gitDir, indexPath), path.join(fx.repo.gitDir, 'index'));
      await runGit(fx.repos.environment, fx.repo.gitDir, ['read-tree', tree]);
    });
    assert.equal(fs.existsSync(decoyIndex), false, 'nothing written where GIT_INDEX_FILE pointed');
    assert.ok(fs.existsSync(path.join(fx.repo.gitDir, 'index')));
  });

  it('a GIT_INDEX_FILE or identity the caller passes on purpose (options.env) does reach git', async () => {
    const own = path.join(fx.dataDir, 'own.index');
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'content\n');
    const tree = fx.git(['mktree'], `100644 blob ${blob}\tfile.txt\n`);
    const commit = await withProcessEnv({ ...inherited(), GIT_AUTHOR_NAME: 'Leaked Name' }, async () => {
      await runGit(fx.repos.environment, fx.repo.gitDir, ['read-tree', tree], { env: { GIT_INDEX_FILE: own } });
      const who = { name: 'Given Name', email: 'given@example.com', date: '1415394105 +0100' };
      return (await runGitText(fx.repos.environment, fx.repo.gitDir, ['commit-tree', tree], { input: 'm\n', env: identityEnv(who) })).trim();
    });
    assert.ok(fs.existsSync(own));
    assert.equal(fs.existsSync(decoyIndex), false);
    assert.match(fx.git(['cat-file', 'commit', commit]), /^author Given Name <given@example\.com> 1415394105 \+0100$/m);
  });

  it("a failing command rejects with git's message; okCodes turn an exit code into an answer", async () => {
    await assert.rejects(runGit(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--verify', 'refs/heads/none']), /git rev-parse failed/);
    const result = await runGit(fx.repos.environment, fx.repo.gitDir, ['rev-parse', '--verify', '--quiet', 'refs/heads/none'], { okCodes: [1] });
    assert.equal(result.code, 1);
  });
});
