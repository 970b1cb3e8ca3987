// docs/service-api/hosting/labels §2: the 11 rows, with the status codes of §3,
// already_exists on duplicate names and the color format.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const REPO = '/repos/analytical-engines/difference-engine';
const names = (list: Array<{ name: string }>) => list.map((l) => l.name);

describe('v3 labels (docs/service-api/hosting/labels §1–§3)', () => {
  let emu: TestEmulator;
  const ada = basic('ada');
  const mary = basic('mary'); // Translators: pull only
  let issue: number;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    const made = await call(emu, 'POST', `${REPO}/issues`, { auth: ada, body: { title: 'Carry lever sticks at 9' } });
    issue = made.json.number;
  });
  after(() => emu.dispose());

  it('GET /repos/:owner/:repo/labels — 200, the seeded bug, enhancement and question with url, name, color', async () => {
    const res = await call(emu, 'GET', `${REPO}/labels`);
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ['bug', 'enhancement', 'question']);
    assert.deepEqual(res.json[0], { url: `${emu.url}${REPO}/labels/bug`, name: 'bug', color: 'fc2929' });
  });

  it('GET /repos/:owner/:repo/labels/:name — 200 label; 404 for an unknown name', async () => {
    const res = await call(emu, 'GET', `${REPO}/labels/enhancement`);
    assert.equal(res.status, 200);
    assert.equal(res.json.color, '84b6eb');
    assert.equal((await call(emu, 'GET', `${REPO}/labels/wontfix`)).status, 404);
  });

  it('POST /repos/:owner/:repo/labels — 201 with Location; a name with a space is URL-encoded', async () => {
    const res = await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'good first issue', color: '7057FF' } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), `${emu.url}${REPO}/labels/good%20first%20issue`);
    assert.equal(res.json.color, '7057ff');
    assert.equal((await call(emu, 'GET', `${REPO}/labels/good%20first%20issue`)).json.name, 'good first issue');
  });

  it('POST /repos/:owner/:repo/labels — 422 already_exists on a duplicate name (ignoring case)', async () => {
    const res = await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'Bug', color: '000000' } });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Validation Failed');
    assert.deepEqual(res.json.errors, [{ resource: 'Label', field: 'name', code: 'already_exists' }]);
  });

  it('POST /repos/:owner/:repo/labels — 422 for a color that is not 6 hex digits without #, or a missing field', async () => {
    for (const color of ['#fc2929', 'fc292', 'gggggg', 'fc29290']) {
      const res = await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: `c-${color}`, color } });
      assert.equal(res.status, 422, color);
      assert.deepEqual(res.json.errors, [{ resource: 'Label', field: 'color', code: 'invalid' }]);
    }
    const missing = await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'no-color' } });
    assert.deepEqual(missing.json.errors, [{ resource: 'Label', field: 'color', code: 'missing_field' }]);
    assert.equal((await call(emu, 'GET', `${REPO}/labels/no-color`)).status, 404, 'nothing written');
  });

  it('POST /repos/:owner/:repo/labels — push access needed: 404 for a puller and for anonymous callers', async () => {
    assert.equal((await call(emu, 'POST', `${REPO}/labels`, { auth: mary, body: { name: 'x', color: '000000' } })).status, 404);
    assert.equal((await call(emu, 'POST', `${REPO}/labels`, { body: { name: 'x', color: '000000' } })).status, 404);
  });

  it('PATCH /repos/:owner/:repo/labels/:name — 200 renamed and recolored; name and color required; already_exists', async () => {
    await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'docs', color: 'aaaaaa' } });
    const res = await call(emu, 'PATCH', `${REPO}/labels/docs`, { auth: ada, body: { name: 'documentation', color: 'bbbbbb' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { url: `${emu.url}${REPO}/labels/documentation`, name: 'documentation', color: 'bbbbbb' });
    assert.equal((await call(emu, 'GET', `${REPO}/labels/docs`)).status, 404);
    const noColor = await call(emu, 'PATCH', `${REPO}/labels/documentation`, { auth: ada, body: { name: 'documentation' } });
    assert.deepEqual(noColor.json.errors, [{ resource: 'Label', field: 'color', code: 'missing_field' }]);
    const clash = await call(emu, 'PATCH', `${REPO}/labels/documentation`, { auth: ada, body: { name: 'question', color: 'bbbbbb' } });
    assert.deepEqual(clash.json.errors, [{ resource: 'Label', field: 'name', code: 'already_exists' }]);
    assert.equal((await call(emu, 'PATCH', `${REPO}/labels/nothing`, { auth: ada, body: { name: 'n', color: '000000' } })).status, 404);
  });

  it('DELETE /repos/:owner/:repo/labels/:name — 204, then 404', async () => {
    await call(emu, 'POST', `${REPO}/labels`, { auth: ada, body: { name: 'temporary', color: '123456' } });
    const res = await call(emu, 'DELETE', `${REPO}/labels/temporary`, { auth: ada });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await call(emu, 'GET', `${REPO}/labels/temporary`)).status, 404);
    assert.equal((await call(emu, 'DELETE', `${REPO}/labels/temporary`, { auth: ada })).status, 404);
  });

  it("POST /repos/:owner/:repo/issues/:number/labels — 200 with all the issue's labels; 422 missing for an unknown label", async () => {
    const res = await call(emu, 'POST', `${REPO}/issues/${issue}/labels`, { auth: ada, body: ['bug'] });
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ['bug']);
    const more = await call(emu, 'POST', `${REPO}/issues/${issue}/labels`, { auth: ada, body: ['question', 'bug'] });
    assert.deepEqual(names(more.json), ['bug', 'question']);
    const unknown = await call(emu, 'POST', `${REPO}/issues/${issue}/labels`, { auth: ada, body: ['enhancement', 'wontfix'] });
    assert.equal(unknown.status, 422);
    assert.deepEqual(
      unknown.json.errors.map((e: { code: string; field: string }) => [e.field, e.code]),
      [['name', 'missing']],
    );
    assert.deepEqual(names((await call(emu, 'GET', `${REPO}/issues/${issue}/labels`)).json), ['bug', 'question'], 'nothing added');
    assert.equal((await call(emu, 'POST', `${REPO}/issues/${issue}/labels`, { auth: ada, body: { name: 'bug' } })).status, 400);
    assert.equal((await call(emu, 'POST', `${REPO}/issues/9999/labels`, { auth: ada, body: ['bug'] })).status, 404);
  });

  it("GET /repos/:owner/:repo/issues/:number/labels — 200 array of the issue's labels", async () => {
    const res = await call(emu, 'GET', `${REPO}/issues/${issue}/labels`);
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ['bug', 'question']);
    assert.equal(res.json[0].url, `${emu.url}${REPO}/labels/bug`);
  });

  it('DELETE /repos/:owner/:repo/issues/:number/labels/:name — 200 with the remaining labels; 404 when not on the issue', async () => {
    const res = await call(emu, 'DELETE', `${REPO}/issues/${issue}/labels/question`, { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ['bug']);
    assert.equal((await call(emu, 'DELETE', `${REPO}/issues/${issue}/labels/question`, { auth: ada })).status, 404);
  });

  it('PUT /repos/:owner/:repo/issues/:number/labels — 200 replaces the set; an empty array removes all', async () => {
    const res = await call(emu, 'PUT', `${REPO}/issues/${issue}/labels`, { auth: ada, body: ['enhancement', 'question'] });
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ['enhancement', 'question']);
    const emptied = await call(emu, 'PUT', `${REPO}/issues/${issue}/labels`, { auth: ada, body: [] });
    assert.equal(emptied.status, 200);
    assert.deepEqual(emptied.json, []);
    assert.equal((await call(emu, 'PUT', `${REPO}/issues/${issue}/labels`, { auth: mary, body: ['bug'] })).status, 404, 'push access needed');
  });

  it('DELETE /repos/:owner/:repo/issues/:number/labels — 204, the issue has no labels left', async () => {
    await call(emu, 'PUT', `${REPO}/issues/${issue}/labels`, { auth: ada, body: ['bug', 'enhancement'] });
    const res = await call(emu, 'DELETE', `${REPO}/issues/${issue}/labels`, { auth: ada });
    assert.equal(res.status, 204);
    assert.deepEqual((await call(emu, 'GET', `${REPO}/issues/${issue}/labels`)).json, []);
  });

  it('GET /repos/:owner/:repo/milestones/:number/labels — labels of every issue in the seeded milestone; 404 for none', async () => {
    const res = await call(emu, 'GET', `${REPO}/milestones/1/labels`);
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ['bug', 'question']);
    assert.equal((await call(emu, 'GET', `${REPO}/milestones/2/labels`)).status, 404);
  });
});
