// The pages of a comparison, with --vendor github: `GET
// /repos/:owner/:repo/compare/:base...:head` lists at most 250 commits without
// `page` or `per_page`; with either it answers that page of all the commits
// (oldest first) with a Link header, the counts of the whole comparison, and
// the changed files on page 1 only, as the vendor documents "Compare two
// commits" (octokit compareCommitsWithBasehead with per_page, PyGithub
// Repository.compare). Without the flag the path answers 404, as every path
// outside the documents does (emulator/README.md, "Outside the documents,
// with `--vendor github`").
import assert from 'node:assert/strict';
import type { RestEndpointMethodTypes } from '@octokit/rest';
import LinkHeader from 'http-link-header';
import type { TestEmulator } from './support/emulator';
import { ALICE, gitDirOf, gitIn, NOT_FOUND, octokitAs, vendorScenario, widgets } from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github-compare-pages', {
  users: ['alice'],
  emails: true,
  repositories: [widgets([`{ id: init, author: alice, date: 2026-01-05T10:00:00Z, message: Start the widgets, files: { README.md: "# Widgets\\n" } }`])],
});

/** More commits than an unpaged comparison lists (250). */
const LONG = 260;
const SPEC = 'main...feature/long';

const git = gitIn;

/** `count` commits on a new branch from `from`, each adding notes/<n>.txt, in one `git fast-import` (a push the API did not see). */
function longBranch(gitDir: string, branch: string, from: string, count: number): void {
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  let stream = '';
  for (let n = 1; n <= count; n++) {
    const when = 1767607200 + n * 60;
    stream += `commit refs/heads/${branch}\nauthor Alice <alice@example.test> ${when} +0000\ncommitter Alice <alice@example.test> ${when} +0000\n`;
    stream += data(`Note ${n}`);
    if (n === 1) stream += `from ${from}\n`;
    stream += `M 100644 inline notes/${n}.txt\n${data(`Note ${n}.\n`)}`;
  }
  git(gitDir, ['fast-import', '--quiet'], stream);
}

/** rel -> URL of a Link header. */
function rels(link: string | null): Record<string, string> {
  return Object.fromEntries(LinkHeader.parse(link ?? '').refs.map((r) => [r.rel, r.uri]));
}

type Comparison = RestEndpointMethodTypes['repos']['compareCommitsWithBasehead']['response']['data'];

const shas = (j: { commits: Array<{ sha: string }> }) => j.commits.map((c) => c.sha);

describe('comparison pages without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithoutVendor()));
  after(() => emu.dispose());

  it('GET /compare/main...main?page=1&per_page=10 answers 404 Not Found', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/compare/main...main?page=1&per_page=10', { token: ALICE });
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, NOT_FOUND);
  });
});

describe('comparison pages with --vendor github', () => {
  let emu: TestEmulator;
  /** Every commit of the comparison, oldest first, as git lists them. */
  let all: string[];
  const cmp = (query = '') => call(emu, 'GET', `/repos/alice/widgets/compare/${SPEC}${query}`, { token: ALICE });
  const selfUrl = (query: string) => `${emu.url}/repos/alice/widgets/compare/${SPEC}?${query}`;

  before(async () => {
    emu = await SCENARIO.startWithVendor();
    const gitDir = gitDirOf(emu, 'alice', 'widgets');
    longBranch(gitDir, 'feature/long', git(gitDir, ['rev-parse', 'refs/heads/main']).trim(), LONG);
    all = git(gitDir, ['rev-list', '--reverse', 'main..feature/long']).trim().split('\n');
    assert.equal(all.length, LONG);
  });
  after(() => emu.dispose());

  it('without page or per_page: the newest 250 commits, oldest first (the last is the head), every file, no Link header', async () => {
    const res = await cmp();
    assert.equal(res.status, 200);
    assert.deepEqual(shas(res.json), all.slice(-250));
    assert.equal(res.json.files.length, LONG);
    assert.equal(res.headers.get('link'), null);
  });

  it('page 1 and page 2 with per_page: consecutive commits, oldest first, and past the 250 of an unpaged answer', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => cmp(`?per_page=100&page=${page}`)));
    assert.deepEqual(
      pages.map((p) => p.status),
      [200, 200, 200],
    );
    assert.deepEqual(shas(pages[0]!.json), all.slice(0, 100));
    assert.deepEqual(shas(pages[1]!.json), all.slice(100, 200));
    assert.deepEqual(shas(pages[2]!.json), all.slice(200, LONG), 'the last page holds the commits beyond the 250th');
    assert.equal(pages[0]!.json.commits[0].commit.message, 'Note 1');
  });

  it("the Link header: next, last, first and prev on the request's own URL, as the other lists give it", async () => {
    assert.deepEqual(rels((await cmp('?page=2&per_page=100')).headers.get('link')), {
      next: selfUrl('page=3&per_page=100'),
      last: selfUrl('page=3&per_page=100'),
      first: selfUrl('page=1&per_page=100'),
      prev: selfUrl('page=1&per_page=100'),
    });
    assert.deepEqual(rels((await cmp('?page=1')).headers.get('link')), { next: selfUrl('page=2'), last: selfUrl('page=9') }, 'per_page 30 by default');
    assert.deepEqual(rels((await cmp('?per_page=100&page=3')).headers.get('link')), {
      first: selfUrl('per_page=100&page=1'),
      prev: selfUrl('per_page=100&page=2'),
    });
  });

  it('per_page is 30 when only page is given and at most 100', async () => {
    assert.deepEqual(shas((await cmp('?page=2')).json), all.slice(30, 60));
    assert.deepEqual(shas((await cmp('?per_page=500')).json), all.slice(0, 100));
  });

  it('the files on page 1 only; later pages and pages past the last have files: []', async () => {
    const first = (await cmp('?per_page=10')).json;
    assert.equal(first.files.length, LONG, 'page 1 lists the files of the whole comparison');
    assert.equal(first.files[0].filename, 'notes/1.txt');
    for (const query of ['?per_page=10&page=2', '?page=9', '?page=99']) assert.deepEqual((await cmp(query)).json.files, [], query);
  });

  it("status, ahead_by, behind_by and total_commits are the whole comparison's on every page", async () => {
    const whole = (await cmp()).json;
    assert.deepEqual([whole.status, whole.ahead_by, whole.behind_by, whole.total_commits], ['ahead', LONG, 0, LONG]);
    for (const query of ['?per_page=10', '?per_page=10&page=26', '?page=99']) {
      const j = (await cmp(query)).json;
      assert.deepEqual([j.status, j.ahead_by, j.behind_by, j.total_commits], ['ahead', LONG, 0, LONG], query);
      assert.equal(j.merge_base_commit.sha, whole.merge_base_commit.sha, query);
    }
  });

  it('a page past the last: no commits, a Link header back to the first page and the last (prev)', async () => {
    const res = await cmp('?per_page=100&page=7');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.commits, []);
    assert.deepEqual(rels(res.headers.get('link')), { first: selfUrl('per_page=100&page=1'), prev: selfUrl('per_page=100&page=3') });
  });

  it('a malformed or < 1 page or per_page counts as absent, as on the other lists: alone it leaves the answer unpaged', async () => {
    for (const query of ['page=abc', 'page=-1', 'page=0', 'per_page=0', 'per_page=-5', 'page=1.5', 'page=&per_page=', 'page=two&per_page=ten']) {
      const res = await cmp(`?${query}`);
      assert.equal(res.status, 200, query);
      assert.deepEqual(shas(res.json), all.slice(-250), query);
      assert.equal(res.json.files.length, LONG, query);
      assert.equal(res.headers.get('link'), null, query);
    }
    const mixed = await cmp('?page=abc&per_page=10');
    assert.deepEqual(shas(mixed.json), all.slice(0, 10), 'a malformed page beside a good per_page is page 1');
    assert.equal(rels(mixed.headers.get('link')).next, selfUrl('page=2&per_page=10'));
  });

  it('octokit paginate.iterator over repos.compareCommitsWithBasehead follows the Link header to every commit', async () => {
    const octokit = octokitAs(emu, ALICE);
    const seen: string[] = [];
    const files: number[] = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.repos.compareCommitsWithBasehead, {
      owner: 'alice',
      repo: 'widgets',
      basehead: SPEC,
      per_page: 100,
    })) {
      // octokit pages a comparison whole (it has a `url`), though its types read it as a list's page.
      const data = page.data as unknown as Comparison;
      seen.push(...data.commits.map((c) => c.sha));
      files.push(data.files?.length ?? 0);
    }
    assert.deepEqual(seen, all);
    assert.deepEqual(files, [LONG, 0, 0]);
  });
});
