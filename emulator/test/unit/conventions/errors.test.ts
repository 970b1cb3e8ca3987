// The emulator's error bodies (docs/service-api/hosting/conventions §11, §12;
// docs/EMULATOR.md, "Conventions and the emulator's choices"): `message`,
// `documentation_url` under the docs URL, `errors[]` of {resource, field,
// code}, and the mapping of the server's own failures (413, 415, 400, 4xx, 500)
// to that shape. Checked in-process (Fastify's inject) so that mutation testing
// sees them.
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  alreadyExists,
  ApiError,
  badCredentials,
  errorBody,
  forbidden,
  installErrorHandler,
  invalidField,
  missingField,
  notAJsonHash,
  notFound,
  orNotFound,
  problemsParsingJson,
  requiresAuthentication,
  validationFailed,
  type ValidationError,
} from '../../../src/hosting/conventions/errors';

const DOCS = 'https://docs.service.test';

/** A server with only the error handler, and routes that fail as asked. */
async function serverWithErrors(log: string[], bodyLimit = 1024): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit });
  installErrorHandler(app, DOCS, (line) => log.push(line));
  app.get('/api-error', async () => {
    throw new ApiError(409, 'Conflict', [{ resource: 'Ref', field: 'sha', code: 'custom', message: 'not a fast forward' }], '/v3/git/refs', {
      'Retry-After': '5',
    });
  });
  app.get('/moved', async () => {
    throw new ApiError(301, 'Moved Permanently', undefined, '/v3/#redirects', { Location: 'http://emu/repositories/7' });
  });
  app.get<{ Params: { code: string } }>('/status/:code', async (req) => {
    throw Object.assign(new Error(`failed with ${req.params.code}`), { statusCode: Number(req.params.code) });
  });
  app.get('/api-500', async () => {
    throw new ApiError(500, 'Storage failed');
  });
  app.get('/stackless', async () => {
    const e = new Error('no stack here');
    e.stack = undefined;
    throw e;
  });
  app.get('/validated', { schema: { querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } } } }, async () => 'ok');
  app.post('/echo', async (req) => req.body);
  await app.ready();
  return app;
}

describe('emulator v3 error bodies (docs/service-api/hosting/conventions §11, §12)', () => {
  describe('the body', () => {
    it('message and documentation_url under the docs URL', () => {
      assert.deepEqual(errorBody(notFound(), DOCS), { message: 'Not Found', documentation_url: `${DOCS}/v3` });
    });

    it('errors[] when there are some', () => {
      assert.deepEqual(errorBody(missingField('Issue', 'title'), DOCS), {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
        documentation_url: `${DOCS}/v3`,
      });
    });

    it('no documentation_url when the error names none; an empty path still gives the docs URL itself', () => {
      assert.deepEqual(errorBody(new ApiError(500, 'Server Error'), DOCS), { message: 'Server Error' });
      assert.deepEqual(errorBody(new ApiError(400, 'x', undefined, ''), DOCS), { message: 'x', documentation_url: DOCS });
    });

    it("url from a Location header (a redirect's body)", () => {
      const moved = new ApiError(301, 'Moved Permanently', undefined, '/v3/#redirects', { Location: 'http://emu/repositories/7' });
      assert.deepEqual(errorBody(moved, DOCS), { message: 'Moved Permanently', url: 'http://emu/repositories/7', documentation_url: `${DOCS}/v3/#redirects` });
      const other = new ApiError(429, 'Slow down', undefined, undefined, { 'Retry-After': '5' });
      assert.deepEqual(errorBody(other, DOCS), { message: 'Slow down' }, 'another header adds nothing to the body');
    });

    it('the errors of the spec, each with its status, message and documentation path', () => {
      const cases: Array<[ApiError, number, string, ValidationError[] | undefined]> = [
        [notFound(), 404, 'Not Found', undefined],
        [badCredentials(), 401, 'Bad credentials', undefined],
        [requiresAuthentication(), 401, 'Requires authentication', undefined],
        [forbidden(), 403, 'Forbidden', undefined],
        [forbidden('Must have admin rights to Repository.'), 403, 'Must have admin rights to Repository.', undefined],
        [problemsParsingJson(), 400, 'Problems parsing JSON', undefined],
        [notAJsonHash(), 400, 'Body should be a JSON Hash', undefined],
        [validationFailed(), 422, 'Validation Failed', []],
      ];
      for (const [err, status, message, errors] of cases) {
        assert.deepEqual(
          { status: err.status, message: err.message, documentation: err.documentation, errors: err.errors },
          { status, message, documentation: '/v3', errors },
          message,
        );
      }
    });

    it('Validation Failed carries one {resource, field, code} per problem: missing_field, invalid, already_exists', () => {
      assert.deepEqual(missingField('Repository', 'name').errors, [{ resource: 'Repository', field: 'name', code: 'missing_field' }]);
      assert.deepEqual(invalidField('Repository', 'private').errors, [{ resource: 'Repository', field: 'private', code: 'invalid' }]);
      assert.deepEqual(alreadyExists('Repository', 'name').errors, [{ resource: 'Repository', field: 'name', code: 'already_exists' }]);
      assert.deepEqual(
        validationFailed({ resource: 'Label', field: 'name', code: 'missing_field' }, { resource: 'Label', field: 'color', code: 'invalid' }).errors,
        [
          { resource: 'Label', field: 'name', code: 'missing_field' },
          { resource: 'Label', field: 'color', code: 'invalid' },
        ],
      );
      assert.equal(missingField('Repository', 'name').status, 422);
    });

    it('an ApiError has no extra headers unless given some', () => {
      assert.deepEqual(new ApiError(404, 'Not Found').headers, {});
    });

    it('orNotFound: the row, or 404 Not Found', () => {
      assert.deepEqual(orNotFound({ id: 1 }), { id: 1 });
      assert.equal(orNotFound(0), 0, 'a falsy row is still a row');
      assert.throws(
        () => orNotFound(undefined),
        (e: unknown) => e instanceof ApiError && e.status === 404 && e.message === 'Not Found' && e.documentation === '/v3',
      );
    });
  });

  describe('the error handler', () => {
    let app: FastifyInstance;
    const log: string[] = [];
    // A server per test: its set-up (the handlers installed) is then seen by each test.
    beforeEach(async () => {
      log.length = 0;
      app = await serverWithErrors(log);
    });
    afterEach(() => app.close());

    it("an ApiError: its status, its headers, JSON in UTF-8, the spec's body; not logged", async () => {
      const res = await app.inject({ method: 'GET', url: '/api-error' });
      assert.equal(res.statusCode, 409);
      assert.equal(res.headers['retry-after'], '5');
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(res.json(), {
        message: 'Conflict',
        errors: [{ resource: 'Ref', field: 'sha', code: 'custom', message: 'not a fast forward' }],
        documentation_url: `${DOCS}/v3/git/refs`,
      });
      assert.deepEqual(log, []);
    });

    it("a redirect: Location and the body's url", async () => {
      const res = await app.inject({ method: 'GET', url: '/moved' });
      assert.equal(res.statusCode, 301);
      assert.equal(res.headers.location, 'http://emu/repositories/7');
      assert.equal(res.json().url, 'http://emu/repositories/7');
    });

    it('an unknown path: 404 Not Found with the documentation link', async () => {
      const res = await app.inject({ method: 'GET', url: '/no/such/thing' });
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(res.json(), { message: 'Not Found', documentation_url: `${DOCS}/v3` });
    });

    it('a body over the limit: 413 Request body too large, naming the limit', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(2000) }),
      });
      assert.equal(res.statusCode, 413);
      assert.deepEqual(res.json(), { message: 'Request body too large (maximum is 1024 bytes)', documentation_url: `${DOCS}/v3` });
    });

    it('a content type no parser takes: 415 Unsupported Media Type', async () => {
      const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
      assert.equal(res.statusCode, 415);
      assert.deepEqual(res.json(), { message: 'Unsupported Media Type', documentation_url: `${DOCS}/v3` });
    });

    it("an empty JSON body where the server's own JSON parser runs: 400 Problems parsing JSON", async () => {
      const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), { message: 'Problems parsing JSON', documentation_url: `${DOCS}/v3` });
    });

    it('a Content-Length that does not match the body: 400 Problems parsing JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-length': '3' },
        payload: '{"a":1}',
      });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), { message: 'Problems parsing JSON', documentation_url: `${DOCS}/v3` });
    });

    it('another client error of the server keeps its status and message', async () => {
      const res = await app.inject({ method: 'GET', url: '/validated' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), { message: "querystring must have required property 'q'", documentation_url: `${DOCS}/v3` });
      for (const code of [400, 499]) {
        const edge = await app.inject({ method: 'GET', url: `/status/${code}` });
        assert.equal(edge.statusCode, code);
        assert.deepEqual(edge.json(), { message: `failed with ${code}`, documentation_url: `${DOCS}/v3` });
      }
      assert.deepEqual(log, []);
    });

    it('anything else is 500 Server Error, without the cause in the body, logged with the route and the stack', async () => {
      for (const code of [500, 399, 0]) {
        const res = await app.inject({ method: 'GET', url: `/status/${code}` });
        assert.equal(res.statusCode, 500, String(code));
        assert.deepEqual(res.json(), { message: 'Server Error' }, String(code));
      }
      assert.equal(log.length, 3);
      assert.match(log[0]!, /^error on GET \/status\/:code: Error: failed with 500\n\s+at /);
      assert.match(log[1]!, /^error on GET \/status\/:code: Error: failed with 399\n/);
    });

    it('an error without a stack is logged with its message', async () => {
      const res = await app.inject({ method: 'GET', url: '/stackless' });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(log, ['error on GET /stackless: no stack here']);
    });

    it('an ApiError of status 500 is answered as it is, and logged', async () => {
      const res = await app.inject({ method: 'GET', url: '/api-500' });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), { message: 'Storage failed' });
      assert.equal(log.length, 1);
      assert.match(log[0]!, /^error on GET \/api-500: Error: Storage failed\n/);
    });
  });
});
