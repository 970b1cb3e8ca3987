// docs/service-api/hosting/oauth §1–§9, run by RepoDesk's
// OAuth pieces against the emulator, with a scripted browser.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient } from '../../../src/hosting';
import {
  OAuthError,
  StateMismatchError,
  OAuthTimeoutError,
  buildAuthorizeUrl,
  createState,
  exchangeCode,
  signInWithBrowser,
  startLoopbackReceiver,
} from '../../../src/oauth';
import { addLoopbackApplication, addUser, type TestApplication } from './accounts';
import { browse } from './browser';

/** A closed port refuses the connection (fetch's TypeError carries the cause); any other failure is not "closed". */
function connectionRefused(err: unknown): boolean {
  return err instanceof TypeError && (err.cause as { code?: string } | undefined)?.code === 'ECONNREFUSED';
}

describe('OAuth web flow against the emulator (docs/service-api/hosting/oauth §1–§9)', () => {
  let emu: TestEmulator;
  let app: TestApplication;
  let suspendedApp: TestApplication;

  before(async () => {
    emu = await startEmulator();
    const ada = addUser(emu.db, 'ada', 'ada-pw');
    for (const login of ['bob', 'cy', 'dee']) addUser(emu.db, login, `${login}-pw`);
    app = await addLoopbackApplication(emu, ada);
    suspendedApp = await addLoopbackApplication(emu, ada, true);
  });
  after(() => emu.dispose());

  const flow = (application: TestApplication, user: { login: string; decision: 'approve' | 'deny' }, scopes = ['repo', 'read:org']) => {
    let page: Promise<{ callbackStatus: number; callbackPage: string }> | undefined;
    const token = signInWithBrowser({
      webUrl: emu.url,
      clientId: application.clientId,
      clientSecret: application.clientSecret,
      callbackUrl: application.callbackUrl,
      scopes,
      userAgentVersion: 'test',
      timeoutMs: 10_000,
      openBrowser: async (url) => {
        page = browse(url, { login: user.login, password: `${user.login}-pw`, decision: user.decision });
      },
    });
    return { token, page: () => page! };
  };

  it('steps 1-3: approve in the browser, the loopback gets the code, the exchange gives a working token with the granted scopes', async () => {
    const { token, page } = flow(app, { login: 'ada', decision: 'approve' });
    const result = await token;
    assert.deepEqual([...result.scopes].sort(), ['read:org', 'repo']);
    assert.equal(result.tokenType, 'bearer');
    const shown = await page();
    assert.equal(shown.callbackStatus, 200);
    assert.match(shown.callbackPage, /You can close this tab/);
    // The application's check endpoint knows the token: ada's, with the granted scopes.
    const client = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test' });
    const checked = await client.authorizations.checkToken({ clientId: app.clientId, clientSecret: app.clientSecret }, result.accessToken);
    assert.equal(checked.user?.login, 'ada');
    assert.deepEqual([...checked.scopes].sort(), ['read:org', 'repo']);
  });

  it('access_denied when the user denies becomes a clear message (docs/service-api/hosting/oauth §3, §7)', async () => {
    const { token, page } = flow(app, { login: 'bob', decision: 'deny' });
    const err = await token.then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof OAuthError);
    assert.equal(err.code, 'access_denied');
    assert.match(err.message, /access was denied/);
    assert.equal((await page()).callbackStatus, 400);
  });

  it('OAuth errors: application_suspended comes back on the callback and is explained', async () => {
    const { token } = flow(suspendedApp, { login: 'cy', decision: 'approve' });
    const err = await token.then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof OAuthError);
    assert.equal(err.code, 'application_suspended');
    assert.match(err.message, /suspended/);
  });

  it('redirect_uri_mismatch at step 1 (another port) arrives on the registered callback (docs/service-api/hosting/oauth §5, §7)', async () => {
    const state = createState();
    const receiver = await startLoopbackReceiver({ callbackUrl: app.callbackUrl, expectedState: state, timeoutMs: 10_000 });
    const wrong = new URL(app.callbackUrl);
    wrong.port = String(Number(wrong.port) + 1);
    await browse(buildAuthorizeUrl({ webUrl: emu.url, clientId: app.clientId, redirectUri: wrong.toString(), scopes: [], state }), {
      login: 'dee',
      password: 'dee-pw',
      decision: 'approve',
    });
    const err = await receiver.result.then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof OAuthError);
    assert.equal(err.code, 'redirect_uri_mismatch');
    assert.match(err.message, /callback/);
  });

  it('a callback whose state differs from the one sent aborts the flow (docs/service-api/hosting/oauth §3)', async () => {
    const receiver = await startLoopbackReceiver({ callbackUrl: app.callbackUrl, expectedState: createState(), timeoutMs: 10_000 });
    const answer = await fetch(`${app.callbackUrl}?code=abc&state=forged`);
    assert.equal(answer.status, 400);
    await assert.rejects(receiver.result, StateMismatchError);
    // The port is closed afterwards.
    await assert.rejects(fetch(`${app.callbackUrl}?code=abc&state=forged`), connectionRefused);
  });

  it('the loopback receiver times out and closes its port', async () => {
    const receiver = await startLoopbackReceiver({ callbackUrl: app.callbackUrl, expectedState: 's', timeoutMs: 50 });
    await assert.rejects(receiver.result, OAuthTimeoutError);
    await assert.rejects(fetch(`${app.callbackUrl}?code=abc&state=s`), connectionRefused);
  });

  it('OAuth errors at step 2: incorrect_client_credentials, bad_verification_code and redirect_uri_mismatch become clear messages', async () => {
    const base = { webUrl: emu.url, clientId: app.clientId, userAgentVersion: 'test' };
    const wrongSecret = await exchangeCode({ ...base, clientSecret: 'x'.repeat(40), code: 'whatever' }).catch((e: unknown) => e);
    assert.ok(wrongSecret instanceof OAuthError);
    assert.equal(wrongSecret.code, 'incorrect_client_credentials');
    assert.match(wrongSecret.message, /client secret/);

    const badCode = await exchangeCode({ ...base, clientSecret: app.clientSecret, code: 'not-a-code' }).catch((e: unknown) => e);
    assert.ok(badCode instanceof OAuthError);
    assert.equal(badCode.code, 'bad_verification_code');
    assert.match(badCode.message, /Sign in again/);

    // A real code, exchanged with a redirect_uri other than the registered callback.
    const state = createState();
    const receiver = await startLoopbackReceiver({ callbackUrl: app.callbackUrl, expectedState: state, timeoutMs: 10_000 });
    await browse(buildAuthorizeUrl({ webUrl: emu.url, clientId: app.clientId, scopes: ['repo'], state }), {
      login: 'ada',
      password: 'ada-pw',
      decision: 'approve',
    });
    const { code } = await receiver.result;
    const mismatch = await exchangeCode({ ...base, clientSecret: app.clientSecret, code, redirectUri: 'http://127.0.0.1:1/elsewhere' }).catch(
      (e: unknown) => e,
    );
    assert.ok(mismatch instanceof OAuthError);
    assert.equal(mismatch.code, 'redirect_uri_mismatch');
  });
});
