// What today's clients send and expect, beyond the documents' own examples:
// bodiless writes labelled text/plain (fetch, octokit), the octokit paths
// served as aliases, and what changes under --vendor github (docs/EMULATOR.md).
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const REPO = '/repos/analytical-engines/difference-engine';

describe('v3 bodies: an empty body is no body whatever its Content-Type (docs/service-api/hosting/conventions §5)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  const empty = (method: string, path: string, contentType: string) =>
    call(emu, method, path, { auth: basic('ada'), body: '', headers: { 'Content-Type': contentType, 'Content-Length': '0' } });

  it('PUT /repos/:owner/:repo/pulls/:number/merge — body "" sent as text/plain;charset=UTF-8 (octokit pulls.merge) merges', async () => {
    const auth = basic('ada');
    const master = (await call(emu, 'GET', `${REPO}/git/refs/heads/master`, { auth })).json.object.sha;
    const tree = (await call(emu, 'GET', `${REPO}/git/commits/${master}`, { auth })).json.tree.sha;
    const commit = (await call(emu, 'POST', `${REPO}/git/commits`, { auth, body: { message: 'Bodiless merge', tree, parents: [master] } })).json.sha;
    assert.equal((await call(emu, 'POST', `${REPO}/git/refs`, { auth, body: { ref: 'refs/heads/bodiless', sha: commit } })).status, 201);
    const pull = (await call(emu, 'POST', `${REPO}/pulls`, { auth, body: { title: 'Merged bodiless', head: 'bodiless', base: 'master' } })).json;
    const res = await empty('PUT', `${REPO}/pulls/${pull.number}/merge`, 'text/plain;charset=UTF-8');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.merged, true);
  });

  it('every write route: "" as text/plain, application/json, form or octet-stream is no body', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/json', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      assert.equal((await empty('PUT', '/user/starred/ada/notes-on-the-engine', type)).status, 204, type);
      assert.equal((await empty('PATCH', REPO, type)).status, 200, type);
      assert.equal((await empty('PUT', '/orgs/analytical-engines/public_members/ada', type)).status, 204, type);
    }
  });

  it('a non-empty body that is not JSON stays 400 Problems parsing JSON, text/plain included', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/json', 'application/x-www-form-urlencoded']) {
      const res = await call(emu, 'PATCH', REPO, { auth: basic('ada'), body: 'description=nope', headers: { 'Content-Type': type } });
      assert.equal(res.status, 400, type);
      assert.equal(res.json.message, 'Problems parsing JSON');
    }
    const array = await call(emu, 'PATCH', REPO, { auth: basic('ada'), body: '[1]', headers: { 'Content-Type': 'text/plain' } });
    assert.deepEqual([array.status, array.json.message], [400, 'Body should be a JSON Hash']);
  });
});

describe("v3 aliases for today's client paths (both modes)", () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('GET /repos/:owner/:repo/git/ref/:ref (octokit git.getRef, PyGithub get_git_ref) — the reference of git/refs/:ref; a namespace is 404', async () => {
    const canonical = await call(emu, 'GET', `${REPO}/git/refs/heads/docs/notation`);
    const alias = await call(emu, 'GET', `${REPO}/git/ref/heads/docs/notation`);
    assert.equal(alias.status, 200);
    assert.deepEqual(alias.json, canonical.json);
    assert.equal((await call(emu, 'GET', `${REPO}/git/ref/tags`)).status, 404);
    assert.equal((await call(emu, 'GET', `${REPO}/git/ref/heads/no-such-branch`)).status, 404);
  });

  it('GET /repos/:owner/:repo/git/matching-refs/:ref (octokit git.listMatchingRefs) — references whose names start with the text; [] when none', async () => {
    const tags = await call(emu, 'GET', `${REPO}/git/matching-refs/tags/v1`);
    assert.equal(tags.status, 200);
    assert.deepEqual(
      tags.json.map((r: { ref: string }) => r.ref),
      ['refs/tags/v1.0.0', 'refs/tags/v1.1.0-rc.1'],
    );
    const branches = await call(emu, 'GET', `${REPO}/git/matching-refs/heads/ge`);
    assert.deepEqual(
      branches.json.map((r: { ref: string }) => r.ref),
      ['refs/heads/gear-train'],
    );
    const none = await call(emu, 'GET', `${REPO}/git/matching-refs/heads/zzz`);
    assert.deepEqual([none.status, none.json], [200, []]);
  });

  it('PATCH /repos/:owner/:repo/labels/:name — new_name renames (octokit issues.updateLabel); the 2014 name keeps working; neither is 422 missing_field', async () => {
    const renamed = await call(emu, 'PATCH', `${REPO}/labels/question`, { auth: basic('ada'), body: { new_name: 'asked', color: 'cc317c' } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.json.name, 'asked');
    const back = await call(emu, 'PATCH', `${REPO}/labels/asked`, { auth: basic('ada'), body: { name: 'question', color: 'cc317c' } });
    assert.equal(back.json.name, 'question');
    const neither = await call(emu, 'PATCH', `${REPO}/labels/question`, { auth: basic('ada'), body: { color: 'cc317c' } });
    assert.equal(neither.status, 422);
    assert.deepEqual(neither.json.errors, [{ resource: 'Label', field: 'name', code: 'missing_field' }]);
  });
});

describe("--vendor github: the real service's words where the documents' examples differ", () => {
  it('X-GitHub-Media-Type instead of X-Service-Media-Type; application/vnd.github.v3.raw+json selects raw', async () => {
    const emu = await startEmulator({ vendor: 'github' });
    try {
      const res = await call(emu, 'GET', '/rate_limit', { headers: { Accept: 'application/vnd.github.v3.raw+json' } });
      assert.equal(res.headers.get('x-github-media-type'), 'github.v3; param=raw');
      assert.equal(res.headers.get('x-service-media-type'), null);
    } finally {
      await emu.dispose();
    }
  });
});
