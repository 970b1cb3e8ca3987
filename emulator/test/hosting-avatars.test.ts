// docs/service-api/hosting/users §1: avatar_url is the URL of an image. The
// image behind it is the emulator's choice (a generated SVG, docs/EMULATOR.md);
// what a client checks is that the URL answers with an image, cacheably.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from './support/emulator';
import { call, rawRequest } from './helpers/hosting';

describe('v3 avatars: the image at a user summary’s avatar_url', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  after(() => emu.dispose());

  it('avatar_url of GET /users/:user answers 200 image/svg+xml with an SVG, an ETag and Cache-Control max-age', async () => {
    const ada = (await call(emu, 'GET', '/users/ada')).json as { id: number; avatar_url: string };
    assert.ok(ada.avatar_url.startsWith(`${emu.url}/avatars/u/${ada.id}`), ada.avatar_url);
    // No User-Agent, no credentials: a browser's <img> request.
    const res = await fetch(ada.avatar_url);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml\b/);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    assert.match(res.headers.get('etag') ?? '', /^"[^"]+"$/);
    const body = await res.text();
    assert.match(body, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(body, />A<\/text><\/svg>$/, 'the first letter of the login');
  });

  it('an organization has an avatar too, and accounts get different colors', async () => {
    const org = (await call(emu, 'GET', '/orgs/analytical-engines')).json as { avatar_url: string };
    const ada = (await call(emu, 'GET', '/users/ada')).json as { avatar_url: string };
    const orgSvg = await (await fetch(org.avatar_url)).text();
    const adaSvg = await (await fetch(ada.avatar_url)).text();
    assert.match(orgSvg, />A<\/text><\/svg>$/);
    const fill = (svg: string) => /<rect [^>]*fill="([^"]+)"/.exec(svg)?.[1];
    assert.ok(fill(orgSvg), orgSvg);
    assert.notEqual(fill(orgSvg), fill(adaSvg));
  });

  it('If-None-Match with the ETag answers 304 without a body; ?s= sets the size', async () => {
    const ada = (await call(emu, 'GET', '/users/ada')).json as { avatar_url: string };
    const first = await fetch(ada.avatar_url);
    const etag = first.headers.get('etag')!;
    const again = await fetch(ada.avatar_url, { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    const stale = await fetch(ada.avatar_url, { headers: { 'If-None-Match': '"not-it"' } });
    assert.equal(stale.status, 200);

    const url = new URL(ada.avatar_url);
    url.searchParams.set('s', '40');
    const small = await fetch(url);
    assert.equal(small.status, 200);
    assert.match(await small.text(), /^<svg [^>]*width="40" height="40"/);
    assert.notEqual(small.headers.get('etag'), etag);
  });

  it('an unknown or malformed id is 404, and the enterprise API prefix does not serve avatars', async () => {
    const max = emu.db.prepare('SELECT MAX(id) FROM users').pluck().get() as number;
    assert.equal((await rawRequest(emu, 'GET', `/avatars/u/${max + 1000}`)).status, 404);
    assert.equal((await rawRequest(emu, 'GET', '/avatars/u/ada')).status, 404);
    assert.equal((await call(emu, 'GET', `/api/v3/avatars/u/${max}`)).status, 404);
  });
});
