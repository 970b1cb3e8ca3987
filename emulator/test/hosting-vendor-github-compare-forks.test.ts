// Comparing across forks, with --vendor github: either side of
// `GET /repos/:owner/:repo/compare/:base...:head` may be `owner:branch`, a
// branch of that owner's repository in the same network, as the vendor's
// clients send it (octokit compareCommitsWithBasehead, PyGithub
// Repository.compare). Without the flag the path answers 404, as every path
// outside the documents does (emulator/README.md, "Outside the documents,
// with `--vendor github`").
import assert from 'node:assert/strict';
import type { TestEmulator } from './support/emulator';
import { ALICE, forkWithBobsCommit, git, gitDirOf, NOT_FOUND, octokitAs, snapshot, vendorScenario, WIDGET_COMMITS, widgets } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github-forks', {
  users: ['alice', 'bob', 'carol'],
  emails: true,
  repositories: [
    widgets([`{ id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start the widgets, files: { README.md: "# Widgets\\n" } }`, WIDGET_COMMITS.side]),
    // Carol's own widgets, not a fork: outside alice's network, though of the same name.
    {
      owner: 'carol',
      name: 'widgets',
      defaultBranch: 'main',
      commits: [`{ id: own, author: carol, date: 2026-01-05T10:00:00Z, message: Carol's own widgets, files: { README.md: "# Mine\\n" } }`],
    },
  ],
});

describe('compare across forks without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithoutVendor()));
  after(() => emu.dispose());

  it('GET /compare/main...bob:main answers 404 Not Found', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/compare/main...bob:main', { token: ALICE });
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, NOT_FOUND);
  });
});

describe('compare across forks with --vendor github', () => {
  let emu: TestEmulator;
  let init: string;
  let side: string;
  let bobTip: string;
  const cmp = (repo: string, spec: string) => call(emu, 'GET', `/repos/${repo}/compare/${spec}`, { token: ALICE });

  before(async () => {
    emu = await SCENARIO.startWithVendor();
    const alice = gitDirOf(emu, 'alice', 'widgets');
    init = git(alice, 'rev-parse', 'refs/heads/main').trim();
    side = git(alice, 'rev-parse', 'refs/heads/feature/side').trim();
    // Bob's fork moves on: one commit of his own on its main, which alice's repository does not have.
    bobTip = await forkWithBobsCommit(emu);
    assert.throws(() => git(alice, 'cat-file', '-e', bobTip), 'the fork commit is not in the source repository');
  });
  after(() => emu.dispose());

  it('head as owner:branch: the fork branch ahead of this repository, its commits and files', async () => {
    const res = await cmp('alice/widgets', 'main...bob:main');
    assert.equal(res.status, 200);
    assert.deepEqual([res.json.status, res.json.ahead_by, res.json.behind_by, res.json.total_commits], ['ahead', 1, 0, 1]);
    assert.deepEqual(
      res.json.commits.map((c: { sha: string; commit: { message: string } }) => [c.sha, c.commit.message]),
      [[bobTip, 'Bob adds his part']],
    );
    assert.deepEqual(
      res.json.files.map((f: { filename: string; status: string; patch: string }) => [f.filename, f.status, f.patch]),
      [['src/bob.js', 'added', '@@ -0,0 +1 @@\n+bob();']],
    );
    assert.equal(res.json.base_commit.sha, init);
    assert.equal(res.json.merge_base_commit.sha, init);
  });

  it('the URLs name the request as sent, the permalink each side with its owner', async () => {
    const res = await cmp('alice/widgets', 'main...bob:main');
    assert.equal(res.json.url, `${emu.url}/repos/alice/widgets/compare/main...bob:main`);
    assert.equal(res.json.html_url, `${emu.url}/alice/widgets/compare/main...bob:main`);
    assert.equal(res.json.permalink_url, `${emu.url}/alice/widgets/compare/alice:${init}...bob:${bobTip}`);
  });

  it('base as owner:branch: from the fork, the source branch as the base', async () => {
    const res = await cmp('bob/widgets', 'alice:feature/side...main');
    assert.equal(res.status, 200);
    assert.deepEqual([res.json.status, res.json.ahead_by, res.json.behind_by], ['diverged', 1, 1]);
    assert.equal(res.json.base_commit.sha, side);
    assert.deepEqual(
      res.json.commits.map((c: { sha: string }) => c.sha),
      [bobTip],
    );
    assert.equal(res.json.permalink_url, `${emu.url}/bob/widgets/compare/alice:${side}...bob:${bobTip}`);
  });

  it('both sides as owner:branch', async () => {
    const res = await cmp('alice/widgets', 'alice:feature/side...bob:main');
    assert.deepEqual([res.status, res.json.status, res.json.ahead_by, res.json.behind_by], [200, 'diverged', 1, 1]);
  });

  it("the repository's own owner names its own branch", async () => {
    const own = await cmp('alice/widgets', 'alice:main...alice:feature/side');
    const plain = await cmp('alice/widgets', 'main...feature/side');
    assert.equal(own.status, 200);
    assert.deepEqual(own.json.commits, plain.json.commits);
    assert.deepEqual(own.json.files, plain.json.files);
  });

  it('an unknown owner is 404', async () => {
    const res = await cmp('alice/widgets', 'main...nobody:main');
    assert.deepEqual([res.status, res.json], [404, NOT_FOUND]);
  });

  it('an owner whose repository is not in the network is 404, even with the same name', async () => {
    const res = await cmp('alice/widgets', 'main...carol:main');
    assert.deepEqual([res.status, res.json], [404, NOT_FOUND]);
  });

  it('an unknown branch of the fork is 404', async () => {
    const res = await cmp('alice/widgets', 'main...bob:nope');
    assert.deepEqual([res.status, res.json], [404, NOT_FOUND]);
  });

  it('an empty owner or branch is 404', async () => {
    for (const spec of ['main...:main', 'main...bob:', ':main...main']) {
      const res = await cmp('alice/widgets', spec);
      assert.deepEqual([res.status, res.json], [404, NOT_FOUND], spec);
    }
  });

  it('writes nothing to either repository', async () => {
    const alice = gitDirOf(emu, 'alice', 'widgets');
    const bob = gitDirOf(emu, 'bob', 'widgets');
    const before = [snapshot(alice), snapshot(bob)];
    await cmp('alice/widgets', 'main...bob:main');
    await cmp('bob/widgets', 'alice:feature/side...main');
    assert.deepEqual([snapshot(alice), snapshot(bob)], before);
  });

  it('octokit repos.compareCommitsWithBasehead reads it as its types say', async () => {
    const octokit = octokitAs(emu, ALICE);
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner: 'alice', repo: 'widgets', basehead: 'main...bob:main' });
    assert.equal(data.status, 'ahead');
    assert.equal(data.ahead_by, 1);
    assert.equal(data.commits[0]?.sha, bobTip);
    assert.equal(data.files?.[0]?.filename, 'src/bob.js');
  });
});
