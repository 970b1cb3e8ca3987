// The client's side of the rate limit
// (docs/service-api/hosting/conventions §13): which refusals mean "the budget
// is spent", what a user action and a background refresh do then, and the
// headers of an answer served from the ETag cache. The clock and the sleep are
// injected, so every wait is an exact number.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ForbiddenError, HostingClient, NotFoundError, RateLimitedError, ServerError } from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService, type FakeReply, type FakeService } from '../../support/fakeService';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const RESET = NOW / 1000 + 600;
const TOKEN = 'tok_rate_0123456789';

describe('v3 client rate limit (fake server, injected clock)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  function clientFor(s: FakeService, waits: number[] = []): HostingClient {
    return new HostingClient({
      apiUrl: s.url,
      userAgentVersion: '1',
      credentials: { type: 'token', token: TOKEN },
      now: () => NOW,
      sleep: async (ms) => void waits.push(ms),
    });
  }

  async function refusal(reply: FakeReply): Promise<{ err: unknown; client: HostingClient; requests: () => number }> {
    const s = (service = await startFakeService(() => reply));
    const client = clientFor(s);
    const err = await client.users.getAuthenticated().catch((e: unknown) => e);
    return { err, client, requests: () => s.requests.length };
  }

  it('403 "API rate limit exceeded" with the headers: RateLimitedError at the reset, and the next user action fails without a request', async () => {
    const { err, client, requests } = await refusal({
      status: 403,
      headers: rateHeaders(0, 5000, RESET),
      body: { message: 'API rate limit exceeded for ada.' },
    });
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.equal(err.status, 403);
    assert.equal(err.message, `API rate limit exceeded for ada. The limit resets at ${new Date(RESET * 1000).toISOString()}.`);
    await assert.rejects(client.users.getAuthenticated(), RateLimitedError);
    assert.equal(requests(), 1);
  });

  it('429 is a rate limit too', async () => {
    const { err } = await refusal({ status: 429, headers: rateHeaders(0, 5000, RESET), body: { message: 'API rate limit exceeded.' } });
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.equal(err.status, 429);
    assert.equal(err.resetAt.getTime(), RESET * 1000);
  });

  it('a 403 whose message says "Rate Limit" in any case is a rate limit even without headers; the reset is then a minute away', async () => {
    const { err, client, requests } = await refusal({ status: 403, body: { message: 'You have exceeded a secondary Rate Limit.' } });
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.equal(err.resetAt.getTime(), NOW + 60_000);
    assert.deepEqual(client.rateLimit, { limit: 0, remaining: 0, resetAt: new Date(NOW + 60_000) });
    await assert.rejects(client.users.getAuthenticated(), RateLimitedError);
    assert.equal(requests(), 1, 'no request while the minute lasts');
  });

  it('a 403 with X-RateLimit-Remaining: 0 is a rate limit whatever its message', async () => {
    const { err } = await refusal({ status: 403, headers: rateHeaders(0, 60, RESET), body: { message: 'Forbidden' } });
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.equal(err.resetAt.getTime(), RESET * 1000);
  });

  it('a rate-limit 403 with a reset of 0 or garbage waits a minute', async () => {
    for (const reset of ['0', 'soon']) {
      const { err } = await refusal({
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
        body: { message: 'API rate limit exceeded.' },
      });
      assert.ok(err instanceof RateLimitedError, String(err));
      assert.equal(err.resetAt.getTime(), NOW + 60_000, `reset ${reset}`);
      await service?.close();
      service = undefined;
    }
  });

  it('a 403 for another reason is a ForbiddenError and blocks nothing', async () => {
    const { err, client, requests } = await refusal({
      status: 403,
      headers: rateHeaders(4999, 5000, RESET),
      body: { message: 'Must have admin rights to Repository.' },
    });
    assert.ok(err instanceof ForbiddenError, String(err));
    assert.equal(err.message, 'Must have admin rights to Repository.');
    await assert.rejects(client.users.getAuthenticated(), ForbiddenError);
    assert.equal(requests(), 2);
  });

  it('a 404 or a 500 is never taken for a rate limit, even on the last request of the budget or with the words in its message', async () => {
    const notFound = await refusal({ status: 404, headers: rateHeaders(0, 60, RESET), body: { message: 'Not Found' } });
    assert.ok(notFound.err instanceof NotFoundError, String(notFound.err));
    await service?.close();
    const server = await refusal({ status: 500, headers: rateHeaders(10, 60, RESET), body: { message: 'rate limit store unavailable' } });
    assert.ok(server.err instanceof ServerError, String(server.err));
  });

  it('a background refresh refused for the rate limit sleeps until a second after the reset and tries again', async () => {
    let spent = true;
    const s = (service = await startFakeService((_req, base) => {
      if (spent) return { status: 403, headers: rateHeaders(0, 5000, RESET), body: { message: 'API rate limit exceeded.' } };
      return { status: 200, headers: rateHeaders(4999, 5000, RESET + 3600), body: fakeUser('ada', 1, base) };
    }));
    const waits: number[] = [];
    const client = new HostingClient({
      apiUrl: s.url,
      userAgentVersion: '1',
      credentials: { type: 'token', token: TOKEN },
      now: () => NOW,
      sleep: async (ms) => {
        waits.push(ms);
        spent = false;
      },
    });
    const { user } = await client.users.getAuthenticated({ priority: 'background' });
    assert.equal(user.login, 'ada');
    assert.deepEqual(waits, [600_000 + 1000]);
    assert.equal(s.requests.length, 2);
  });

  it('a background refresh gives up after three more tries when the limit stays spent', async () => {
    const s = (service = await startFakeService(() => ({ status: 403, headers: rateHeaders(0, 5000, RESET), body: { message: 'API rate limit exceeded.' } })));
    const waits: number[] = [];
    const err = await clientFor(s, waits)
      .users.getAuthenticated({ priority: 'background' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.equal(s.requests.length, 4);
    assert.deepEqual(waits, [601_000, 601_000, 601_000]);
  });

  it('a background refresh does not retry other failures, and a user action does not retry a rate limit', async () => {
    let status = 500;
    const s = (service = await startFakeService(() => ({
      status,
      headers: rateHeaders(status === 500 ? 10 : 0, 5000, RESET),
      body: { message: status === 500 ? 'Server Error' : 'API rate limit exceeded.' },
    })));
    const waits: number[] = [];
    const client = clientFor(s, waits);
    await assert.rejects(client.users.getAuthenticated({ priority: 'background' }), ServerError);
    assert.equal(s.requests.length, 1);
    status = 403;
    await assert.rejects(client.users.getAuthenticated(), RateLimitedError);
    assert.equal(s.requests.length, 2);
    assert.deepEqual(waits, []);
  });

  it('a background refresh shortly before the reset waits for the rest of the window and one second; past the reset requests go out again', async () => {
    let now = NOW;
    const s = (service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(0, 5000, RESET), body: fakeUser('ada', 1, base) })));
    const waits: number[] = [];
    const client = new HostingClient({
      apiUrl: s.url,
      userAgentVersion: '1',
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now = RESET * 1000 + 5000;
      },
    });
    await client.users.getAuthenticated();
    now = RESET * 1000 - 250;
    await client.users.getAuthenticated({ priority: 'background' });
    assert.deepEqual(waits, [1250]);
    now = RESET * 1000 + 1;
    await client.users.getAuthenticated();
    assert.equal(s.requests.length, 3, 'past the reset a user action is sent again');
  });

  it('Conditional requests: a 304 answer carries the cached headers freshened by the 304’s own (its rate limit, its request id; not a body length)', async () => {
    const s = (service = await startFakeService((req, base) => {
      if (req.headers['if-none-match'] === '"v1"')
        return { status: 304, headers: { ...rateHeaders(4321, 6000, RESET + 60), 'x-request-id': 'second', 'content-length': '0' } };
      return { status: 200, headers: { etag: '"v1"', 'x-request-id': 'first', ...rateHeaders(4322, 5000, RESET) }, body: fakeUser('ada', 1, base) };
    }));
    const client = clientFor(s);
    const userSchema = z.object({ login: z.string() });
    const first = await client.core.call('GET /user', {}, userSchema);
    const second = await client.core.call('GET /user', {}, userSchema);
    assert.deepEqual([first.fromCache, second.fromCache, second.status, second.data.login], [false, true, 200, 'ada']);
    assert.equal(second.headers.etag, '"v1"');
    assert.equal(second.headers['x-request-id'], 'second', 'the 304’s fields replace the stored ones (RFC 9111, 3.2)');
    assert.notEqual(second.headers['content-length'], '0', 'a 304’s body length is not the stored body’s');
    assert.deepEqual(
      [second.headers['x-ratelimit-limit'], second.headers['x-ratelimit-remaining'], second.headers['x-ratelimit-reset']],
      ['6000', '4321', String(RESET + 60)],
    );
    assert.deepEqual(client.rateLimit, { limit: 6000, remaining: 4321, resetAt: new Date((RESET + 60) * 1000) });
  });

  it('Conditional requests: a cached resource that is gone answers 404, not the cached copy', async () => {
    let gone = false;
    const s = (service = await startFakeService((_req, base) =>
      gone
        ? { status: 404, headers: rateHeaders(10), body: { message: 'Not Found' } }
        : { status: 200, headers: { etag: '"v1"', ...rateHeaders(10) }, body: fakeUser('ada', 1, base) },
    ));
    const client = clientFor(s);
    await client.users.getAuthenticated();
    gone = true;
    await assert.rejects(client.users.getAuthenticated(), NotFoundError);
    assert.equal(s.requests[1]!.headers['if-none-match'], '"v1"');
  });

  it('Conditional requests: only a GET answered 200 with an ETag is cached', async () => {
    const s = (service = await startFakeService((req, base) => {
      if (req.method === 'POST')
        return { status: 201, headers: { etag: '"label"', ...rateHeaders(10) }, body: { url: `${base}/l`, name: 'bug', color: 'ff0000' } };
      if (req.url.startsWith('/user')) return { status: 200, headers: rateHeaders(10), body: fakeUser('ada', 1, base) };
      return { status: 404, headers: { etag: '"missing"', ...rateHeaders(10) }, body: { message: 'Not Found' } };
    }));
    const client = clientFor(s);
    for (let i = 0; i < 2; i++) {
      await client.labels.create('ada', 'engine', { name: 'bug', color: 'ff0000' });
      await client.users.getAuthenticated();
      await assert.rejects(client.repos.get('ada', 'gone'), NotFoundError);
    }
    assert.deepEqual(
      s.requests.map((r) => r.headers['if-none-match']),
      [undefined, undefined, undefined, undefined, undefined, undefined],
    );
    assert.equal(client.core.cache.size, 0);
  });
});
