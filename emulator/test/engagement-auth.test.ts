// v2 document: Authentication, /me, the Errors rows for tokens, and the
// protocol conventions (parameters, dates in the domain's time zone, HEAD).
import assert from 'node:assert/strict';
import { manualClock, startEmulator, type TestEmulator } from './support/emulator';
import { V2_DATE, EngagementHttp } from './engagement-http';

const MISSING = 'Please include the access_token parameter in your request; obtain one with POST /api/v2/authenticate';
const RENEW = 'Please renew your access_token';

describe('v2 authentication and conventions', () => {
  let emulator: TestEmulator;
  const clock = manualClock();
  let http: EngagementHttp;
  before(async () => {
    // A 1-second token lifetime to watch tokens expire; a time zone other than the default to see it applied.
    emulator = await startEmulator({ seed: 'demo', engagementTokenTtlSeconds: 1, engagementTimeZone: '+0530', clock: clock.now });
    http = new EngagementHttp(emulator);
  });
  after(() => emulator.dispose());

  it('POST /api/v2/authenticate — the demo user gets success, access_token and an expires date in the domain time zone', async () => {
    const { status, body } = await http.post('/authenticate', { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' }, false);
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.match(body.access_token, /^[0-9a-f]{48}$/);
    assert.match(body.expires, V2_DATE);
    assert.ok(body.expires.endsWith('+0530'), body.expires);
    // The configured lifetime (1 s) from the emulator's clock is what expires says, to the second.
    const expires = Date.parse(body.expires.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    assert.equal(expires, Math.floor((clock.now() + 1000) / 1000) * 1000, body.expires);
  });

  it('POST /api/v2/authenticate — a wrong password is processed and fails: 200, success false, statusMessage', async () => {
    const { status, body } = await http.post('/authenticate', { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'nope' }, false);
    assert.equal(status, 200);
    assert.equal(body.success, false);
    assert.match(body.statusMessage, /wrong userName, apiKey or password/);
    assert.equal(body.access_token, undefined);
  });

  for (const missing of ['userName', 'apiKey', 'password']) {
    it(`POST /api/v2/authenticate — missing ${missing} answers 400 with success false and a statusMessage naming it`, async () => {
      const form: Record<string, string> = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };
      delete form[missing];
      const { status, body } = await http.post('/authenticate', form, false);
      assert.equal(status, 400);
      assert.equal(body.success, false);
      assert.equal(body.statusMessage, `Missing required parameter: ${missing}`);
    });
  }

  it('POST /api/v2/authenticate — parameters may come in the query string as well (plain HTTP parameters)', async () => {
    const res = await fetch(`${emulator.url}/api/v2/authenticate?userName=ada&apiKey=ada-demo-api-key&password=ada-demo-password`, { method: 'POST' });
    assert.equal(((await res.json()) as { success: boolean }).success, true);
  });

  it('Errors: no access_token — 401 whose status text and statusMessage ask for the parameter and point to /api/v2/authenticate', async () => {
    const { status, statusText, body } = await http.get('/case', {}, false);
    assert.equal(status, 401);
    assert.equal(statusText, MISSING);
    assert.deepEqual(body, { success: false, statusMessage: MISSING });
  });

  it('Errors: invalid access_token — 401 with status text Please renew your access_token', async () => {
    const { status, statusText, body } = await http.get('/contact/1', { access_token: 'not-a-token' }, false);
    assert.equal(status, 401);
    assert.equal(statusText, RENEW);
    assert.equal(body.statusMessage, RENEW);
  });

  it('an expired access_token gets 401 Please renew your access_token; a new one works (docs/service-api/engagement/auth §4)', async () => {
    const old = await http.login();
    assert.equal((await http.get('/contact/1')).status, 200);
    clock.advance(1000);
    const expired = await http.get('/contact/1', { access_token: old }, false);
    assert.equal(expired.status, 401);
    assert.equal(expired.statusText, RENEW);
    await http.login();
    assert.equal((await http.get('/contact/1')).status, 200);
  });

  it('GET /api/v2/me — with a valid token: success true, logged_in true', async () => {
    await http.login();
    const { status, body } = await http.get('/me');
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.equal(body.logged_in, true);
    assert.match(body.statusMessage, /ada/);
  });

  it('GET /api/v2/me — without a token: 200, success true, logged_in false and a statusMessage saying so', async () => {
    const { status, body } = await http.get('/me', {}, false);
    assert.equal(status, 200);
    assert.deepEqual([body.success, body.logged_in], [true, false]);
    assert.match(body.statusMessage, /Not logged in: no access_token/);
  });

  it('GET /api/v2/me — with an invalid token: 200, logged_in false', async () => {
    const { status, body } = await http.get('/me', { access_token: 'stale' }, false);
    assert.equal(status, 200);
    assert.equal(body.logged_in, false);
    assert.match(body.statusMessage, /invalid or expired/);
  });

  it('Conventions 2: dates come out in the configured time zone (+0530) and are accepted in any offset', async () => {
    await http.login();
    const { body } = await http.get('/case/1');
    assert.equal(body.inbox_date, '2026-03-02T17:30:00+0530'); // seeded at 09:00-0300
    const since = await http.get('/case', { created_since: '2026-03-02T12:00:00+0000', count: 100 });
    const sameInstant = await http.get('/case', { created_since: '2026-03-02T17:30:00+0530', count: 100 });
    assert.equal(since.body.total, sameInstant.body.total);
    assert.ok(since.body.items.some((c: { id: number }) => c.id === 1));
  });

  it('Conventions 3: HEAD answers a resource with headers only', async () => {
    await http.login();
    const res = await fetch(`${emulator.url}/api/v2/contact/1?access_token=${http.token}`, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(await res.text(), '');
  });

  it('Bad input: a malformed JSON body or a body of another content type answers 400 with the envelope, never a crash', async () => {
    await http.login();
    const send = (type: string, body: string) =>
      fetch(`${emulator.url}/api/v2/contact?access_token=${http.token}`, { method: 'POST', headers: { 'content-type': type }, body });
    const bad = await send('application/json', '{"name": ');
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { success: false, statusMessage: 'The body is not valid JSON; send parameters as a form or a query string' });
    const text = await send('text/plain', 'name=Ignored');
    assert.equal(text.status, 400);
    assert.equal(((await text.json()) as { statusMessage: string }).statusMessage, 'Missing required parameter: name');
    const json = await send('application/json', '{"name": "From JSON", "tag": ["a", "b"]}');
    assert.equal(((await json.json()) as { success: boolean }).success, true);
  });

  it('Errors: other invalid request — an unknown path under /api/v2/ is 404 with the envelope', async () => {
    const unknown = await http.get('/no-such-thing');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.success, false);
  });
});
