// The emulator's pagination (docs/service-api/hosting/conventions §14: page and
// per_page, at most 100; the Link header with next, last, first and prev, which
// clients follow rather than build), checked in-process so that mutation
// testing sees it.
import assert from 'node:assert/strict';
import type { FastifyReply, FastifyRequest } from 'fastify';
import LinkHeader from 'http-link-header';
import { linkHeader, pageParams, paginate, paginateArray } from '../../src/hosting/conventions/pagination';

const BASE = 'http://127.0.0.1:7480';

/** A request as the server sees it: the URL after any /api/v3 prefix, and its parsed query. */
function request(url: string, apiPrefix = ''): FastifyRequest {
  const query = Object.fromEntries(new URL(url, BASE).searchParams);
  return { baseUrl: BASE, apiPrefix, url, query } as unknown as FastifyRequest;
}

function fakeReply(): { reply: FastifyReply; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { reply, headers };
}

/** rel -> URL of a Link header. */
function rels(link: string): Record<string, string> {
  return Object.fromEntries(LinkHeader.parse(link).refs.map((r) => [r.rel, r.uri]));
}

function linkFor(url: string, total: number, apiPrefix = ''): string {
  const req = request(url, apiPrefix);
  return linkHeader(req, pageParams(req), total);
}

describe('emulator v3 pagination (docs/service-api/hosting/conventions §14)', () => {
  it('page and per_page: 1 and 30 by default, per_page at most 100', () => {
    assert.deepEqual(pageParams(request('/user/repos')), { page: 1, perPage: 30, offset: 0 });
    assert.deepEqual(pageParams(request('/user/repos?page=3&per_page=20')), { page: 3, perPage: 20, offset: 40 });
    assert.deepEqual(pageParams(request('/user/repos?per_page=500')), { page: 1, perPage: 100, offset: 0 });
    assert.deepEqual(pageParams(request('/user/repos?per_page=100&page=2')), { page: 2, perPage: 100, offset: 100 });
    assert.deepEqual(pageParams(request('/user/repos?per_page=1&page=1')), { page: 1, perPage: 1, offset: 0 }, 'one item a page is allowed');
  });

  it('malformed values fall back to the defaults instead of failing', () => {
    for (const q of ['page=0&per_page=0', 'page=-2&per_page=-5', 'page=two&per_page=ten', 'page=1.5&per_page=2.5', 'page=&per_page=', 'page=2x&per_page=x3']) {
      assert.deepEqual(pageParams(request(`/user/repos?${q}`)), { page: 1, perPage: 30, offset: 0 }, q);
    }
    const req = { baseUrl: BASE, apiPrefix: '', url: '/user/repos', query: { page: ['2', '3'] } } as unknown as FastifyRequest;
    assert.deepEqual(pageParams(req), { page: 1, perPage: 30, offset: 0 }, 'a repeated parameter');
    assert.deepEqual(pageParams({ query: undefined } as unknown as FastifyRequest), { page: 1, perPage: 30, offset: 0 }, 'no query at all');
  });

  it('a page number beyond any list skips everything', () => {
    assert.equal(pageParams(request('/user/repos?page=99999999999999999999')).offset, Infinity);
    assert.equal(pageParams(request('/user/repos?page=300000000000000&per_page=100')).offset, Infinity);
  });

  it("Link on a middle page: next, last, first and prev, each the request's own URL with its page", () => {
    assert.deepEqual(rels(linkFor('/user/repos?page=3&per_page=10&type=owner', 45)), {
      next: `${BASE}/user/repos?page=4&per_page=10&type=owner`,
      last: `${BASE}/user/repos?page=5&per_page=10&type=owner`,
      first: `${BASE}/user/repos?page=1&per_page=10&type=owner`,
      prev: `${BASE}/user/repos?page=2&per_page=10&type=owner`,
    });
  });

  it('Link is written next, last, first, prev', () => {
    const link = linkFor('/user/repos?page=2&per_page=10', 30);
    assert.deepEqual(
      LinkHeader.parse(link).refs.map((r) => r.rel),
      ['next', 'last', 'first', 'prev'],
    );
    assert.equal(
      link,
      `<${BASE}/user/repos?page=3&per_page=10>; rel="next", <${BASE}/user/repos?page=3&per_page=10>; rel="last", <${BASE}/user/repos?page=1&per_page=10>; rel="first", <${BASE}/user/repos?page=1&per_page=10>; rel="prev"`,
    );
  });

  it('the first page has only next and last; the last page only first and prev', () => {
    assert.deepEqual(Object.keys(rels(linkFor('/user/repos?per_page=10', 25))), ['next', 'last']);
    assert.equal(rels(linkFor('/user/repos?per_page=10', 25)).last, `${BASE}/user/repos?per_page=10&page=3`);
    assert.deepEqual(rels(linkFor('/user/repos?page=3&per_page=10', 25)), {
      first: `${BASE}/user/repos?page=1&per_page=10`,
      prev: `${BASE}/user/repos?page=2&per_page=10`,
    });
  });

  it('a list that fits in one page (or is empty) has no Link', () => {
    assert.equal(linkFor('/user/repos', 30), '');
    assert.equal(linkFor('/user/repos', 0), '');
    assert.equal(linkFor('/user/repos?per_page=100', 100), '');
  });

  it('a page past the end points back: first, and prev at the last page', () => {
    assert.deepEqual(rels(linkFor('/user/repos?page=9&per_page=10', 25)), {
      first: `${BASE}/user/repos?page=1&per_page=10`,
      prev: `${BASE}/user/repos?page=3&per_page=10`,
    });
    assert.deepEqual(rels(linkFor('/user/repos?page=4', 0)), { first: `${BASE}/user/repos?page=1`, prev: `${BASE}/user/repos?page=1` });
  });

  it('per_page stays out of the links when the client did not send it and the default applies; a sent or capped one is kept', () => {
    assert.equal(rels(linkFor('/user/repos', 31)).next, `${BASE}/user/repos?page=2`);
    assert.equal(rels(linkFor('/user/repos?per_page=30', 31)).next, `${BASE}/user/repos?per_page=30&page=2`);
    assert.equal(rels(linkFor('/user/repos?per_page=1000', 101)).next, `${BASE}/user/repos?per_page=100&page=2`);
  });

  it('the links keep the enterprise /api/v3 prefix the request came with', () => {
    assert.equal(rels(linkFor('/user/repos?page=1&per_page=2', 3, '/api/v3')).next, `${BASE}/api/v3/user/repos?page=2&per_page=2`);
  });

  it("paginate answers the page's rows and sets Link only when there is more than one page", () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    const many = fakeReply();
    assert.deepEqual(paginateArray(request('/x?page=3&per_page=10'), many.reply, items), [21, 22, 23, 24, 25]);
    assert.equal(rels(many.headers.Link!).prev, `${BASE}/x?page=2&per_page=10`);
    const one = fakeReply();
    assert.deepEqual(paginateArray(request('/x'), one.reply, items), items);
    assert.deepEqual(one.headers, {});
  });

  it("paginate does not load rows for a page past the end, and loads with the page's limit and offset otherwise", () => {
    const loads: Array<[number, number]> = [];
    const load = (limit: number, offset: number) => (loads.push([limit, offset]), ['row']);
    assert.deepEqual(paginate(request('/x?page=3&per_page=10'), fakeReply().reply, 20, load), []);
    assert.deepEqual(paginate(request('/x?page=2&per_page=10'), fakeReply().reply, 11, load), ['row']);
    assert.deepEqual(paginate(request('/x?page=99999999999999999999'), fakeReply().reply, 11, load), []);
    assert.deepEqual(loads, [[10, 10]]);
  });
});
