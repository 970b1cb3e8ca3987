// The web pages behind every `html_url` (emulator/src/web/): what a browser
// reads on each kind of page, the private-repository rule (hidden = missing
// = HTML 404), escaping of data, and that the API keeps every path it had.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, UA } from './helpers/hosting';

const REPO = 'analytical-engines/difference-engine';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** A browser-like GET (Accept: text/html, no credentials unless given); redirects not followed. */
async function browse(emu: TestEmulator, pathOrUrl: string, auth?: string) {
  const headers: Record<string, string> = { 'User-Agent': UA, Accept: BROWSER_ACCEPT };
  if (auth) headers.Authorization = auth;
  const res = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${emu.url}${pathOrUrl}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The text a user reads: tags dropped, entities decoded, spaces collapsed. */
function visibleText(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ');
}

function assertHtmlPage(res: { status: number; headers: Headers }, status = 200): void {
  assert.equal(res.status, status);
  assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /style-src 'unsafe-inline'/);
  assert.doesNotMatch(csp, /script-src/);
}

describe('web pages at the html_url addresses', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('/:login — a user page shows the login, the name and the public repositories as links, not the private ones', async () => {
    const res = await browse(emu, '/ada');
    assertHtmlPage(res);
    const text = visibleText(res.text);
    const name = (await call(emu, 'GET', '/users/ada')).json.name as string;
    assert.ok(text.includes('ada'));
    assert.ok(text.includes(name), `the name ${name} is shown`);
    assert.match(res.text, /<a href="\/ada\/notes-on-the-engine">ada\/notes-on-the-engine<\/a>/);
    assert.ok(!res.text.includes('bernoulli-numbers'), 'the private repository is not listed');
  });

  it('/:org — an organization page lists its public repositories only', async () => {
    const res = await browse(emu, '/analytical-engines');
    assertHtmlPage(res);
    assert.ok(visibleText(res.text).includes('Organization'));
    assert.ok(res.text.includes(`href="/${REPO}"`));
    assert.ok(!res.text.includes('analytical-engines/analytical-engine"'), 'the private repository is not listed');
  });

  it('/:owner/:repo — the repository page shows its description, clone URL, default branch, branches, open pull requests and releases', async () => {
    const api = (await call(emu, 'GET', `/repos/${REPO}`)).json;
    const res = await browse(emu, `/${REPO}`);
    assertHtmlPage(res);
    const text = visibleText(res.text);
    assert.ok(text.includes(REPO));
    assert.ok(text.includes(api.description), 'description');
    assert.ok(text.includes(api.clone_url), 'clone URL');
    assert.ok(text.includes(`Default branch ${api.default_branch}`));
    assert.ok(text.includes('feature/method-of-differences'), 'a branch');
    assert.ok(res.text.includes(`href="/${REPO}/pull/1"`), 'link to the open pull request #1');
    assert.ok(!res.text.includes(`href="/${REPO}/pull/2"`), 'closed pull requests are not listed');
    assert.ok(res.text.includes(`href="/${REPO}/releases/tag/v1.0.0"`), 'link to the release v1.0.0');
    assert.ok(!res.text.includes('releases/tag/v1.1.0"'), 'the draft is not shown to an anonymous browser');
    const asAda = await browse(emu, `/${REPO}`, ada);
    assert.ok(asAda.text.includes('releases/tag/v1.1.0"'), 'the draft is shown to a caller with push access');
  });

  it('/:owner/:repo/pull/:number — the pull request page shows title, state, author, head → base, body, changed files and review comments', async () => {
    const pull = (await call(emu, 'GET', `/repos/${REPO}/pulls/1`)).json;
    const files = (await call(emu, 'GET', `/repos/${REPO}/pulls/1/files`)).json as Array<{ filename: string; additions: number; deletions: number }>;
    const res = await browse(emu, `/${REPO}/pull/1`);
    assertHtmlPage(res);
    const text = visibleText(res.text);
    assert.ok(text.includes('Tabulate polynomials by the method of differences'));
    assert.ok(text.includes('#1'));
    assert.ok(text.includes('Open'));
    assert.ok(text.includes(`${pull.user.login} wants to merge ${pull.head.ref} → ${pull.base.ref}`));
    assert.ok(text.includes(pull.body.split('\n')[0]), 'body');
    assert.ok(files.length > 0);
    for (const f of files) assert.ok(text.includes(`${f.filename} `) && text.includes(`+${f.additions}`), `file ${f.filename}`);
    assert.ok(text.includes(`Review comments ${pull.review_comments}`));
    assert.ok(text.includes(`Files changed ${pull.changed_files} +${pull.additions} −${pull.deletions}`));
  });

  it('/:owner/:repo/pull/:number — a merged pull request says Merged, a closed one Closed', async () => {
    const merged = visibleText((await browse(emu, `/${REPO}/pull/3`)).text);
    assert.ok(merged.includes('Add the anticipating carriage'));
    assert.ok(merged.includes('Merged'));
    const closed = visibleText((await browse(emu, `/${REPO}/pull/2`)).text);
    assert.ok(closed.includes('Closed'));
    assert.ok(!closed.includes('Merged'));
  });

  it('/:owner/:repo/releases/tag/:tag — the release page shows name, tag, notes and assets with size and download count', async () => {
    const res = await browse(emu, `/${REPO}/releases/tag/v1.0.0`);
    assertHtmlPage(res);
    const text = visibleText(res.text);
    assert.ok(text.includes('Difference Engine 1.0'));
    assert.ok(text.includes('v1.0.0'));
    assert.ok(text.includes('Tabulates any polynomial of the sixth degree.'));
    assert.ok(text.includes('difference-engine-1.0.0.tar.gz'));
    assert.ok(text.includes('tables.csv'));
    assert.ok(text.includes('Downloads'));
    assert.match(text, /tables\.csv text\/csv \d+ B 0/);
    assert.ok(res.text.includes(`href="/${REPO}/releases/download/v1.0.0/tables.csv"`));
    const rc = visibleText((await browse(emu, `/${REPO}/releases/tag/v1.1.0-rc.1`)).text);
    assert.ok(rc.includes('Pre-release'));
  });

  it('/:owner/:repo/releases/tag/:tag — a draft is 404 to an anonymous browser and shown as Draft to a caller with push access', async () => {
    assertHtmlPage(await browse(emu, `/${REPO}/releases/tag/v1.1.0`), 404);
    const res = await browse(emu, `/${REPO}/releases/tag/v1.1.0`, ada);
    assertHtmlPage(res);
    assert.ok(visibleText(res.text).includes('Draft'));
  });

  it('/:owner/:repo/issues/:number — the issue page shows title, state and body; a pull request number redirects to /pull/', async () => {
    const issue = (await call(emu, 'GET', `/repos/${REPO}/issues/4`)).json;
    const res = await browse(emu, `/${REPO}/issues/4`);
    assertHtmlPage(res);
    const text = visibleText(res.text);
    assert.ok(text.includes(issue.title));
    assert.ok(text.includes('Open'));
    if (issue.body) assert.ok(text.includes(issue.body.split('\n')[0]));
    const pull = await browse(emu, `/${REPO}/issues/1`);
    assert.equal(pull.status, 302);
    assert.equal(pull.headers.get('location'), `/${REPO}/pull/1`);
  });

  it('private repositories and everything in them answer the 404 page to an anonymous browser; their owner sees them', async () => {
    const hidden = [
      '/ada/bernoulli-numbers',
      '/analytical-engines/analytical-engine',
      '/ada/bernoulli-numbers/pull/1',
      '/ada/bernoulli-numbers/issues/1',
      '/ada/bernoulli-numbers/releases/tag/v1.0.0',
    ];
    const missing = await browse(emu, '/ada/no-such-repository');
    for (const path of hidden) {
      const res = await browse(emu, path);
      assertHtmlPage(res, 404);
      assert.ok(!res.text.includes('Private</span>'), path);
    }
    // Same page as a repository that does not exist, apart from the name looked for.
    const normalize = (t: string) => t.replace(/ada\/[\w-]+/g, 'X');
    assert.equal(normalize((await browse(emu, '/ada/bernoulli-numbers')).text), normalize(missing.text));
    const owner = await browse(emu, '/ada/bernoulli-numbers', ada);
    assertHtmlPage(owner);
    assert.ok(visibleText(owner.text).includes('Private'));
    assert.ok(visibleText(owner.text).includes('ada/bernoulli-numbers'));
  });

  it('markup in data is escaped on the repository, user and release pages', async () => {
    const evil = '<script>alert(1)</script>';
    const created = await call(emu, 'POST', '/user/repos', { auth: ada, body: { name: 'escape-test', description: `${evil} & "quotes"`, auto_init: true } });
    assert.equal(created.status, 201);
    const repoPage = await browse(emu, created.json.html_url);
    assertHtmlPage(repoPage);
    assert.ok(!repoPage.text.includes('<script>'), 'no raw script tag on the repository page');
    assert.ok(repoPage.text.includes('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;'));
    assert.ok(visibleText(repoPage.text).includes(`${evil} & "quotes"`), 'the user reads the text as written');
    assert.ok(!(await browse(emu, '/ada')).text.includes('<script>'), 'no raw script tag on the user page');

    const release = await call(emu, 'POST', '/repos/ada/escape-test/releases', {
      auth: ada,
      body: { tag_name: 'v0.1', name: `<b>bold</b>`, body: `<img src=x onerror=alert(1)>` },
    });
    assert.equal(release.status, 201);
    const releasePage = await browse(emu, release.json.html_url);
    assertHtmlPage(releasePage);
    assert.ok(!releasePage.text.includes('<b>bold</b>'));
    assert.ok(!releasePage.text.includes('<img'));
    assert.ok(visibleText(releasePage.text).includes('<img src=x onerror=alert(1)>'));
  });

  it('unknown users, repositories, numbers and tags answer a browser a 404 HTML page that says what was not found', async () => {
    const cases: Array<[string, string]> = [
      ['/no-such-user', 'no-such-user'],
      ['/ada/no-such-repository', 'ada/no-such-repository'],
      [`/${REPO}/pull/999`, 'Pull request #999'],
      [`/${REPO}/pull/abc`, 'Pull request #abc'],
      [`/${REPO}/issues/999`, 'Issue #999'],
      [`/${REPO}/releases/tag/v9.9.9`, 'v9.9.9'],
      ['/%3Cscript%3E', '<script>'],
    ];
    for (const [path, named] of cases) {
      const res = await browse(emu, path);
      assertHtmlPage(res, 404);
      const text = visibleText(res.text);
      assert.ok(text.includes('not found'), path);
      assert.ok(text.includes(named), `${path} names ${named}`);
    }
    assert.ok(!(await browse(emu, '/%3Cscript%3E')).text.includes('<script>'), 'the name looked for is escaped');
  });

  it('the html_url of every representation the API returns answers a 200 page (plain and /api/v3 forms)', async () => {
    const urls = new Set<string>();
    for (const prefix of ['', '/api/v3']) {
      const get = async (path: string) => (await call(emu, 'GET', `${prefix}${path}`, { auth: ada })).json;
      urls.add((await get('/users/ada')).html_url);
      urls.add((await get('/orgs/analytical-engines')).html_url);
      const repo = await get(`/repos/${REPO}`);
      urls.add(repo.html_url);
      urls.add(repo.owner.html_url);
      urls.add((await get('/repos/ada/bernoulli-numbers')).html_url);
      for (const p of await get(`/repos/${REPO}/pulls?state=all`)) urls.add(p.html_url);
      urls.add((await get(`/repos/${REPO}/pulls/1`)).html_url);
      for (const r of await get(`/repos/${REPO}/releases`)) urls.add(r.html_url);
      urls.add((await get(`/repos/${REPO}/issues/4`)).html_url);
    }
    assert.ok(urls.size >= 10, `collected ${urls.size} URLs`);
    for (const url of urls) {
      assert.ok(!url.includes('/api/v3'), `${url} is on the web base`);
      // Credentials as the API caller had them: private repositories need them.
      const res = await browse(emu, url, ada);
      assertHtmlPage(res);
    }
    // Without credentials, the public ones are readable.
    assertHtmlPage(await browse(emu, (await call(emu, 'GET', `/repos/${REPO}/pulls/1`)).json.html_url));
  });

  it('the API keeps its paths: static routes win over the pages, the /api/v3 form serves no page', async () => {
    const json = async (path: string, status: number, auth?: string) => {
      const res = await call(emu, 'GET', path, { auth });
      assert.equal(res.status, status, path);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, path);
    };
    await json(`/repos/${REPO}`, 200);
    await json('/users/ada', 200);
    await json('/user', 401);
    await json('/user', 200, ada);
    await json('/orgs/analytical-engines', 200);
    await json('/rate_limit', 200);
    await json('/health', 200);
    await json('/gitignore/templates', 200);
    // Paths the API never served keep the API's JSON 404 for API clients (no text/html in Accept).
    await json('/notifications', 404);
    await json('/no-such-user', 404);
    await json(`/${REPO}/pull/999`, 404);
    assert.deepEqual((await call(emu, 'GET', '/repos')).json.message, 'Not Found');
    await json('/repositories', 200);
    await json('/users', 200);
    await json('/api/v2/me', 200);
    await json('/api/v3/ada', 404);
    await json(`/api/v3/${REPO}`, 404);
    const login = await call(emu, 'GET', '/login/oauth/authorize?client_id=nope');
    assert.ok(!login.text.includes('RepoDesk emulator</header>'), '/login/oauth/authorize is the OAuth page, not a web page');
    const gitRefs = await call(emu, 'GET', `/${REPO}.git/info/refs?service=git-upload-pack`);
    assert.equal(gitRefs.status, 200);
    assert.equal(gitRefs.headers.get('content-type'), 'application/x-git-upload-pack-advertisement');
    const download = await call(emu, 'GET', `/${REPO}/releases/download/v1.0.0/tables.csv`, { headers: { Accept: 'application/octet-stream' } });
    assert.equal(download.status, 200);
    assert.ok(download.text.startsWith('x,x^2+x+41'));

    // A user whose login is an API word: the API path still wins; the page answers at /<login>.
    const now = '2020-01-01T00:00:00Z';
    emu.db.prepare("INSERT INTO users (login, type, created_at, updated_at) VALUES ('repos', 'User', ?, ?)").run(now, now);
    await json(`/repos/${REPO}`, 200);
    assertHtmlPage(await browse(emu, '/repos'));
  });

  it('pages do not spend the API rate limit, and an unchanged page revalidates with 304', async () => {
    const first = await browse(emu, `/${REPO}`);
    const remaining = first.headers.get('x-ratelimit-remaining');
    for (let i = 0; i < 3; i++) await browse(emu, `/${REPO}/pull/1`);
    assert.equal((await browse(emu, `/${REPO}`)).headers.get('x-ratelimit-remaining'), remaining);
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${emu.url}/${REPO}`, { headers: { 'User-Agent': UA, Accept: BROWSER_ACCEPT, 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  });
});
