// A request with no answer: in the browser build a service without CORS is
// named as such (it fails there exactly as a service that is down).
import assert from 'node:assert/strict';
import { unreachableMessage } from '../../../src/hosting/unreachable';

const URL_ = 'https://hosting.example:8443/api/v3/user';

describe('a request that got no answer', () => {
  it('in the browser, a service that answers a no-cors request is named as one without CORS, with its origin', async () => {
    const asked: RequestInit[] = [];
    const probe = (async (_url: string, init: RequestInit) => {
      asked.push(init);
      return new Response(null, { status: 200 });
    }) as unknown as typeof fetch;
    const message = await unreachableMessage(URL_, 'Failed to fetch', probe, true);
    assert.match(
      message,
      /^The service at https:\/\/hosting\.example:8443 answered, but does not allow requests from VS Code in the browser: it sends no CORS headers/,
    );
    assert.doesNotMatch(message, /Could not reach/);
    assert.equal(asked.length, 1);
    // A plain GET without cookies, never answered from the browser's cache (a cached answer would say nothing of the service now).
    assert.deepEqual(asked[0], { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
  });

  // Stryker's `() => false` → `() => undefined` on the probe's failure survives: both are falsy, the same message.
  it('in the browser, a service that does not answer at all is unreachable, with the fetch error', async () => {
    const probe = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    assert.equal(await unreachableMessage(URL_, 'Failed to fetch', probe, true), 'Could not reach the service: Failed to fetch');
  });

  it('from Node (the desktop build), there is no CORS: unreachable, and no second request', async () => {
    let calls = 0;
    const probe = (async () => {
      calls++;
      return new Response(null);
    }) as unknown as typeof fetch;
    assert.equal(
      await unreachableMessage(URL_, 'connect ECONNREFUSED 127.0.0.1:1', probe, false),
      'Could not reach the service: connect ECONNREFUSED 127.0.0.1:1',
    );
    assert.equal(calls, 0);
    // The Node build's default.
    assert.equal(await unreachableMessage(URL_, 'fetch failed', probe), 'Could not reach the service: fetch failed');
    assert.equal(calls, 0);
  });
});
