// docs/service-api/hosting/repositories §10: list, get, create, delete;
// immutable (no edit); the key text must be an OpenSSH public key and may be
// used only once.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { demoRepository } from './helpers/demo-scenario';
import { basic, call } from './helpers/hosting';

const DEMO_DEPLOY_KEYS = demoRepository.deploy_keys;

const REPO = '/repos/analytical-engines/difference-engine';
// Made with ssh-keygen for these tests.
const ECDSA =
  'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBNCVtKQ13hUAwGqaPG10sqgJLAi0S9zFtwYmWO07hzwE8uWxvl9av9Eia+P+HyTQ7/jlsPrWcMRC3DZcr9LINK0=';
const RSA =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDUgLC3+fmcTbg8NIT9kYXRdIc3GKOfosuV06LkLwIJseuF9r0aqMiNLRFDqOLRMnXwi4fZM57hTpCl8o8FNnl28g6YQDprDhlIk23tPLVhCMrkglPb8YGua/XQcAhnXBY3n0ZOmvvaCcgZIWdtDcJ4euicqp67vBNXJm5cAlrB0io+tDE91C6ZRsXElnQrjAu9h3+jtM2WkE9MI3pHdDq8vD8q5MOiOJH8a7fbcpUT1lKi0M2l3/qPp9XIKs6ZgeeGd2dD7AISbBa6DBuc1H/So8J1laMizXei1BqzNM/HrrDu68pB8Eia6gk8nTMEr99PsePGAMwkCr6x7f3E+JK1';

describe('v3 deploy keys (docs/service-api/hosting/repositories §10)', () => {
  let emu: TestEmulator;
  const ada = basic('ada'); // owner of the organization: admin
  const luigi = basic('luigi'); // push only
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('GET /repos/:owner/:repo/keys — 200, the two seeded keys with id, key, url, title; admins only', async () => {
    const res = await call(emu, 'GET', `${REPO}/keys`, { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((k: { title: string; key: string }) => [k.title, k.key]),
      DEMO_DEPLOY_KEYS.map((k) => [k.title, k.key]),
    );
    assert.deepEqual(Object.keys(res.json[0]).sort(), ['id', 'key', 'title', 'url']);
    assert.equal(res.json[0].url, `${emu.url}${REPO}/keys/${res.json[0].id}`);
    assert.equal((await call(emu, 'GET', `${REPO}/keys`, { auth: luigi })).status, 404);
  });

  it('GET /repos/:owner/:repo/keys/:id — 200 key; 404 for an unknown id', async () => {
    const [first] = (await call(emu, 'GET', `${REPO}/keys`, { auth: ada })).json;
    const res = await call(emu, 'GET', `${REPO}/keys/${first.id}`, { auth: ada });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, first);
    assert.equal((await call(emu, 'GET', `${REPO}/keys/999999`, { auth: ada })).status, 404);
  });

  it('POST /repos/:owner/:repo/keys — 201 with Location for ecdsa-sha2-nistp256 and ssh-rsa keys; the comment is dropped', async () => {
    const res = await call(emu, 'POST', `${REPO}/keys`, { auth: ada, body: { title: 'ci', key: `${ECDSA} ci@workshop` } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), res.json.url);
    assert.equal(res.json.key, ECDSA);
    assert.equal(res.json.title, 'ci');
    const rsa = await call(emu, 'POST', `${REPO}/keys`, { auth: ada, body: { title: 'rsa', key: RSA } });
    assert.equal(rsa.status, 201);
  });

  it('POST /repos/:owner/:repo/keys — 422 invalid for text that is not an SSH public key', async () => {
    const [type, data] = DEMO_DEPLOY_KEYS[0]!.key.split(' ') as [string, string];
    const bad = [
      'not a key',
      `ssh-dss ${data}`,
      `${type} ${data.slice(0, -4)}`, // truncated blob
      `${type} ${data}!!`, // not base64
      `ssh-rsa ${data}`, // embedded type ssh-ed25519 differs
      `ecdsa-sha2-nistp256 ${RSA.split(' ')[1]}`,
    ];
    for (const key of bad) {
      const res = await call(emu, 'POST', `${REPO}/keys`, { auth: ada, body: { title: 'bad', key } });
      assert.equal(res.status, 422, key);
      assert.equal(res.json.errors[0].field, 'key');
      assert.equal(res.json.errors[0].code, 'invalid');
    }
    const missing = await call(emu, 'POST', `${REPO}/keys`, { auth: ada, body: { title: 'none' } });
    assert.deepEqual(missing.json.errors, [{ resource: 'PublicKey', field: 'key', code: 'missing_field' }]);
  });

  it('POST /repos/:owner/:repo/keys — the same key twice is 422 key is already in use, also on another repository', async () => {
    const again = await call(emu, 'POST', `${REPO}/keys`, { auth: ada, body: { title: 'copy', key: `${DEMO_DEPLOY_KEYS[1]!.key} other-comment` } });
    assert.equal(again.status, 422);
    assert.equal(again.json.errors[0].message, 'key is already in use');
    const elsewhere = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/keys', { auth: ada, body: { title: 'copy', key: DEMO_DEPLOY_KEYS[0]!.key } });
    assert.equal(elsewhere.status, 422);
    assert.equal(elsewhere.json.errors[0].message, 'key is already in use');
  });

  it('DELETE /repos/:owner/:repo/keys/:id — 204, then 404; keys are immutable: PATCH is 404', async () => {
    const made = await call(emu, 'POST', '/repos/ada/notes-on-the-engine/keys', {
      auth: ada,
      body: { title: 'tmp', key: RSA.replace('AQDU', 'AQDV') /* another modulus */ },
    });
    assert.equal(made.status, 201);
    assert.equal((await call(emu, 'PATCH', `/repos/ada/notes-on-the-engine/keys/${made.json.id}`, { auth: ada, body: { title: 'renamed' } })).status, 404);
    const res = await call(emu, 'DELETE', `/repos/ada/notes-on-the-engine/keys/${made.json.id}`, { auth: ada });
    assert.equal(res.status, 204);
    assert.equal((await call(emu, 'GET', `/repos/ada/notes-on-the-engine/keys/${made.json.id}`, { auth: ada })).status, 404);
    assert.equal((await call(emu, 'DELETE', `/repos/ada/notes-on-the-engine/keys/${made.json.id}`, { auth: ada })).status, 404);
  });
});
