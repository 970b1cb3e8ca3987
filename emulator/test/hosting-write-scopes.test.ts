// docs/service-api/hosting/auth §6: a scope only limits access, and with no
// scope a token has read-only access to public information. Every write route
// checks its scope, answers 404 (rule 9; repository writes) or 403
// (account-level writes) when the token lacks it, and says in
// X-Accepted-OAuth-Scopes what it checked. One row per write route: a token of
// ada — who owns or administers everything used here — with no scope, then with
// a scope of the wrong kind, is refused; the right scope is not refused for
// lack of scope.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { call, makeToken } from './helpers/hosting';

const R = '/repos/analytical-engines/difference-engine';
const P = '/repos/ada/bernoulli-numbers';
const ORG = '/orgs/analytical-engines';
const REPO = 'public_repo, repo';

interface Row {
  method: string;
  path: string;
  body?: unknown;
  /** X-Accepted-OAuth-Scopes of the route. */
  accepted: string;
  /** The answer to a token without the scope. */
  refused: 403 | 404;
  /** A scope that does not do (defaults to one unrelated to the route). */
  wrong?: string;
}

const ROWS: Row[] = [
  // Repositories (docs/service-api/hosting/repositories §3–§8)
  { method: 'POST', path: '/user/repos', body: { name: 'scoped-a' }, accepted: REPO, refused: 403 },
  { method: 'POST', path: '/user/repos', body: { name: 'scoped-b', private: true }, accepted: 'repo', refused: 403, wrong: 'public_repo' },
  { method: 'POST', path: `${ORG}/repos`, body: { name: 'scoped-c' }, accepted: REPO, refused: 403 },
  { method: 'PATCH', path: R, body: { name: 'difference-engine', description: 'x' }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: P, body: { name: 'bernoulli-numbers', description: 'x' }, accepted: 'repo', refused: 404, wrong: 'public_repo' },
  { method: 'DELETE', path: '/repos/ada/notes-on-the-engine', accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/forks`, accepted: REPO, refused: 404 },
  { method: 'PUT', path: '/user/starred/analytical-engines/difference-engine', accepted: REPO, refused: 404 },
  { method: 'DELETE', path: '/user/starred/analytical-engines/difference-engine', accepted: REPO, refused: 404 },
  { method: 'PUT', path: `${R}/collaborators/luigi`, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/collaborators/luigi`, accepted: REPO, refused: 404 },
  // Issues and labels
  { method: 'POST', path: `${R}/issues`, body: { title: 'no scope' }, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${P}/issues`, body: { title: 'no scope' }, accepted: 'repo', refused: 404, wrong: 'public_repo' },
  { method: 'POST', path: `${R}/issues/4/comments`, body: { body: 'x' }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/issues/comments/1`, body: { body: 'x' }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/issues/comments/1`, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/labels`, body: { name: 'scoped', color: 'ffffff' }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/labels/bug`, body: { name: 'bug', color: '000000' }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/labels/bug`, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/issues/4/labels`, body: ['bug'], accepted: REPO, refused: 404 },
  { method: 'PUT', path: `${R}/issues/4/labels`, body: ['bug'], accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/issues/4/labels/bug`, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/issues/4/labels`, accepted: REPO, refused: 404 },
  // Pull requests and review comments
  { method: 'POST', path: `${R}/pulls`, body: { title: 't', head: 'master', base: 'master' }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/pulls/1`, body: { title: 't' }, accepted: REPO, refused: 404 },
  { method: 'PUT', path: `${R}/pulls/1/merge`, body: {}, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/pulls/1/comments`, body: { body: 'x', in_reply_to: 1 }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/pulls/comments/1`, body: { body: 'x' }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/pulls/comments/1`, accepted: REPO, refused: 404 },
  // Releases, downloads, deploy keys
  { method: 'POST', path: `${R}/releases`, body: { tag_name: 'v9' }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/releases/1`, body: { name: 'x' }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/releases/1`, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/releases/assets/1`, body: { name: 'x.csv' }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/releases/assets/1`, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/downloads/1`, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/keys`, body: { title: 'k', key: 'ssh-rsa AAAA' }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/keys/1`, accepted: REPO, refused: 404 },
  // Git data
  { method: 'POST', path: `${R}/git/blobs`, body: { content: 'x' }, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/git/trees`, body: { tree: [] }, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/git/commits`, body: { message: 'm', tree: '0'.repeat(40) }, accepted: REPO, refused: 404 },
  { method: 'POST', path: `${R}/git/refs`, body: { ref: 'refs/heads/x', sha: '0'.repeat(40) }, accepted: REPO, refused: 404 },
  { method: 'PATCH', path: `${R}/git/refs/heads/master`, body: { sha: '0'.repeat(40) }, accepted: REPO, refused: 404 },
  { method: 'DELETE', path: `${R}/git/refs/heads/master`, accepted: REPO, refused: 404 },
  // Hooks (write:repo_hook for changes, admin:repo_hook to delete)
  {
    method: 'POST',
    path: `${R}/hooks`,
    body: { name: 'web', config: { url: 'http://127.0.0.1:9/' } },
    accepted: 'write:repo_hook, repo',
    refused: 404,
    wrong: 'read:repo_hook',
  },
  { method: 'PATCH', path: `${R}/hooks/1`, body: { active: false }, accepted: 'write:repo_hook, repo', refused: 404, wrong: 'read:repo_hook' },
  { method: 'DELETE', path: `${R}/hooks/1`, accepted: 'admin:repo_hook, repo', refused: 404, wrong: 'write:repo_hook' },
  { method: 'POST', path: `${R}/hooks/1/pings`, accepted: 'write:repo_hook, repo', refused: 404, wrong: 'read:repo_hook' },
  { method: 'POST', path: `${R}/hooks/1/tests`, accepted: 'write:repo_hook, repo', refused: 404, wrong: 'read:repo_hook' },
  // Gists (gist)
  { method: 'POST', path: '/gists', body: { files: { 'a.txt': { content: 'a' } } }, accepted: 'gist', refused: 403 },
  { method: 'POST', path: '/gists/1/comments', body: { body: 'x' }, accepted: 'gist', refused: 403 },
  { method: 'PATCH', path: '/gists/1/comments/2', body: { body: 'x' }, accepted: 'gist', refused: 403 },
  { method: 'DELETE', path: '/gists/1/comments/2', accepted: 'gist', refused: 403 },
  // Accounts, organizations and teams
  { method: 'PATCH', path: '/user', body: { name: 'x' }, accepted: 'user', refused: 403, wrong: 'user:email' },
  { method: 'PATCH', path: ORG, body: { name: 'x' }, accepted: 'admin:org', refused: 403, wrong: 'write:org' },
  { method: 'DELETE', path: `${ORG}/members/luigi`, accepted: 'admin:org', refused: 403, wrong: 'write:org' },
  { method: 'PUT', path: `${ORG}/public_members/ada`, accepted: 'write:org', refused: 403, wrong: 'read:org' },
  { method: 'DELETE', path: `${ORG}/public_members/ada`, accepted: 'write:org', refused: 403, wrong: 'read:org' },
  { method: 'POST', path: `${ORG}/teams`, body: { name: 'T' }, accepted: 'admin:org', refused: 404, wrong: 'write:org' },
  { method: 'PATCH', path: '/teams/2', body: { name: 'T' }, accepted: 'admin:org', refused: 404, wrong: 'write:org' },
  { method: 'DELETE', path: '/teams/2', accepted: 'admin:org', refused: 404, wrong: 'write:org' },
  { method: 'PUT', path: '/teams/2/members/luigi', accepted: 'admin:org', refused: 404, wrong: 'write:org' },
  { method: 'DELETE', path: '/teams/2/members/luigi', accepted: 'admin:org', refused: 404, wrong: 'write:org' },
  { method: 'PUT', path: '/teams/2/repos/analytical-engines/difference-engine', accepted: 'admin:org', refused: 404, wrong: 'write:org' },
  { method: 'DELETE', path: '/teams/2/repos/analytical-engines/difference-engine', accepted: 'admin:org', refused: 404, wrong: 'write:org' },
];

describe('Scopes on every write route (docs/service-api/hosting/auth §6: with no scope a token is read-only)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  const send = (row: Row, token: string) =>
    call(emu, row.method, row.path, { token, body: row.body, headers: row.body === undefined ? { 'Content-Length': '0' } : {} });

  for (const row of ROWS) {
    it(`${row.method} ${row.path} — no scope: ${row.refused}, X-Accepted-OAuth-Scopes: ${row.accepted}`, async () => {
      const rows = emu.db
        .prepare(
          'SELECT (SELECT count(*) FROM issues) + (SELECT count(*) FROM repositories) + (SELECT count(*) FROM labels) + (SELECT count(*) FROM releases) + (SELECT count(*) FROM gists)',
        )
        .pluck()
        .get();
      for (const scopes of [[], [row.wrong ?? 'notifications']]) {
        const res = await send(row, makeToken(emu, 'ada', scopes));
        assert.equal(res.status, row.refused, `${JSON.stringify(scopes)}: ${res.status} ${res.text}`);
        assert.equal(res.headers.get('x-accepted-oauth-scopes'), row.accepted, JSON.stringify(scopes));
        assert.equal(res.headers.get('x-oauth-scopes'), scopes.join(', '));
      }
      assert.equal(
        emu.db
          .prepare(
            'SELECT (SELECT count(*) FROM issues) + (SELECT count(*) FROM repositories) + (SELECT count(*) FROM labels) + (SELECT count(*) FROM releases) + (SELECT count(*) FROM gists)',
          )
          .pluck()
          .get(),
        rows,
        'nothing was written',
      );
    });
  }

  it('with the accepted scope the same writes are not refused for lack of scope (issue, star, label, gist, profile)', async () => {
    const repo = makeToken(emu, 'ada', ['public_repo']);
    assert.equal((await call(emu, 'POST', `${R}/issues`, { token: repo, body: { title: 'scoped' } })).status, 201);
    assert.equal(
      (await call(emu, 'PUT', '/user/starred/analytical-engines/difference-engine', { token: repo, headers: { 'Content-Length': '0' } })).status,
      204,
    );
    assert.equal((await call(emu, 'POST', `${R}/labels`, { token: repo, body: { name: 'scoped', color: 'ffffff' } })).status, 201);
    assert.equal((await call(emu, 'POST', `${P}/issues`, { token: makeToken(emu, 'ada', ['repo']), body: { title: 'private' } })).status, 201);
    assert.equal((await call(emu, 'POST', '/gists', { token: makeToken(emu, 'ada', ['gist']), body: { files: { 'a.txt': { content: 'a' } } } })).status, 201);
    assert.equal((await call(emu, 'PATCH', '/user', { token: makeToken(emu, 'ada', ['user']), body: { location: 'London' } })).status, 200);
  });

  it('reads stay open to a token with no scope: public repository, its issues, a public gist', async () => {
    const none = makeToken(emu, 'ada', []);
    for (const p of [R, `${R}/issues/4`, `${R}/pulls/1`, '/gists/1']) {
      const res = await call(emu, 'GET', p, { token: none });
      assert.equal(res.status, 200, p);
    }
  });
});
