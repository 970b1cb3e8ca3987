// The demo seed's OAuth application through the web flow
// (docs/service-api/hosting/oauth §1): the credentials of
// <data>/oauth-app.json, ada's demo password, the registered callback
// http://127.0.0.1:7481/callback.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './support/emulator';
import { UA } from './hosting-authorizations-fixtures';

/** A form posted as the browser posts the OAuth pages' forms, its redirect not followed. */
const form = (fields: Record<string, string>, cookie?: string) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
});

describe('OAuth web flow with the demo application (docs/service-api/hosting/oauth §1)', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('steps 1-3 — ada signs in, approves repo and user, the code becomes a token that calls the API', async () => {
    const creds = JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    const request = { client_id: creds.client_id, scope: 'repo,user', state: 'demo-state' };
    const login = await fetch(`${emu.url}/login/oauth/session`, form({ ...request, login: 'ada', password: 'ada-demo-password' }));
    assert.equal(login.status, 303);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${emu.url}${login.headers.get('location')}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    const html = await page.text();
    const token = /name="authenticity_token" value="([0-9a-f]+)"/.exec(html)![1]!;
    const approved = await fetch(`${emu.url}/login/oauth/authorize`, form({ ...request, authenticity_token: token, decision: 'approve' }, cookie));
    const callback = new URL(approved.headers.get('location')!);
    assert.equal(`${callback.origin}${callback.pathname}`, 'http://127.0.0.1:7481/callback');
    assert.equal(callback.searchParams.get('state'), 'demo-state');
    const exchange = await fetch(`${emu.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: creds.client_id, client_secret: creds.client_secret, code: callback.searchParams.get('code') }),
    });
    const result = (await exchange.json()) as { access_token: string; scope: string; token_type: string };
    assert.equal(result.scope, 'repo,user');
    const me = await fetch(`${emu.url}/user`, { headers: { ...UA, Authorization: `token ${result.access_token}` } });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { login: string }).login, 'ada');
  });
});

describe('OAuth web flow with the demo application registered under another callback (the oauthCallbackUrl option)', () => {
  let emu: TestEmulator;
  const other = 'http://127.0.0.1:40123/callback';
  before(async () => {
    emu = await startEmulator({ seed: 'demo', oauthCallbackUrl: other });
  });
  after(() => emu.dispose());

  const clientId = () => (JSON.parse(fs.readFileSync(path.join(emu.dataDir, 'oauth-app.json'), 'utf8')) as { client_id: string }).client_id;

  /** Where ada's approval sends the browser (the registered callback). */
  async function approvedTo(): Promise<URL> {
    const request = { client_id: clientId(), scope: 'repo', state: 's' };
    const login = await fetch(`${emu.url}/login/oauth/session`, form({ ...request, login: 'ada', password: 'ada-demo-password' }));
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await fetch(`${emu.url}${login.headers.get('location')}`, { headers: { Cookie: cookie }, redirect: 'manual' })).text();
    const token = /name="authenticity_token" value="([0-9a-f]+)"/.exec(page)![1]!;
    const approved = await fetch(`${emu.url}/login/oauth/authorize`, form({ ...request, authenticity_token: token, decision: 'approve' }, cookie));
    return new URL(approved.headers.get('location')!);
  }

  it('the application is registered with the given callback: approval goes there, with a code', async () => {
    const to = await approvedTo();
    assert.equal(`${to.origin}${to.pathname}`, other);
    assert.ok(to.searchParams.get('code'));
  });

  it("the scenario's callback (port 7481) is no longer the application's: redirect_uri_mismatch (§5: the port exactly)", async () => {
    const query = new URLSearchParams({ client_id: clientId(), redirect_uri: 'http://127.0.0.1:7481/callback', state: 'm' });
    const refused = await fetch(`${emu.url}/login/oauth/authorize?${query}`, { redirect: 'manual' });
    assert.equal(refused.status, 302);
    const to = new URL(refused.headers.get('location')!);
    assert.equal(`${to.origin}${to.pathname}`, other);
    assert.equal(to.searchParams.get('error'), 'redirect_uri_mismatch');
  });
});
