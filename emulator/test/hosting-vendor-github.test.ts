// Outside the documents, with --vendor github: branches, contents and the
// readme, repository commits and compare, shaped as the vendor's clients
// read them (octokit's types, PyGithub), writes as real commits on the real
// git repository (emulator/README.md, "Outside the documents, with
// `--vendor github`"). Without the flag every one of them answers 404.
import assert from 'node:assert/strict';
import type { Octokit } from '@octokit/rest';
import type { TestEmulator } from './support/emulator';
import {
  ALICE,
  ALICE_BARE,
  aliceVault,
  b64,
  BOB,
  git,
  gitDirOf,
  NOT_FOUND,
  octokitAs,
  sendPathAsIs,
  snapshot,
  vendorScenario,
  WIDGET_COMMITS,
  widgets,
} from './support/vendorRepos';
import { call } from './helpers/hosting';

const SCENARIO = vendorScenario('vendor-github', {
  users: ['alice', 'bob'],
  names: true,
  emails: true,
  aliceBareToken: true,
  repositories: [
    widgets([WIDGET_COMMITS.init, WIDGET_COMMITS.bigger, WIDGET_COMMITS.side]),
    aliceVault(['{ id: v1, author: alice, date: 2026-01-05T10:00:00Z, message: Keep a secret, files: { readme: "Secret.\\n" } }']),
  ],
});

// The scenario's fixed dates make fixed SHAs.
const INIT = '9bbd9268a94797d7506774bb56d06fddbd293e31';
const BIGGER = 'df9a4905ac2ccf358ca09a9ca632050b141adb3a';
const SIDE = 'a2932fbae047a25e36fe3c9346bb88e336b8db2a';
const WIDGET_BLOB = '05c4f61ccdbd14007aa01d22139c950c29c892cc';
const README_BLOB = '097bbeec9d6fd565e250f92553b246a1e29c0c61';
const SRC_TREE = '8b2151aa0878298a3a72c2c8ed95421ac567e975';

function entry(url: string, o: { path: string; sha: string; size: number; type: 'file' | 'dir'; ref?: string }) {
  const ref = o.ref ?? 'main';
  const self = `${url}/repos/alice/widgets/contents/${o.path}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = `${url}/repos/alice/widgets/git/${o.type === 'dir' ? 'trees' : 'blobs'}/${o.sha}`;
  const html = `${url}/alice/widgets/${o.type === 'dir' ? 'tree' : 'blob'}/${ref}/${o.path}`;
  return {
    name: o.path.split('/').pop(),
    path: o.path,
    sha: o.sha,
    size: o.size,
    url: self,
    html_url: html,
    git_url: gitUrl,
    download_url: o.type === 'dir' ? null : `${url}/alice/widgets/raw/${ref}/${o.path}`,
    type: o.type,
    _links: { self, git: gitUrl, html },
  };
}

const ROUTES: Array<[string, string]> = [
  ['GET', '/repos/alice/widgets/branches'],
  ['GET', '/repos/alice/widgets/branches/main'],
  ['GET', '/repos/alice/widgets/contents'],
  ['GET', '/repos/alice/widgets/contents/README.md'],
  ['PUT', '/repos/alice/widgets/contents/new.txt'],
  ['DELETE', '/repos/alice/widgets/contents/README.md'],
  ['GET', '/repos/alice/widgets/readme'],
  ['GET', '/repos/alice/widgets/commits'],
  ['GET', `/repos/alice/widgets/commits/${BIGGER}`],
  ['GET', '/repos/alice/widgets/compare/main...feature/side'],
];

describe('outside the documents without --vendor github: the emulator keeps to the documents', () => {
  let emu: TestEmulator;
  before(async () => (emu = await SCENARIO.startWithoutVendor()));
  after(() => emu.dispose());

  for (const [method, route] of ROUTES) {
    it(`${method} ${route} answers 404 Not Found`, async () => {
      const body = method === 'GET' ? undefined : { message: 'm', content: b64('x'), sha: README_BLOB };
      const res = await call(emu, method, route, { token: ALICE, body });
      assert.equal(res.status, 404);
      assert.deepEqual(res.json, NOT_FOUND);
    });
  }
});

describe('outside the documents with --vendor github: reads', () => {
  let emu: TestEmulator;
  let u: string;
  before(async () => {
    emu = await SCENARIO.startWithVendor();
    u = emu.url;
  });
  after(() => emu.dispose());

  const commitUrl = (sha: string) => `${u}/repos/alice/widgets/commits/${sha}`;

  it('GET /branches: every branch by name with its tip, unprotected; paged with a Link header; protected=true lists none', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/branches', { token: ALICE });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, [
      { name: 'feature/side', commit: { sha: SIDE, url: commitUrl(SIDE) }, protected: false },
      { name: 'main', commit: { sha: BIGGER, url: commitUrl(BIGGER) }, protected: false },
    ]);
    const page = await call(emu, 'GET', '/repos/alice/widgets/branches?per_page=1&page=2', { token: ALICE });
    assert.deepEqual(
      page.json.map((b: { name: string }) => b.name),
      ['main'],
    );
    assert.equal(
      page.headers.get('link'),
      `<${u}/repos/alice/widgets/branches?per_page=1&page=1>; rel="first", <${u}/repos/alice/widgets/branches?per_page=1&page=1>; rel="prev"`,
    );
    assert.deepEqual((await call(emu, 'GET', '/repos/alice/widgets/branches?protected=true', { token: ALICE })).json, []);
  });

  it('GET /branches/:branch (a name with a slash): the full commit, _links, protection; an unknown branch is 404 Branch not found', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/branches/feature/side', { token: ALICE });
    assert.equal(res.status, 200);
    assert.equal(res.json.name, 'feature/side');
    assert.equal(res.json.commit.sha, SIDE);
    assert.equal(res.json.commit.commit.message, 'Note a side idea');
    assert.deepEqual(res.json.commit.commit.author, { name: 'Alice Example', email: 'alice@example.test', date: '2026-01-07T10:00:00Z' });
    assert.equal(res.json.commit.author.login, 'alice');
    assert.deepEqual(res.json.commit.parents, [{ sha: INIT, url: commitUrl(INIT), html_url: `${u}/alice/widgets/commit/${INIT}` }]);
    assert.deepEqual(res.json._links, { self: `${u}/repos/alice/widgets/branches/feature/side`, html: `${u}/alice/widgets/tree/feature/side` });
    assert.equal(res.json.protected, false);
    assert.deepEqual(res.json.protection, { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } });
    assert.equal(res.json.protection_url, `${u}/repos/alice/widgets/branches/feature/side/protection`);
    const missing = await call(emu, 'GET', '/repos/alice/widgets/branches/nope', { token: ALICE });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json, { message: 'Branch not found', documentation_url: 'https://docs.service.test/v3' });
  });

  it('GET /contents/:path of a file: every field, base64 content; ETag and a 304 for If-None-Match', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/contents/src/widget.js', { token: ALICE });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      ...entry(u, { path: 'src/widget.js', sha: WIDGET_BLOB, size: 23, type: 'file' }),
      content: `${b64('export const size = 2;\n')}\n`,
      encoding: 'base64',
    });
    const etag = res.headers.get('etag');
    assert.ok(etag);
    const again = await call(emu, 'GET', '/repos/alice/widgets/contents/src/widget.js', { token: ALICE, headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  });

  it('GET /contents (the root) and /contents/:dir: arrays of entries; ?ref= reads another branch', async () => {
    const root = await call(emu, 'GET', '/repos/alice/widgets/contents', { token: ALICE });
    assert.deepEqual(root.json, [
      entry(u, { path: 'README.md', sha: README_BLOB, size: 10, type: 'file' }),
      entry(u, { path: 'src', sha: SRC_TREE, size: 0, type: 'dir' }),
    ]);
    const side = await call(emu, 'GET', '/repos/alice/widgets/contents/docs?ref=feature/side', { token: ALICE });
    assert.equal(side.status, 200);
    assert.deepEqual(
      side.json.map((e: { path: string; type: string }) => [e.path, e.type]),
      [['docs/side.md', 'file']],
    );
    assert.equal(side.json[0].url, `${u}/repos/alice/widgets/contents/docs/side.md?ref=feature%2Fside`);
    const old = await call(emu, 'GET', `/repos/alice/widgets/contents/src/widget.js?ref=${INIT}`, { token: ALICE });
    assert.equal(Buffer.from(old.json.content, 'base64').toString('utf8'), 'export const size = 1;\n');
  });

  it('GET /contents: a missing path, a path below a file and an unknown ref are 404', async () => {
    for (const p of ['/contents/nope.txt', '/contents/README.md/x', '/contents/README.md?ref=nope']) {
      const res = await call(emu, 'GET', `/repos/alice/widgets${p}`, { token: ALICE });
      assert.equal(res.status, 404, p);
    }
    const ref = await call(emu, 'GET', '/repos/alice/widgets/contents/README.md?ref=nope', { token: ALICE });
    assert.deepEqual(ref.json, { message: 'No commit found for the ref nope', documentation_url: 'https://docs.service.test/v3' });
  });

  it('GET /contents/:path with the raw media type: the bytes themselves', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/contents/src/widget.js', { token: ALICE, headers: { Accept: 'application/vnd.github.v3.raw' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/vnd.github.v3.raw');
    assert.equal(res.text, 'export const size = 2;\n');
  });

  it('GET /readme: README.md at the root; `readme` in another repository (any case)', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/readme', { token: ALICE });
    assert.deepEqual(res.json, {
      ...entry(u, { path: 'README.md', sha: README_BLOB, size: 10, type: 'file' }),
      content: `${b64('# Widgets\n')}\n`,
      encoding: 'base64',
    });
    const vault = await call(emu, 'GET', '/repos/alice/vault/readme', { token: ALICE });
    assert.equal(vault.status, 200);
    assert.equal(vault.json.path, 'readme');
    assert.equal(Buffer.from(vault.json.content, 'base64').toString('utf8'), 'Secret.\n');
  });

  it('a private repository: anonymous, a token without repo and another user are 404; a token with repo reads it', async () => {
    for (const token of [undefined, ALICE_BARE, BOB]) {
      for (const p of ['/readme', '/contents', '/branches', '/commits', '/compare/master...master']) {
        const res = await call(emu, 'GET', `/repos/alice/vault${p}`, { token });
        assert.equal(res.status, 404, `${p} with ${token ?? 'no token'}`);
        assert.deepEqual(res.json, NOT_FOUND);
      }
    }
    assert.equal((await call(emu, 'GET', '/repos/alice/vault/contents/readme', { token: ALICE })).status, 200);
  });

  it('GET /commits: newest first, each as the vendor shapes it; per_page pages with a Link header', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/commits', { token: ALICE });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((c: { sha: string }) => c.sha),
      [BIGGER, INIT],
    );
    const first = res.json[0];
    assert.deepEqual(Object.keys(first).sort(), ['author', 'comments_url', 'commit', 'committer', 'html_url', 'node_id', 'parents', 'sha', 'url']);
    assert.deepEqual(first.commit, {
      author: { name: 'Bob Example', email: 'bob@example.test', date: '2026-01-06T10:00:00Z' },
      committer: { name: 'Bob Example', email: 'bob@example.test', date: '2026-01-06T10:00:00Z' },
      message: 'Make widgets bigger',
      tree: { sha: 'ed14666c3420da6c834177c77b8c509cac987629', url: `${u}/repos/alice/widgets/git/trees/ed14666c3420da6c834177c77b8c509cac987629` },
      url: `${u}/repos/alice/widgets/git/commits/${BIGGER}`,
      comment_count: 0,
    });
    assert.equal(first.url, commitUrl(BIGGER));
    assert.equal(first.html_url, `${u}/alice/widgets/commit/${BIGGER}`);
    assert.equal(first.author.login, 'bob');
    assert.equal(first.committer.login, 'bob');
    assert.equal(typeof first.node_id, 'string');
    const page = await call(emu, 'GET', '/repos/alice/widgets/commits?per_page=1', { token: ALICE });
    assert.deepEqual(
      page.json.map((c: { sha: string }) => c.sha),
      [BIGGER],
    );
    assert.equal(
      page.headers.get('link'),
      `<${u}/repos/alice/widgets/commits?per_page=1&page=2>; rel="next", <${u}/repos/alice/widgets/commits?per_page=1&page=2>; rel="last"`,
    );
    assert.deepEqual((await call(emu, 'GET', '/repos/alice/widgets/commits?page=5', { token: ALICE })).json, []);
  });

  it('GET /commits filters: sha, path, author (login or e-mail), since, until; a malformed since or a path with .. is 422', async () => {
    const shas = async (query: string) =>
      (await call(emu, 'GET', `/repos/alice/widgets/commits?${query}`, { token: ALICE })).json.map((c: { sha: string }) => c.sha);
    assert.deepEqual(await shas('sha=feature/side'), [SIDE, INIT]);
    assert.deepEqual(await shas('sha=feature/side&path=docs'), [SIDE]);
    assert.deepEqual(await shas('path=README.md'), [INIT]);
    assert.deepEqual(await shas('author=bob'), [BIGGER]);
    assert.deepEqual(await shas('author=alice@example.test'), [INIT]);
    assert.deepEqual(await shas('since=2026-01-06T00:00:00Z'), [BIGGER]);
    assert.deepEqual(await shas('until=2026-01-05T23:00:00Z'), [INIT]);
    const bad = await call(emu, 'GET', '/repos/alice/widgets/commits?since=yesterday', { token: ALICE });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.json, {
      message: 'Validation Failed',
      errors: [{ resource: 'Commit', field: 'since', code: 'invalid', message: 'since must be an ISO 8601 time (YYYY-MM-DDTHH:MM:SSZ)' }],
      documentation_url: 'https://docs.service.test/v3',
    });
    assert.equal((await call(emu, 'GET', '/repos/alice/widgets/commits?sha=nope', { token: ALICE })).status, 404);
    const outside = await call(emu, 'GET', '/repos/alice/widgets/commits?path=../x', { token: ALICE });
    assert.deepEqual(
      [outside.status, outside.json.errors],
      [422, [{ resource: 'Content', field: 'path', code: 'invalid', message: 'path must not contain a ".." segment' }]],
    );
  });

  it('GET /commits/:ref: the commit with its files (patch included) and stats; an unknown ref is 422 No commit found', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/commits/main', { token: ALICE });
    assert.equal(res.status, 200);
    assert.equal(res.json.sha, BIGGER);
    assert.deepEqual(res.json.stats, { total: 2, additions: 1, deletions: 1 });
    assert.deepEqual(res.json.files, [
      {
        sha: WIDGET_BLOB,
        filename: 'src/widget.js',
        status: 'modified',
        additions: 1,
        deletions: 1,
        changes: 2,
        blob_url: `${u}/alice/widgets/blob/${BIGGER}/src/widget.js`,
        raw_url: `${u}/alice/widgets/raw/${BIGGER}/src/widget.js`,
        contents_url: `${u}/repos/alice/widgets/contents/src/widget.js?ref=${BIGGER}`,
        patch: '@@ -1 +1 @@\n-export const size = 1;\n+export const size = 2;',
      },
    ]);
    const root = await call(emu, 'GET', `/repos/alice/widgets/commits/${INIT}`, { token: ALICE });
    assert.deepEqual(
      root.json.files.map((f: { filename: string; status: string }) => [f.filename, f.status]),
      [
        ['README.md', 'added'],
        ['src/widget.js', 'added'],
      ],
    );
    assert.deepEqual(root.json.parents, []);
    const missing = await call(emu, 'GET', '/repos/alice/widgets/commits/nope', { token: ALICE });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.json, { message: 'No commit found for SHA: nope', documentation_url: 'https://docs.service.test/v3' });
  });

  // git takes these filters as arguments, which cannot hold a NUL byte: refused as the path filter is, before git runs.
  it('GET /commits with a NUL in author or committer is 422 naming the field, not a 500', async () => {
    for (const field of ['author', 'committer']) {
      const res = await call(emu, 'GET', `/repos/alice/widgets/commits?${field}=a%00b`, { token: ALICE });
      assert.equal(res.status, 422, field);
      assert.deepEqual(
        res.json,
        {
          message: 'Validation Failed',
          errors: [{ resource: 'Commit', field, code: 'invalid', message: `${field} must not contain a NUL byte` }],
          documentation_url: 'https://docs.service.test/v3',
        },
        field,
      );
    }
  });

  it('GET /compare/:base...:head: diverged, ahead_by/behind_by, the commits and files from the merge base', async () => {
    const res = await call(emu, 'GET', '/repos/alice/widgets/compare/main...feature/side', { token: ALICE });
    assert.equal(res.status, 200);
    const j = res.json;
    assert.equal(j.url, `${u}/repos/alice/widgets/compare/main...feature/side`);
    assert.equal(j.html_url, `${u}/alice/widgets/compare/main...feature/side`);
    assert.equal(j.permalink_url, `${u}/alice/widgets/compare/alice:${BIGGER}...alice:${SIDE}`);
    assert.equal(j.diff_url, `${u}/alice/widgets/compare/main...feature/side.diff`);
    assert.equal(j.patch_url, `${u}/alice/widgets/compare/main...feature/side.patch`);
    assert.equal(j.base_commit.sha, BIGGER);
    assert.equal(j.merge_base_commit.sha, INIT);
    assert.equal(j.status, 'diverged');
    assert.equal(j.ahead_by, 1);
    assert.equal(j.behind_by, 1);
    assert.equal(j.total_commits, 1);
    assert.deepEqual(
      j.commits.map((c: { sha: string }) => c.sha),
      [SIDE],
    );
    assert.equal(j.commits[0].commit.message, 'Note a side idea');
    assert.deepEqual(
      j.files.map((f: { filename: string; status: string; additions: number; patch: string }) => [f.filename, f.status, f.additions, f.patch]),
      [['docs/side.md', 'added', 1, '@@ -0,0 +1 @@\n+A side idea.']],
    );
  });

  it('GET /compare: ahead, behind and identical; an unknown ref or another form is 404', async () => {
    const cmp = async (spec: string) => (await call(emu, 'GET', `/repos/alice/widgets/compare/${spec}`, { token: ALICE })).json;
    const ahead = await cmp(`${INIT}...main`);
    assert.deepEqual([ahead.status, ahead.ahead_by, ahead.behind_by, ahead.total_commits], ['ahead', 1, 0, 1]);
    const behind = await cmp(`main...${INIT}`);
    assert.deepEqual([behind.status, behind.ahead_by, behind.behind_by, behind.commits, behind.files], ['behind', 0, 1, [], []]);
    const same = await cmp('main...main');
    assert.deepEqual([same.status, same.ahead_by, same.behind_by, same.commits, same.files], ['identical', 0, 0, [], []]);
    for (const spec of ['main...nope', 'nope...main', 'main..feature/side', 'main']) {
      const res = await call(emu, 'GET', `/repos/alice/widgets/compare/${spec}`, { token: ALICE });
      assert.equal(res.status, 404, spec);
      assert.deepEqual(res.json, NOT_FOUND, spec);
    }
  });
});

describe('outside the documents with --vendor github: contents writes', () => {
  let emu: TestEmulator;
  let gitDir: string;
  before(async () => {
    emu = await SCENARIO.startWithVendor();
    gitDir = gitDirOf(emu, 'alice', 'widgets');
  });
  after(() => emu.dispose());

  const put = (p: string, body: unknown, token = ALICE) => call(emu, 'PUT', `/repos/alice/widgets/contents/${p}`, { token, body });

  it('PUT a new file: 201 with content and commit; a real commit on main that git sees, by the caller', async () => {
    const res = await put('notes/plan.md', { message: 'Plan the widgets', content: b64('# Plan\n') });
    assert.equal(res.status, 201);
    const sha = res.json.commit.sha;
    assert.equal(git(gitDir, 'rev-parse', 'refs/heads/main').trim(), sha);
    assert.equal(
      git(gitDir, 'log', '-1', '--format=%P|%an <%ae>|%cn <%ce>|%s', sha).trim(),
      `${BIGGER}|Alice Example <alice@example.test>|Alice Example <alice@example.test>|Plan the widgets`,
    );
    assert.equal(git(gitDir, 'show', `${sha}:notes/plan.md`), '# Plan\n');
    const blob = git(gitDir, 'rev-parse', `${sha}:notes/plan.md`).trim();
    const u = emu.url;
    assert.deepEqual(res.json.content, entry(u, { path: 'notes/plan.md', sha: blob, size: 7, type: 'file' }));
    const c = res.json.commit;
    assert.equal(c.url, `${u}/repos/alice/widgets/git/commits/${sha}`);
    assert.equal(c.html_url, `${u}/alice/widgets/commit/${sha}`);
    assert.equal(c.message, 'Plan the widgets');
    assert.deepEqual(c.parents, [{ url: `${u}/repos/alice/widgets/git/commits/${BIGGER}`, html_url: `${u}/alice/widgets/commit/${BIGGER}`, sha: BIGGER }]);
    assert.equal(c.author.name, 'Alice Example');
    assert.match(c.author.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.equal(c.tree.sha, git(gitDir, 'rev-parse', `${sha}^{tree}`).trim());
    assert.deepEqual(c.verification, { verified: false, reason: 'unsigned', signature: null, payload: null });
    const back = await call(emu, 'GET', '/repos/alice/widgets/contents/notes/plan.md', { token: ALICE });
    assert.equal(Buffer.from(back.json.content, 'base64').toString('utf8'), '# Plan\n');
  });

  it('PUT an existing file: without sha 422, with a stale sha 409 and nothing written; with its sha 200, on the given branch with the given author', async () => {
    const before = snapshot(gitDir);
    const noSha = await put('src/widget.js', { message: 'Resize', content: b64('export const size = 3;\n') });
    assert.equal(noSha.status, 422);
    assert.deepEqual(noSha.json.errors, [{ resource: 'Content', field: 'sha', code: 'missing_field', message: `"sha" wasn't supplied: src/widget.js exists` }]);
    const stale = await put('src/widget.js', { message: 'Resize', content: b64('export const size = 3;\n'), sha: 'e'.repeat(40) });
    assert.equal(stale.status, 409);
    assert.deepEqual(stale.json, { message: `src/widget.js does not match ${'e'.repeat(40)}`, documentation_url: 'https://docs.service.test/v3' });
    assert.equal(snapshot(gitDir), before, 'a refused write writes nothing');

    const sideTip = git(gitDir, 'rev-parse', 'refs/heads/feature/side').trim();
    const ok = await put('README.md', {
      message: 'Say more',
      content: b64('# Widgets\n\nMore.\n'),
      sha: README_BLOB,
      branch: 'feature/side',
      author: { name: 'Carol', email: 'carol@example.test', date: '2026-02-01T12:00:00Z' },
    });
    assert.equal(ok.status, 200);
    assert.equal(git(gitDir, 'rev-parse', 'refs/heads/feature/side').trim(), ok.json.commit.sha);
    assert.equal(git(gitDir, 'log', '-1', '--format=%P|%an|%aI|%cn', ok.json.commit.sha).trim(), `${sideTip}|Carol|2026-02-01T12:00:00+00:00|Alice Example`);
    assert.deepEqual(ok.json.commit.author, { name: 'Carol', email: 'carol@example.test', date: '2026-02-01T12:00:00Z' });
    assert.equal(ok.json.content.url, `${emu.url}/repos/alice/widgets/contents/README.md?ref=feature%2Fside`);
  });

  it('GET with ".." or a NUL in the path is refused 422', async () => {
    const dots = await sendPathAsIs(emu, 'GET', '/repos/alice/widgets/contents/src/../README.md', { token: ALICE });
    assert.equal(dots.status, 422);
    assert.equal(dots.json.errors[0].message, 'path must not contain a ".." segment');
    const nul = await call(emu, 'GET', '/repos/alice/widgets/contents/README.md%00', { token: ALICE });
    assert.equal(nul.status, 422);
    assert.equal(nul.json.errors[0].message, 'path must not contain a NUL byte');
  });

  it('PUT needs push access: another user, a token without a scope, anonymous are 404 and write nothing', async () => {
    const before = snapshot(gitDir);
    for (const token of [BOB, ALICE_BARE, undefined]) {
      const res = await call(emu, 'PUT', '/repos/alice/widgets/contents/intruder.txt', { token, body: { message: 'm', content: b64('x') } });
      assert.equal(res.status, 404, token ?? 'anonymous');
      assert.deepEqual(res.json, NOT_FOUND);
    }
    assert.equal(snapshot(gitDir), before);
  });

  it('DELETE a file: 200 with content null; a stale sha 409; a missing file 404', async () => {
    const stale = await call(emu, 'DELETE', '/repos/alice/widgets/contents/notes/plan.md', { token: ALICE, body: { message: 'Drop', sha: 'e'.repeat(40) } });
    assert.equal(stale.status, 409);
    const blob = git(gitDir, 'rev-parse', 'refs/heads/main:notes/plan.md').trim();
    const res = await call(emu, 'DELETE', '/repos/alice/widgets/contents/notes/plan.md', { token: ALICE, body: { message: 'Drop the plan', sha: blob } });
    assert.equal(res.status, 200);
    assert.equal(res.json.content, null);
    assert.equal(git(gitDir, 'rev-parse', 'refs/heads/main').trim(), res.json.commit.sha);
    assert.equal(git(gitDir, 'ls-tree', '--name-only', 'refs/heads/main').trim(), 'README.md\nsrc');
    const gone = await call(emu, 'DELETE', '/repos/alice/widgets/contents/notes/plan.md', { token: ALICE, body: { message: 'Again', sha: blob } });
    assert.equal(gone.status, 404);
  });
});

describe('octokit (@octokit/rest) against --vendor github: what it reads outside the documents', () => {
  let emu: TestEmulator;
  let octokit: Octokit;
  before(async () => {
    emu = await SCENARIO.startWithVendor();
    octokit = octokitAs(emu, ALICE);
  });
  after(() => emu.dispose());

  it('repos.listBranches, getContent, createOrUpdateFileContents (create, then update with its sha), listCommits, compareCommits', async () => {
    const owner = 'alice';
    const repo = 'widgets';
    const branches = await octokit.rest.repos.listBranches({ owner, repo });
    assert.deepEqual(
      branches.data.map((b) => [b.name, b.commit.sha, b.protected]),
      [
        ['feature/side', SIDE, false],
        ['main', BIGGER, false],
      ],
    );

    const file = await octokit.rest.repos.getContent({ owner, repo, path: 'src/widget.js' });
    assert.ok(!Array.isArray(file.data) && file.data.type === 'file');
    assert.equal(Buffer.from(file.data.content, 'base64').toString('utf8'), 'export const size = 2;\n');
    const dir = await octokit.rest.repos.getContent({ owner, repo, path: 'src' });
    assert.ok(Array.isArray(dir.data));
    assert.deepEqual(
      dir.data.map((e) => e.path),
      ['src/widget.js'],
    );

    const created = await octokit.rest.repos.createOrUpdateFileContents({
      owner,
      repo,
      path: 'docs/usage.md',
      message: 'Add usage',
      content: b64('Use it.\n'),
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.content?.path, 'docs/usage.md');
    const updated = await octokit.rest.repos.createOrUpdateFileContents({
      owner,
      repo,
      path: 'docs/usage.md',
      message: 'Say more',
      content: b64('Use it well.\n'),
      sha: created.data.content?.sha ?? '',
    });
    assert.equal(updated.status, 200);
    assert.deepEqual(
      (updated.data.commit.parents ?? []).map((p) => p.sha),
      [created.data.commit.sha],
    );

    const commits = await octokit.rest.repos.listCommits({ owner, repo, per_page: 2 });
    assert.deepEqual(
      commits.data.map((c) => c.commit.message),
      ['Say more', 'Add usage'],
    );
    assert.equal(commits.data[0]?.author?.login, 'alice');
    const all = await octokit.paginate(octokit.rest.repos.listCommits, { owner, repo, per_page: 1 });
    assert.equal(all.length, 4);

    const compared = await octokit.rest.repos.compareCommits({ owner, repo, base: 'feature/side', head: 'main' });
    assert.equal(compared.data.status, 'diverged');
    assert.equal(compared.data.ahead_by, 3);
    assert.equal(compared.data.behind_by, 1);
    assert.equal(compared.data.merge_base_commit.sha, INIT);
    assert.deepEqual(
      (compared.data.files ?? []).map((f) => f.filename),
      ['docs/usage.md', 'src/widget.js'],
    );
  });
});
