// docs/service-api/hosting/auth §11 and §12, with the token lifecycle of §13.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { sha256Hex } from '../src/hosting/conventions/secrets';
import { addApplication, addUser, basic, json, UA, type TestApplication } from './hosting-authorizations-fixtures';

type Authorization = {
  id: number;
  url: string;
  token: string;
  token_last_eight: string;
  scopes: string[];
  note: string | null;
  note_url: string | null;
  app: { client_id: string; name: string | null; url: string | null };
  user?: { login: string };
  created_at: string;
  updated_at: string;
};

describe('v3 authorizations and application tokens (docs/service-api/hosting/auth §11–§13)', () => {
  let emu: TestEmulator;
  let app: TestApplication;
  let other: TestApplication;
  const ada = basic('ada', 'ada-pw');
  const appAuth = () => basic(app.clientId, app.clientSecret);

  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: body === undefined ? headers : json(headers),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
  };
  const create = async (body: Record<string, unknown> = { note: 'for tests' }, who = ada) => {
    const res = await call('POST', '/authorizations', who, body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as unknown as Authorization;
  };
  const tokenWorks = async (token: string) => (await fetch(`${emu.url}/rate_limit`, { headers: { ...UA, Authorization: `token ${token}` } })).status === 200;
  /** A token of `app` for ada, through POST /authorizations with the application's credentials. */
  const appToken = (scopes: string[] = ['repo']) => create({ note: 'app token', scopes, client_id: app.clientId, client_secret: app.clientSecret });

  before(async () => {
    emu = await startEmulator({ tokenRevocationDelayMs: 20, loginLockoutThreshold: 3 });
    const adaId = addUser(emu.db, 'ada', 'ada-pw');
    addUser(emu.db, 'bob', 'bob-pw');
    app = addApplication(emu.db, adaId, 'RepoDesk', 'http://127.0.0.1:7481/callback');
    other = addApplication(emu.db, adaId, 'Other', 'http://127.0.0.1:7482/callback');
  });
  after(() => emu.dispose());

  it('POST /authorizations — 201 with Location and the token once; scopes normalized (user, gist, user:email → user, gist)', async () => {
    const res = await call('POST', '/authorizations', ada, { note: 'cli', note_url: 'http://cli.example', scopes: ['user', 'gist', 'user:email'] });
    assert.equal(res.status, 201);
    const a = res.body as unknown as Authorization;
    assert.equal(res.headers.get('location'), `${emu.url}/authorizations/${a.id}`);
    assert.equal(a.url, `${emu.url}/authorizations/${a.id}`);
    assert.match(a.token, /^[0-9a-f]{40}$/);
    assert.deepEqual(a.scopes, ['user', 'gist']);
    assert.equal(a.note, 'cli');
    assert.equal(a.note_url, 'http://cli.example');
    assert.match(a.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(a.app.client_id.length, 20);
    const use = await fetch(`${emu.url}/rate_limit`, { headers: { ...UA, Authorization: `token ${a.token}` } });
    assert.equal(use.status, 200);
    assert.equal(use.headers.get('x-oauth-scopes'), 'user, gist');
  });

  it('POST /authorizations — tokens are stored as SHA-256 hashes, never as their value', async () => {
    const a = await create();
    assert.equal(emu.db.prepare('SELECT count(*) FROM authorizations WHERE token_hash = ? OR token_last_eight = ?').pluck().get(a.token, a.token), 0);
    assert.equal(emu.db.prepare('SELECT count(*) FROM authorizations WHERE token_hash = ?').pluck().get(sha256Hex(a.token)), 1);
  });

  it('POST /authorizations — note is required: 422 missing_field; unknown scope: 422 invalid', async () => {
    const missing = await call('POST', '/authorizations', ada, { scopes: ['repo'] });
    assert.equal(missing.status, 422);
    assert.equal(missing.body!.message, 'Validation Failed');
    assert.deepEqual(missing.body!.errors, [{ resource: 'OauthAccess', field: 'note', code: 'missing_field' }]);
    const bad = await call('POST', '/authorizations', ada, { note: 'x', scopes: ['everything'] });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body!.errors, [{ resource: 'OauthAccess', field: 'scopes', code: 'invalid' }]);
  });

  it('POST /authorizations — with client_id and client_secret the token belongs to that application; a wrong secret is 422', async () => {
    const a = await appToken();
    assert.deepEqual(a.app, { url: 'http://app.example/', name: 'RepoDesk', client_id: app.clientId });
    const wrong = await call('POST', '/authorizations', ada, { note: 'x', client_id: app.clientId, client_secret: 'f'.repeat(40) });
    assert.equal(wrong.status, 422);
    assert.deepEqual(wrong.body!.errors, [{ resource: 'OauthAccess', field: 'client_secret', code: 'invalid' }]);
  });

  it('bad input — wrong JSON types are 422 invalid, a body that is not an object 400, a huge page an empty list', async () => {
    const wrongType = await call('POST', '/authorizations', ada, { note: 'x', scopes: 'repo' });
    assert.equal(wrongType.status, 422);
    assert.deepEqual(wrongType.body!.errors, [{ resource: 'OauthAccess', field: 'scopes', code: 'invalid' }]);
    const shortId = await call('POST', '/authorizations', ada, { note: 'x', client_id: 'abc', client_secret: 'def' });
    assert.equal(shortId.status, 422);
    const notHash = await call('POST', '/authorizations', ada, ['note']);
    assert.equal(notHash.status, 400);
    assert.equal(notHash.body!.message, 'Body should be a JSON Hash');
    const broken = await fetch(`${emu.url}/authorizations`, { method: 'POST', headers: json(ada), body: '{"note":' });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { message: string }).message, 'Problems parsing JSON');
    const far = await call('GET', '/authorizations?page=99999999999999999999', ada);
    assert.equal(far.status, 200);
    assert.deepEqual(far.body, []);
    assert.equal((await call('GET', '/authorizations/not-a-number', ada)).status, 404);
  });

  it('GET /authorizations — only the caller’s own, without token values, with Link pages', async () => {
    await create({ note: 'bob' }, basic('bob', 'bob-pw'));
    await create();
    const all = await call('GET', '/authorizations', ada);
    assert.equal(all.status, 200);
    const list = all.body as unknown as Authorization[];
    assert.ok(list.length >= 2);
    assert.ok(list.every((a) => a.note !== 'bob'));
    assert.ok(list.every((a) => a.token === '' && /^[0-9a-f]{8}$/.test(a.token_last_eight)));
    const page = await call('GET', '/authorizations?per_page=1', ada);
    assert.equal((page.body as unknown as unknown[]).length, 1);
    assert.match(page.headers.get('link') ?? '', /rel="next".*rel="last"/);
  });

  it('GET /authorizations/:id — 200 for one’s own, 404 for another user’s', async () => {
    const a = await create();
    const got = await call('GET', `/authorizations/${a.id}`, ada);
    assert.equal(got.status, 200);
    assert.equal((got.body as unknown as Authorization).id, a.id);
    assert.equal((got.body as unknown as Authorization).token, '');
    assert.equal((await call('GET', `/authorizations/${a.id}`, basic('bob', 'bob-pw'))).status, 404);
  });

  it('/authorizations accepts Basic only: a token gets 403, no credentials 401 (docs/service-api/hosting/auth §2)', async () => {
    const a = await create();
    const withToken = await call('GET', '/authorizations', { ...UA, Authorization: `token ${a.token}` });
    assert.equal(withToken.status, 403);
    assert.equal(withToken.body!.message, 'This API can only be accessed with username and password Basic Auth');
    const viaParam = await call('POST', `/authorizations?access_token=${a.token}`, UA, { note: 'x' });
    assert.equal(viaParam.status, 403);
    assert.equal((await call('GET', '/authorizations', UA)).status, 401);
    assert.equal((await call('GET', '/authorizations', basic('ada', 'wrong'))).body!.message, 'Bad credentials');
  });

  it('PUT /authorizations/clients/:client_id — 201 with Location on create, 200 with the same authorization the second time', async () => {
    const first = await call('PUT', `/authorizations/clients/${other.clientId}`, ada, {
      client_secret: other.clientSecret,
      scopes: ['repo'],
      note: 'get-or-create',
    });
    assert.equal(first.status, 201);
    const a = first.body as unknown as Authorization;
    assert.equal(first.headers.get('location'), a.url);
    assert.match(a.token, /^[0-9a-f]{40}$/);
    const second = await call('PUT', `/authorizations/clients/${other.clientId}`, ada, { client_secret: other.clientSecret, scopes: ['repo'] });
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('location'), a.url);
    const b = second.body as unknown as Authorization;
    assert.equal(b.id, a.id);
    assert.equal(b.token, '');
    assert.equal(b.token_last_eight, a.token.slice(-8));
    const noSecret = await call('PUT', `/authorizations/clients/${other.clientId}`, ada, { scopes: ['repo'] });
    assert.equal(noSecret.status, 422);
    assert.deepEqual(noSecret.body!.errors, [{ resource: 'OauthAccess', field: 'client_secret', code: 'missing_field' }]);
  });

  it('PATCH /authorizations/:id — scopes replaces, add_scopes and remove_scopes change; POST works as PATCH', async () => {
    const a = await create({ note: 'patch me', scopes: ['gist'] });
    const replaced = await call('PATCH', `/authorizations/${a.id}`, ada, { scopes: ['public_repo'], note: 'renamed' });
    assert.equal(replaced.status, 200);
    assert.deepEqual((replaced.body as unknown as Authorization).scopes, ['public_repo']);
    assert.equal((replaced.body as unknown as Authorization).note, 'renamed');
    const added = await call('PATCH', `/authorizations/${a.id}`, ada, { add_scopes: ['repo', 'user'] });
    assert.deepEqual((added.body as unknown as Authorization).scopes, ['repo', 'user']);
    const removed = await call('POST', `/authorizations/${a.id}`, ada, { remove_scopes: ['user'] });
    assert.equal(removed.status, 200);
    assert.deepEqual((removed.body as unknown as Authorization).scopes, ['repo']);
  });

  it('PATCH /authorizations/:id — only one of scopes, add_scopes, remove_scopes per request (422)', async () => {
    const a = await create();
    const res = await call('PATCH', `/authorizations/${a.id}`, ada, { scopes: ['repo'], add_scopes: ['user'] });
    assert.equal(res.status, 422);
    assert.equal(res.body!.message, 'Validation Failed');
    assert.deepEqual(
      (res.body!.errors as Array<{ field: string }>).map((e) => e.field),
      ['scopes', 'add_scopes'],
    );
  });

  it('DELETE /authorizations/:id — 204, and the token stops working', async () => {
    const a = await create();
    assert.equal(await tokenWorks(a.token), true);
    assert.equal((await call('DELETE', `/authorizations/${a.id}`, ada)).status, 204);
    assert.equal(await tokenWorks(a.token), false);
    assert.equal((await call('GET', `/authorizations/${a.id}`, ada)).status, 404);
  });

  it('GET /applications/:client_id/tokens/:access_token — 200 with the user; invalid token 404', async () => {
    const a = await appToken();
    const res = await call('GET', `/applications/${app.clientId}/tokens/${a.token}`, appAuth());
    assert.equal(res.status, 200);
    const checked = res.body as unknown as Authorization;
    assert.equal(checked.id, a.id);
    assert.equal(checked.user!.login, 'ada');
    assert.equal((await call('GET', `/applications/${app.clientId}/tokens/${'0'.repeat(40)}`, appAuth())).status, 404);
    // A token of another application is not this application's to check.
    const personal = await create();
    assert.equal((await call('GET', `/applications/${app.clientId}/tokens/${personal.token}`, appAuth())).status, 404);
  });

  it('GET /applications/:client_id/tokens/:access_token — checks do not count against the failed-login limit', async () => {
    const a = await appToken();
    for (let i = 0; i < 5; i++) assert.equal((await call('GET', `/applications/${app.clientId}/tokens/${'1'.repeat(40)}`, appAuth())).status, 404);
    assert.equal((await call('GET', `/applications/${app.clientId}/tokens/${a.token}`, appAuth())).status, 200);
  });

  it('/applications endpoints — Basic with client_id and client_secret only: a wrong secret is 401, another application 404', async () => {
    const a = await appToken();
    const wrong = await call('GET', `/applications/${app.clientId}/tokens/${a.token}`, basic(app.clientId, 'e'.repeat(40)));
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body!.message, 'Bad credentials');
    assert.equal((await call('GET', `/applications/${app.clientId}/tokens/${a.token}`, basic(other.clientId, other.clientSecret))).status, 404);
    assert.equal((await call('GET', `/applications/${app.clientId}/tokens/${a.token}`, UA)).status, 401);
  });

  it('POST /applications/:client_id/tokens/:access_token — reset returns a new token with the user; the old one stops working at once', async () => {
    const a = await appToken(['repo']);
    const res = await call('POST', `/applications/${app.clientId}/tokens/${a.token}`, appAuth());
    assert.equal(res.status, 200);
    const reset = res.body as unknown as Authorization;
    assert.equal(reset.id, a.id);
    assert.match(reset.token, /^[0-9a-f]{40}$/);
    assert.notEqual(reset.token, a.token);
    assert.equal(reset.user!.login, 'ada');
    assert.deepEqual(reset.scopes, ['repo']);
    assert.equal(await tokenWorks(a.token), false);
    assert.equal(await tokenWorks(reset.token), true);
    assert.equal((await call('POST', `/applications/${app.clientId}/tokens/${a.token}`, appAuth())).status, 404);
  });

  it('DELETE /applications/:client_id/tokens/:access_token — 204, that one token is revoked', async () => {
    const a = await appToken();
    const keep = await appToken();
    assert.equal((await call('DELETE', `/applications/${app.clientId}/tokens/${a.token}`, appAuth())).status, 204);
    assert.equal(await tokenWorks(a.token), false);
    assert.equal(await tokenWorks(keep.token), true);
  });

  it('DELETE /applications/:client_id/tokens — 204; a background job revokes every token of the application (then 401), and no other token', async () => {
    const tokens = [await appToken(), await appToken()];
    const otherApps = (await call('PUT', `/authorizations/clients/${other.clientId}`, ada, { client_secret: other.clientSecret }))
      .body as unknown as Authorization;
    const personal = await create();
    assert.equal((await call('DELETE', `/applications/${app.clientId}/tokens`, appAuth())).status, 204);
    // The job runs tokenRevocationDelayMs later: poll until neither token is answered 200 (the suite's timeout bounds
    // the wait; no clock is read), then a revoked token is 401, not any failure.
    const statuses = () =>
      Promise.all(tokens.map(async (t) => (await fetch(`${emu.url}/rate_limit`, { headers: { ...UA, Authorization: `token ${t.token}` } })).status));
    let now = await statuses();
    while (now.includes(200)) {
      await new Promise((r) => setTimeout(r, 20));
      now = await statuses();
    }
    assert.deepEqual(now, [401, 401]);
    assert.equal(await tokenWorks(personal.token), true);
    assert.equal((await call('GET', `/authorizations/${otherApps.id}`, ada)).status, 200);
  });
});
