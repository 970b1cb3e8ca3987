// The diff and patch web addresses, with --vendor github: a pull request's
// and a comparison's `diff_url` / `patch_url`,
// `<web>/<owner>/<repo>/pull/<n>.diff|.patch` and
// `<web>/<owner>/<repo>/compare/<base>...<head>.diff|.patch`, give the same
// bytes as the API's diff and patch media types, as text/plain. A web
// address: not under /api/v3, not counted against the rate limit. Without the
// flag they answer 404, as every path outside the documents does
// (emulator/README.md).
import assert from 'node:assert/strict';
import type { TestEmulator } from './support/emulator';
import { ALICE, aliceVault, BOB, fetchBytes as get, forkWithBobsCommit, gitDirOf, gitIn, vendorScenario, WIDGET_COMMITS, widgets } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github-diff-pages', {
  users: ['alice', 'bob'],
  emails: true,
  repositories: [
    widgets(
      [
        WIDGET_COMMITS.init,
        WIDGET_COMMITS.bigger,
        `{ id: side, branch: feature/side, parents: [init], author: alice, date: 2026-01-07T10:00:00Z, message: Note a side idea, files: { docs/side.md: "A side idea: größer.\\n" } }`,
        `{ id: side2, branch: feature/side, parents: [side], author: alice, date: 2026-01-08T10:00:00Z, message: Grow the side idea, files: { docs/side.md: "A side idea: größer still.\\n" } }`,
      ],
      ['{ title: The side idea, author: alice, head: feature/side, base: main }'],
    ),
    aliceVault(
      [
        '{ id: v1, author: alice, date: 2026-01-05T10:00:00Z, message: Secret, files: { secret.txt: "Secret.\\n" } }',
        '{ id: v2, branch: fix, parents: [v1], author: alice, date: 2026-01-06T10:00:00Z, message: Better secret, files: { secret.txt: "Better secret.\\n" } }',
      ],
      ['{ title: Better secret, author: alice, head: fix }'],
    ),
  ],
});

const DIFF = 'application/vnd.github.diff';
const PATCH = 'application/vnd.github.patch';
const ADDRESSES = [
  '/alice/widgets/pull/1.diff',
  '/alice/widgets/pull/1.patch',
  '/alice/widgets/compare/main...feature/side.diff',
  '/alice/widgets/compare/main...feature/side.patch',
];

describe('diff and patch web addresses without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithoutVendor()));
  after(() => emu.dispose());

  it('the pull request and comparison .diff and .patch addresses all answer 404', async () => {
    for (const url of ADDRESSES) assert.equal((await get(emu, url, { token: ALICE })).status, 404, url);
  });
});

describe('diff and patch web addresses with --vendor github', () => {
  let emu: TestEmulator;
  let gitDir: string;
  const git = (...args: string[]) => Buffer.from(gitIn(gitDir, args), 'utf8');

  before(async () => {
    emu = await SCENARIO.startWithVendor();
    gitDir = gitDirOf(emu, 'alice', 'widgets');
  });
  after(() => emu.dispose());

  it("a pull request's diff_url: text/plain, nosniff, the API's diff media type byte for byte, and git diff base...head", async () => {
    const pull = await call(emu, 'GET', '/repos/alice/widgets/pulls/1', { token: ALICE });
    assert.equal(pull.json.diff_url, `${emu.url}/alice/widgets/pull/1.diff`);
    const res = await get(emu, '/alice/widgets/pull/1.diff');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(res.bytes, (await get(emu, '/repos/alice/widgets/pulls/1', { token: ALICE, accept: DIFF })).bytes);
    assert.deepEqual(res.bytes, git('diff', '-M', '--full-index', 'main...feature/side'));
    assert.match(res.bytes.toString('utf8'), /^\+A side idea: größer still\.$/m);
  });

  it("a pull request's patch_url: the API's patch media type byte for byte, and git format-patch of base..head", async () => {
    const res = await get(emu, '/alice/widgets/pull/1.patch');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(res.bytes, (await get(emu, '/repos/alice/widgets/pulls/1', { token: ALICE, accept: PATCH })).bytes);
    assert.deepEqual(res.bytes, git('format-patch', '--stdout', 'main..feature/side'));
    assert.match(res.bytes.toString('utf8'), /^Subject: \[PATCH 2\/2\] Grow the side idea$/m);
  });

  it("a comparison's diff_url: the API's diff media type byte for byte, and git diff base...head", async () => {
    const cmp = await call(emu, 'GET', '/repos/alice/widgets/compare/feature/side...main', { token: ALICE });
    assert.equal(cmp.json.diff_url, `${emu.url}/alice/widgets/compare/feature/side...main.diff`);
    const res = await get(emu, '/alice/widgets/compare/feature/side...main.diff');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(res.bytes, (await get(emu, '/repos/alice/widgets/compare/feature/side...main', { token: ALICE, accept: DIFF })).bytes);
    assert.deepEqual(res.bytes, git('diff', '-M', '--full-index', 'feature/side...main'));
    assert.match(res.bytes.toString('utf8'), /^diff --git a\/src\/widget.js b\/src\/widget.js$/m);
  });

  it("a comparison's patch_url: the API's patch media type byte for byte, and git format-patch of base..head", async () => {
    const res = await get(emu, '/alice/widgets/compare/main...feature/side.patch');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.deepEqual(res.bytes, (await get(emu, '/repos/alice/widgets/compare/main...feature/side', { token: ALICE, accept: PATCH })).bytes);
    assert.deepEqual(res.bytes, git('format-patch', '--stdout', 'main..feature/side'));
  });

  it("a comparison across forks (main...bob:main.diff) gives the API's diff, reading the fork's objects", async () => {
    await forkWithBobsCommit(emu);
    const res = await get(emu, '/alice/widgets/compare/main...bob:main.diff');
    assert.equal(res.status, 200);
    assert.deepEqual(res.bytes, (await get(emu, '/repos/alice/widgets/compare/main...bob:main', { token: ALICE, accept: DIFF })).bytes);
    assert.match(res.bytes.toString('utf8'), /^\+bob\(\);$/m);
  });

  it('the pull request page at /pull/:number is still the page', async () => {
    const res = await get(emu, '/alice/widgets/pull/1');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  });

  it('a private repository: 404 anonymously and for another user, 200 with a token that reads it', async () => {
    for (const url of [
      '/alice/vault/pull/1.diff',
      '/alice/vault/pull/1.patch',
      '/alice/vault/compare/master...fix.diff',
      '/alice/vault/compare/master...fix.patch',
    ]) {
      assert.equal((await get(emu, url)).status, 404, url);
      assert.equal((await get(emu, url, { token: BOB })).status, 404, url);
      const res = await get(emu, url, { token: ALICE });
      assert.equal(res.status, 200, url);
      assert.match(res.bytes.toString('utf8'), /^\+Better secret\.$/m, url);
    }
  });

  it('an unknown or malformed pull request number is 404', async () => {
    for (const url of [
      '/alice/widgets/pull/99.diff',
      '/alice/widgets/pull/99.patch',
      '/alice/widgets/pull/abc.diff',
      '/alice/widgets/pull/1.5.patch',
      '/alice/widgets/pull/.diff',
    ]) {
      assert.equal((await get(emu, url, { token: ALICE })).status, 404, url);
    }
  });

  it('a ref that does not resolve, a spec without three dots, or no .diff / .patch ending is 404', async () => {
    const urls = [
      '/alice/widgets/compare/main...nope.diff',
      '/alice/widgets/compare/nope...main.patch',
      '/alice/widgets/compare/main...nobody:main.diff',
      '/alice/widgets/compare/main..feature/side.diff',
      '/alice/widgets/compare/main...feature/side',
      '/alice/widgets/compare/main...feature/side.txt',
      '/alice/widgets/compare/.diff',
      '/alice/nope/compare/main...feature/side.diff',
      '/alice/nope/pull/1.diff',
    ];
    for (const url of urls) assert.equal((await get(emu, url, { token: ALICE })).status, 404, url);
  });

  it('is a web address: under /api/v3 all four are 404', async () => {
    for (const url of ADDRESSES) assert.equal((await get(emu, `/api/v3${url}`, { token: ALICE })).status, 404, url);
  });

  it('is not counted against the rate limit: the next API call sees one call fewer than the one before', async () => {
    const remaining = async () => Number((await get(emu, '/repos/alice/widgets', { token: ALICE })).headers.get('x-ratelimit-remaining'));
    const before = await remaining();
    for (const url of ADDRESSES) assert.equal((await get(emu, url, { token: ALICE })).status, 200, url);
    assert.equal(await remaining(), before - 1);
  });
});
