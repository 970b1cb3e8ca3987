// The avatar loader of the tree views (src/util/avatars.ts) against a local
// HTTP server: what it caches, how long it waits, what it refuses, and that
// no credentials ever leave with the request.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AvatarCache, fetchAvatar } from '../../src/util/avatars';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>';

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
}

describe('avatars (the Pull Requests view’s author icons)', () => {
  let server: http.Server;
  let base: string;
  const seen: Seen[] = [];
  const hits = (path: string) => seen.filter((s) => s.path === path).length;

  before(async () => {
    server = http.createServer((req, res) => {
      const path = req.url ?? '/';
      seen.push({ path, headers: req.headers });
      if (path.startsWith('/svg')) {
        res.writeHead(200, { 'Content-Type': 'image/svg+xml; charset=utf-8' }).end(SVG);
      } else if (path === '/png') {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
      } else if (path === '/html') {
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>sign in</body></html>');
      } else if (path === '/big') {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(4096, 1));
      } else if (path === '/slow') {
        const t = setTimeout(() => res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(SVG), 2000);
        res.on('close', () => clearTimeout(t));
      } else if (path === '/redirect') {
        res.writeHead(302, { Location: '/svg-redirected' }).end();
      } else {
        res.writeHead(404, { 'Content-Type': 'image/svg+xml' }).end(SVG);
      }
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('gives an SVG as a data:image/svg+xml;base64 URI of the exact bytes, and a PNG with its own type', async () => {
    const svg = await fetchAvatar(`${base}/svg?v=3`);
    assert.equal(svg.contentType, 'image/svg+xml');
    assert.ok(svg.dataUri.startsWith('data:image/svg+xml;base64,'), svg.dataUri);
    assert.equal(Buffer.from(svg.dataUri.split(',')[1]!, 'base64').toString('utf8'), SVG);
    const png = await fetchAvatar(`${base}/png`);
    assert.equal(png.dataUri, `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).toString('base64')}`);
  });

  it('caches per URL: a second load, and concurrent loads, make one request', async () => {
    const cache = new AvatarCache();
    assert.equal(cache.get(`${base}/svg-a`), undefined);
    const [a, b] = await Promise.all([cache.load(`${base}/svg-a`), cache.load(`${base}/svg-a`)]);
    assert.ok(a);
    assert.equal(a, b);
    assert.equal(await cache.load(`${base}/svg-a`), a);
    assert.equal(cache.get(`${base}/svg-a`), a);
    await cache.loadAll([`${base}/svg-a`, `${base}/svg-b`, `${base}/svg-b`, `${base}/html`]);
    assert.equal(hits('/svg-a'), 1);
    assert.equal(hits('/svg-b'), 1);
    assert.ok(cache.get(`${base}/svg-b`));
    assert.equal(cache.get(`${base}/html`), undefined);
  });

  it('keeps at most maxEntries avatars, the least recently used going first', async () => {
    const cache = new AvatarCache({ maxEntries: 2 });
    await cache.load(`${base}/svg-1`);
    await cache.load(`${base}/svg-2`);
    await cache.load(`${base}/svg-3`);
    assert.equal(cache.get(`${base}/svg-1`), undefined);
    assert.ok(cache.get(`${base}/svg-3`));
    await cache.load(`${base}/svg-1`);
    assert.equal(hits('/svg-1'), 2);
  });

  it('times out a slow server, and does not ask a failed URL again until retryAfterMs has passed', async () => {
    let now = 1_000_000;
    const cache = new AvatarCache({ timeoutMs: 200, retryAfterMs: 60_000, now: () => now });
    // /slow answers after 2,000 ms, before the 3,000 ms default: the load gives up only if the 200 ms asked for is the
    // timeout used. No clock is read: the two timers fire in the order of their delays however loaded the machine is.
    assert.equal(await cache.load(`${base}/slow`), undefined);
    await assert.rejects(fetchAvatar(`${base}/slow`, { timeoutMs: 200 }), /timed out/);
    assert.equal(hits('/slow'), 2);
    assert.equal(await cache.load(`${base}/slow`), undefined);
    assert.equal(hits('/slow'), 2, 'asked again within retryAfterMs');
    now += 60_001;
    assert.equal(await cache.load(`${base}/slow`), undefined);
    assert.equal(hits('/slow'), 3);
  });

  it('refuses non-image content types, error statuses and images over maxBytes', async () => {
    await assert.rejects(fetchAvatar(`${base}/html`), /not an image: text\/html/);
    await assert.rejects(fetchAvatar(`${base}/missing`), /HTTP 404/);
    await assert.rejects(fetchAvatar(`${base}/big`, { maxBytes: 1024 }), /larger than 1024 bytes/);
    const big = await fetchAvatar(`${base}/big`, { maxBytes: 8192 });
    assert.equal(Buffer.from(big.dataUri.split(',')[1]!, 'base64').length, 4096);
    // A redirect is followed to the image.
    assert.ok((await fetchAvatar(`${base}/redirect`)).dataUri.startsWith('data:image/svg+xml;base64,'));
  });

  it('never sends credentials: no Authorization or Cookie header, and URLs with user:password or other schemes are not fetched', async () => {
    await fetchAvatar(`${base}/svg-c`);
    assert.equal(seen.length, 1);
    const headers = seen[0]!.headers;
    for (const h of ['authorization', 'proxy-authorization', 'cookie']) assert.equal(headers[h], undefined, h);
    assert.equal(headers.accept, 'image/*');

    const withCredentials = `http://ada:secret-token@${base.slice('http://'.length)}/svg-d`;
    await assert.rejects(fetchAvatar(withCredentials), /credentials/);
    await assert.rejects(fetchAvatar('file:///etc/passwd'), /not an http\(s\) URL/);
    const cache = new AvatarCache();
    assert.equal(await cache.load(withCredentials), undefined);
    assert.equal(seen.length, 1, 'a refused URL was requested');
  });
});
