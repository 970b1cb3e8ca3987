// A 304 freshens the stored answer's header fields (RFC 9111, 4.3.4): the
// client reads the 304's own Link (and rate limit), not the stored one. A
// list whose first page is unchanged but which has grown a page answers its
// first page 304 with a Link that names the new last page; with the stored
// Link, the items on the new page were never read.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import * as z from 'zod/mini';
import { HostingClient } from '../../../src/hosting';
import { rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

const item = z.object({ n: z.number() });

describe('v3 client: a 304 freshens the stored answer’s headers', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  /** GET /things?per_page=2&page=N of `state.total` items with ETags; the Link of a 304 only when `state.linkOn304`. */
  async function things(state: { total: number; linkOn304: boolean }) {
    const s = (service = await startFakeService((req, base) => {
      const page = Number(new URL(req.url, base).searchParams.get('page') ?? '1');
      const last = Math.max(1, Math.ceil(state.total / 2));
      const body = Array.from({ length: Math.max(0, Math.min(2, state.total - (page - 1) * 2)) }, (_, i) => ({ n: (page - 1) * 2 + i + 1 }));
      const etag = `"${crypto.createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
      const link = page < last ? `<${base}/things?per_page=2&page=${page + 1}>; rel="next", <${base}/things?per_page=2&page=${last}>; rel="last"` : undefined;
      if (req.headers['if-none-match'] === etag) return { status: 304, headers: { ...rateHeaders(7), etag, ...(link && state.linkOn304 ? { link } : {}) } };
      return { status: 200, headers: { ...rateHeaders(8), etag, ...(link ? { link } : {}) }, body };
    }));
    return { s, client: new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token: 't' } }) };
  }

  it('a list that grew a page: its first page 304 with a new Link, and the new page is read', async () => {
    const state = { total: 4, linkOn304: true };
    const { s, client } = await things(state);
    assert.deepEqual(
      (await client.core.listAll('GET /things', { per_page: 2 }, item)).map((t) => t.n),
      [1, 2, 3, 4],
    );
    state.total = 5;
    assert.deepEqual(
      (await client.core.listAll('GET /things', { per_page: 2 }, item)).map((t) => t.n),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(
      s.requests
        .slice(2)
        .map((r) => new URL(r.url, s.url).searchParams.get('page') ?? '1')
        .sort(),
      ['1', '2', '3'],
      'page 3 was asked for',
    );
    // The stored first page keeps the fresher Link: a later 304 without one still reads page 3.
    state.linkOn304 = false;
    const before = s.requests.length;
    assert.deepEqual(
      (await client.core.listAll('GET /things', { per_page: 2 }, item)).map((t) => t.n),
      [1, 2, 3, 4, 5],
    );
    const firstPage = s.requests.slice(before).find((r) => !new URL(r.url, s.url).searchParams.has('page'));
    assert.ok(firstPage?.headers['if-none-match'], 'the first page was revalidated with its stored ETag');
  });

  it('a 304 without a Link keeps the stored one; the rate limit is the 304’s', async () => {
    const state = { total: 4, linkOn304: false };
    const { client } = await things(state);
    await client.core.listAll('GET /things', { per_page: 2 }, item);
    const again = await client.core.call('GET /things', { per_page: 2 }, z.array(item));
    assert.equal(again.fromCache, true);
    assert.match(again.headers.link ?? '', /page=2>; rel="last"/);
    assert.equal(again.headers['x-ratelimit-remaining'], '7');
    assert.equal(client.rateLimit?.remaining, 7);
  });
});
