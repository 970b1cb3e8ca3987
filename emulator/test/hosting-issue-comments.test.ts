// docs/service-api/hosting/comments §2 (6 rows), on the demo seed's issue #4
// and pull request #1 (issue comments also apply to pull requests), with the
// issue_comment event and the body media types.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, links, makeToken } from './helpers/hosting';
import { R, recordEvents } from './hosting-pulls-fixture';

const ada = basic('ada');
const grace = basic('grace'); // outsider, author of issue #4 and of some comments
const mary = basic('mary'); // pull access only

describe('v3 issue comments (docs/service-api/hosting/comments §1, §2)', () => {
  let emu: TestEmulator;
  let recorded: ReturnType<typeof recordEvents>;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    recorded = recordEvents(emu);
  });
  after(() => emu.dispose());

  it('GET /repos/:owner/:repo/issues/:number/comments — 200, array in ascending id, Link header', async () => {
    const res = await call(emu, 'GET', `${R}/issues/4/comments`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((c: { user: { login: string } }) => c.user.login),
      ['charles', 'grace'],
    );
    const first = res.json[0];
    assert.deepEqual(Object.keys(first).filter((k) => ['id', 'url', 'html_url', 'body', 'user', 'created_at', 'updated_at'].includes(k)).length, 7);
    assert.equal(first.url, `${emu.url}${R}/issues/comments/${first.id}`);
    assert.equal(first.html_url, `${emu.url}/analytical-engines/difference-engine/issues/4#issuecomment-${first.id}`);
    const paged = await call(emu, 'GET', `${R}/issues/4/comments?per_page=1`);
    assert.equal(paged.json.length, 1);
    assert.match(links(paged.headers.get('link')).next ?? '', /page=2/);
    const onPull = await call(emu, 'GET', `${R}/issues/1/comments`);
    assert.equal(onPull.json.length, 2, 'pull request #1 has issue comments too');
    assert.match(onPull.json[0].html_url, /\/pull\/1#issuecomment-/);
    assert.equal((await call(emu, 'GET', `${R}/issues/99/comments`)).status, 404);
  });

  it('GET /repos/:owner/:repo/issues/comments/:id — 200, the comment; 404 unknown', async () => {
    const id = (await call(emu, 'GET', `${R}/issues/4/comments`)).json[0].id;
    const res = await call(emu, 'GET', `${R}/issues/comments/${id}`);
    assert.equal(res.status, 200);
    assert.equal(res.json.id, id);
    assert.match(res.json.body, /41²/);
    assert.equal((await call(emu, 'GET', `${R}/issues/comments/999999`)).status, 404);
    assert.equal(
      (await call(emu, 'GET', `/repos/analytical-engines/analytical-engine/issues/comments/${id}`, { auth: ada })).status,
      404,
      'the id belongs to another repository',
    );
  });

  it('POST /repos/:owner/:repo/issues/:number/comments — 201 with Location; issue_comment created with issue, comment, sender, repository, organization', async () => {
    const res = await call(emu, 'POST', `${R}/issues/4/comments`, { auth: grace, body: { body: 'Added a note to the docs.' } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal(res.json.user.login, 'grace');
    const event = recorded.named('issue_comment').find((e) => (e.payload.comment as { id: number }).id === res.json.id);
    assert.ok(event);
    assert.equal(event.payload.action, 'created');
    assert.equal((event.payload.issue as { number: number }).number, 4);
    assert.equal((event.payload.sender as { login: string }).login, 'grace');
    assert.equal((event.payload.repository as { full_name: string }).full_name, 'analytical-engines/difference-engine');
    assert.equal((event.payload.organization as { login: string }).login, 'analytical-engines');
    const onPull = await call(emu, 'POST', `${R}/issues/1/comments`, { auth: mary, body: { body: 'Reads well.' } });
    assert.equal(onPull.status, 201);
    const pullEvent = recorded.named('issue_comment').find((e) => (e.payload.comment as { id: number }).id === onPull.json.id)!;
    assert.ok((pullEvent.payload.issue as { pull_request: unknown }).pull_request, 'the issue of a pull request says so');
    assert.equal((await call(emu, 'GET', `${R}/pulls/1`)).json.comments, 3);
  });

  it('POST /repos/:owner/:repo/issues/:number/comments — body required (422), sign-in required (401), unknown issue 404, token needs a repo scope', async () => {
    const count = () => emu.db.prepare('SELECT count(*) FROM issue_comments').pluck().get();
    const before = count();
    const missing = await call(emu, 'POST', `${R}/issues/4/comments`, { auth: grace, body: {} });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.json, {
      message: 'Validation Failed',
      errors: [{ resource: 'IssueComment', field: 'body', code: 'missing_field' }],
      documentation_url: missing.json.documentation_url,
    });
    assert.equal((await call(emu, 'POST', `${R}/issues/4/comments`, { auth: grace, body: { body: 7 } })).json.errors[0].code, 'invalid');
    assert.equal((await call(emu, 'POST', `${R}/issues/4/comments`, { body: { body: 'anonymous' } })).status, 401);
    assert.equal((await call(emu, 'POST', `${R}/issues/99/comments`, { auth: grace, body: { body: 'nowhere' } })).status, 404);
    assert.equal((await call(emu, 'POST', `${R}/issues/4/comments`, { token: makeToken(emu, 'grace', []), body: { body: 'no scope' } })).status, 404);
    assert.equal(count(), before);
    assert.equal(
      (await call(emu, 'POST', `${R}/issues/4/comments`, { token: makeToken(emu, 'grace', ['public_repo']), body: { body: 'with scope' } })).status,
      201,
    );
  });

  it('GET /repos/:owner/:repo/issues/comments — ascending id by default; sort, direction (ignored without sort), since', async () => {
    const all = (await call(emu, 'GET', `${R}/issues/comments`)).json as Array<{ id: number }>;
    const ids = all.map((c) => c.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    const start = Date.parse('2026-02-01T00:00:00Z');
    const stamp = (h: number) => new Date(start + h * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    ids.forEach((id, k) => emu.db.prepare('UPDATE issue_comments SET created_at = ?, updated_at = ? WHERE id = ?').run(stamp(ids.length - k), stamp(k), id));
    const list = async (q: string) => ((await call(emu, 'GET', `${R}/issues/comments?${q}`)).json as Array<{ id: number }>).map((c) => c.id);
    assert.deepEqual(await list('direction=desc'), ids);
    assert.deepEqual(await list('sort=created'), [...ids].reverse());
    assert.deepEqual(await list('sort=updated&direction=desc'), [...ids].reverse());
    assert.deepEqual(await list('sort=updated&direction=asc'), ids);
    assert.deepEqual(await list(`since=${stamp(3)}`), ids.slice(3));
    assert.deepEqual(await list(`since=${encodeURIComponent('2026-02-01T03:00:00+00:00')}`), ids.slice(3));
    assert.equal((await call(emu, 'GET', `${R}/issues/comments?since=soon`)).status, 422);
  });

  it('PATCH /repos/:owner/:repo/issues/comments/:id — 200 with the new body; others without push access get 403', async () => {
    const mine = (await call(emu, 'POST', `${R}/issues/4/comments`, { auth: grace, body: { body: 'Typo: teh table.' } })).json;
    const res = await call(emu, 'PATCH', `${R}/issues/comments/${mine.id}`, { auth: grace, body: { body: 'Typo: the table.' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.body, 'Typo: the table.');
    assert.equal((await call(emu, 'GET', `${R}/issues/comments/${mine.id}`)).json.body, 'Typo: the table.');
    assert.equal((await call(emu, 'PATCH', `${R}/issues/comments/${mine.id}`, { auth: mary, body: { body: 'hijack' } })).status, 403);
    assert.equal(
      (await call(emu, 'POST', `${R}/issues/comments/${mine.id}`, { auth: ada, body: { body: 'Moderated.' } })).json.body,
      'Moderated.',
      'POST works where PATCH does',
    );
    assert.deepEqual((await call(emu, 'PATCH', `${R}/issues/comments/${mine.id}`, { auth: grace, body: { body: '' } })).json.errors, [
      { resource: 'IssueComment', field: 'body', code: 'invalid' },
    ]);
  });

  it('DELETE /repos/:owner/:repo/issues/comments/:id — 204, then 404', async () => {
    const mine = (await call(emu, 'POST', `${R}/issues/4/comments`, { auth: grace, body: { body: 'Never mind.' } })).json;
    assert.equal((await call(emu, 'DELETE', `${R}/issues/comments/${mine.id}`, { auth: mary })).status, 403);
    assert.equal((await call(emu, 'DELETE', `${R}/issues/comments/${mine.id}`, { auth: grace })).status, 204);
    assert.equal((await call(emu, 'GET', `${R}/issues/comments/${mine.id}`)).status, 404);
  });

  it('body media types — text and html of an issue comment; html escapes everything', async () => {
    const made = (await call(emu, 'POST', `${R}/issues/4/comments`, { auth: grace, body: { body: '<b>bold?</b>\r\nno.\n\n\n  Second.  ' } })).json;
    const get = async (t: string) =>
      (await call(emu, 'GET', `${R}/issues/comments/${made.id}`, { headers: { Accept: `application/vnd.service.v3.${t}+json` } })).json;
    assert.deepEqual(
      Object.keys(await get('html')).filter((k) => k.startsWith('body')),
      ['body_html'],
    );
    assert.equal((await get('html')).body_html, '<p>&lt;b&gt;bold?&lt;/b&gt;<br>\nno.</p>\n<p>Second.</p>');
    assert.equal((await get('text')).body_text, '<b>bold?</b>\nno.\n\nSecond.');
    const full = await get('full');
    assert.equal(full.body, '<b>bold?</b>\r\nno.\n\n\n  Second.  ');
    assert.ok(full.body_text && full.body_html);
  });

  it('POST /repos/:owner/:repo/issues and GET .../issues/:number (minimal issues): numbers shared with pull requests, issues event', async () => {
    const res = await call(emu, 'POST', `${R}/issues`, { auth: grace, body: { title: 'Printer drops the last figure', body: 'At x = 40.' } });
    assert.equal(res.status, 201);
    const highest = emu.db.prepare('SELECT max(number) FROM pull_requests').pluck().get() as number;
    assert.ok(res.json.number > highest);
    assert.equal(res.json.pull_request, null);
    assert.equal(res.headers.get('location'), `${emu.url}${R}/issues/${res.json.number}`);
    const got = await call(emu, 'GET', `${R}/issues/${res.json.number}`);
    assert.equal(got.json.title, 'Printer drops the last figure');
    assert.equal((await call(emu, 'GET', `${R}/issues/1`)).json.pull_request.url, `${emu.url}${R}/pulls/1`);
    assert.ok(recorded.named('issues').some((e) => e.payload.action === 'opened' && (e.payload.issue as { number: number }).number === res.json.number));
    assert.deepEqual((await call(emu, 'POST', `${R}/issues`, { auth: grace, body: {} })).json.errors, [
      { resource: 'Issue', field: 'title', code: 'missing_field' },
    ]);
  });
});
