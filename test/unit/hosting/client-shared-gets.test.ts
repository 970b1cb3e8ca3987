// Identical GETs at the same time share one request (src/hosting/transport.ts):
// several views read a selected pull request's review comments at once, and
// each would otherwise cost a round trip and, uncached, rate limit.
import assert from 'node:assert/strict';
import { HostingClient, NotFoundError } from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

describe('v3 client: identical GETs under way share one request', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  /** Answers GET /users/:login after a short wait (so that calls overlap); POSTs create a label. */
  async function slowService(): Promise<FakeService> {
    return (service = await startFakeService(async (req, base) => {
      await new Promise((r) => setTimeout(r, 50));
      const login = req.url.split('/')[2]!.split('?')[0]!;
      if (req.method === 'POST')
        return { status: 201, headers: rateHeaders(10), body: { url: `${base}/label`, name: JSON.parse(req.body).name, color: 'ffffff' } };
      if (login === 'nobody') return { status: 404, headers: rateHeaders(10), body: { message: 'Not Found' } };
      return { status: 200, headers: { ...rateHeaders(10), etag: `"${login}"` }, body: fakeUser(login, login.length, base) };
    }));
  }

  const client = (s: FakeService, token = 'tok_a') => new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token } });

  it('three GETs of one user at once: one request, the same answer for each', async () => {
    const s = await slowService();
    const c = client(s);
    const [a, b, d] = await Promise.all([c.users.get('ada'), c.users.get('ada'), c.users.get('ada')]);
    assert.equal(s.requests.length, 1);
    assert.deepEqual([a.login, b.login, d.login], ['ada', 'ada', 'ada']);
  });

  it('one after the other: each asks (the second revalidates with the ETag)', async () => {
    const s = await slowService();
    const c = client(s);
    await c.users.get('ada');
    await c.users.get('ada');
    assert.equal(s.requests.length, 2);
    assert.equal(s.requests[1]!.headers['if-none-match'], '"ada"');
  });

  it('different URLs, or the same URL for another token, are not shared', async () => {
    const s = await slowService();
    await Promise.all([client(s).users.get('ada'), client(s).users.get('grace')]);
    assert.equal(s.requests.length, 2);
    // Two clients (two tokens) never share: each has its own requests.
    await Promise.all([client(s, 'tok_a').users.get('ada'), client(s, 'tok_b').users.get('ada')]);
    assert.equal(s.requests.length, 4);
  });

  it('a failure reaches every caller that shared the request', async () => {
    const s = await slowService();
    const c = client(s);
    const results = await Promise.allSettled([c.users.get('nobody'), c.users.get('nobody')]);
    assert.equal(s.requests.length, 1);
    for (const r of results) assert.ok(r.status === 'rejected' && r.reason instanceof NotFoundError);
    // Once it has failed, the next call asks again.
    await assert.rejects(c.users.get('nobody'), NotFoundError);
    assert.equal(s.requests.length, 2);
  });

  it('writes are never shared: two POSTs at once are two requests', async () => {
    const s = await slowService();
    const c = client(s);
    await Promise.all([c.labels.create('ada', 'engine', { name: 'a', color: 'ffffff' }), c.labels.create('ada', 'engine', { name: 'a', color: 'ffffff' })]);
    assert.equal(s.requests.filter((r) => r.method === 'POST').length, 2);
  });

  it('a GET after a write does not join a GET sent before it (its answer would not show the write)', async () => {
    // The first GET is answered only once the POST has been: it is under way throughout the write.
    let written: () => void = () => undefined;
    const write = new Promise<void>((resolve) => (written = resolve));
    let gets = 0;
    const s = (service = await startFakeService(async (req, base) => {
      if (req.method === 'POST') {
        setImmediate(written);
        return { status: 201, headers: rateHeaders(10), body: { url: `${base}/label`, name: 'a', color: 'ffffff' } };
      }
      gets++;
      if (gets === 1) await write;
      return { status: 200, headers: rateHeaders(10), body: fakeUser(gets === 1 ? 'ada' : 'ada-after', 1, base) };
    }));
    const c = client(s);
    const before = c.users.get('ada');
    await c.labels.create('ada', 'engine', { name: 'a', color: 'ffffff' });
    const after = await c.users.get('ada');
    assert.equal((await before).login, 'ada');
    assert.equal(after.login, 'ada-after');
    assert.deepEqual(
      s.requests.map((r) => r.method),
      ['GET', 'POST', 'GET'],
    );
  });
});
