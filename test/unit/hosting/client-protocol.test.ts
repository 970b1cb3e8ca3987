// Protocol mechanics of the v3 client against a fake server that plays the
// spec's documented answers (docs/service-api/hosting/conventions §8, §13–§15;
// docs/service-api/hosting/statistics §1).
import assert from 'node:assert/strict';
import { HostingClient, collect, RateLimitedError, StatisticsPendingError, type RateLimitState } from '../../../src/hosting';
import { fakeMinimalRepo, fakeRepoSummary, fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

const TOKEN = 'tok_0123456789abcdef0123';

function clientFor(service: FakeService, extra: Partial<ConstructorParameters<typeof HostingClient>[0]> = {}) {
  return new HostingClient({ apiUrl: service.url, userAgentVersion: '1.2.3', credentials: { type: 'token', token: TOKEN }, ...extra });
}

describe('v3 client protocol mechanics (fake server)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('Limits/pagination: lists 5,000 items over 50 pages by following Link rel=next verbatim, asking per_page=100', async () => {
    service = await startFakeService((req, base) => {
      const url = new URL(req.url, base);
      // An opaque cursor the client could not invent: it must follow the Link.
      const page = Number(url.searchParams.get('cursor') ?? '1');
      const per = Number(url.searchParams.get('per_page') ?? '30');
      const items = Array.from({ length: per }, (_, i) => fakeRepoSummary((page - 1) * per + i + 1, base));
      const next =
        page * per < 5000
          ? `<${base}/user/repos?per_page=${per}&cursor=${page + 1}>; rel="next", <${base}/user/repos?per_page=${per}&cursor=50>; rel="last"`
          : '';
      return { status: 200, headers: { ...rateHeaders(5000 - page), ...(next ? { link: next } : {}) }, body: items };
    });
    const repos = await collect(clientFor(service).repos.listForAuthenticatedUser());
    assert.equal(repos.length, 5000);
    assert.equal(repos[4999]!.full_name, 'ada/repo-5000');
    assert.equal(service.requests.length, 50);
    assert.match(service.requests[0]!.url, /per_page=100/);
    assert.equal(service.requests[1]!.url, '/user/repos?per_page=100&cursor=2');
  });

  it('Limits/pagination: GET /repositories pages by the since cursor in Link, without per_page', async () => {
    service = await startFakeService((req, base) => {
      const since = Number(new URL(req.url, base).searchParams.get('since') ?? '0');
      const ids = since >= 6 ? [] : [since + 1, since + 2, since + 3];
      const link = ids.length ? { link: `<${base}/repositories?since=${ids[2]}>; rel="next"` } : undefined;
      return { status: 200, headers: { ...rateHeaders(4000), ...link }, body: ids.map((id) => fakeMinimalRepo(id, base)) };
    });
    const repos = await collect(clientFor(service).repos.listPublic());
    assert.deepEqual(
      repos.map((r) => r.id),
      [1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(
      service.requests.map((r) => r.url),
      ['/repositories', '/repositories?since=3', '/repositories?since=6'],
    );
  });

  it('Conditional requests (docs/service-api/hosting/conventions §16): a repeat GET sends If-None-Match and a 304 is served from the cache at no rate cost', async () => {
    let remaining = 100;
    service = await startFakeService((req, base) => {
      if (req.headers['if-none-match'] === '"v1"') return { status: 304, headers: rateHeaders(remaining) };
      remaining--;
      return { status: 200, headers: { etag: '"v1"', ...rateHeaders(remaining) }, body: fakeUser('ada', 1, base) };
    });
    const client = clientFor(service);
    const first = await client.users.getAuthenticated();
    const second = await client.users.getAuthenticated();
    assert.equal(second.user.login, first.user.login);
    assert.equal(service.requests[1]!.headers['if-none-match'], '"v1"');
    assert.equal(client.rateLimit?.remaining, 99, 'the 304 did not use the limit');
    // Another account never gets the first one's cached data or validator.
    const other = new HostingClient({ apiUrl: service.url, userAgentVersion: '1', credentials: { type: 'token', token: 'another-token-value' } });
    Object.assign(other.core, { cache: client.core.cache });
    await other.users.getAuthenticated();
    assert.equal(service.requests[2]!.headers['if-none-match'], undefined);
  });

  it('Limits/rate-limit headers: every response updates the state and fires the change event', async () => {
    const reset = Math.floor(Date.now() / 1000) + 1800;
    service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(4321, 5000, reset), body: fakeUser('ada', 1, base) }));
    const client = clientFor(service);
    const seen: RateLimitState[] = [];
    client.onDidChangeRateLimit((s) => seen.push(s));
    await client.users.getAuthenticated();
    assert.deepEqual(seen, [{ limit: 5000, remaining: 4321, resetAt: new Date(reset * 1000) }]);
  });

  it('Limits/rate limit exceeded: a user action fails at once saying when it resets; a background refresh waits for the reset', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    let spent = true;
    service = await startFakeService((_req, base) =>
      spent
        ? { status: 403, headers: rateHeaders(0, 5000, reset), body: { message: 'API rate limit exceeded for 127.0.0.1.', documentation_url: `${base}/docs` } }
        : { status: 200, headers: rateHeaders(4999), body: fakeUser('ada', 1, base) },
    );
    const waits: number[] = [];
    const client = clientFor(service, {
      sleep: async (ms) => {
        waits.push(ms);
        spent = false;
      },
    });
    const err = await client.users.getAuthenticated().catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitedError);
    assert.equal(err.resetAt.getTime(), reset * 1000);
    assert.match(err.message, /API rate limit exceeded/);
    assert.ok(err.message.includes(new Date(reset * 1000).toISOString()), err.message);
    // Spent: the next user action fails without a request.
    const before = service.requests.length;
    await assert.rejects(client.users.getAuthenticated(), RateLimitedError);
    assert.equal(service.requests.length, before);
    // A background refresh sleeps until the reset, then succeeds.
    const { user } = await client.users.getAuthenticated({ priority: 'background' });
    assert.equal(user.login, 'ada');
    assert.equal(waits.length, 1);
    assert.ok(waits[0]! > 500_000 && waits[0]! <= 602_000, `waited ${waits[0]} ms`);
  });

  it('Statistics: a 202 is retried with backoff until 200, reporting progress', async () => {
    let calls = 0;
    service = await startFakeService(() =>
      ++calls < 3
        ? { status: 202, headers: rateHeaders(10), body: {} }
        : {
            status: 200,
            headers: rateHeaders(10),
            body: [
              [0, 9, 4],
              [3, 14, 1],
            ],
          },
    );
    const waits: number[] = [];
    const client = clientFor(service, { sleep: async (ms) => void waits.push(ms), statistics: { initialDelayMs: 100, maxDelayMs: 1000 } });
    const progress: number[] = [];
    const card = await client.stats.punchCard('ada', 'engine', { onProgress: (p) => progress.push(p.attempt) });
    assert.deepEqual(card, [
      [0, 9, 4],
      [3, 14, 1],
    ]);
    assert.deepEqual(progress, [1, 2]);
    assert.deepEqual(waits, [100, 200]);
  });

  it('Statistics: still 202 at the attempt limit is a StatisticsPendingError', async () => {
    service = await startFakeService(() => ({ status: 202, headers: rateHeaders(10), body: {} }));
    const client = clientFor(service, { sleep: async () => {}, statistics: { maxAttempts: 3 } });
    await assert.rejects(client.stats.participation('ada', 'engine'), StatisticsPendingError);
    assert.equal(service.requests.length, 3);
  });

  it('Protocol convention 7: a 307 repeats the method and body at the Location; the original URI is kept afterwards', async () => {
    service = await startFakeService((req, base) => {
      if (req.url.startsWith('/repos/ada/old/')) return { status: 307, headers: { location: `${base}${req.url.replace('/old/', '/new/')}` } };
      return { status: 201, headers: rateHeaders(50), body: { url: `${base}/l`, name: 'bug', color: 'ff0000' } };
    });
    const client = clientFor(service);
    await client.labels.create('ada', 'old', { name: 'bug', color: 'ff0000' });
    await client.labels.create('ada', 'old', { name: 'bug', color: 'ff0000' });
    const [first, second, third] = service.requests;
    assert.equal(second!.method, 'POST');
    assert.equal(second!.url, '/repos/ada/new/labels');
    assert.deepEqual(JSON.parse(second!.body), { name: 'bug', color: 'ff0000' });
    assert.equal(second!.headers.authorization, `token ${TOKEN}`);
    assert.equal(first!.url, '/repos/ada/old/labels');
    assert.equal(third!.url, '/repos/ada/old/labels', 'a temporary redirect is not remembered');
  });

  it('Protocol convention 7: a 301 is followed and its new location is used from then on (also below it)', async () => {
    service = await startFakeService((req, base) => {
      if (req.url.startsWith('/repos/ada/old')) return { status: 301, headers: { location: `${base}${req.url.replace('/old', '/new')}` } };
      return { status: 200, headers: rateHeaders(50), body: [] };
    });
    const client = clientFor(service);
    await collect(client.labels.listForRepo('ada', 'old'));
    await collect(client.labels.listForRepo('ada', 'old'));
    await collect(client.releases.list('ada', 'old'));
    assert.deepEqual(
      service.requests.map((r) => r.url.split('?')[0]),
      ['/repos/ada/old/labels', '/repos/ada/new/labels', '/repos/ada/new/labels', '/repos/ada/new/releases'],
    );
  });

  it("Protocol convention 7: a 301 to /repositories/:id (a renamed repository) moves the repository's other addresses there too", async () => {
    service = await startFakeService((req, base) => {
      if (req.url.startsWith('/repos/ada/old'))
        return { status: 301, headers: { location: `${base}${req.url.replace('/repos/ada/old', '/repositories/42')}` } };
      return { status: 200, headers: rateHeaders(50), body: [] };
    });
    const client = clientFor(service);
    await collect(client.labels.listForRepo('ada', 'old'));
    await collect(client.releases.list('ada', 'old'));
    await collect(client.labels.listForRepo('ada', 'other'));
    assert.deepEqual(
      service.requests.map((r) => r.url.split('?')[0]),
      ['/repos/ada/old/labels', '/repositories/42/labels', '/repositories/42/releases', '/repos/ada/other/labels'],
    );
  });

  it('docs/service-api/hosting/pulls §6: the diff media type returns the unified diff as text, cached apart from the JSON', async () => {
    const diff = 'diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\n';
    service = await startFakeService((req) => {
      const isDiff = req.headers.accept === 'application/vnd.service.v3.diff';
      const etag = isDiff ? '"diff"' : '"json"';
      if (req.headers['if-none-match'] === etag) return { status: 304, headers: rateHeaders(10) };
      return isDiff
        ? { status: 200, headers: { ...rateHeaders(10), etag, 'content-type': 'application/vnd.service.v3.diff' }, body: diff }
        : { status: 500, headers: { etag }, body: { message: 'only the diff here' } };
    });
    const client = clientFor(service);
    assert.equal(await client.pulls.getDiff('ada', 'engine', 1), diff);
    assert.equal(await client.pulls.getDiff('ada', 'engine', 1), diff);
    assert.equal(service.requests[1]!.headers['if-none-match'], '"diff"');
  });

  it('Versioning: the vendor word is a setting; User-Agent is RepoDesk/<version>; the enterprise /api/v3 prefix is kept', async () => {
    service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(10), body: fakeUser('ada', 1, base) }));
    const client = new HostingClient({
      apiUrl: `${service.url}/api/v3/`,
      mediaTypeVendor: 'acme',
      userAgentVersion: '0.9.0',
      credentials: { type: 'token', token: TOKEN },
    });
    await client.users.getAuthenticated();
    const req = service.requests[0]!;
    assert.equal(req.url, '/api/v3/user');
    assert.equal(req.headers.accept, 'application/vnd.acme.v3+json');
    assert.equal(req.headers['user-agent'], 'RepoDesk/0.9.0');
    assert.equal(req.headers.authorization, `token ${TOKEN}`);
    assert.equal(client.addresses.webUrl, service.url);
  });
});
