// The rest of the client's one request path (src/hosting/transport.ts) as a user
// of the client meets it: yes/no checks, statistics that are still being
// computed, the ETag cache's keys and size, the bodies it decodes, and the
// words of a failure when the service gave none.
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  ForbiddenError,
  HostingClient,
  HostingError,
  NetworkError,
  RateLimitedError,
  ServerError,
  StatisticsPendingError,
  ValidationFailedError,
} from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

const TOKEN = 'tok_core_0123456789';

describe('v3 client request path (fake server)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  function clientFor(s: FakeService, extra: Partial<ConstructorParameters<typeof HostingClient>[0]> = {}): HostingClient {
    return new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN }, ...extra });
  }

  it('a 204/404 check answers true or false; any other refusal is an error, not a "no"', async () => {
    const s = (service = await startFakeService((req) => {
      if (req.url.endsWith('/members/ada')) return { status: 204, headers: rateHeaders(10) };
      if (req.url.endsWith('/members/bob')) return { status: 404, headers: rateHeaders(10), body: { message: 'Not Found' } };
      return { status: 403, headers: rateHeaders(10), body: { message: 'Must be an organization member.' } };
    }));
    const client = clientFor(s);
    assert.equal(await client.orgMembers.isMember('analytical-engines', 'ada'), true);
    assert.equal(await client.orgMembers.isMember('analytical-engines', 'bob'), false);
    await assert.rejects(
      client.orgMembers.isMember('analytical-engines', 'cy'),
      (err: unknown) => err instanceof ForbiddenError && err.message === 'Must be an organization member.',
    );
  });

  it('Statistics: by default 8 tries, waiting 0.5 s, doubling up to 8 s, then a StatisticsPendingError that says to try later', async () => {
    const s = (service = await startFakeService(() => ({ status: 202, headers: rateHeaders(10), body: {} })));
    const waits: number[] = [];
    const progress: Array<[number, number, number]> = [];
    const err = await clientFor(s, { sleep: async (ms) => void waits.push(ms) })
      .stats.punchCard('ada', 'engine', { onProgress: (p) => progress.push([p.attempt, p.maxAttempts, p.nextDelayMs]) })
      .catch((e: unknown) => e);
    assert.ok(err instanceof StatisticsPendingError, String(err));
    assert.equal(err.message, 'Statistics are still being computed after 8 tries; try again later.');
    assert.equal(err.status, 202);
    assert.equal(s.requests.length, 8);
    assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 8000, 8000]);
    assert.deepEqual(
      progress.map(([attempt, max]) => [attempt, max]),
      [
        [1, 8],
        [2, 8],
        [3, 8],
        [4, 8],
        [5, 8],
        [6, 8],
        [7, 8],
      ],
    );
    assert.deepEqual(
      progress.map(([, , next]) => next),
      waits,
    );
  });

  it('Statistics: the cap on the wait is a setting', async () => {
    const s = (service = await startFakeService(() => ({ status: 202, headers: rateHeaders(10), body: {} })));
    const waits: number[] = [];
    const client = clientFor(s, { sleep: async (ms) => void waits.push(ms), statistics: { initialDelayMs: 100, maxDelayMs: 300, maxAttempts: 5 } });
    await assert.rejects(client.stats.punchCard('ada', 'engine'), StatisticsPendingError);
    assert.deepEqual(waits, [100, 200, 300, 300]);
  });

  it('while the budget is spent a user action fails at once, saying so and when it resets', async () => {
    const now = Date.UTC(2030, 0, 1);
    const reset = now / 1000 + 90;
    const s = (service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(0, 60, reset), body: fakeUser('ada', 1, base) })));
    const client = clientFor(s, { now: () => now });
    await client.users.getAuthenticated();
    const err = await client.users.getAuthenticated().catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitedError, String(err));
    assert.equal(err.message, `API rate limit exceeded. The limit resets at ${new Date(reset * 1000).toISOString()}.`);
    assert.equal(err.endpoint, 'GET /user');
    assert.equal(s.requests.length, 1);
  });

  it('Conditional requests: the JSON and the diff of one pull request are cached apart, each revalidated with its own ETag', async () => {
    const diff = 'diff --git a/x b/x\n';
    const s = (service = await startFakeService((req, base) => {
      const isDiff = req.headers.accept === 'application/vnd.service.v3.diff';
      const etag = isDiff ? '"diff"' : '"json"';
      if (req.headers['if-none-match'] === etag) return { status: 304, headers: rateHeaders(10) };
      if (req.headers['if-none-match']) return { status: 500, headers: rateHeaders(10), body: { message: `wrong validator ${req.headers['if-none-match']}` } };
      return isDiff
        ? { status: 200, headers: { ...rateHeaders(10), etag, 'content-type': 'application/vnd.service.v3.diff' }, body: diff }
        : { status: 200, headers: { ...rateHeaders(10), etag }, body: { number: 1, user: fakeUser('ada', 1, base) } };
    }));
    const client = clientFor(s);
    const json = () =>
      client.core.call('GET /repos/{owner}/{repo}/pulls/{number}', { owner: 'ada', repo: 'engine', number: 1 }, z.object({ number: z.number() }));
    assert.equal((await json()).data.number, 1);
    assert.equal(await client.pulls.getDiff('ada', 'engine', 1), diff);
    assert.equal((await json()).data.number, 1);
    assert.equal(await client.pulls.getDiff('ada', 'engine', 1), diff);
    assert.deepEqual(
      s.requests.map((r) => r.headers['if-none-match']),
      [undefined, undefined, '"json"', '"diff"'],
    );
  });

  it('Conditional requests: a POST to a URL whose GET is cached sends no If-None-Match', async () => {
    const s = (service = await startFakeService((req) =>
      req.method === 'GET'
        ? { status: 200, headers: { etag: '"keys"', ...rateHeaders(10) }, body: [] }
        : { status: 201, headers: rateHeaders(10), body: { id: 1 } },
    ));
    const client = clientFor(s);
    await client.core.call('GET /user/keys', {}, z.array(z.unknown()));
    await client.core.call('POST /user/keys', { title: 'laptop', key: 'ssh-ed25519 AAAA' }, z.object({ id: z.number() }));
    assert.deepEqual(
      s.requests.map((r) => [r.method, r.headers['if-none-match']]),
      [
        ['GET', undefined],
        ['POST', undefined],
      ],
    );
  });

  it('Conditional requests: a 304 without rate-limit headers keeps those of the cached answer', async () => {
    const s = (service = await startFakeService((req, base) =>
      req.headers['if-none-match']
        ? { status: 304 }
        : { status: 200, headers: { etag: '"v1"', ...rateHeaders(77, 100, 2_000_000_000) }, body: fakeUser('ada', 1, base) },
    ));
    const client = clientFor(s);
    await client.core.call('GET /user', {}, z.unknown());
    const again = await client.core.call('GET /user', {}, z.unknown());
    assert.equal(again.fromCache, true);
    assert.deepEqual(
      [again.headers['x-ratelimit-limit'], again.headers['x-ratelimit-remaining'], again.headers['x-ratelimit-reset']],
      ['100', '77', '2000000000'],
    );
  });

  it('the ETag cache keeps cacheSize answers, the least recently used going first', async () => {
    const s = (service = await startFakeService((req, base) => {
      const login = req.url.split('/')[2]!;
      if (req.headers['if-none-match'] === `"${login}"`) return { status: 304, headers: rateHeaders(10) };
      return { status: 200, headers: { etag: `"${login}"`, ...rateHeaders(10) }, body: fakeUser(login, 1, base) };
    }));
    const client = clientFor(s, { cacheSize: 1 });
    await client.users.get('ada');
    await client.users.get('ada');
    await client.users.get('bob');
    await client.users.get('ada');
    assert.deepEqual(
      s.requests.map((r) => r.headers['if-none-match']),
      [undefined, '"ada"', undefined, undefined],
    );
  });

  it('textual answers without a charset (patch, XML, +json) arrive as text; other bodies (release assets) stay bytes', async () => {
    let type = '';
    const s = (service = await startFakeService(() => ({
      status: 200,
      headers: { ...rateHeaders(10), 'content-type': type },
      body: 'From 1234 Mon Sep 17 00:00:00 2001\n',
    })));
    const client = clientFor(s);
    for (const t of ['application/vnd.service.v3.patch', 'application/xml', 'image/svg+xml', 'application/vnd.service.v3+json-seq']) {
      type = t;
      const { data } = await client.core.call('GET /repos/{owner}/{repo}/pulls/{number}', { owner: 'a', repo: 'b', number: 1 }, z.unknown(), {
        accept: 'application/vnd.service.v3.patch',
      });
      assert.equal(data, 'From 1234 Mon Sep 17 00:00:00 2001\n', t);
    }
    type = 'application/octet-stream';
    const { data } = await client.core.call('GET /repos/{owner}/{repo}/releases/assets/{id}', { owner: 'a', repo: 'b', id: 1 }, z.unknown(), {
      accept: 'application/octet-stream',
    });
    assert.ok(data instanceof ArrayBuffer, String(data));
    assert.equal(new TextDecoder().decode(data), 'From 1234 Mon Sep 17 00:00:00 2001\n');
  });

  it('an answer whose body has no message reads "HTTP <status>"', async () => {
    const s = (service = await startFakeService(() => ({ status: 502, headers: rateHeaders(10), body: { message: 42 } })));
    const err = await clientFor(s)
      .users.getAuthenticated()
      .catch((e: unknown) => e);
    assert.ok(err instanceof ServerError, String(err));
    assert.equal(err.message, 'HTTP 502');
  });

  it('only a 403 about login attempts is a lockout, and a 4xx the client has no name for (409) is neither a server error nor lost', async () => {
    let reply = { status: 422, body: { message: 'Validation Failed: too many login attempts in the note' } };
    const s = (service = await startFakeService(() => ({ ...reply, headers: rateHeaders(10) })));
    const client = clientFor(s);
    const validation = await client.users.getAuthenticated().catch((e: unknown) => e);
    assert.ok(validation instanceof ValidationFailedError, String(validation));
    reply = { status: 409, body: { message: 'Head branch was modified. Review and try the merge again.' } };
    const conflict = await client.users.getAuthenticated().catch((e: unknown) => e);
    assert.ok(conflict instanceof HostingError && !(conflict instanceof ServerError), String(conflict));
    assert.deepEqual([conflict.status, conflict.message], [409, 'Head branch was modified. Review and try the merge again.']);
  });

  it('Statistics: a 202 is never cached, so the next try asks afresh rather than revalidating "still computing"', async () => {
    let calls = 0;
    const s = (service = await startFakeService(() =>
      ++calls < 3
        ? { status: 202, headers: { etag: '"computing"', ...rateHeaders(10) }, body: {} }
        : { status: 200, headers: { etag: '"done"', ...rateHeaders(10) }, body: [[0, 9, 4]] },
    ));
    const card = await clientFor(s, { sleep: async () => {} }).stats.punchCard('ada', 'engine');
    assert.deepEqual(card, [[0, 9, 4]]);
    assert.deepEqual(
      s.requests.map((r) => r.headers['if-none-match']),
      [undefined, undefined, undefined],
    );
  });

  it('a transport failure is a NetworkError that says the service could not be reached and why', async () => {
    const client = new HostingClient({
      apiUrl: 'http://127.0.0.1:9',
      userAgentVersion: '1',
      credentials: { type: 'token', token: TOKEN },
      fetch: async () => {
        throw new Error('socket hang up');
      },
    });
    const err = await client.users.getAuthenticated().catch((e: unknown) => e);
    assert.ok(err instanceof NetworkError, String(err));
    assert.match(err.message, /^Could not reach the service: .*socket hang up/);
    assert.equal(err.endpoint, 'GET /user');
  });

  it("per-call credentials replace the client's: Basic is user:password in base64; a client without credentials sends none", async () => {
    const s = (service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(10), body: fakeUser('ada', 1, base) })));
    await clientFor(s).core.call('GET /user', {}, z.unknown(), { credentials: { type: 'basic', username: 'ada', password: 'pässword:1' } });
    await new HostingClient({ apiUrl: s.url, userAgentVersion: '1' }).users.get('ada');
    assert.equal(s.requests[0]!.headers.authorization, `Basic ${Buffer.from('ada:pässword:1').toString('base64')}`);
    assert.equal(s.requests[1]!.headers.authorization, undefined);
  });
});
