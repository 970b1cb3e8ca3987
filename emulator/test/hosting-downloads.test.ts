// docs/service-api/hosting/releases §7 (deprecated): list, get, delete of the
// seeded downloads.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { basic, call } from './helpers/hosting';

const REPO = '/repos/analytical-engines/difference-engine';

describe('v3 downloads (docs/service-api/hosting/releases §7, deprecated)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('GET /repos/:owner/:repo/downloads — 200, downloads with every field of the spec', async () => {
    const res = await call(emu, 'GET', `${REPO}/downloads`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.map((d: { name: string }) => d.name).sort(), ['difference-engine-0.8.tar.gz', 'printed-tables-1834.pdf']);
    const d = res.json.find((x: { name: string }) => x.name === 'printed-tables-1834.pdf');
    assert.deepEqual(Object.keys(d).sort(), ['content_type', 'description', 'download_count', 'html_url', 'id', 'name', 'size', 'url']);
    assert.equal(d.url, `${emu.url}${REPO}/downloads/${d.id}`);
    assert.equal(d.content_type, 'application/pdf');
    assert.equal(d.size, 1_204_551);
  });

  it('GET /repos/:owner/:repo/downloads/:id — 200 download; 404 unknown', async () => {
    const [first] = (await call(emu, 'GET', `${REPO}/downloads`)).json;
    const res = await call(emu, 'GET', `${REPO}/downloads/${first.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, first);
    assert.equal((await call(emu, 'GET', `${REPO}/downloads/424242`)).status, 404);
  });

  it("html_url (the emulator's addition): the file, size bytes with its content type and an attachment name, counted in download_count; 404 for an unknown name", async () => {
    const d = (await call(emu, 'GET', `${REPO}/downloads`)).json.find((x: { name: string }) => x.name === 'difference-engine-0.8.tar.gz');
    const res = await fetch(d.html_url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-gzip');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="difference-engine-0.8.tar.gz"');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.length, d.size);
    assert.ok(bytes.toString('utf8').startsWith('difference-engine-0.8.tar.gz 1\n'));
    assert.equal((await call(emu, 'GET', `${REPO}/downloads/${d.id}`)).json.download_count, d.download_count + 1);
    assert.equal((await fetch(d.html_url.replace(/[^/]+$/, 'missing.zip'))).status, 404);
  });

  it('DELETE /repos/:owner/:repo/downloads/:id — 204 for a pusher, then gone; 404 without push access', async () => {
    const [first] = (await call(emu, 'GET', `${REPO}/downloads`)).json;
    assert.equal((await call(emu, 'DELETE', `${REPO}/downloads/${first.id}`, { auth: basic('mary') })).status, 404);
    const res = await call(emu, 'DELETE', `${REPO}/downloads/${first.id}`, { auth: basic('luigi') });
    assert.equal(res.status, 204);
    assert.equal((await call(emu, 'GET', `${REPO}/downloads/${first.id}`)).status, 404);
    assert.equal((await call(emu, 'GET', `${REPO}/downloads`)).json.length, 1);
  });
});
