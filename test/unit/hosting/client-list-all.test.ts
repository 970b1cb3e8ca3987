// Every item of a list at once (HostingCore.listAll): once the first page's
// Link names the last page by number, the pages between are read together,
// so a pull request's 300 review comments cost one round trip after the
// first page rather than two. The same requests as page after page, and the
// items in the service's order.
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { HostingClient, NotFoundError } from '../../../src/hosting';
import { numberedPages } from '../../../src/hosting/transport';
import { fakeUser, rateHeaders, startFakeService, type FakeService } from '../../support/fakeService';

const item = z.object({ n: z.number() });

describe('v3 client: a whole list at once (Link rel="last" with page numbers)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  /**
   * GET /things?per_page=2&page=N of `total` items, 2 a page, with next and
   * last links as the service writes them. Pages after the first wait until
   * `release` lets them go, so that the test sees which were asked together.
   */
  async function pagedService(total: number, opts: { links?: (page: number, last: number, base: string) => string | undefined; failPage?: number } = {}) {
    const waiting: (() => void)[] = [];
    /** Called when a held page arrives (release waits on it). */
    let arrived = () => {};
    const s = (service = await startFakeService(async (req, base) => {
      const url = new URL(req.url, base);
      const page = Number(url.searchParams.get('page') ?? '1');
      const last = Math.max(1, Math.ceil(total / 2));
      if (page > 1)
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          arrived();
        });
      if (page === opts.failPage) return { status: 404, headers: rateHeaders(10), body: { message: 'Not Found' } };
      const link = opts.links
        ? opts.links(page, last, base)
        : page < last
          ? `<${base}/things?per_page=2&page=${page + 1}>; rel="next", <${base}/things?per_page=2&page=${last}>; rel="last"`
          : undefined;
      const body = Array.from({ length: Math.min(2, total - (page - 1) * 2) }, (_, i) => ({ n: (page - 1) * 2 + i + 1 }));
      return { status: 200, headers: { ...rateHeaders(10), ...(link ? { link } : {}) }, body };
    }));
    // The requests under way, counted where the client sends them (from the
    // call to its answer), so that how fast requests and answers travel does
    // not change the count.
    let underWay = 0;
    let mostAtOnce = 0;
    const counted: typeof fetch = async (...args) => {
      mostAtOnce = Math.max(mostAtOnce, ++underWay);
      try {
        return await fetch(...args);
      } finally {
        underWay--;
      }
    };
    const client = new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token: 't' }, fetch: counted });
    /**
     * Lets the held pages answer, `together` at a time (each batch once that
     * many are held: the client's own pace, no timer), until the list is read.
     */
    const release = async (done: Promise<unknown>, together = 1) => {
      let finished = false;
      void done
        .finally(() => {
          finished = true;
          arrived();
        })
        .catch(() => undefined);
      while (!finished) {
        if (waiting.length >= together) waiting.splice(0).forEach((go) => go());
        else await new Promise<void>((resolve) => (arrived = resolve));
      }
    };
    return { s, client, release, mostAtOnce: () => mostAtOnce };
  }

  it('three pages: the first, then pages 2 and 3 together; every item in order', async () => {
    const { s, client, release, mostAtOnce } = await pagedService(6);
    const all = client.core.listAll('GET /things', { per_page: 2 }, item);
    // Held until both are asked for: a client reading page after page never answers.
    await release(all, 2);
    assert.deepEqual(
      (await all).map((i) => i.n),
      [1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(
      s.requests.map((r) => new URL(r.url, s.url).searchParams.get('page')),
      [null, '2', '3'],
    );
    assert.equal(mostAtOnce(), 2, 'pages 2 and 3 were under way at the same time');
  });

  it('the first page of several is handed over before the pages after it are read (a view draws it meanwhile)', async () => {
    const { s, client, release } = await pagedService(6);
    const firstPages: number[][] = [];
    let requestsThen = -1;
    const all = client.core.listAll('GET /things', { per_page: 2 }, item, {
      onFirstPage: (items) => {
        firstPages.push(items.map((i) => i.n));
        requestsThen = s.requests.length;
        items.push({ n: 99 });
      },
    });
    await release(all);
    assert.deepEqual(firstPages, [[1, 2]]);
    assert.equal(requestsThen, 1, 'handed over once the first page was there, before page 2 was asked for');
    assert.deepEqual(
      (await all).map((i) => i.n),
      [1, 2, 3, 4, 5, 6],
      'what the caller does with the first page does not change the list',
    );
  });

  it('the first page of a list read by its next links (no page numbers) is handed over too; a list of one page is not', async () => {
    const cursor = (page: number, last: number, base: string) =>
      page < last ? `<${base}/things?per_page=2&page=${page + 1}&cursor=c${page}>; rel="next"` : undefined;
    const { client, release } = await pagedService(4, { links: cursor });
    const firstPages: number[][] = [];
    const all = client.core.listAll('GET /things', { per_page: 2 }, item, { onFirstPage: (items) => firstPages.push(items.map((i) => i.n)) });
    await release(all);
    assert.deepEqual(firstPages, [[1, 2]]);
    await service?.close();
    const single = await pagedService(2);
    let called = false;
    await single.client.core.listAll('GET /things', { per_page: 2 }, item, { onFirstPage: () => (called = true) });
    assert.equal(called, false, 'the only page is the whole list');
  });

  it("ten pages: at most three under way at once, the items still in the service's order", async () => {
    const { s, client, release, mostAtOnce } = await pagedService(20);
    const all = client.core.listAll('GET /things', { per_page: 2 }, item);
    // Pages 2–10 three by three: a fourth asked for meanwhile shows in mostAtOnce.
    await release(all, 3);
    assert.deepEqual(
      (await all).map((i) => i.n),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    assert.equal(s.requests.length, 10);
    assert.equal(mostAtOnce(), 3);
  });

  it('one page (no Link): one request', async () => {
    const { s, client } = await pagedService(2);
    assert.deepEqual(
      (await client.core.listAll('GET /things', { per_page: 2 }, item)).map((i) => i.n),
      [1, 2],
    );
    assert.equal(s.requests.length, 1);
  });

  it('links without page numbers (a cursor): followed one after the other, as written', async () => {
    // The last page links back to the first only: no next, the list ends there.
    const cursor = (page: number, last: number, base: string) =>
      page < last ? `<${base}/things?per_page=2&page=${page + 1}&cursor=c${page}>; rel="next"` : `<${base}/things?per_page=2>; rel="first"`;
    const { s, client, release, mostAtOnce } = await pagedService(6, { links: cursor });
    const all = client.core.listAll('GET /things', { per_page: 2 }, item);
    await release(all);
    assert.deepEqual(
      (await all).map((i) => i.n),
      [1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(
      s.requests.map((r) => new URL(r.url, s.url).searchParams.get('cursor')),
      [null, 'c1', 'c2'],
    );
    assert.equal(mostAtOnce(), 1);
  });

  it("a page that fails fails the list with the service's error", async () => {
    const { client, release } = await pagedService(6, { failPage: 3 });
    const all = client.core.listAll('GET /things', { per_page: 2 }, item);
    await release(all);
    await assert.rejects(all, (err: unknown) => err instanceof NotFoundError && err.message === 'Not Found');
  });

  it("a pull request's review comments (GET /repos/:owner/:repo/pulls/:number/comments) through listAllForPull: per_page=100 and the pages together", async () => {
    const comment = (id: number, base: string) => ({
      id,
      url: `${base}/c/${id}`,
      html_url: `${base}/h/${id}`,
      pull_request_url: `${base}/p/5`,
      body: `c${id}`,
      path: 'a.txt',
      position: 1,
      original_position: 1,
      commit_id: 'a'.repeat(40),
      original_commit_id: 'a'.repeat(40),
      diff_hunk: '@@ -1 +1 @@',
      user: fakeUser('ada', 1, base),
      created_at: '2026-11-24T00:00:00Z',
      updated_at: '2026-11-24T00:00:00Z',
      _links: { self: { href: `${base}/c/${id}` }, html: { href: `${base}/h/${id}` }, pull_request: { href: `${base}/p/5` } },
    });
    const s = (service = await startFakeService((req, base) => {
      const page = Number(new URL(req.url, base).searchParams.get('page') ?? '1');
      const link =
        page === 1
          ? `<${base}/repos/o/r/pulls/5/comments?per_page=100&page=2>; rel="next", <${base}/repos/o/r/pulls/5/comments?per_page=100&page=3>; rel="last"`
          : undefined;
      return { status: 200, headers: { ...rateHeaders(10), ...(link ? { link } : {}) }, body: [comment(page, base)] };
    }));
    const client = new HostingClient({ apiUrl: s.url, userAgentVersion: '1', credentials: { type: 'token', token: 't' } });
    const firstPages: number[][] = [];
    const comments = await client.reviewComments.listAllForPull('o', 'r', 5, {
      bodyFormat: 'html',
      onFirstPage: (page) => firstPages.push(page.map((c) => c.id)),
    });
    assert.deepEqual(
      comments.map((c) => c.id),
      [1, 2, 3],
    );
    assert.match(s.requests[0]!.url, /^\/repos\/o\/r\/pulls\/5\/comments\?per_page=100$/);
    assert.deepEqual(firstPages, [[1]], 'the first page handed over');
    assert.ok(
      s.requests.every((r) => /html\+json/.test(String(r.headers.accept))),
      'the body format asked for on every page',
    );
  });
});

describe('numberedPages: the pages between next and last', () => {
  const base = 'https://h/api/v3/x';
  it('next page 2 and last page 4: pages 2, 3 and 4, the other parameters kept', () => {
    assert.deepEqual(numberedPages('<https://h/x?per_page=100&page=2>; rel="next", <https://h/x?per_page=100&page=4>; rel="last"', base), [
      'https://h/x?per_page=100&page=2',
      'https://h/x?per_page=100&page=3',
      'https://h/x?per_page=100&page=4',
    ]);
  });
  it('page numbers start at 1: next page 1 (a list asked from page 0) and last page 2', () => {
    assert.deepEqual(numberedPages('<https://h/x?page=1>; rel="next", <https://h/x?page=2>; rel="last"', base), ['https://h/x?page=1', 'https://h/x?page=2']);
  });
  it('next is last: that page alone', () => {
    assert.deepEqual(numberedPages('<https://h/x?page=3>; rel="next", <https://h/x?page=3>; rel="last"', base), ['https://h/x?page=3']);
  });
  it('undefined without a Link, a next or a last, or when they differ otherwise', () => {
    assert.equal(numberedPages(undefined, base), undefined);
    assert.equal(numberedPages('<https://h/x?page=2>; rel="next"', base), undefined, 'no last');
    assert.equal(numberedPages('<https://h/x?page=4>; rel="last"', base), undefined, 'no next');
    assert.equal(numberedPages('<https://h/x?page=2&a=1>; rel="next", <https://h/x?page=4&a=2>; rel="last"', base), undefined, 'another parameter differs');
    assert.equal(numberedPages('<https://h/y?page=2>; rel="next", <https://h/x?page=4>; rel="last"', base), undefined, 'another path');
  });
  it('undefined for pages that are not numbers in order, or too many to trust', () => {
    assert.equal(numberedPages('<https://h/x?cursor=a>; rel="next", <https://h/x?cursor=b>; rel="last"', base), undefined, 'no page number');
    assert.equal(numberedPages('<https://h/x?page=0>; rel="next", <https://h/x?page=3>; rel="last"', base), undefined, 'page 0');
    assert.equal(numberedPages('<https://h/x?page=5>; rel="next", <https://h/x?page=3>; rel="last"', base), undefined, 'last before next');
    assert.equal(numberedPages('<https://h/x?page=2.5>; rel="next", <https://h/x?page=3>; rel="last"', base), undefined, 'not a whole number');
    assert.equal(numberedPages('<https://h/x?page=2>; rel="next", <https://h/x?page=1001>; rel="last"', base)?.length, 1000, '1,000 pages are read');
    assert.equal(numberedPages('<https://h/x?page=2>; rel="next", <https://h/x?page=1002>; rel="last"', base), undefined, '1,001 are not trusted');
  });
  it('relative links resolve against the request', () => {
    assert.deepEqual(numberedPages('</api/v3/x?page=2>; rel="next", </api/v3/x?page=3>; rel="last"', base), [
      'https://h/api/v3/x?page=2',
      'https://h/api/v3/x?page=3',
    ]);
  });
});
