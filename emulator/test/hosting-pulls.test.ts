// docs/service-api/hosting/pulls §3, §4 (list and single) and §5, §6 (create,
// files, commits), merge and diff media type, against the demo seed:
// #1 open (two commits, three files), #2 closed unmerged, #3 merged, #4 an issue.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, links } from './helpers/hosting';
import { commitOnBranch, eventually, git, gitDirOf, R, recordEvents } from './hosting-pulls-fixture';

const ada = basic('ada'); // owner of the organization
const grace = basic('grace'); // outsider: may read the public repository and open pull requests
const numbers = (list: Array<{ number: number }>) => list.map((p) => p.number);

describe('v3 pull requests (docs/service-api/hosting/pulls §1–§6)', () => {
  let emu: TestEmulator;
  let gitDir: string;
  let recorded: ReturnType<typeof recordEvents>;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    gitDir = gitDirOf(emu);
    recorded = recordEvents(emu);
    // Distinct times so that every sort is visible.
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const setTimes = emu.db.prepare('UPDATE issues SET created_at = ?, updated_at = ? WHERE number = ? AND is_pull = 1');
    setTimes.run(ago(3), ago(0.1), 1);
    setTimes.run(ago(2), ago(40), 2);
    setTimes.run(ago(1), ago(0.5), 3);
  });
  after(() => emu.dispose());

  it('GET /repos/:owner/:repo/pulls — state defaults to open; closed and all', async () => {
    const open = await call(emu, 'GET', `${R}/pulls`);
    assert.equal(open.status, 200);
    assert.deepEqual(numbers(open.json), [1]);
    assert.deepEqual(numbers((await call(emu, 'GET', `${R}/pulls?state=closed`)).json), [3, 2]);
    assert.deepEqual(numbers((await call(emu, 'GET', `${R}/pulls?state=all`)).json), [3, 2, 1]);
    const first = open.json[0];
    for (const field of [
      'url',
      'html_url',
      'diff_url',
      'patch_url',
      'issue_url',
      'commits_url',
      'review_comments_url',
      'review_comment_url',
      'comments_url',
      'statuses_url',
      'title',
      'body',
      'created_at',
      'updated_at',
      'closed_at',
      'merged_at',
      'head',
      'base',
      '_links',
      'user',
    ]) {
      assert.ok(field in first, field);
    }
    assert.equal(first.review_comment_url, `${emu.url}${R}/pulls/comments/{number}`);
    assert.deepEqual(Object.keys(first._links).sort(), ['comments', 'commits', 'html', 'issue', 'review_comment', 'review_comments', 'self', 'statuses']);
    assert.equal(first.head.label, 'analytical-engines:feature/method-of-differences');
    assert.equal(first.base.ref, 'master');
    assert.equal(first.head.sha, git(gitDir, ['rev-parse', 'refs/heads/feature/method-of-differences']));
    assert.equal(first.base.repo.full_name, 'analytical-engines/difference-engine');
    assert.ok(!('mergeable' in first), 'the list carries the summary only');
  });

  it('GET /repos/:owner/:repo/pulls — head (user:ref-name) and base filters', async () => {
    const byHead = await call(emu, 'GET', `${R}/pulls?state=all&head=analytical-engines:experiment/steam-governor`);
    assert.deepEqual(numbers(byHead.json), [2]);
    assert.deepEqual((await call(emu, 'GET', `${R}/pulls?state=all&head=charles:experiment/steam-governor`)).json, []);
    assert.deepEqual(numbers((await call(emu, 'GET', `${R}/pulls?state=all&base=master`)).json), [3, 2, 1]);
    assert.deepEqual((await call(emu, 'GET', `${R}/pulls?state=all&base=gh-pages`)).json, []);
  });

  it('GET /repos/:owner/:repo/pulls — sort created (default, desc), updated, popularity, long-running; direction', async () => {
    const list = async (q: string) => numbers((await call(emu, 'GET', `${R}/pulls?state=all&${q}`)).json);
    assert.deepEqual(await list(''), [3, 2, 1], 'created, newest first by default');
    assert.deepEqual(await list('direction=asc'), [1, 2, 3]);
    assert.deepEqual(await list('sort=updated'), [2, 3, 1], 'other sorts default to asc');
    assert.deepEqual(await list('sort=updated&direction=desc'), [1, 3, 2]);
    // #1 has 2 issue comments and 4 review comments; the others none.
    assert.deepEqual(await list('sort=popularity&direction=desc'), [1, 3, 2]);
    assert.deepEqual((await list('sort=popularity')).at(-1), 1);
    // #2 was last updated 40 days ago: not in the last month.
    assert.deepEqual(await list('sort=long-running'), [1, 3]);
  });

  it('GET /repos/:owner/:repo/pulls — invalid state, sort or direction is 422; pages with Link', async () => {
    for (const q of ['state=merged', 'sort=comments', 'direction=up']) {
      const res = await call(emu, 'GET', `${R}/pulls?${q}`);
      assert.equal(res.status, 422, q);
      assert.equal(res.json.errors[0].field, q.split('=')[0]);
    }
    const page = await call(emu, 'GET', `${R}/pulls?state=all&per_page=2`);
    assert.equal(page.json.length, 2);
    assert.ok(links(page.headers.get('link')).next);
  });

  it('GET /repos/:owner/:repo/pulls/:number — merged, mergeable, comments, review_comments, commits, additions, deletions, changed_files', async () => {
    const res = await call(emu, 'GET', `${R}/pulls/1`);
    assert.equal(res.status, 200);
    const files = (await call(emu, 'GET', `${R}/pulls/1/files`)).json as Array<{ additions: number; deletions: number }>;
    assert.equal(res.json.merged, false);
    assert.equal(res.json.mergeable, true);
    assert.equal(res.json.comments, 2);
    assert.equal(res.json.review_comments, 4);
    assert.equal(res.json.commits, 2);
    assert.equal(res.json.changed_files, 3);
    assert.equal(
      res.json.additions,
      files.reduce((n, f) => n + f.additions, 0),
    );
    assert.equal(
      res.json.deletions,
      files.reduce((n, f) => n + f.deletions, 0),
    );
    const merged = await call(emu, 'GET', `${R}/pulls/3`);
    assert.equal(merged.json.merged, true);
    assert.equal(merged.json.merged_by.login, 'ada');
    assert.equal(merged.json.state, 'closed');
    assert.match(merged.json.merged_at, /Z$/);
    assert.equal((await call(emu, 'GET', `${R}/pulls/2`)).json.merged, false);
    assert.equal((await call(emu, 'GET', `${R}/pulls/4`)).status, 404, '#4 is an issue, not a pull request');
    assert.equal((await call(emu, 'GET', `${R}/pulls/99`)).status, 404);
  });

  it('GET /repos/:owner/:repo/pulls/:number with Accept: application/vnd.service.v3.diff — the unified diff of git diff base...head', async () => {
    const pull = (await call(emu, 'GET', `${R}/pulls/1`)).json;
    const res = await call(emu, 'GET', `${R}/pulls/1`, { headers: { Accept: 'application/vnd.service.v3.diff' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/vnd\.service\.v3\.diff/);
    const expected = git(gitDir, ['diff', '-M', '--full-index', `${pull.base.sha}...${pull.head.sha}`]);
    assert.equal(res.text.trim(), expected);
    assert.match(res.text, /^diff --git a\/README.md b\/README.md/);
    assert.match(res.text, /\+\+\+ b\/src\/differences\/tabulate\.js/);
  });

  it('POST /repos/:owner/:repo/pulls — 201 with Location, title/head/base/body; pull_request opened event with sender, repository, organization', async () => {
    commitOnBranch(gitDir, 'feature/printer', 'master', { 'src/differences/printer.js': 'export const print = (table) => table.join("\\n");\n' });
    const res = await call(emu, 'POST', `${R}/pulls`, {
      auth: grace,
      body: { title: 'Print the table', head: 'feature/printer', base: 'master', body: 'Stereotype moulds later.' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.number, 5, 'numbers are shared with issues');
    assert.equal(res.headers.get('location'), `${emu.url}${R}/pulls/5`);
    assert.equal(res.json.state, 'open');
    assert.equal(res.json.user.login, 'grace');
    assert.equal(res.json.body, 'Stereotype moulds later.');
    assert.equal(res.json.commits, 1);
    const opened = recorded.named('pull_request').find((e) => e.payload.action === 'opened' && e.payload.number === 5);
    assert.ok(opened);
    assert.equal((opened.payload.sender as { login: string }).login, 'grace');
    assert.equal((opened.payload.repository as { full_name: string }).full_name, 'analytical-engines/difference-engine');
    assert.equal((opened.payload.organization as { login: string }).login, 'analytical-engines');
    assert.equal((opened.payload.pull_request as { number: number }).number, 5);
    assert.equal((await call(emu, 'POST', `${R}/pulls`, { body: { title: 't', head: 'feature/printer', base: 'master' } })).status, 401);
  });

  it('POST /repos/:owner/:repo/pulls — missing fields, unknown branches, no commits, duplicates: 422 and nothing written', async () => {
    const count = () => emu.db.prepare('SELECT (SELECT count(*) FROM issues) + (SELECT count(*) FROM pull_requests)').pluck().get();
    const before = count();
    const missing = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { head: 'feature/printer' } });
    assert.equal(missing.status, 422);
    assert.deepEqual(
      missing.json.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [
        ['title', 'missing_field'],
        ['base', 'missing_field'],
      ],
    );
    const badBase = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 't', head: 'feature/printer', base: 'no-such-branch' } });
    assert.deepEqual(badBase.json.errors, [{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
    const badHead = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 't', head: 'no-such-branch', base: 'master' } });
    assert.deepEqual(badHead.json.errors, [{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
    const nothing = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 't', head: 'master', base: 'master' } });
    assert.equal(nothing.status, 422);
    assert.equal(nothing.json.errors[0].message, 'No commits between master and master');
    const dup = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'again', head: 'feature/printer', base: 'master' } });
    assert.equal(dup.json.errors[0].code, 'already_exists');
    const notHash = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: '[1]' });
    assert.equal(notHash.status, 400);
    assert.equal(count(), before);
  });

  it('GET /repos/:owner/:repo/pulls/:number/files — filename, status added/modified/removed/renamed, counts, patch, sha, blob_url, raw_url', async () => {
    const license = git(gitDir, ['cat-file', 'blob', 'master:LICENSE']);
    const head = commitOnBranch(gitDir, 'feature/tidy', 'master', {
      'README.md': '# difference-engine\n\nTabulates polynomials.\n',
      'src/differences/carry.js': null,
      LICENSE: null,
      'LICENSE.md': `${license}\n`,
      'NOTES.md': 'one\ntwo\n',
    });
    const pr = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'Tidy', head: 'feature/tidy', base: 'master' } });
    const res = await call(emu, 'GET', `${R}/pulls/${pr.json.number}/files`);
    assert.equal(res.status, 200);
    const byName = Object.fromEntries(res.json.map((f: { filename: string }) => [f.filename, f]));
    assert.deepEqual(Object.keys(byName).sort(), ['LICENSE.md', 'NOTES.md', 'README.md', 'src/differences/carry.js']);
    assert.equal(byName['README.md'].status, 'modified');
    assert.equal(byName['src/differences/carry.js'].status, 'removed');
    assert.equal(byName['LICENSE.md'].status, 'renamed');
    assert.equal(byName['LICENSE.md'].previous_filename, 'LICENSE');
    const notes = byName['NOTES.md'];
    assert.equal(notes.status, 'added');
    assert.deepEqual([notes.additions, notes.deletions, notes.changes], [2, 0, 2]);
    assert.equal(notes.patch, '@@ -0,0 +1,2 @@\n+one\n+two');
    assert.equal(notes.sha, git(gitDir, ['rev-parse', `${head}:NOTES.md`]));
    assert.equal(notes.blob_url, `${emu.url}/analytical-engines/difference-engine/blob/${head}/NOTES.md`);
    assert.equal(notes.raw_url, `${emu.url}/analytical-engines/difference-engine/raw/${head}/NOTES.md`);
    const carry = byName['src/differences/carry.js'];
    assert.equal(carry.additions, 0);
    assert.equal(carry.deletions, carry.changes);
  });

  it('GET /repos/:owner/:repo/pulls/:number/commits — the commits of head not on base, oldest first', async () => {
    const res = await call(emu, 'GET', `${R}/pulls/1/commits`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((c: { commit: { message: string } }) => c.commit.message),
      ['Tabulate polynomials by the method of differences', 'Read the initial differences as numbers'],
    );
    const [first, second] = res.json;
    assert.equal(first.author.login, 'charles');
    assert.equal(second.parents[0].sha, first.sha);
    assert.equal(second.sha, git(gitDir, ['rev-parse', 'refs/heads/feature/method-of-differences']));
    assert.equal(first.commit.tree.sha, git(gitDir, ['rev-parse', `${first.sha}^{tree}`]));
    assert.match(first.commit.author.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('PATCH /repos/:owner/:repo/pulls/:number — state closed emits pull_request closed; reopened', async () => {
    const closed = await call(emu, 'PATCH', `${R}/pulls/5`, { auth: grace, body: { state: 'closed', title: 'Print the table (later)' } });
    assert.equal(closed.status, 200);
    assert.equal(closed.json.state, 'closed');
    assert.equal(closed.json.title, 'Print the table (later)');
    assert.match(closed.json.closed_at, /Z$/);
    const event = recorded.named('pull_request').find((e) => e.payload.action === 'closed' && e.payload.number === 5);
    assert.ok(event);
    assert.equal((event.payload.pull_request as { merged: boolean }).merged, false);
    assert.equal((await call(emu, 'PATCH', `${R}/pulls/5`, { auth: basic('mary'), body: { state: 'open' } })).status, 403, 'not the author, no push access');
    const reopened = await call(emu, 'PATCH', `${R}/pulls/5`, { auth: ada, body: { state: 'open' } });
    assert.equal(reopened.json.state, 'open');
    assert.ok(recorded.named('pull_request').some((e) => e.payload.action === 'reopened' && e.payload.number === 5));
  });

  it('GET /repos/:owner/:repo/pulls/:number/merge — 204 when merged, 404 when not', async () => {
    assert.equal((await call(emu, 'GET', `${R}/pulls/3/merge`)).status, 204);
    assert.equal((await call(emu, 'GET', `${R}/pulls/2/merge`)).status, 404);
    assert.equal((await call(emu, 'GET', `${R}/pulls/1/merge`)).status, 404);
  });

  it('PUT /repos/:owner/:repo/pulls/:number/merge — a real merge commit on the base branch; closed event with merged true', async () => {
    const pull = (await call(emu, 'GET', `${R}/pulls/5`)).json;
    assert.equal((await call(emu, 'PUT', `${R}/pulls/5/merge`, { auth: grace, body: {} })).status, 404, 'merging needs push access');
    const stale = await call(emu, 'PUT', `${R}/pulls/5/merge`, { auth: ada, body: { sha: '0'.repeat(40) } });
    assert.equal(stale.status, 409);
    const res = await call(emu, 'PUT', `${R}/pulls/5/merge`, { auth: ada, body: { commit_message: 'Printing, at last' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { sha: res.json.sha, merged: true, message: 'Pull Request successfully merged' });
    assert.equal(git(gitDir, ['rev-parse', 'refs/heads/master']), res.json.sha);
    assert.equal(git(gitDir, ['log', '-1', '--format=%P', res.json.sha]), `${pull.base.sha} ${pull.head.sha}`);
    assert.match(
      git(gitDir, ['log', '-1', '--format=%B', res.json.sha]),
      /^Merge pull request #5 from analytical-engines\/feature\/printer\n\nPrinting, at last/,
    );
    assert.equal(git(gitDir, ['cat-file', '-p', `${res.json.sha}:src/differences/printer.js`]).length > 0, true);
    assert.equal((await call(emu, 'GET', `${R}/pulls/5/merge`)).status, 204);
    const after = (await call(emu, 'GET', `${R}/pulls/5`)).json;
    assert.equal(after.merged, true);
    assert.equal(after.merge_commit_sha, res.json.sha);
    const event = recorded
      .named('pull_request')
      .find((e) => e.payload.action === 'closed' && e.payload.number === 5 && (e.payload.pull_request as { merged: boolean }).merged);
    assert.ok(event);
    assert.ok(
      recorded.named('push').some((e) => e.payload.after === res.json.sha),
      'moving the base branch is a push',
    );
    const again = await call(emu, 'PUT', `${R}/pulls/5/merge`, { auth: ada, body: {} });
    assert.equal(again.status, 405);
    assert.equal(again.json.message, 'Pull Request is not mergeable');
    const reopen = await call(emu, 'PATCH', `${R}/pulls/5`, { auth: ada, body: { state: 'open', title: 'Renamed while merged' } });
    assert.deepEqual([reopen.status, reopen.json.errors[0].field], [422, 'state']);
    assert.equal((await call(emu, 'GET', `${R}/pulls/5`)).json.title, 'Print the table (later)', 'nothing written');
  });

  it('PUT /repos/:owner/:repo/pulls/:number/merge — conflicting changes: mergeable false and 405, base untouched', async () => {
    commitOnBranch(gitDir, 'conflict/a', 'master', { 'CONFLICT.md': 'from a\n' });
    commitOnBranch(gitDir, 'conflict/b', 'master', { 'CONFLICT.md': 'from b\n' });
    const a = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'A', head: 'conflict/a', base: 'master' } });
    const b = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'B', head: 'conflict/b', base: 'master' } });
    assert.equal((await call(emu, 'PUT', `${R}/pulls/${a.json.number}/merge`, { auth: ada, body: {} })).status, 200);
    const master = git(gitDir, ['rev-parse', 'refs/heads/master']);
    assert.equal((await call(emu, 'GET', `${R}/pulls/${b.json.number}`)).json.mergeable, false);
    const res = await call(emu, 'PUT', `${R}/pulls/${b.json.number}/merge`, { auth: ada, body: {} });
    assert.equal(res.status, 405);
    assert.equal(git(gitDir, ['rev-parse', 'refs/heads/master']), master);
    assert.equal((await call(emu, 'GET', `${R}/pulls/${b.json.number}`)).json.state, 'open');
  });

  it('pull_request synchronize — a push to the head branch moves the pull request head', async () => {
    const before = (await call(emu, 'GET', `${R}/pulls/1`)).json.head.sha;
    const after = commitOnBranch(gitDir, 'feature/method-of-differences', before, { 'docs/notes.md': 'More notes.\n' });
    const res = await call(emu, 'GET', `${R}/pulls/1`);
    assert.equal(res.json.head.sha, after);
    assert.equal(res.json.commits, 3);
    await eventually(() => recorded.named('pull_request').some((e) => e.payload.action === 'synchronize'));
    const sync = recorded.named('pull_request').filter((e) => e.payload.action === 'synchronize');
    assert.equal(sync.length, 1, 'announced once');
    assert.deepEqual([sync[0]!.payload.before, sync[0]!.payload.after, sync[0]!.payload.number], [before, after, 1]);
    assert.ok(sync[0]!.payload.sender && sync[0]!.payload.repository && sync[0]!.payload.organization);
  });

  it('POST /repos/:owner/:repo/pulls — head user:ref-name from a fork of the network; files diffed across repositories', async () => {
    const forkDir = gitDirOf(emu, 'charles', 'difference-engine');
    const head = commitOnBranch(forkDir, 'fork/gears', 'master', { 'GEARS.md': 'Brass, not iron.\n' });
    const res = await call(emu, 'POST', `${R}/pulls`, { auth: basic('charles'), body: { title: 'Brass gears', head: 'charles:fork/gears', base: 'master' } });
    assert.equal(res.status, 201);
    assert.equal(res.json.head.label, 'charles:fork/gears');
    assert.equal(res.json.head.repo.full_name, 'charles/difference-engine');
    assert.equal(res.json.head.sha, head);
    const files = await call(emu, 'GET', `${R}/pulls/${res.json.number}/files`);
    assert.deepEqual(
      files.json.map((f: { filename: string; status: string }) => [f.filename, f.status]),
      [['GEARS.md', 'added']],
    );
    const unknownOwner = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 't', head: 'grace:fork/gears', base: 'master' } });
    assert.deepEqual(unknownOwner.json.errors, [{ resource: 'PullRequest', field: 'head', code: 'invalid' }], 'grace has no fork');
  });

  it('pull_request synchronize — a push event for the head repository (API ref update or git push) names its pusher', async () => {
    const pull = (await call(emu, 'GET', `${R}/pulls?head=charles:fork/gears`)).json[0];
    const forkDir = gitDirOf(emu, 'charles', 'difference-engine');
    const after = commitOnBranch(forkDir, 'fork/gears', 'fork/gears', { 'GEARS.md': 'Brass, not iron. Cut by Clement.\n' });
    const forkId = emu.db.prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'charles'").pluck().get() as number;
    emu.events.emitEvent('push', { ref: 'refs/heads/fork/gears', before: pull.head.sha, after, sender: { login: 'charles' } }, { repoId: forkId });
    await eventually(() => recorded.named('pull_request').some((e) => e.payload.action === 'synchronize' && e.payload.number === pull.number));
    const sync = recorded.named('pull_request').find((e) => e.payload.action === 'synchronize' && e.payload.number === pull.number)!;
    assert.equal(sync.payload.after, after);
    assert.equal((sync.payload.sender as { login: string }).login, 'charles');
    assert.equal(sync.scope.repoId, emu.db.prepare('SELECT repo_id FROM pull_requests WHERE number = ?').pluck().get(pull.number));
    assert.equal((await call(emu, 'GET', `${R}/pulls/${pull.number}`)).json.head.sha, after);
  });

  it('GET /repos/:owner/:repo/pulls/:number with Accept: application/vnd.service.v3.patch — one mail-formatted patch a commit', async () => {
    const res = await call(emu, 'GET', `${R}/pulls/1`, { headers: { Accept: 'application/vnd.service.v3.patch' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/vnd\.service\.v3\.patch/);
    assert.equal(res.text.match(/^From [0-9a-f]{40} /gm)?.length, 3);
    assert.match(res.text, /Subject: \[PATCH 1\/3\] Tabulate polynomials by the method of differences/);
  });

  it('GET /repos/:owner/:repo/pulls — a private repository is 404 to those who cannot see it', async () => {
    assert.equal((await call(emu, 'GET', '/repos/analytical-engines/analytical-engine/pulls', { auth: grace })).status, 404);
    assert.equal((await call(emu, 'GET', '/repos/analytical-engines/analytical-engine/pulls', { auth: ada })).status, 200);
    assert.equal((await call(emu, 'GET', '/repos/analytical-engines/analytical-engine/pulls/1', { auth: grace })).status, 404);
  });
});
