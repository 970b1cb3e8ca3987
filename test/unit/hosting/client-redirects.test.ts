// Redirects and moved repositories (docs/service-api/hosting/conventions §8):
// the credentials never follow a redirect to another origin, and a permanent
// move is remembered for the moved resource and what lies below it — never for
// the owner or the service around it.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { HostingClient, RedirectError, collect } from '../../../src/hosting';
import { fakeRepoSummary, fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

const TOKEN = 'tok_redirect_0123456789';

describe('v3 client redirects and moves (fake server)', () => {
  const services: FakeService[] = [];
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
  });

  async function serve(...args: Parameters<typeof startFakeService>): Promise<FakeService> {
    const s = await startFakeService(...args);
    services.push(s);
    return s;
  }

  function clientFor(service: FakeService): HostingClient {
    return new HostingClient({ apiUrl: service.url, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
  }

  const paths = (service: FakeService) => service.requests.map((r) => r.url);

  it('Protocol convention 7: a redirect to another origin is followed without the Authorization header', async () => {
    const other = await serve((_req, base) => ({ status: 200, headers: rateHeaders(10), body: fakeUser('ada', 1, base) }));
    const api = await serve((req) => ({ status: 302, headers: { location: `${other.url}${req.url}` } }));
    const { user } = await clientFor(api).users.getAuthenticated();
    assert.equal(user.login, 'ada');
    assert.equal(api.requests[0]!.headers.authorization, `token ${TOKEN}`);
    assert.deepEqual(paths(other), ['/user']);
    assert.equal(other.requests[0]!.headers.authorization, undefined, 'the token must not reach another origin');
  });

  it('Protocol convention 7: a redirect within the origin keeps the Authorization header', async () => {
    const api = await serve((req, base) => {
      if (req.url === '/user') return { status: 307, headers: { location: `${base}/users/ada` } };
      return { status: 200, headers: rateHeaders(10), body: fakeUser('ada', 1, base) };
    });
    await clientFor(api).users.getAuthenticated();
    assert.deepEqual(paths(api), ['/user', '/users/ada']);
    assert.equal(api.requests[1]!.headers.authorization, `token ${TOKEN}`);
  });

  it('Protocol convention 7: a redirect without a Location is a RedirectError naming the status', async () => {
    const api = await serve(() => ({ status: 302, headers: {} }));
    const err = await clientFor(api)
      .users.getAuthenticated()
      .catch((e: unknown) => e);
    assert.ok(err instanceof RedirectError, String(err));
    assert.equal(err.message, 'The service answered 302 without a Location.');
    assert.equal(err.status, 302);
  });

  it('Protocol convention 7: a redirect loop stops after 5 redirects with a RedirectError', async () => {
    const api = await serve((req, base) => ({ status: 302, headers: { location: `${base}/loop/${api.requests.length}` } }));
    const err = await clientFor(api)
      .users.getAuthenticated()
      .catch((e: unknown) => e);
    assert.ok(err instanceof RedirectError, String(err));
    assert.equal(err.message, 'More than 5 redirects.');
    assert.equal(api.requests.length, 6, 'the first request and five redirects');
  });

  it('Protocol convention 7: a 308 is remembered like a 301; 302, 303 and 307 are not', async () => {
    for (const status of [301, 308, 302, 303, 307]) {
      const api = await serve((req, base) => {
        if (req.url.startsWith('/repos/ada/old/')) return { status, headers: { location: `${base}${req.url.replace('/old/', '/new/')}` } };
        return { status: 200, headers: rateHeaders(50), body: [] };
      });
      const client = clientFor(api);
      await collect(client.labels.listForRepo('ada', 'old'));
      await collect(client.labels.listForRepo('ada', 'old'));
      const second = api.requests[2]!.url.split('?')[0];
      assert.equal(second, status === 301 || status === 308 ? '/repos/ada/new/labels' : '/repos/ada/old/labels', `after a ${status}`);
    }
  });

  it("a transferred repository (301 to another owner) moves that repository only, never the owner's other repositories", async () => {
    const api = await serve((req, base) => {
      if (req.url.startsWith('/repos/ada/engine/')) return { status: 301, headers: { location: `${base}${req.url.replace('/repos/ada/', '/repos/bob/')}` } };
      return { status: 200, headers: rateHeaders(50), body: [] };
    });
    const client = clientFor(api);
    await collect(client.labels.listForRepo('ada', 'engine'));
    await collect(client.releases.list('ada', 'engine'));
    await collect(client.labels.listForRepo('ada', 'notes'));
    assert.deepEqual(paths(api), [
      '/repos/ada/engine/labels?per_page=100',
      '/repos/bob/engine/labels?per_page=100',
      '/repos/bob/engine/releases?per_page=100',
      '/repos/ada/notes/labels?per_page=100',
    ]);
  });

  it('under the enterprise /api/v3 prefix too, a transfer moves that repository only, never the owner', async () => {
    const api = await serve((req, base) => {
      if (req.url.startsWith('/api/v3/repos/ada/engine/'))
        return { status: 301, headers: { location: `${base}${req.url.replace('/repos/ada/', '/repos/bob/')}` } };
      return { status: 200, headers: rateHeaders(50), body: [] };
    });
    const client = new HostingClient({ apiUrl: `${api.url}/api/v3`, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
    await collect(client.labels.listForRepo('ada', 'engine'));
    await collect(client.releases.list('ada', 'engine'));
    await collect(client.labels.listForRepo('ada', 'notes'));
    assert.deepEqual(paths(api), [
      '/api/v3/repos/ada/engine/labels?per_page=100',
      '/api/v3/repos/bob/engine/labels?per_page=100',
      '/api/v3/repos/bob/engine/releases?per_page=100',
      '/api/v3/repos/ada/notes/labels?per_page=100',
    ]);
  });

  it('a permanent move of one resource to another host moves that resource only', async () => {
    const mirror = await serve(() => ({ status: 200, headers: rateHeaders(50), body: [] }));
    const api = await serve((req) => {
      if (req.url.startsWith('/repos/ada/old/labels')) return { status: 301, headers: { location: `${mirror.url}/labels` } };
      return { status: 200, headers: rateHeaders(50), body: [] };
    });
    const client = clientFor(api);
    await collect(client.labels.listForRepo('ada', 'old'));
    await collect(client.releases.list('ada', 'old'));
    assert.deepEqual(paths(mirror), ['/labels']);
    assert.deepEqual(paths(api), ['/repos/ada/old/labels?per_page=100', '/repos/ada/old/releases?per_page=100']);
  });

  it('a resource moved within its repository (Downloads to Releases) is remembered for that resource, not the repository', async () => {
    const api = await serve((req) => {
      if (req.url.startsWith('/repos/ada/engine/downloads')) return { status: 301, headers: { location: req.url.replace('/downloads', '/releases') } };
      return { status: 200, headers: rateHeaders(50), body: [] };
    });
    const client = clientFor(api);
    const list = (path: string) => client.core.call(`GET /repos/{owner}/{repo}/${path}`, { owner: 'ada', repo: 'engine' }, z.array(z.unknown()));
    await list('downloads');
    await list('downloads');
    await list('labels');
    assert.deepEqual(paths(api), ['/repos/ada/engine/downloads', '/repos/ada/engine/releases', '/repos/ada/engine/releases', '/repos/ada/engine/labels']);
  });

  it('a remembered move rewrites the moved address itself and those below it, keeps the query, and leaves a longer name alone', async () => {
    const api = await serve((req, base) => {
      if (req.url.startsWith('/repos/ada/old/'))
        return { status: 301, headers: { location: `${base}${req.url.replace('/repos/ada/old/', '/repos/ada/new/')}` } };
      if (req.url.startsWith('/repos/ada/new/labels') || req.url.startsWith('/repos/ada/old-two/')) return { status: 200, headers: rateHeaders(50), body: [] };
      return { status: 200, headers: rateHeaders(50), body: repoBody(base, 'new') };
    });
    const client = clientFor(api);
    await collect(client.labels.listForRepo('ada', 'old'));
    const repo = await client.repos.get('ada', 'old');
    await collect(client.labels.listForRepo('ada', 'old-two'));
    assert.equal(repo.name, 'new');
    assert.deepEqual(paths(api), [
      '/repos/ada/old/labels?per_page=100',
      '/repos/ada/new/labels?per_page=100',
      '/repos/ada/new',
      '/repos/ada/old-two/labels?per_page=100',
    ]);
  });
});

function repoBody(base: string, name: string) {
  return { ...fakeRepoSummary(9, base, 'ada', name), subscribers_count: 0 };
}
