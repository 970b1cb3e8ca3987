// docs/service-api/hosting/releases §5: the four rows plus delete, drafts seen
// only with push access, published_at on publishing, tags made at
// target_commitish, the 422 for an existing tag with another target, the
// `release` event, and assets through upload_url (upload, list, get, edit,
// delete, download).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { EmittedEvent } from '../src/events';
import { eventLog, type EventLog } from './helpers/events';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call, TIMESTAMP, UA } from './helpers/hosting';

const REPO = '/repos/analytical-engines/difference-engine';

describe('v3 releases and assets (docs/service-api/hosting/releases §1–§6)', () => {
  let emu: TestEmulator;
  let git: (...args: string[]) => string;
  let log: EventLog;
  let events: EmittedEvent[];
  const ada = basic('ada');
  const luigi = basic('luigi'); // push
  const mary = basic('mary'); // pull only
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    log = eventLog(emu);
    events = log.events;
    const id = emu.db
      .prepare("SELECT r.id FROM repositories r JOIN users u ON u.id = r.owner_id WHERE u.login = 'analytical-engines' AND r.name = 'difference-engine'")
      .pluck()
      .get() as number;
    const gitDir = path.join(emu.dataDir, 'git', `${id}.git`);
    git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8' }).trim();
  });
  after(() => emu.dispose());

  const upload = (uploadUrl: string, name: string, bytes: Buffer, contentType: string | undefined, auth = ada, label?: string) => {
    const url = new URL(uploadUrl.replace('{?name}', ''));
    url.searchParams.set('name', name);
    if (label) url.searchParams.set('label', label);
    const headers: Record<string, string> = { 'User-Agent': UA, Authorization: auth };
    if (contentType) headers['Content-Type'] = contentType;
    return fetch(url, { method: 'POST', headers, body: new Uint8Array(bytes) }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      json: await res.json(),
    }));
  };

  it('GET /repos/:owner/:repo/releases — 200; the draft v1.1.0 only for callers with push access', async () => {
    const anonymous = await call(emu, 'GET', `${REPO}/releases`);
    assert.equal(anonymous.status, 200);
    assert.deepEqual(anonymous.json.map((r: { tag_name: string }) => r.tag_name).sort(), ['v1.0.0', 'v1.1.0-rc.1']);
    assert.equal((await call(emu, 'GET', `${REPO}/releases`, { auth: mary })).json.length, 2);
    const pusher = await call(emu, 'GET', `${REPO}/releases`, { auth: luigi });
    const draft = pusher.json.find((r: { tag_name: string }) => r.tag_name === 'v1.1.0');
    assert.equal(draft.draft, true);
    assert.equal(draft.published_at, null);
    const rc = pusher.json.find((r: { tag_name: string }) => r.tag_name === 'v1.1.0-rc.1');
    assert.equal(rc.prerelease, true);
  });

  it('GET /repos/:owner/:repo/releases/:id — 200 release with every field; assets with every field', async () => {
    const list = (await call(emu, 'GET', `${REPO}/releases`)).json;
    const v1 = list.find((r: { tag_name: string }) => r.tag_name === 'v1.0.0');
    const res = await call(emu, 'GET', `${REPO}/releases/${v1.id}`);
    assert.equal(res.status, 200);
    const r = res.json;
    assert.deepEqual(Object.keys(r).sort(), [
      'assets',
      'assets_url',
      'author',
      'body',
      'created_at',
      'draft',
      'html_url',
      'id',
      'name',
      'prerelease',
      'published_at',
      'tag_name',
      'tarball_url',
      'target_commitish',
      'upload_url',
      'url',
      'zipball_url',
    ]);
    assert.equal(r.url, `${emu.url}${REPO}/releases/${r.id}`);
    assert.equal(r.upload_url, `${emu.url}${REPO}/releases/${r.id}/assets{?name}`);
    assert.match(r.published_at, TIMESTAMP);
    assert.equal(r.author.login, 'ada');
    assert.equal(r.assets.length, 2);
    assert.deepEqual(Object.keys(r.assets[0]).sort(), [
      'browser_download_url',
      'content_type',
      'created_at',
      'download_count',
      'id',
      'label',
      'name',
      'size',
      'state',
      'updated_at',
      'uploader',
      'url',
    ]);
    assert.equal(r.assets[0].state, 'uploaded');
    const draft = (await call(emu, 'GET', `${REPO}/releases`, { auth: ada })).json.find((x: { draft: boolean }) => x.draft);
    assert.equal((await call(emu, 'GET', `${REPO}/releases/${draft.id}`)).status, 404, 'a draft is hidden from pullers');
    assert.equal((await call(emu, 'GET', `${REPO}/releases/${draft.id}`, { auth: luigi })).status, 200);
  });

  it('POST /repos/:owner/:repo/releases — 201, Location, empty assets; a new tag is created at target_commitish and release is emitted', async () => {
    const target = git('rev-parse', 'gear-train');
    events.length = 0;
    const res = await call(emu, 'POST', `${REPO}/releases`, {
      auth: luigi,
      body: { tag_name: 'v1.2.0', target_commitish: 'gear-train', name: 'Gears', body: 'New gear train.' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.deepEqual(res.json.assets, []);
    assert.equal(res.json.draft, false);
    assert.match(res.json.published_at, TIMESTAMP);
    assert.equal(git('rev-parse', 'refs/tags/v1.2.0'), target);
    // create and push follow the tag asynchronously (their payloads read git).
    await log.until((all) => all.some((e) => e.name === 'create'));
    const release = events.find((e) => e.name === 'release');
    assert.equal(release?.payload.action, 'published');
    assert.equal((release?.payload.release as { tag_name: string }).tag_name, 'v1.2.0');
    assert.equal((release?.payload.sender as { login: string }).login, 'luigi');
    assert.equal((release?.payload.organization as { login: string }).login, 'analytical-engines');
    assert.ok(events.some((e) => e.name === 'create' && e.payload.ref === 'v1.2.0' && e.payload.ref_type === 'tag'));
  });

  it('POST /repos/:owner/:repo/releases — target_commitish defaults to the default branch; tags that exist are reused', async () => {
    const res = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v1.3.0' } });
    assert.equal(res.json.target_commitish, 'master');
    assert.equal(git('rev-parse', 'refs/tags/v1.3.0'), git('rev-parse', 'master'));
    const old = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v0.9.0', target_commitish: git('rev-parse', 'v0.9.0') } });
    assert.equal(old.status, 201);
  });

  it('POST /repos/:owner/:repo/releases — 422 for an existing tag with another target, an unknown target, a duplicate or a missing tag_name; nothing written', async () => {
    const before = (await call(emu, 'GET', `${REPO}/releases`, { auth: ada })).json.length;
    const other = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v0.1.0', target_commitish: 'master' } });
    assert.equal(other.status, 422);
    assert.deepEqual(
      other.json.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['target_commitish', 'invalid']],
    );
    const unknown = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v9.0.0', target_commitish: 'no-such-branch' } });
    assert.equal(unknown.status, 422);
    assert.equal(git('tag', '--list', 'v9.0.0'), '', 'no tag left behind');
    const dup = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v1.0.0' } });
    assert.deepEqual(dup.json.errors, [{ resource: 'Release', field: 'tag_name', code: 'already_exists' }]);
    const badTag = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v1@{1}' } });
    assert.equal(badTag.status, 422, 'git refuses the tag name: the release row is removed again');
    const missing = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { name: 'x' } });
    assert.deepEqual(missing.json.errors, [{ resource: 'Release', field: 'tag_name', code: 'missing_field' }]);
    assert.equal((await call(emu, 'GET', `${REPO}/releases`, { auth: ada })).json.length, before);
    assert.equal((await call(emu, 'POST', `${REPO}/releases`, { auth: mary, body: { tag_name: 'v5' } })).status, 404, 'push access needed');
  });

  it('POST /repos/:owner/:repo/releases with draft true — no tag until PATCH draft false publishes it (published_at set, release emitted)', async () => {
    const res = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v2.0.0', draft: true } });
    assert.equal(res.json.draft, true);
    assert.equal(res.json.published_at, null);
    assert.equal(git('tag', '--list', 'v2.0.0'), '');
    events.length = 0;
    const published = await call(emu, 'PATCH', `${REPO}/releases/${res.json.id}`, { auth: ada, body: { draft: false, name: 'Two' } });
    assert.equal(published.status, 200);
    assert.equal(published.json.draft, false);
    assert.equal(published.json.name, 'Two');
    assert.match(published.json.published_at, TIMESTAMP);
    assert.equal(git('rev-parse', 'refs/tags/v2.0.0'), git('rev-parse', 'master'));
    assert.ok(events.some((e) => e.name === 'release' && e.payload.action === 'published'));
  });

  it('PATCH /repos/:owner/:repo/releases/:id — draft true makes a draft again; POST works as PATCH; 404 for pullers', async () => {
    const made = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v2.1.0' } });
    const drafted = await call(emu, 'POST', `${REPO}/releases/${made.json.id}`, { auth: ada, body: { draft: true, prerelease: true } });
    assert.equal(drafted.status, 200);
    assert.equal(drafted.json.draft, true);
    assert.equal(drafted.json.prerelease, true);
    assert.equal(drafted.json.published_at, null);
    assert.equal((await call(emu, 'PATCH', `${REPO}/releases/${made.json.id}`, { auth: mary, body: { name: 'x' } })).status, 404);
  });

  it('DELETE /repos/:owner/:repo/releases/:id — 204; the release and its assets are gone, the tag stays', async () => {
    const made = await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v3.0.0' } });
    await upload(made.json.upload_url, 'a.txt', Buffer.from('a'), 'text/plain');
    const res = await call(emu, 'DELETE', `${REPO}/releases/${made.json.id}`, { auth: ada });
    assert.equal(res.status, 204);
    assert.equal((await call(emu, 'GET', `${REPO}/releases/${made.json.id}`, { auth: ada })).status, 404);
    assert.equal(emu.db.prepare('SELECT count(*) FROM release_assets WHERE release_id = ?').pluck().get(made.json.id), 0);
    assert.equal(git('tag', '--list', 'v3.0.0'), 'v3.0.0');
  });

  it('POST upload_url{?name} — 201 asset from the raw body with its Content-Type and label; download returns the bytes and counts', async () => {
    const release = (await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v4.0.0' } })).json;
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0x7b]);
    const res = await upload(release.upload_url, 'engine.bin', bytes, 'application/octet-stream', ada, 'The engine');
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal(res.json.name, 'engine.bin');
    assert.equal(res.json.label, 'The engine');
    assert.equal(res.json.size, bytes.length);
    assert.equal(res.json.content_type, 'application/octet-stream');
    assert.equal(res.json.download_count, 0);
    assert.equal(res.json.uploader.login, 'ada');
    const json = await upload(release.upload_url, 'data.json', Buffer.from('{"not": "parsed"'), 'application/json');
    assert.equal(json.status, 201, 'a JSON asset is stored as bytes, not parsed');
    const download = await fetch(res.json.browser_download_url, { headers: { 'User-Agent': UA } });
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/octet-stream');
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
    await fetch(res.json.browser_download_url, { headers: { 'User-Agent': UA } }).then((r) => r.arrayBuffer());
    assert.equal((await call(emu, 'GET', new URL(res.json.url).pathname)).json.download_count, 2);
  });

  it('POST upload_url — 422 without name or Content-Type, already_exists for a duplicate name; 404 without push access', async () => {
    const release = (await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v4.1.0' } })).json;
    const noName = await fetch(release.upload_url.replace('{?name}', ''), {
      method: 'POST',
      headers: { 'User-Agent': UA, Authorization: ada, 'Content-Type': 'text/plain' },
      body: 'x',
    });
    assert.equal(noName.status, 422);
    assert.deepEqual((await noName.json()).errors, [{ resource: 'ReleaseAsset', field: 'name', code: 'missing_field' }]);
    assert.equal((await upload(release.upload_url, 'x.txt', Buffer.from('x'), undefined)).status, 422);
    assert.equal((await upload(release.upload_url, 'x.txt', Buffer.from('x'), 'text/plain')).status, 201);
    const dup = await upload(release.upload_url, 'x.txt', Buffer.from('y'), 'text/plain');
    assert.deepEqual(dup.json.errors, [{ resource: 'ReleaseAsset', field: 'name', code: 'already_exists' }]);
    assert.equal((await upload(release.upload_url, 'y.txt', Buffer.from('y'), 'text/plain', mary)).status, 404);
  });

  it('GET assets_url — 200 list; GET/PATCH/DELETE /releases/assets/:id — get, edit name and label, delete (204)', async () => {
    const release = (await call(emu, 'POST', `${REPO}/releases`, { auth: ada, body: { tag_name: 'v4.2.0' } })).json;
    const asset = (await upload(release.upload_url, 'old.txt', Buffer.from('text'), 'text/plain')).json;
    const list = await call(emu, 'GET', new URL(release.assets_url).pathname);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((a: { name: string }) => a.name),
      ['old.txt'],
    );
    const path = new URL(asset.url).pathname;
    assert.deepEqual((await call(emu, 'GET', path)).json, asset);
    const edited = await call(emu, 'PATCH', path, { auth: ada, body: { name: 'new.txt', label: 'Renamed' } });
    assert.equal(edited.status, 200);
    assert.equal(edited.json.name, 'new.txt');
    assert.equal(edited.json.label, 'Renamed');
    assert.ok(edited.json.browser_download_url.endsWith('/releases/download/v4.2.0/new.txt'));
    assert.equal((await fetch(edited.json.browser_download_url, { headers: { 'User-Agent': UA } })).status, 200);
    const bytes = await call(emu, 'GET', path, { headers: { Accept: 'application/octet-stream' } });
    assert.equal(bytes.status, 302);
    assert.equal(bytes.headers.get('location'), edited.json.browser_download_url);
    assert.equal((await call(emu, 'DELETE', path, { auth: ada })).status, 204);
    assert.equal((await call(emu, 'GET', path)).status, 404);
    assert.equal((await fetch(edited.json.browser_download_url, { headers: { 'User-Agent': UA } })).status, 404);
  });

  it('seeded v1.0.0 — its two assets download with their bytes', async () => {
    const v1 = (await call(emu, 'GET', `${REPO}/releases`)).json.find((r: { tag_name: string }) => r.tag_name === 'v1.0.0');
    const csv = v1.assets.find((a: { name: string }) => a.name === 'tables.csv');
    const res = await fetch(csv.browser_download_url, { headers: { 'User-Agent': UA } });
    assert.equal(await res.text(), 'x,x^2+x+41\n0,41\n1,43\n2,47\n3,53\n');
    assert.equal(res.headers.get('content-type')?.startsWith('text/csv'), true);
  });

  it("tarball_url and zipball_url of a release — the tag's sources as git archive makes them", async () => {
    const v1 = (await call(emu, 'GET', `${REPO}/releases`)).json.find((r: { tag_name: string }) => r.tag_name === 'v1.0.0');
    const tar = await fetch(v1.tarball_url, { headers: { 'User-Agent': UA } });
    assert.equal(tar.status, 200);
    const listing = execFileSync('tar', ['-tz'], { input: Buffer.from(await tar.arrayBuffer()), encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const expected = git('ls-tree', '-r', '--name-only', 'v1.0.0').split('\n');
    assert.deepEqual(
      listing
        .filter((p) => !p.endsWith('/'))
        .map((p) => p.slice(p.indexOf('/') + 1))
        .sort(),
      expected.sort(),
    );
    const zip = await fetch(v1.zipball_url, { headers: { 'User-Agent': UA } });
    assert.equal(zip.status, 200);
    assert.equal(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
      'PK',
    );
    assert.equal((await fetch(v1.tarball_url.replace('v1.0.0', 'v0.0.0-none'), { headers: { 'User-Agent': UA } })).status, 404);
  });
});
