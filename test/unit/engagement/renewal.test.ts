// Authentication rule 4 on the client side: on 401 "Please renew your
// access_token" it authenticates again, once, and retries.
import assert from 'node:assert/strict';
import { EngagementError, type EngagementToken } from '../../../src/engagement';
import { EngagementClient } from '../../../src/engagement/client';
import { RENEW_TEXT } from '../../../src/engagement/transport';
import { manualClock, startEmulator, type TestEmulator } from '../../support/emulator';

const DEMO = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };

describe('engagement client token renewal', () => {
  let emulator: TestEmulator;
  const clock = manualClock();
  before(async () => {
    emulator = await startEmulator({ seed: 'demo', engagementTokenTtlSeconds: 1, clock: clock.now });
  });
  after(() => emulator.dispose());

  it('an expired token is renewed once, silently, and the call answers (docs/service-api/engagement/auth §4)', async () => {
    const tokens: EngagementToken[] = [];
    const client = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO, onToken: (t) => void tokens.push(t) });
    assert.equal((await client.getContact(1)).name, 'Charles Babbage');
    assert.equal(tokens.length, 1);
    clock.advance(1000); // the token's lifetime: the service now refuses it
    assert.equal((await client.getCase(1)).id, 1);
    assert.equal(tokens.length, 2, 'authenticated again exactly once');
    assert.notEqual(tokens[1]!.accessToken, tokens[0]!.accessToken);
  });

  it('a stale token from an earlier session is replaced; the credentials are asked for lazily (docs/service-api/engagement/auth §4)', async () => {
    let asked = 0;
    const stale: EngagementToken = { accessToken: 'from-last-week', expires: { instant: new Date(0), offset: '-0300', offsetMinutes: -180, text: '' } };
    const client = new EngagementClient({ baseUrl: emulator.url, token: stale, credentials: async () => (asked++, DEMO) });
    const page = await client.searchCases({ count: 1 });
    assert.equal(page.items.length, 1);
    assert.equal(asked, 1);
  });

  it('concurrent calls with an expired token share one renewal (docs/service-api/engagement/auth §4)', async () => {
    let renewals = 0;
    const client = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO, onToken: () => void renewals++ });
    await client.authenticate();
    clock.advance(1000); // the token's lifetime: the service now refuses it
    const contacts = await Promise.all([1, 2, 3, 4].map((id) => client.getContact(id)));
    assert.deepEqual(
      contacts.map((c) => c.id),
      [1, 2, 3, 4],
    );
    assert.equal(renewals, 2, 'the first token and one renewal');
  });

  it('renewal happens once; a second refusal is an error with the service text (docs/service-api/engagement/auth §4)', async () => {
    let calls = 0;
    // A service that refuses every token: the client must not loop.
    const refusing = async (input: Request | URL | string, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/authenticate')) return fetch(request);
      calls++;
      return new Response(JSON.stringify({ success: false, statusMessage: RENEW_TEXT }), { status: 401, statusText: RENEW_TEXT });
    };
    const client = new EngagementClient({ baseUrl: emulator.url, credentials: DEMO, ky: { fetch: refusing } });
    await assert.rejects(client.getContact(1), (e: unknown) => e instanceof EngagementError && e.status === 401 && e.statusMessage === RENEW_TEXT);
    assert.equal(calls, 2, 'the call and one retry');
  });
});
