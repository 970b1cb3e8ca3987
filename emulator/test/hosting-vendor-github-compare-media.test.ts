// The diff and patch media types of a comparison, with --vendor github:
// `GET /repos/:owner/:repo/compare/:base...:head` with `Accept:
// application/vnd.github.diff` answers the unified diff of `git diff
// base...head`, with `application/vnd.github.patch` the `git format-patch`
// of the commits since the merge base, as a pull request's media types do
// (octokit compareCommitsWithBasehead with mediaType.format, PyGithub).
// Without the flag the path answers 404, as every path outside the documents
// does (emulator/README.md, "Outside the documents, with `--vendor github`").
import assert from 'node:assert/strict';
import { Octokit } from '@octokit/rest';
import { startEmulator, type TestEmulator } from './support/emulator';
import { gitDirOf, gitIn, scenarioFile } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = `
users:
  - { login: alice, email: alice@example.test, password: alice-password, tokens: [{ token: alice_repo_token_0123456789, scopes: [repo] }] }
  - { login: bob, email: bob@example.test, password: bob-password, tokens: [{ token: bob_repo_token_0123456789ab, scopes: [repo] }] }
repositories:
  - owner: alice
    name: widgets
    default_branch: main
    commits:
      - { id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start the widgets, files: { README.md: "# Widgets\\n", src/widget.js: "export const size = 1;\\n" } }
      - { id: bigger, author: bob, date: 2026-01-06T10:00:00Z, message: Make widgets bigger, files: { src/widget.js: "export const size = 2;\\n" } }
      - { id: biggest, author: alice, date: 2026-01-08T10:00:00Z, message: Make widgets biggest, files: { src/widget.js: "export const size = 3;\\n", docs/size.md: "Size 3.\\n" } }
      - { id: side, branch: feature/side, parents: [init], author: alice, date: 2026-01-07T10:00:00Z, message: Note a side idea, files: { docs/side.md: "A side idea.\\n" } }
`;

const ALICE = 'alice_repo_token_0123456789';
const BOB = 'bob_repo_token_0123456789ab';
const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.service.test/v3' };
const DIFF = 'application/vnd.github.diff';
const PATCH = 'application/vnd.github.patch';
const b64 = (text: string) => Buffer.from(text).toString('base64');

const scenario = () => scenarioFile('vendor-github-compare-media', SCENARIO);

const git = (gitDir: string, ...args: string[]) => gitIn(gitDir, args);

/** The commits of the `From <sha> <date>` lines that open each message of a format-patch mailbox. */
const fromLines = (mbox: string) => [...mbox.matchAll(/^From ([0-9a-f]{40}) Mon Sep 17 00:00:00 2001$/gm)].map((m) => m[1]);

describe('comparison media types without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: scenario() });
  });
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
    emu = await startEmulator({ seed: scenario(), vendor: 'github' });
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
    const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    const octokit = new Octokit({ baseUrl: emu.url, auth: ALICE, userAgent: 'repodesk-octokit-tests', log: quiet });
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
    const fork = await call(emu, 'POST', '/repos/alice/widgets/forks', { token: BOB });
    assert.equal(fork.status, 202);
    const put = await call(emu, 'PUT', '/repos/bob/widgets/contents/src/bob.js', {
      token: BOB,
      body: { message: 'Bob adds his part', content: b64('bob();\n') },
    });
    assert.equal(put.status, 201);
    const before = git(gitDir, 'count-objects', '-v');
    const diff = await cmp('main...bob:main', DIFF);
    assert.equal(diff.status, 200);
    assert.match(diff.text, /^diff --git a\/src\/bob.js b\/src\/bob.js\nnew file mode 100644\n/);
    assert.match(diff.text, /^\+bob\(\);$/m);
    const patch = await cmp('main...bob:main', PATCH);
    assert.deepEqual(fromLines(patch.text), [put.json.commit.sha]);
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
