// docs/service-api/hosting/oauth §1–§5 (steps 1 and 2, rules 1-4) and §7–§9,
// driven over HTTP like a browser: authorize page, login form,
// approval form, redirect to the callback, then the code exchange.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { addApplication, addUser, UA, type TestApplication } from './hosting-authorizations-fixtures';

const CALLBACK = 'http://127.0.0.1:7481/callback';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('OAuth web application flow (docs/service-api/hosting/oauth §1–§9)', () => {
  let emu: TestEmulator;
  let app: TestApplication;
  let suspended: TestApplication;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${emu.url}${path}`, { headers, redirect: 'manual' });
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${emu.url}${path}`, { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  const authorizeQuery = (extra: Record<string, string> = {}) => new URLSearchParams({ client_id: app.clientId, ...extra }).toString();

  /** Signs in through the login form of the authorize page; returns the session cookie. */
  async function signIn(login: string, password: string, request: Record<string, string>): Promise<string> {
    const res = await postForm('/login/oauth/session', { ...request, login, password });
    assert.equal(res.status, 303);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    assert.match(cookie, /^repodesk_session=[0-9a-f]{64}$/);
    assert.match(res.headers.get('set-cookie')!, /HttpOnly/);
    return cookie;
  }

  /** The approval page for a signed-in user; returns its CSRF token. */
  async function approvalToken(cookie: string, request: Record<string, string>): Promise<string> {
    const page = await get(`/login/oauth/authorize?${new URLSearchParams(request)}`, { Cookie: cookie });
    assert.equal(page.status, 200);
    const html = await page.text();
    return /name="authenticity_token" value="([0-9a-f]+)"/.exec(html)![1]!;
  }

  /** Steps 1 for a new user: login, approve; returns the callback URL it redirected to. */
  async function approveAs(login: string, request: Record<string, string>): Promise<URL> {
    const cookie = await signIn(login, `${login}-pw`, request);
    const token = await approvalToken(cookie, request);
    const res = await postForm('/login/oauth/authorize', { ...request, authenticity_token: token, decision: 'approve' }, { Cookie: cookie });
    assert.equal(res.status, 302);
    return new URL(res.headers.get('location')!);
  }

  const exchange = (fields: Record<string, string>, accept?: string) =>
    fetch(`${emu.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { ...FORM, ...(accept ? { Accept: accept } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  const exchangeJson = async (fields: Record<string, string>) => (await (await exchange(fields, 'application/json')).json()) as Record<string, string>;

  before(async () => {
    emu = await startEmulator({ loginLockoutThreshold: 3 });
    const owner = addUser(emu.db, 'ada', 'ada-pw');
    for (const login of ['bob', 'cy', 'dee', 'eve', 'fay', 'gus', 'hal', 'ida', 'jo', 'kim']) addUser(emu.db, login, `${login}-pw`);
    app = addApplication(emu.db, owner, 'RepoDesk <beta>', CALLBACK);
    suspended = addApplication(emu.db, owner, 'Spammy', CALLBACK, true);
  });
  after(() => emu.dispose());

  it('step 1 and 2 — login form, approval, 302 to the callback with code and state as sent; the exchange answers form-encoded by default', async () => {
    const request = { client_id: app.clientId, scope: 'user,gist,user:email', state: 'st-123' };
    const loginPage = await get(`/login/oauth/authorize?${new URLSearchParams(request)}`);
    assert.equal(loginPage.status, 200);
    assert.match(loginPage.headers.get('content-type')!, /^text\/html/);
    const html = await loginPage.text();
    assert.match(html, /<form method="post" action="\/login\/oauth\/session">/);
    assert.match(html, /name="password"/);
    assert.ok(html.includes('RepoDesk &#60;beta&#62;'), 'application name escaped');

    const callback = await approveAs('ada', request);
    assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK);
    assert.equal(callback.searchParams.get('state'), 'st-123');
    const code = callback.searchParams.get('code')!;
    assert.match(code, /^[0-9a-f]{20}$/);

    const res = await exchange({ client_id: app.clientId, client_secret: app.clientSecret, code });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(await res.text());
    assert.equal(body.get('token_type'), 'bearer');
    assert.equal(body.get('scope'), 'user,gist', 'scopes normalized when the token is created');
    const use = await fetch(`${emu.url}/rate_limit`, { headers: { ...UA, Authorization: `token ${body.get('access_token')}` } });
    assert.equal(use.status, 200);
    assert.equal(use.headers.get('x-oauth-scopes'), 'user, gist');
  });

  it('bad_verification_code — a code works once only', async () => {
    const code = (await approveAs('bob', { client_id: app.clientId, state: 's' })).searchParams.get('code')!;
    const first = await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code });
    assert.match(first.access_token!, /^[0-9a-f]{40}$/);
    assert.equal(first.scope, '', 'rule 1: no scope asked and no token held gives an empty list');
    const again = await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code });
    assert.equal(again.error, 'bad_verification_code');
    assert.equal(again.error_uri, 'https://docs.service.test/v3/oauth/#bad-verification-code');
    assert.ok(again.error_description);
  });

  it('bad_verification_code — codes expire after 10 minutes, and unknown codes are refused', async () => {
    const code = (await approveAs('cy', { client_id: app.clientId })).searchParams.get('code')!;
    const expiresIn = (emu.db.prepare('SELECT MAX(expires_at) FROM oauth_codes').pluck().get() as number) - Date.now();
    assert.ok(expiresIn > 9 * 60_000 && expiresIn <= 10 * 60_000, `code lives ${expiresIn} ms`);
    emu.db.prepare('UPDATE oauth_codes SET expires_at = ?').run(Date.now() - 1);
    assert.equal((await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code })).error, 'bad_verification_code');
    assert.equal((await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code: 'nope' })).error, 'bad_verification_code');
  });

  it('Accept application/json gives JSON, application/xml an <OAuth> element; parameters may come in the query (docs/service-api/hosting/oauth §4)', async () => {
    const request = { client_id: app.clientId, scope: 'repo' };
    const cookie = await signIn('dee', 'dee-pw', request);
    const token = await approvalToken(cookie, request);
    const codeOf = async () => {
      const res = await postForm('/login/oauth/authorize', { ...request, authenticity_token: token, decision: 'approve' }, { Cookie: cookie });
      return new URL(res.headers.get('location')!).searchParams.get('code')!;
    };
    const jsonRes = await exchange({ client_id: app.clientId, client_secret: app.clientSecret, code: await codeOf() }, 'application/json');
    assert.match(jsonRes.headers.get('content-type')!, /^application\/json/);
    const j = (await jsonRes.json()) as Record<string, string>;
    assert.deepEqual(Object.keys(j).sort(), ['access_token', 'scope', 'token_type']);
    assert.equal(j.scope, 'repo');

    const query = new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, code: await codeOf() });
    const xmlRes = await fetch(`${emu.url}/login/oauth/access_token?${query}`, { method: 'POST', headers: { Accept: 'application/xml' } });
    assert.match(xmlRes.headers.get('content-type')!, /^application\/xml/);
    assert.match(await xmlRes.text(), /<OAuth><token_type>bearer<\/token_type><scope>repo<\/scope><access_token>[0-9a-f]{40}<\/access_token><\/OAuth>/);
  });

  it('a user who already holds a token for the application is redirected at once, with the scopes used last time (docs/service-api/hosting/oauth §2)', async () => {
    const first = { client_id: app.clientId, scope: 'public_repo' };
    const cookie = await signIn('eve', 'eve-pw', first);
    const token = await approvalToken(cookie, first);
    const approved = await postForm('/login/oauth/authorize', { ...first, authenticity_token: token, decision: 'approve' }, { Cookie: cookie });
    await exchangeJson({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: new URL(approved.headers.get('location')!).searchParams.get('code')!,
    });

    const again = await get(`/login/oauth/authorize?${authorizeQuery({ scope: 'repo,user', state: 'again' })}`, { Cookie: cookie });
    assert.equal(again.status, 302, 'no page shown');
    const callback = new URL(again.headers.get('location')!);
    assert.equal(callback.searchParams.get('state'), 'again');
    const result = await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code: callback.searchParams.get('code')! });
    assert.equal(result.scope, 'public_repo');
  });

  it('step 2 — parameters may also come as a JSON body', async () => {
    const code = (await approveAs('ida', { client_id: app.clientId })).searchParams.get('code')!;
    const res = await fetch(`${emu.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ client_id: app.clientId, client_secret: app.clientSecret, code }),
    });
    assert.match(((await res.json()) as { access_token: string }).access_token, /^[0-9a-f]{40}$/);
  });

  it('scopes — the user may grant fewer scopes than requested on the approval page, never more; the exchange reports the granted ones', async () => {
    const request = { client_id: app.clientId, scope: 'repo,gist', state: 'fewer' };
    const cookie = await signIn('kim', 'kim-pw', request);
    const page = await (await get(`/login/oauth/authorize?${new URLSearchParams(request)}`, { Cookie: cookie })).text();
    assert.match(page, /<input type="checkbox" name="granted" value="repo" checked>/);
    assert.match(page, /<input type="checkbox" name="granted" value="gist" checked>/);
    const token = /name="authenticity_token" value="([0-9a-f]+)"/.exec(page)![1]!;
    const body = new URLSearchParams({ ...request, authenticity_token: token, scopes_reviewed: '1', decision: 'approve' });
    body.append('granted', 'repo');
    body.append('granted', 'admin:org');
    const res = await fetch(`${emu.url}/login/oauth/authorize`, {
      method: 'POST',
      headers: { ...FORM, Cookie: cookie },
      body: body.toString(),
      redirect: 'manual',
    });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    assert.equal((await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code })).scope, 'repo');
  });

  it('access_denied — the user denies: redirect with error, error_description, error_uri and the state', async () => {
    const request = { client_id: app.clientId, scope: 'repo', state: 'deny-me' };
    const cookie = await signIn('fay', 'fay-pw', request);
    const token = await approvalToken(cookie, request);
    const res = await postForm('/login/oauth/authorize', { ...request, authenticity_token: token, decision: 'deny' }, { Cookie: cookie });
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get('location')!);
    assert.equal(`${to.origin}${to.pathname}`, CALLBACK);
    assert.equal(to.searchParams.get('error'), 'access_denied');
    assert.equal(to.searchParams.get('error_uri'), 'https://docs.service.test/v3/oauth/#access-denied');
    assert.ok(to.searchParams.get('error_description'));
    assert.equal(to.searchParams.get('state'), 'deny-me');
    assert.equal(to.searchParams.get('code'), null);
  });

  it('application_suspended — step 1 redirects to the callback with the error and the state', async () => {
    const res = await get(`/login/oauth/authorize?${new URLSearchParams({ client_id: suspended.clientId, state: 'z' })}`);
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get('location')!);
    assert.equal(to.searchParams.get('error'), 'application_suspended');
    assert.match(to.searchParams.get('error_description')!, /support/i);
    assert.equal(to.searchParams.get('error_uri'), 'https://docs.service.test/v3/oauth/#application-suspended');
    assert.equal(to.searchParams.get('state'), 'z');
  });

  it('redirect_uri_mismatch — step 1 sends the browser to the registered callback; a sub-path is accepted and used', async () => {
    const bad = await get(`/login/oauth/authorize?${authorizeQuery({ redirect_uri: 'http://127.0.0.1:9999/callback', state: 'm' })}`);
    assert.equal(bad.status, 302);
    const to = new URL(bad.headers.get('location')!);
    assert.equal(`${to.origin}${to.pathname}`, CALLBACK);
    assert.equal(to.searchParams.get('error'), 'redirect_uri_mismatch');
    assert.equal(to.searchParams.get('state'), 'm');

    const request = { client_id: app.clientId, redirect_uri: `${CALLBACK}/vscode`, state: 'sub' };
    const callback = await approveAs('gus', request);
    assert.equal(`${callback.origin}${callback.pathname}`, `${CALLBACK}/vscode`);
    const code = callback.searchParams.get('code')!;
    const mismatch = await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code, redirect_uri: 'http://127.0.0.1:7481/elsewhere' });
    assert.equal(mismatch.error, 'redirect_uri_mismatch');
    assert.equal(mismatch.error_uri, 'https://docs.service.test/v3/oauth/#redirect-uri-mismatch');
    const ok = await exchangeJson({ client_id: app.clientId, client_secret: app.clientSecret, code, redirect_uri: `${CALLBACK}/vscode` });
    assert.match(ok.access_token!, /^[0-9a-f]{40}$/);
  });

  it('incorrect_client_credentials — wrong or missing client_secret at step 2', async () => {
    const wrong = await exchangeJson({ client_id: app.clientId, client_secret: '0'.repeat(40), code: 'whatever' });
    assert.equal(wrong.error, 'incorrect_client_credentials');
    assert.equal(wrong.error_uri, 'https://docs.service.test/v3/oauth/#incorrect-client-credentials');
    assert.ok(wrong.error_description);
    const form = new URLSearchParams(await (await exchange({ client_id: app.clientId, code: 'x' })).text());
    assert.equal(form.get('error'), 'incorrect_client_credentials');
  });

  it('login form — a wrong password shows the form again (401); a form without its authenticity token is refused (403)', async () => {
    const request = { client_id: app.clientId, state: 'x' };
    const res = await postForm('/login/oauth/session', { ...request, login: 'hal', password: 'nope' });
    assert.equal(res.status, 401);
    assert.match(await res.text(), /Incorrect username or password\./);
    assert.equal(res.headers.get('set-cookie'), null);
    const cookie = await signIn('hal', 'hal-pw', request);
    const forged = await postForm('/login/oauth/authorize', { ...request, decision: 'approve' }, { Cookie: cookie });
    assert.equal(forged.status, 403);
    assert.equal(forged.headers.get('location'), null);
  });

  it('failed logins on the page count toward the lockout; then even the right password gets 403 (docs/service-api/hosting/auth §4)', async () => {
    const request = { client_id: app.clientId };
    for (let i = 0; i < 3; i++) assert.equal((await postForm('/login/oauth/session', { ...request, login: 'jo', password: 'guess' })).status, 401);
    const locked = await postForm('/login/oauth/session', { ...request, login: 'jo', password: 'jo-pw' });
    assert.equal(locked.status, 403);
    assert.match(await locked.text(), /Maximum number of login attempts exceeded\. Please try again later\./);
    assert.equal(locked.headers.get('set-cookie'), null);
  });

  it('pages — every value put into the HTML is escaped', async () => {
    const state = '"><script>alert(1)</script>';
    const html = await (await get(`/login/oauth/authorize?${authorizeQuery({ state, scope: '<b>repo</b>' })}`)).text();
    assert.ok(!html.includes('<script>'), 'state reached the page unescaped');
    assert.ok(html.includes('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"'));
  });

  it('step 1 — served at /login/oauth/ on the web root, not under the enterprise API prefix /api/v3', async () => {
    assert.equal((await get(`/login/oauth/authorize?${authorizeQuery()}`)).status, 200);
    assert.equal((await get(`/api/v3/login/oauth/authorize?${authorizeQuery()}`, UA)).status, 404);
  });

  it('step 1 — an unknown client_id gets a 404 page, not a redirect', async () => {
    const res = await get(`/login/oauth/authorize?client_id=${'f'.repeat(20)}`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('location'), null);
  });
});
