// Release assets through the client against the emulator: the upload_url
// template and browser_download_url (docs/service-api/hosting/releases §1, §2).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient } from '../../../src/hosting';

describe('v3 client release assets against the emulator (docs/service-api/hosting/releases §1, §2, §6)', () => {
  let emu: TestEmulator;
  let ada: HostingClient;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    ada = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
  });
  after(() => emu.dispose());

  it('a binary asset uploaded through upload_url downloads byte for byte, and counts the download', async () => {
    const release = await ada.releases.create('analytical-engines', 'difference-engine', { tag_name: 'v7.0.0-assets', name: 'Assets' });
    const bytes = new Uint8Array(randomBytes(4096)); // invalid UTF-8 on purpose
    const asset = await ada.releases.uploadAsset(release, 'engine.bin', bytes, 'application/octet-stream');
    assert.equal(asset.name, 'engine.bin');
    assert.equal(asset.size, bytes.length);
    const downloaded = await ada.releases.downloadAsset(asset);
    assert.deepEqual(Buffer.from(downloaded), Buffer.from(bytes));
    const again = await ada.releases.get('analytical-engines', 'difference-engine', release.id);
    assert.equal(again.assets.find((a) => a.id === asset.id)?.download_count, 1);
  });

  it('a text asset downloads as its exact text', async () => {
    const release = await ada.releases.create('analytical-engines', 'difference-engine', { tag_name: 'v7.0.1-notes', name: 'Notes' });
    const text = 'Note G — the Bernoulli numbers\n';
    const asset = await ada.releases.uploadAsset(release, 'NOTES.txt', new TextEncoder().encode(text), 'text/plain');
    assert.equal(new TextDecoder().decode(await ada.releases.downloadAsset(asset)), text);
  });

  it('a JSON asset downloads as the bytes uploaded, not re-serialized: its spacing and its big numbers stay; again from the cache the same', async () => {
    const release = await ada.releases.create('analytical-engines', 'difference-engine', { tag_name: 'v7.0.2-json', name: 'Data' });
    const json = '{\n  "engine": "difference",\n  "cogs": 25000,\n  "precision": 31415926535897932384626\n}\n';
    const asset = await ada.releases.uploadAsset(release, 'engine.json', new TextEncoder().encode(json), 'application/json');
    assert.equal(asset.content_type, 'application/json');
    assert.equal(new TextDecoder().decode(await ada.releases.downloadAsset(asset)), json);
    assert.equal(new TextDecoder().decode(await ada.releases.downloadAsset(asset)), json);
  });

  it('a Latin-1 text asset downloads as its Latin-1 bytes, not decoded as UTF-8', async () => {
    const release = await ada.releases.create('analytical-engines', 'difference-engine', { tag_name: 'v7.0.3-latin1', name: 'Latin-1' });
    const bytes = new Uint8Array(Buffer.from('Ménabréa, Notions sur la machine analytique\n', 'latin1'));
    const asset = await ada.releases.uploadAsset(release, 'menabrea.txt', bytes, 'text/plain; charset=iso-8859-1');
    assert.deepEqual(Buffer.from(await ada.releases.downloadAsset(asset)), Buffer.from(bytes));
  });
});
