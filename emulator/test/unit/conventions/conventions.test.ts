// The protocol conventions every v3 request goes through
// (docs/service-api/hosting/conventions §1–§12, §15; docs/EMULATOR.md,
// "Conventions and the emulator's choices"): User-Agent required, credentials
// checked after the request is counted, X-<Vendor>-Media-Type, bodies read as
// JSON whatever their content type, 411 for a PUT without Content-Length,
// ETag, Cache-Control and Vary on every 200 GET, and the 304 of
// If-None-Match / If-Modified-Since, which is given back to the rate limit.
// Checked in-process (a server with only these hooks, Fastify's inject) so
// that mutation testing sees them.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyRequest, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../../src/hosting/conventions/auth';
import {
  bodyHash,
  created,
  excludeFromHosting,
  installConventions,
  isSearchRequest,
  isHostingRequest,
  mediaTypeParam,
  parseBody,
  parseJsonBody,
} from '../../../src/hosting/conventions/conventions';
import { ApiError, badCredentials, installErrorHandler } from '../../../src/hosting/conventions/errors';
import { RateLimiter } from '../../../src/hosting/conventions/rate-limit';

const DOCS = 'https://docs.service.test';
const UA = 'RepoDesk-unit-tests';
const LAST_MODIFIED = 'Tue, 03 Mar 2026 10:00:00 GMT';

/** Credentials as the tests send them: `token good` (scopes repo and gist), `basic`, `bad`; none is anonymous. */
const authenticator = {
  authenticate(req: FastifyRequest) {
    const given = req.headers.authorization;
    if (given === undefined) return { kind: 'anonymous' };
    if (given === 'token good') return { kind: 'token', user: { id: 1, login: 'ada' }, scopes: ['repo', 'gist'] };
    if (given === 'basic') return { kind: 'basic', user: { id: 2, login: 'grace' } };
    throw badCredentials();
  },
} as unknown as Authenticator;

interface Server {
  app: FastifyInstance;
  core: RateLimiter;
  search: RateLimiter;
  /** A request with a User-Agent unless the headers say otherwise. */
  send(o: InjectOptions): Promise<LightMyRequestResponse>;
}

async function server(vendor = 'service'): Promise<Server> {
  const app = Fastify({ logger: false });
  const core = new RateLimiter({ authenticated: 50, unauthenticated: 10, application: 50 }, 3_600_000);
  const search = new RateLimiter({ authenticated: 5, unauthenticated: 3, application: 5 }, 60_000, 'search:');
  installErrorHandler(app, DOCS, () => {});
  installConventions(app, { vendor, authenticator, rateLimiter: core, searchLimiter: search });
  const describeBody = (body: unknown) => ({
    kind: body === undefined ? 'none' : Buffer.isBuffer(body) ? 'buffer' : typeof body,
    value: Buffer.isBuffer(body) ? body.toString('utf8') : body,
  });
  app.get('/thing', async () => ({ name: 'thing' }));
  app.get('/dated', async (_req, reply) => {
    reply.header('Last-Modified', LAST_MODIFIED);
    return { name: 'dated' };
  });
  app.get('/bytes', async (_req, reply) => reply.type('application/octet-stream').send(Buffer.from('{"name":"thing"}')));
  app.get('/streamed', async (_req, reply) => reply.type('text/plain').send(Readable.from(['streamed'])));
  app.get('/accepted', async (_req, reply) => reply.code(202).send({ queued: true }));
  app.get('/search/things', async () => ({ total_count: 0 }));
  app.get('/legacy/things', async () => ({ total_count: 0 }));
  app.get('/api/v2/thing', async () => ({ success: true }));
  app.get('/rate_limit', async (req) => ({ core: core.status(req), search: search.status(req) }));
  app.put('/put', async (_req, reply) => reply.code(204).send());
  app.put('/api/v2/put', async (_req, reply) => reply.code(204).send());
  app.post('/echo', async (req) => describeBody(req.body));
  app.post('/api/v2/echo', async (req) => describeBody(req.body));
  app.post('/things', async (req, reply) => created(reply, 'http://emu/things/1', { id: 1, body: req.body }));
  await app.ready();
  return {
    app,
    core,
    search,
    send: (o) => app.inject({ ...o, headers: { 'user-agent': UA, ...o.headers } }),
  };
}

/** A request as the conventions see it, for the pure helpers. */
const req = (fields: Record<string, unknown>) => fields as unknown as FastifyRequest;

describe('emulator v3 protocol conventions (docs/service-api/hosting/conventions §1–§15)', () => {
  describe('which paths are v3', () => {
    it("the API's paths are; the v2 service, the login pages and /health are not", () => {
      assert.equal(isHostingRequest(req({ url: '/users/ada' })), true);
      assert.equal(isHostingRequest(req({ url: '/' })), true);
      assert.equal(isHostingRequest(req({ url: '/api/v2/contact/1' })), false);
      assert.equal(isHostingRequest(req({ url: '/api/v2' })), false, 'the v2 root without its slash');
      assert.equal(isHostingRequest(req({ url: '/login/oauth/authorize?client_id=x' })), false);
      assert.equal(isHostingRequest(req({ url: '/login' })), false);
      assert.equal(isHostingRequest(req({ url: '/health' })), false);
      assert.equal(isHostingRequest(req({ url: '/api/v2x/contact' })), true, 'only the prefix itself');
      assert.equal(isHostingRequest(req({ url: '/users/api/v2/' })), true, 'a prefix counts only at the start');
    });

    it('anything under /api/v3 is v3, whatever follows', () => {
      assert.equal(isHostingRequest(req({ url: '/health', apiPrefix: '/api/v3' })), true);
    });

    it('another module can take a prefix out of v3 (as the avatars do)', () => {
      // A prefix of this run only: the list is the module's own state, shared by every server of the process.
      const prefix = `/unit-${process.pid}-${Date.now()}/`;
      assert.equal(isHostingRequest(req({ url: `${prefix}ada` })), true);
      excludeFromHosting(prefix);
      excludeFromHosting(prefix);
      assert.equal(isHostingRequest(req({ url: `${prefix}ada?s=40` })), false);
      assert.equal(isHostingRequest(req({ url: prefix.slice(0, -1) })), false, 'the prefix without its slash');
      assert.equal(isHostingRequest(req({ url: '/users/ada' })), true, 'the others stay v3');
    });

    it('search and legacy search paths count against the search limit', () => {
      assert.equal(isSearchRequest(req({ url: '/search/repositories?q=x' })), true);
      assert.equal(isSearchRequest(req({ url: '/legacy/repos/search/engine' })), true);
      assert.equal(isSearchRequest(req({ url: '/repos/a/search' })), false);
      assert.equal(isSearchRequest(req({ url: '/searching' })), false);
    });
  });

  describe('bodies', () => {
    const parsingError = (e: unknown) => e instanceof ApiError && e.status === 400 && e.message === 'Problems parsing JSON' && e.documentation === '/v3';

    it('JSON text is parsed; an empty or blank body is no body', () => {
      assert.deepEqual(parseJsonBody(Buffer.from('{"name":"x","n":[1]}')), { name: 'x', n: [1] });
      assert.equal(parseJsonBody(Buffer.from('42')), 42);
      assert.equal(parseJsonBody(Buffer.alloc(0)), undefined);
      assert.equal(parseJsonBody(Buffer.from(' \r\n\t')), undefined);
      assert.equal(parseJsonBody(Buffer.from('null')), null);
    });

    it('invalid JSON or invalid UTF-8 is 400 Problems parsing JSON', () => {
      assert.throws(() => parseJsonBody(Buffer.from('{"name": ')), parsingError);
      assert.throws(() => parseJsonBody(Buffer.from('name=x')), parsingError);
      assert.throws(() => parseJsonBody(Buffer.from([0x22, 0xff, 0xfe, 0x22])), parsingError);
    });

    it('a JSON hash is the body; an absent body is {}; anything else is 400 Body should be a JSON Hash', () => {
      assert.deepEqual(bodyHash(req({ body: { a: 1 } })), { a: 1 });
      assert.deepEqual(bodyHash(req({ body: undefined })), {});
      for (const body of [null, [1], 'x', 42, true, Buffer.from('{}')]) {
        assert.throws(
          () => bodyHash(req({ body })),
          (e: unknown) => e instanceof ApiError && e.status === 400 && e.message === 'Body should be a JSON Hash',
          JSON.stringify(body),
        );
      }
    });

    describe('validation (422 Validation Failed)', () => {
      const schema = z.object({
        name: z.string(),
        private: z.boolean().optional(),
        color: z
          .string()
          .regex(/^[0-9a-f]{6}$/)
          .optional(),
      });
      const failure = (body: unknown) => {
        try {
          parseBody(req({ body }), 'Label', schema);
        } catch (e) {
          assert.ok(e instanceof ApiError);
          return { status: e.status, message: e.message, errors: e.errors };
        }
        assert.fail('the body was accepted');
      };

      it('a valid body comes back typed, unknown fields dropped', () => {
        assert.deepEqual(parseBody(req({ body: { name: 'bug', private: true, extra: 1 } }), 'Label', schema), { name: 'bug', private: true });
      });

      it('a missing or null field is missing_field, a wrong type or format invalid, one entry a field, in the order found', () => {
        assert.deepEqual(failure({}), { status: 422, message: 'Validation Failed', errors: [{ resource: 'Label', field: 'name', code: 'missing_field' }] });
        assert.deepEqual(failure({ name: null }).errors, [{ resource: 'Label', field: 'name', code: 'missing_field' }]);
        assert.deepEqual(failure({ name: 3, private: 'yes', color: 'red' }).errors, [
          { resource: 'Label', field: 'name', code: 'invalid' },
          { resource: 'Label', field: 'private', code: 'invalid' },
          { resource: 'Label', field: 'color', code: 'invalid' },
        ]);
        assert.deepEqual(failure(undefined).errors, [{ resource: 'Label', field: 'name', code: 'missing_field' }], 'no body is {}');
      });

      it('several problems of one field give one entry', () => {
        const strict = z.object({
          name: z
            .string()
            .min(3)
            .regex(/^[a-z]+$/),
        });
        assert.throws(
          () => parseBody(req({ body: { name: 'A' } }), 'Label', strict),
          (e: unknown) => e instanceof ApiError && JSON.stringify(e.errors) === JSON.stringify([{ resource: 'Label', field: 'name', code: 'invalid' }]),
        );
      });

      it('a problem of the whole body names no field', () => {
        const either = z.object({ a: z.string().optional(), b: z.string().optional() }).refine((v) => v.a !== undefined || v.b !== undefined);
        assert.throws(
          () => parseBody(req({ body: {} }), 'Thing', either as unknown as z.ZodObject),
          (e: unknown) => e instanceof ApiError && JSON.stringify(e.errors) === JSON.stringify([{ resource: 'Thing', field: '', code: 'missing_field' }]),
        );
      });
    });
  });

  describe('custom media types (Versioning 3)', () => {
    const param = (accept: string | undefined, vendor?: string) => mediaTypeParam(req({ headers: { accept } }), vendor);

    it('raw, text, html, full, diff and patch, with or without v3 and +json, in any case', () => {
      assert.equal(param('application/vnd.service.v3.raw+json'), 'raw');
      assert.equal(param('application/vnd.service.text+json'), 'text');
      assert.equal(param('application/vnd.service.v3.html'), 'html');
      assert.equal(param('application/vnd.service.v3.full+json, */*'), 'full');
      assert.equal(param('application/vnd.service.v3.diff'), 'diff');
      assert.equal(param('Application/VND.Service.V3.PATCH'), 'patch');
    });

    it('the default representation: no Accept, the plain media type, an unknown parameter, another vendor', () => {
      assert.equal(param(undefined), undefined);
      assert.equal(param(''), undefined);
      assert.equal(param('application/json'), undefined);
      assert.equal(param('application/vnd.service.v3+json'), undefined);
      assert.equal(param('application/vnd.service.v3.star+json'), undefined);
      assert.equal(param('application/vnd.acme.v3.raw+json'), undefined);
    });

    it('the vendor word is matched literally', () => {
      assert.equal(param('application/vnd.acme.v3.raw+json', 'acme'), 'raw');
      assert.equal(param('application/vnd.my.co.v3.raw+json', 'my.co'), 'raw');
      assert.equal(param('application/vnd.myXco.v3.raw+json', 'my.co'), undefined, 'a dot in the word is a dot');
    });
  });

  describe('on every v3 request', () => {
    let s: Server;
    beforeEach(async () => {
      s = await server();
    });
    afterEach(() => s.app.close());

    it('X-Service-Media-Type: service.v3, with the parameter asked for; X-Accepted-OAuth-Scopes empty by default', async () => {
      const plain = await s.send({ method: 'GET', url: '/thing' });
      assert.equal(plain.headers['x-service-media-type'], 'service.v3');
      assert.equal(plain.headers['x-accepted-oauth-scopes'], '');
      const raw = await s.send({ method: 'GET', url: '/thing', headers: { accept: 'application/vnd.service.v3.raw+json' } });
      assert.equal(raw.headers['x-service-media-type'], 'service.v3; param=raw');
    });

    it('a request without a User-Agent, or with a blank one, is 403 and not counted', async () => {
      for (const ua of [undefined, '', '   ']) {
        const res = await s.app.inject({ method: 'GET', url: '/thing', headers: { 'user-agent': ua } });
        assert.equal(res.statusCode, 403, String(ua));
        assert.deepEqual(res.json(), {
          message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.',
          documentation_url: `${DOCS}/v3/#user-agent-required`,
        });
        assert.equal(res.headers['x-ratelimit-remaining'], undefined);
        assert.equal(res.headers['x-service-media-type'], 'service.v3', 'the media type is still told');
      }
    });

    it('each request is counted against its caller: X-RateLimit-* on the answer', async () => {
      const first = await s.send({ method: 'GET', url: '/thing', headers: { authorization: 'basic' } });
      const second = await s.send({ method: 'GET', url: '/thing', headers: { authorization: 'basic' } });
      assert.equal(first.headers['x-ratelimit-limit'], '50');
      assert.equal(Number(first.headers['x-ratelimit-remaining']) - Number(second.headers['x-ratelimit-remaining']), 1);
    });

    it('bad credentials are 401, and counted all the same', async () => {
      const before = s.core.status(req({ auth: { kind: 'anonymous' }, ip: '127.0.0.1' })).remaining;
      const res = await s.send({ method: 'GET', url: '/thing', headers: { authorization: 'bad' } });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { message: 'Bad credentials', documentation_url: `${DOCS}/v3` });
      assert.equal(res.headers['x-ratelimit-limit'], '10');
      assert.equal(res.headers['x-ratelimit-remaining'], String(before - 1));
    });

    it("a token's scopes in X-OAuth-Scopes; none for Basic or anonymous callers", async () => {
      assert.equal((await s.send({ method: 'GET', url: '/thing', headers: { authorization: 'token good' } })).headers['x-oauth-scopes'], 'repo, gist');
      assert.equal((await s.send({ method: 'GET', url: '/thing', headers: { authorization: 'basic' } })).headers['x-oauth-scopes'], undefined);
      assert.equal((await s.send({ method: 'GET', url: '/thing' })).headers['x-oauth-scopes'], undefined);
    });

    it('search paths are counted against the search limit, the others against the core one', async () => {
      const search = await s.send({ method: 'GET', url: '/search/things', headers: { authorization: 'token good' } });
      assert.equal(search.headers['x-ratelimit-limit'], '5');
      const legacy = await s.send({ method: 'GET', url: '/legacy/things', headers: { authorization: 'token good' } });
      assert.equal(legacy.headers['x-ratelimit-limit'], '5');
      assert.equal(Number(search.headers['x-ratelimit-remaining']) - Number(legacy.headers['x-ratelimit-remaining']), 1);
      assert.equal((await s.send({ method: 'GET', url: '/thing', headers: { authorization: 'token good' } })).headers['x-ratelimit-limit'], '50');
    });

    it('201 Created carries the Location of the new resource', async () => {
      const res = await s.send({ method: 'POST', url: '/things', headers: { authorization: 'basic', 'content-type': 'application/json' }, payload: '{"a":1}' });
      assert.equal(res.statusCode, 201);
      assert.equal(res.headers.location, 'http://emu/things/1');
      assert.deepEqual(res.json(), { id: 1, body: { a: 1 } });
    });
  });

  describe('paths that are not v3 are left alone', () => {
    let s: Server;
    beforeEach(async () => {
      s = await server();
    });
    afterEach(() => s.app.close());

    it('no User-Agent needed, no media type, no rate limit, no ETag', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/v2/thing', headers: { 'user-agent': undefined } });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { success: true });
      for (const name of ['x-service-media-type', 'x-accepted-oauth-scopes', 'x-ratelimit-limit', 'etag', 'cache-control', 'vary']) {
        assert.equal(res.headers[name], undefined, name);
      }
    });

    it('credentials are not looked at', async () => {
      const res = await s.send({ method: 'GET', url: '/api/v2/thing', headers: { authorization: 'bad' } });
      assert.equal(res.statusCode, 200);
    });

    it('a PUT without Content-Length is theirs to judge', async () => {
      assert.equal((await s.send({ method: 'PUT', url: '/api/v2/put' })).statusCode, 204);
    });

    it('bodies keep their own form: text as text, other types as bytes', async () => {
      const text = await s.send({ method: 'POST', url: '/api/v2/echo', headers: { 'content-type': 'text/plain' }, payload: '{"a":1}' });
      assert.deepEqual(text.json(), { kind: 'string', value: '{"a":1}' });
      const form = await s.send({ method: 'POST', url: '/api/v2/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      assert.deepEqual(form.json(), { kind: 'buffer', value: 'a=1' });
    });
  });

  describe('v3 bodies are JSON whatever their content type', () => {
    let s: Server;
    beforeEach(async () => {
      s = await server();
    });
    afterEach(() => s.app.close());
    const post = (contentType: string, payload: string) =>
      s.send({ method: 'POST', url: '/echo', headers: { authorization: 'basic', 'content-type': contentType }, payload });

    it('application/json, text/plain and any other type are parsed as JSON', async () => {
      for (const type of ['application/json', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
        assert.deepEqual((await post(type, '{"a":1}')).json(), { kind: 'object', value: { a: 1 } }, type);
      }
    });

    it('an empty body is no body, whatever its type', async () => {
      for (const type of ['application/json', 'text/plain;charset=UTF-8', 'application/octet-stream']) {
        assert.deepEqual((await post(type, '')).json(), { kind: 'none' }, type);
      }
    });

    it('invalid JSON is 400 Problems parsing JSON, whatever its type', async () => {
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const res = await post(type, 'name=x');
        assert.equal(res.statusCode, 400, type);
        assert.deepEqual(res.json(), { message: 'Problems parsing JSON', documentation_url: `${DOCS}/v3` }, type);
      }
    });
  });

  describe('a PUT with no body must send Content-Length: 0 (docs/service-api/hosting/conventions §6)', () => {
    let s: Server;
    beforeEach(async () => {
      s = await server();
    });
    afterEach(() => s.app.close());

    it('without Content-Length and without a body: 411', async () => {
      const res = await s.send({ method: 'PUT', url: '/put', headers: { authorization: 'basic' } });
      assert.equal(res.statusCode, 411);
      assert.deepEqual(res.json(), {
        message: 'Length Required: a PUT without a body must send Content-Length: 0',
        documentation_url: `${DOCS}/v3/#http-verbs`,
      });
    });

    it('with Content-Length: 0, or with a body, the PUT goes through', async () => {
      assert.equal((await s.send({ method: 'PUT', url: '/put', headers: { authorization: 'basic', 'content-length': '0' } })).statusCode, 204);
      assert.equal(
        (await s.send({ method: 'PUT', url: '/put', headers: { authorization: 'basic', 'content-type': 'application/json' }, payload: '{}' })).statusCode,
        204,
      );
    });

    it('a chunked body (no Content-Length) is a body: the PUT goes through', async () => {
      const res = await s.send({
        method: 'PUT',
        url: '/put',
        headers: { authorization: 'basic', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        payload: Readable.from(['{"a":', '1}']),
      });
      assert.equal(res.statusCode, 204);
    });

    it('other methods need no Content-Length', async () => {
      assert.deepEqual((await s.send({ method: 'POST', url: '/echo', headers: { authorization: 'basic' } })).json(), { kind: 'none' });
    });
  });

  describe('ETag and conditional requests', () => {
    let s: Server;
    beforeEach(async () => {
      s = await server();
    });
    afterEach(() => s.app.close());
    const get = (url: string, headers: Record<string, string> = {}) => s.send({ method: 'GET', url, headers });

    it('every 200 GET has a strong ETag, the same for the same body and Accept, another for another Accept', async () => {
      const a = await get('/thing');
      const b = await get('/thing');
      const raw = await get('/thing', { accept: 'application/vnd.service.v3.raw+json' });
      assert.match(String(a.headers.etag), /^"[0-9a-f]{40}"$/);
      assert.equal(b.headers.etag, a.headers.etag);
      assert.notEqual(raw.headers.etag, a.headers.etag);
      assert.notEqual((await get('/dated')).headers.etag, a.headers.etag, 'another body, another tag');
      const full = await get('/thing', { accept: 'application/vnd.service.v3.full+json' });
      assert.notEqual(full.headers.etag, raw.headers.etag, 'each media type its own tag');
    });

    it('an empty Accept is no Accept: the same tag', async () => {
      assert.equal((await get('/thing', { accept: '' })).headers.etag, (await get('/thing')).headers.etag);
    });

    it('a body sent as bytes gets the tag of the same text', async () => {
      const bytes = await get('/bytes');
      assert.equal(bytes.statusCode, 200);
      assert.equal(bytes.headers.etag, (await get('/thing')).headers.etag);
    });

    it('Cache-Control: public for anonymous callers, private for the others; Vary: Accept, Authorization', async () => {
      const anonymous = await get('/thing');
      assert.equal(anonymous.headers['cache-control'], 'public, max-age=60');
      assert.equal(anonymous.headers.vary, 'Accept, Authorization');
      assert.equal((await get('/thing', { authorization: 'basic' })).headers['cache-control'], 'private, max-age=60');
    });

    it("HEAD with If-None-Match: 304 with the 200's Content-Length and no body", async () => {
      const ok = await s.send({ method: 'HEAD', url: '/thing' });
      assert.equal(ok.headers['content-length'], String(Buffer.byteLength('{"name":"thing"}')));
      const res = await s.send({ method: 'HEAD', url: '/thing', headers: { 'if-none-match': String(ok.headers.etag) } });
      assert.equal(res.statusCode, 304);
      assert.equal(res.body, '');
      assert.equal(res.headers['content-length'], ok.headers['content-length']);
      assert.equal(res.headers['content-type'], undefined);
    });

    it('HEAD gets the ETag of GET', async () => {
      const head = await s.send({ method: 'HEAD', url: '/thing' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers.etag, (await get('/thing')).headers.etag);
    });

    it('no ETag on an answer other than 200, on a streamed body, or on another method', async () => {
      const accepted = await get('/accepted');
      assert.equal(accepted.statusCode, 202);
      assert.equal(accepted.headers.etag, undefined);
      const streamed = await get('/streamed');
      assert.equal(streamed.body, 'streamed');
      assert.equal(streamed.headers.etag, undefined);
      const posted = await s.send({ method: 'POST', url: '/echo', headers: { authorization: 'basic' } });
      assert.equal(posted.statusCode, 200);
      assert.equal(posted.headers.etag, undefined);
      assert.equal(posted.headers['cache-control'], undefined);
    });

    it('If-None-Match with the tag: 304, no body, no content type, and the request is given back', async () => {
      const first = await get('/thing', { authorization: 'basic' });
      const etag = String(first.headers.etag);
      const again = await get('/thing', { authorization: 'basic', 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers['content-type'], undefined);
      assert.equal(again.headers['content-length'], undefined, 'a 304 may only carry the length of the 200 (RFC 9110, 8.6): none');
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['x-ratelimit-remaining'], first.headers['x-ratelimit-remaining'], 'a 304 is not counted');
      const rate = await get('/rate_limit', { authorization: 'basic' });
      // The window's count as this read sees it (a read is counted once answered): the 304 added nothing.
      assert.equal(rate.json().core.remaining, Number(first.headers['x-ratelimit-remaining']), 'not counted in the window either');
    });

    it('If-None-Match: a weak tag, a tag among others, or *, match; another tag does not', async () => {
      const etag = String((await get('/thing')).headers.etag);
      assert.equal((await get('/thing', { 'if-none-match': `W/${etag}` })).statusCode, 304);
      assert.equal((await get('/thing', { 'if-none-match': `"0000",  ${etag} ,"1111"` })).statusCode, 304);
      assert.equal((await get('/thing', { 'if-none-match': '*' })).statusCode, 304);
      const other = await get('/thing', { 'if-none-match': '"0000", W/"1111"' });
      assert.equal(other.statusCode, 200);
      assert.deepEqual(other.json(), { name: 'thing' });
      assert.equal((await get('/thing', { 'if-none-match': etag.slice(1, -1) })).statusCode, 200, 'an unquoted tag is another tag');
      assert.equal((await get('/thing', { 'if-none-match': `"W/${etag.slice(1)}` })).statusCode, 200, 'W/ inside the quotes is part of another tag');
    });

    it('the tag of one Accept does not match under another', async () => {
      const etag = String((await get('/thing')).headers.etag);
      assert.equal((await get('/thing', { 'if-none-match': etag, accept: 'application/vnd.service.v3.raw+json' })).statusCode, 200);
    });

    it('If-Modified-Since at or after Last-Modified: 304; before it: 200', async () => {
      assert.equal((await get('/dated', { 'if-modified-since': LAST_MODIFIED })).statusCode, 304);
      assert.equal((await get('/dated', { 'if-modified-since': 'Tue, 03 Mar 2026 10:00:01 GMT' })).statusCode, 304);
      const older = await get('/dated', { 'if-modified-since': 'Tue, 03 Mar 2026 09:59:59 GMT' });
      assert.equal(older.statusCode, 200);
      assert.equal(older.headers['last-modified'], LAST_MODIFIED);
    });

    it('If-Modified-Since is ignored when it is not a date, when there is no Last-Modified, or when If-None-Match is given', async () => {
      assert.equal((await get('/dated', { 'if-modified-since': 'yesterday' })).statusCode, 200);
      assert.equal((await get('/thing', { 'if-modified-since': 'Tue, 03 Mar 2099 10:00:00 GMT' })).statusCode, 200);
      assert.equal((await get('/dated', { 'if-modified-since': LAST_MODIFIED, 'if-none-match': '"0000"' })).statusCode, 200);
    });

    it('a 304 on a search path is given back to the search limit', async () => {
      const first = await get('/search/things', { authorization: 'basic' });
      const again = await get('/search/things', { authorization: 'basic', 'if-none-match': String(first.headers.etag) });
      assert.equal(again.statusCode, 304);
      assert.equal(again.headers['x-ratelimit-limit'], '5');
      assert.equal(again.headers['x-ratelimit-remaining'], first.headers['x-ratelimit-remaining']);
      assert.equal((await get('/rate_limit', { authorization: 'basic' })).json().search.remaining, 4);
    });
  });

  describe('another vendor word', () => {
    it('github: X-GitHub-Media-Type: github.v3, with the parameter of application/vnd.github.*', async () => {
      const s = await server('github');
      try {
        const res = await s.send({ method: 'GET', url: '/thing', headers: { accept: 'application/vnd.github.v3.full+json' } });
        assert.equal(res.headers['x-github-media-type'], 'github.v3; param=full');
        assert.equal(res.headers['x-service-media-type'], undefined);
      } finally {
        await s.app.close();
      }
    });
  });
});
