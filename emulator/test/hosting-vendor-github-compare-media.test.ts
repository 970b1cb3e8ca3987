// The diff and patch media types of a comparison, with --vendor github:
// `GET /repos/:owner/:repo/compare/:base...:head` with `Accept:
// application/vnd.github.diff` answers the unified diff of `git diff
// base...head`, with `application/vnd.github.patch` the `git format-patch`
// of the commits since the merge base, as a pull request's media types do
// (octokit compareCommitsWithBasehead with mediaType.format, PyGithub).
// Without the flag the path answers 404, as every path outside the documents
// does (emulator/README.md, "Outside the documents, with `--vendor github`").
import assert from 'node:assert/strict';
import type { TestEmulator } from './support/emulator';
import { ALICE, forkWithBobsCommit, git, gitDirOf, NOT_FOUND, octokitAs, vendorScenario, WIDGET_COMMITS, widgets } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github-compare-media', {
  users: ['alice', 'bob'],
  emails: true,
  repositories: [
    widgets([
      WIDGET_COMMITS.init,
      WIDGET_COMMITS.bigger,
      `{ id: biggest, author: alice, date: 2026-01-08T10:00:00Z, message: Make widgets biggest, files: { src/widget.js: "export const size = 3;\\n", docs/size.md: "Size 3.\\n" } }`,
      WIDGET_COMMITS.side,
    ]),
  ],
});

const DIFF = 'application/vnd.github.diff';
const PATCH = 'application/vnd.github.patch';

/** The commits of the `From <sha> <date>` lines that open each message of a format-patch mailbox. */
const fromLines = (mbox: string) => [...mbox.matchAll(/^From ([0-9a-f]{40}) Mon Sep 17 00:00:00 2001$/gm)].map((m) => m[1]);

describe('comparison media types without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithoutVendor()));
  after(() => emu.dispose());

  it('GET /compare/feature/side...main with Accept: application/vnd.github.diff answers 404 Not Found', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/compare/feature/side...main', { token: ALICE, headers: { Accept: DIFF } });
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, NOT_FOUND);
  });
});

describe('comparison media types with --vendor github', () => {
  let emu: TestEmulator;
  let gitDir: string;
  const cmp = (spec: string, accept: string) => call(emu, 'GET', `/repos/alice/widgets/compare/${spec}`, { token: ALICE, headers: { Accept: accept } });

  before(async () => {
    emu = await SCENARIO.startWithVendor();
    gitDir = gitDirOf(emu, 'alice', 'widgets');
  });
  after(() => emu.dispose());

  it("Accept: application/vnd.github.diff: the unified diff of git diff base...head on the emulator's repository", async () => {
    const res = await cmp('feature/side...main', DIFF);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/vnd.github.v3.diff; charset=utf-8');
    assert.equal(res.headers.get('x-github-media-type'), 'github.v3; param=diff');
    assert.equal(res.text, git(gitDir, 'diff', '-M', '--full-index', 'feature/side...main'));
    assert.match(res.text, /^diff --git a\/docs\/size.md b\/docs\/size.md/);
    assert.doesNotMatch(res.text, /side\.md/, "from the merge base: the base branch's own change is not in it");
  });

  it('the diff media type with .v3 (octokit mediaType.format) answers the same; an identical comparison an empty diff', async () => {
    const plain = await cmp('feature/side...main', DIFF);
    const v3 = await cmp('feature/side...main', 'application/vnd.github.v3.diff');
    assert.equal(v3.text, plain.text);
    const octokit = octokitAs(emu, ALICE);
    const viaOctokit = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: 'alice',
      repo: 'widgets',
      basehead: 'feature/side...main',
      mediaType: { format: 'diff' },
    });
    assert.equal(viaOctokit.data as unknown, plain.text);
    const same = await cmp('main...main', DIFF);
    assert.deepEqual([same.status, same.text], [200, '']);
  });

  it('Accept: application/vnd.github.patch: git format-patch of the commits since the merge base, each opened by From <sha>', async () => {
    const res = await cmp('feature/side...main', PATCH);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/vnd.github.v3.patch; charset=utf-8');
    const commits = git(gitDir, 'rev-list', '--reverse', 'feature/side..main').trim().split('\n');
    assert.equal(commits.length, 2);
    assert.deepEqual(fromLines(res.text), commits);
    assert.match(res.text, /^Subject: \[PATCH 1\/2\] Make widgets bigger$/m);
    assert.match(res.text, /^Subject: \[PATCH 2\/2\] Make widgets biggest$/m);
    assert.equal(res.text, git(gitDir, 'format-patch', '--stdout', 'feature/side..main'));
  });

  it('the media types ignore page and per_page: the whole diff and every commit', async () => {
    const diff = await cmp('feature/side...main?per_page=1&page=2', DIFF);
    assert.equal(diff.text, (await cmp('feature/side...main', DIFF)).text);
    assert.equal(diff.headers.get('link'), null);
    const patch = await cmp('feature/side...main?per_page=1&page=2', PATCH);
    assert.equal(fromLines(patch.text).length, 2);
  });

  it('across forks: the diff and the patch of main...bob:main read the fork objects, writing nothing', async () => {
    const bobTip = await forkWithBobsCommit(emu);
    const before = git(gitDir, 'count-objects', '-v');
    const diff = await cmp('main...bob:main', DIFF);
    assert.equal(diff.status, 200);
    assert.match(diff.text, /^diff --git a\/src\/bob.js b\/src\/bob.js\nnew file mode 100644\n/);
    assert.match(diff.text, /^\+bob\(\);$/m);
    const patch = await cmp('main...bob:main', PATCH);
    assert.deepEqual(fromLines(patch.text), [bobTip]);
    assert.equal(git(gitDir, 'count-objects', '-v'), before);
  });

  it('an unknown ref is still 404 with either media type', async () => {
    for (const accept of [DIFF, PATCH]) {
      const res = await cmp('main...nope', accept);
      assert.equal(res.status, 404, accept);
      assert.deepEqual(res.json, NOT_FOUND, accept);
    }
  });
});
