// docs/service-api/hosting/pulls §8 (6 rows) against the demo seed's pull
// request #1: two threads, the first outdated by a later commit. Positions
// count lines below the file's first `@@` header
// (docs/service-api/hosting/pulls §9).
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, links } from './helpers/hosting';
import { commitOnBranch, gitDirOf, R, recordEvents } from './hosting-pulls-fixture';

const ada = basic('ada');
const mary = basic('mary'); // Translators: pull access only
const grace = basic('grace');

interface Comment {
  id: number;
  path: string;
  position: number | null;
  original_position: number;
  commit_id: string;
  original_commit_id: string;
  in_reply_to_id: number | null;
  body: string;
  diff_hunk: string;
}

describe('v3 review comments (docs/service-api/hosting/pulls §7–§9)', () => {
  let emu: TestEmulator;
  let gitDir: string;
  let recorded: ReturnType<typeof recordEvents>;
  let head: string;
  let seeded: Comment[];
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    gitDir = gitDirOf(emu);
    recorded = recordEvents(emu);
    head = (await call(emu, 'GET', `${R}/pulls/1`)).json.head.sha;
    seeded = (await call(emu, 'GET', `${R}/pulls/1/comments`)).json;
  });
  after(() => emu.dispose());

  const line = (body: Record<string, unknown>, auth = ada) => call(emu, 'POST', `${R}/pulls/1/comments`, { auth, body });

  it('GET /repos/:owner/:repo/pulls/:number/comments — the threads, the outdated one with position null', async () => {
    assert.equal(seeded.length, 4);
    const [outdated, reply, kept, keptReply] = seeded as [Comment, Comment, Comment, Comment];
    assert.deepEqual(
      seeded.map((c) => c.id),
      [...seeded.map((c) => c.id)].sort((a, b) => a - b),
    );
    assert.equal(outdated.path, 'src/differences/tabulate.js');
    assert.equal(outdated.position, null);
    assert.equal(outdated.original_position, 3);
    assert.notEqual(outdated.original_commit_id, head);
    assert.equal(reply.in_reply_to_id, outdated.id);
    assert.equal(reply.position, null);
    assert.equal(kept.path, 'docs/tables.md');
    assert.equal(kept.position, 3);
    assert.equal(kept.commit_id, head, 'still on the head diff');
    assert.equal(keptReply.in_reply_to_id, kept.id);
    assert.equal(kept.diff_hunk, '@@ -0,0 +1,4 @@\n+# Tables\n+\n+x² + x + 41 from x = 0: 41, 43, 47, 53, 61, 71.');
    const res = await call(emu, 'GET', `${R}/pulls/2/comments`);
    assert.deepEqual(res.json, []);
    assert.equal((await call(emu, 'GET', `${R}/pulls/99/comments`)).status, 404);
  });

  it('GET /repos/:owner/:repo/pulls/comments/:number — the comment with url, html_url, pull_request_url, _links', async () => {
    const id = seeded[2]!.id;
    const res = await call(emu, 'GET', `${R}/pulls/comments/${id}`);
    assert.equal(res.status, 200);
    assert.equal(res.json.url, `${emu.url}${R}/pulls/comments/${id}`);
    assert.equal(res.json.html_url, `${emu.url}/analytical-engines/difference-engine/pull/1#discussion_r${id}`);
    assert.equal(res.json.pull_request_url, `${emu.url}${R}/pulls/1`);
    assert.deepEqual(res.json._links, { self: { href: res.json.url }, html: { href: res.json.html_url }, pull_request: { href: res.json.pull_request_url } });
    assert.equal(res.json.user.login, 'mary');
    assert.equal((await call(emu, 'GET', `${R}/pulls/comments/999999`)).status, 404);
  });

  it('POST /repos/:owner/:repo/pulls/:number/comments — body, commit_id, path, position: 201 with Location, diff_hunk up to the position; event created', async () => {
    const res = await line({ body: 'Why a loop and not a reduce?', commit_id: head, path: 'src/differences/tabulate.js', position: 5 });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal(res.json.position, 5);
    assert.equal(res.json.original_position, 5);
    assert.equal(res.json.commit_id, head);
    assert.equal(res.json.original_commit_id, head);
    assert.ok(!('in_reply_to_id' in res.json), 'a root comment has no in_reply_to_id');
    const hunk = res.json.diff_hunk.split('\n');
    assert.equal(hunk.length, 6, 'the @@ header and positions 1 to 5');
    assert.match(hunk[0], /^@@ -0,0 \+1,10 @@/);
    assert.equal(hunk[5], '+  for (let n = 0; n < steps; n++) {');
    const event = recorded.named('pull_request_review_comment').find((e) => (e.payload.comment as { id: number }).id === res.json.id);
    assert.ok(event);
    assert.equal(event.payload.action, 'created');
    assert.equal((event.payload.pull_request as { number: number }).number, 1);
    assert.equal((event.payload.sender as { login: string }).login, 'ada');
    assert.equal((event.payload.organization as { login: string }).login, 'analytical-engines');
    assert.ok(event.payload.repository);
  });

  it("POST /repos/:owner/:repo/pulls/:number/comments — in_reply_to: a reply in the thread, at the parent's place", async () => {
    const parent = seeded[2]!;
    const res = await line({ body: 'Agreed with Luigi.', in_reply_to: seeded[3]!.id }, grace);
    assert.equal(res.status, 201);
    assert.equal(res.json.in_reply_to_id, parent.id, 'a reply to a reply joins the thread');
    assert.deepEqual(
      [res.json.path, res.json.position, res.json.original_position, res.json.commit_id],
      [parent.path, parent.position, parent.original_position, parent.commit_id],
    );
    assert.equal(res.json.user.login, 'grace');
    const unknown = await line({ body: 'to nothing', in_reply_to: 999999 });
    assert.deepEqual(unknown.json.errors, [{ resource: 'PullRequestReviewComment', field: 'in_reply_to', code: 'missing' }]);
  });

  it('POST /repos/:owner/:repo/pulls/:number/comments — positions outside the diff, paths not in it, unknown SHAs, missing fields: 422, nothing written', async () => {
    const count = () => emu.db.prepare('SELECT count(*) FROM review_comments').pluck().get() as number;
    const before = count();
    const base = { body: 'x', commit_id: head, path: 'docs/tables.md' };
    for (const position of [0, 5, -1]) {
      const res = await line({ ...base, position });
      assert.equal(res.status, 422, `position ${position}`);
      assert.equal(res.json.errors[0].field, 'position');
    }
    assert.equal((await line({ ...base, position: 4 })).status, 201, 'the last line of a 4-line patch is position 4');
    const notInDiff = await line({ ...base, path: 'LICENSE', position: 1 });
    assert.deepEqual([notInDiff.json.errors[0].field, notInDiff.json.errors[0].code], ['path', 'invalid']);
    const unknownSha = await line({ ...base, commit_id: 'f'.repeat(40), position: 1 });
    assert.deepEqual(unknownSha.json.errors[0], { resource: 'PullRequestReviewComment', field: 'commit_id', code: 'missing' });
    const master = emu.db.prepare('SELECT base_sha FROM pull_requests WHERE number = 1').pluck().get() as string;
    const notInPull = await line({ ...base, commit_id: master, position: 1 });
    assert.deepEqual([notInPull.json.errors[0].field, notInPull.json.errors[0].code], ['commit_id', 'invalid']);
    const missing = await line({ body: 'x', path: 'docs/tables.md' });
    assert.deepEqual(
      missing.json.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [
        ['commit_id', 'missing_field'],
        ['position', 'missing_field'],
      ],
    );
    const noBody = await line({ in_reply_to: seeded[0]!.id });
    assert.deepEqual(noBody.json.errors, [{ resource: 'PullRequestReviewComment', field: 'body', code: 'missing_field' }]);
    assert.equal((await call(emu, 'POST', `${R}/pulls/1/comments`, { body: { ...base, position: 1 } })).status, 401);
    assert.equal(count(), before + 1);
  });

  it('GET /repos/:owner/:repo/pulls/comments — ascending id by default; sort, direction (ignored without sort), since', async () => {
    const all = (await call(emu, 'GET', `${R}/pulls/comments`)).json as Comment[];
    const ids = all.map((c) => c.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.ok(all.length >= 6);
    // Spread the times: comment k created and updated k hours after a fixed start.
    const start = Date.parse('2026-01-01T00:00:00Z');
    const stamp = (h: number) => new Date(start + h * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    ids.forEach((id, k) => emu.db.prepare('UPDATE review_comments SET created_at = ?, updated_at = ? WHERE id = ?').run(stamp(ids.length - k), stamp(k), id));
    const list = async (q: string) => ((await call(emu, 'GET', `${R}/pulls/comments?${q}`)).json as Comment[]).map((c) => c.id);
    assert.deepEqual(await list('direction=desc'), ids, 'direction alone changes nothing');
    assert.deepEqual(await list('sort=created'), [...ids].reverse(), 'created ascending: the last id was created first');
    assert.deepEqual(await list('sort=created&direction=desc'), ids);
    assert.deepEqual(await list('sort=updated&direction=desc'), [...ids].reverse());
    assert.deepEqual(await list(`since=${stamp(2)}`), ids.slice(2), 'updated at or after since');
    assert.equal((await call(emu, 'GET', `${R}/pulls/comments?since=yesterday`)).status, 422);
    assert.equal((await call(emu, 'GET', `${R}/pulls/comments?sort=popularity`)).status, 422);
    const page = await call(emu, 'GET', `${R}/pulls/comments?per_page=2`);
    assert.equal(page.json.length, 2);
    assert.ok(links(page.headers.get('link')).next);
  });

  it('PATCH /repos/:owner/:repo/pulls/comments/:number — body required; the author or a pusher only', async () => {
    const own = seeded[2]!; // mary's
    const res = await call(emu, 'PATCH', `${R}/pulls/comments/${own.id}`, { auth: mary, body: { body: 'Could the table show second differences too?' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.body, 'Could the table show second differences too?');
    assert.equal((await call(emu, 'GET', `${R}/pulls/comments/${own.id}`)).json.body, res.json.body);
    assert.equal((await call(emu, 'PATCH', `${R}/pulls/comments/${seeded[0]!.id}`, { auth: mary, body: { body: 'mine now' } })).status, 403);
    assert.equal((await call(emu, 'PATCH', `${R}/pulls/comments/${own.id}`, { auth: ada, body: { body: 'Edited by an owner.' } })).status, 200);
    const empty = await call(emu, 'PATCH', `${R}/pulls/comments/${own.id}`, { auth: mary, body: {} });
    assert.deepEqual(empty.json.errors, [{ resource: 'PullRequestReviewComment', field: 'body', code: 'missing_field' }]);
  });

  it('DELETE /repos/:owner/:repo/pulls/comments/:number — 204, then gone', async () => {
    const made = await line({ body: 'Temporary.', commit_id: head, path: 'docs/tables.md', position: 1 }, grace);
    assert.equal((await call(emu, 'DELETE', `${R}/pulls/comments/${made.json.id}`, { auth: mary })).status, 403);
    assert.equal((await call(emu, 'DELETE', `${R}/pulls/comments/${made.json.id}`, { auth: grace })).status, 204);
    assert.equal((await call(emu, 'GET', `${R}/pulls/comments/${made.json.id}`)).status, 404);
  });

  it('outdated comments — after the head moves, a changed line gives position null; unchanged lines follow the new head', async () => {
    const onChanged = (await line({ body: 'This line will change.', commit_id: head, path: 'src/differences/tabulate.js', position: 9 })).json as Comment;
    const onKept = (await line({ body: 'This line stays.', commit_id: head, path: 'src/differences/tabulate.js', position: 1 })).json as Comment;
    const source = 'src/differences/tabulate.js';
    const current = (await call(emu, 'GET', `${R}/pulls/1/files`)).json.find((f: { filename: string }) => f.filename === source).patch as string;
    const lines = current
      .split('\n')
      .slice(1)
      .map((l) => l.slice(1));
    lines[8] = '  return table.slice();';
    const moved = commitOnBranch(gitDir, 'feature/method-of-differences', head, { [source]: `${lines.join('\n')}\n` });
    const changed = (await call(emu, 'GET', `${R}/pulls/comments/${onChanged.id}`)).json as Comment;
    assert.equal(changed.position, null);
    assert.equal(changed.original_position, 9);
    assert.equal(changed.original_commit_id, head);
    const kept = (await call(emu, 'GET', `${R}/pulls/comments/${onKept.id}`)).json as Comment;
    assert.equal(kept.position, 1);
    assert.equal(kept.commit_id, moved);
    assert.equal(kept.original_commit_id, head);
    const old = await line({ body: 'On the older commit.', commit_id: head, path: 'src/differences/tabulate.js', position: 9 });
    assert.equal(old.status, 201, 'an older commit of the pull request may still be commented');
    assert.deepEqual([old.json.position, old.json.original_position, old.json.commit_id], [null, 9, head]);
  });

  it('body media types — raw (default), text, html (escaped, paragraphs, line breaks), full', async () => {
    const made = await line({
      body: 'Beware <script>alert(1)</script> & "quotes"\nsecond line\n\nnext paragraph',
      commit_id: head,
      path: 'docs/tables.md',
      position: 2,
    });
    const url = `${R}/pulls/comments/${made.json.id}`;
    const accept = (t: string) => ({ headers: { Accept: `application/vnd.service.v3.${t}+json` } });
    const raw = (await call(emu, 'GET', url, accept('raw'))).json;
    assert.equal(raw.body, made.json.body);
    assert.ok(!('body_html' in raw));
    const html = (await call(emu, 'GET', url, accept('html'))).json;
    assert.ok(!('body' in html));
    assert.equal(html.body_html, '<p>Beware &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;<br>\nsecond line</p>\n<p>next paragraph</p>');
    const text = (await call(emu, 'GET', url, accept('text'))).json;
    assert.equal(text.body_text, 'Beware <script>alert(1)</script> & "quotes"\nsecond line\n\nnext paragraph');
    const full = (await call(emu, 'GET', url, accept('full'))).json;
    assert.deepEqual([full.body, full.body_text, full.body_html], [raw.body, text.body_text, html.body_html]);
    const listed = (await call(emu, 'GET', `${R}/pulls/1/comments`, accept('html'))).json as Array<{ body_html?: string }>;
    assert.ok(listed.length > 0, 'pull request 1 has review comments');
    assert.ok(listed.every((c) => typeof c.body_html === 'string'));
  });

  it('POST /repos/:owner/:repo/pulls/:number/comments — position counts every line below the first @@, later @@ headers included', async () => {
    const table = Array.from({ length: 30 }, (_, i) => `row ${i + 1}`);
    const base = commitOnBranch(gitDir, 'table/base', 'master', { 'TABLE.txt': `${table.join('\n')}\n` });
    const changed = table.map((l, i) => (i === 1 || i === 27 ? `${l} (checked)` : l));
    const tip = commitOnBranch(gitDir, 'table/checked', base, { 'TABLE.txt': `${changed.join('\n')}\n` });
    const pr = await call(emu, 'POST', `${R}/pulls`, { auth: ada, body: { title: 'Check two rows', head: 'table/checked', base: 'table/base' } });
    const patch = (await call(emu, 'GET', `${R}/pulls/${pr.json.number}/files`)).json[0].patch as string;
    const lines = patch.split('\n');
    const second = lines.findIndex((l, i) => i > 0 && l.startsWith('@@'));
    assert.ok(second > 0, 'two hunks');
    const target = lines.indexOf('+row 28 (checked)');
    const res = await call(emu, 'POST', `${R}/pulls/${pr.json.number}/comments`, {
      auth: ada,
      body: { body: 'Checked against Prony.', commit_id: tip, path: 'TABLE.txt', position: target },
    });
    assert.equal(res.status, 201);
    assert.equal(res.json.diff_hunk, lines.slice(second, target + 1).join('\n'));
    assert.equal(res.json.diff_hunk.split('\n').at(-1), '+row 28 (checked)');
    const onHeader = await call(emu, 'POST', `${R}/pulls/${pr.json.number}/comments`, {
      auth: ada,
      body: { body: 'On a header line.', commit_id: tip, path: 'TABLE.txt', position: second },
    });
    assert.equal(onHeader.status, 201, 'a later @@ header is a line with a position');
    const past = await call(emu, 'POST', `${R}/pulls/${pr.json.number}/comments`, {
      auth: ada,
      body: { body: 'x', commit_id: tip, path: 'TABLE.txt', position: lines.length },
    });
    assert.equal(past.status, 422);
  });
});
