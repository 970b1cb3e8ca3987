// Every error path of the v3 client maps to its typed error and carries the
// service's own message (docs/service-api/hosting/conventions §11–§13,
// docs/service-api/hosting/auth §3, §4), never the token. Played by a fake
// server so each status can be produced on demand;
// test/unit/hosting/emulator.test.ts checks the same errors against the
// emulator where it produces them.
import assert from 'node:assert/strict';
import net from 'node:net';
import {
  BadCredentialsError,
  HostingClient,
  LoginLockedOutError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseShapeError,
  ServerError,
  ValidationFailedError,
  collect,
} from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService, type FakeReply, type FakeService } from '../../support/fakeService';

const TOKEN = 'tok_secret_do_not_leak_123456';

describe('v3 client errors (fake server)', () => {
  let service: FakeService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  async function failWith(reply: FakeReply): Promise<Error> {
    service = await startFakeService(() => reply);
    const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
    const err = await client.repos.get('ada', 'engine').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof Error, 'the call should fail');
    assert.ok(!err.message.includes(TOKEN) && !String(err.stack).includes(TOKEN), 'the token must not appear in the error');
    return err;
  }

  it('401 Bad credentials is a BadCredentialsError with the service message (docs/service-api/hosting/auth §3)', async () => {
    const err = await failWith({ status: 401, headers: rateHeaders(59, 60), body: { message: 'Bad credentials', documentation_url: 'http://docs/v3' } });
    assert.ok(err instanceof BadCredentialsError);
    assert.equal(err.message, 'Bad credentials');
    assert.equal(err.endpoint, 'GET /repos/{owner}/{repo}');
  });

  it("a 401 to the client's own token is announced (onDidRefuseCredentials), whichever call saw it (docs/service-api/hosting/auth §3)", async () => {
    service = await startFakeService(() => ({ status: 401, headers: rateHeaders(59, 60), body: { message: 'Bad credentials' } }));
    const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
    let refused = 0;
    client.onDidRefuseCredentials(() => refused++);
    await assert.rejects(client.pulls.get('ada', 'engine', 1), BadCredentialsError);
    assert.equal(refused, 1);
    await assert.rejects(collect(client.releases.list('ada', 'engine')), BadCredentialsError);
    assert.equal(refused, 2);
  });

  it("a 401 to other credentials than the client's own (a password, no token) is not announced (docs/service-api/hosting/auth §3)", async () => {
    service = await startFakeService(() => ({ status: 401, headers: rateHeaders(59, 60), body: { message: 'Bad credentials' } }));
    const withToken = new HostingClient({ apiUrl: service.url, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
    const anonymous = new HostingClient({ apiUrl: service.url, userAgentVersion: '1' });
    let refused = 0;
    withToken.onDidRefuseCredentials(() => refused++);
    anonymous.onDidRefuseCredentials(() => refused++);
    await assert.rejects(withToken.authorizations.create({ username: 'ada', password: 'wrong' }, { note: 'x', scopes: [] }), BadCredentialsError);
    await assert.rejects(anonymous.repos.get('ada', 'engine'), BadCredentialsError);
    assert.equal(refused, 0);
  });

  it('403 after too many failed logins is a LoginLockedOutError (docs/service-api/hosting/auth §4)', async () => {
    const err = await failWith({
      status: 403,
      headers: rateHeaders(50, 60),
      body: { message: 'Maximum number of login attempts exceeded. Please try again later.' },
    });
    assert.ok(err instanceof LoginLockedOutError);
    assert.equal(err.message, 'Maximum number of login attempts exceeded. Please try again later.');
  });

  it('Other status conditions: rate limit exceeded is a RateLimitedError with the reset time', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    const err = await failWith({
      status: 403,
      headers: rateHeaders(0, 5000, reset),
      body: { message: 'API rate limit exceeded for ada.', documentation_url: 'http://docs' },
    });
    assert.ok(err instanceof RateLimitedError);
    assert.equal(err.resetAt.getTime(), reset * 1000);
  });

  it('Protocol convention 9: 404 is a NotFoundError', async () => {
    const err = await failWith({ status: 404, headers: rateHeaders(10), body: { message: 'Not Found', documentation_url: 'http://docs' } });
    assert.ok(err instanceof NotFoundError);
    assert.equal(err.message, 'Not Found');
  });

  it('Client errors: 422 Validation Failed is a ValidationFailedError with the errors array', async () => {
    const errors = [{ resource: 'Label', field: 'name', code: 'already_exists' }];
    const err = await failWith({ status: 422, headers: rateHeaders(10), body: { message: 'Validation Failed', errors } });
    assert.ok(err instanceof ValidationFailedError);
    assert.deepEqual(
      err.errors.map((e) => [e.resource, e.field, e.code]),
      [['Label', 'name', 'already_exists']],
    );
    assert.match(err.message, /^Validation Failed/);
  });

  it('Client errors: 400 Problems parsing JSON is a ValidationFailedError with no errors', async () => {
    const err = await failWith({ status: 400, headers: rateHeaders(10), body: { message: 'Problems parsing JSON' } });
    assert.ok(err instanceof ValidationFailedError);
    assert.equal(err.message, 'Problems parsing JSON');
    assert.deepEqual(err.errors, []);
  });

  it('a 5xx is a ServerError with the service message', async () => {
    const err = await failWith({ status: 502, headers: {}, body: { message: 'Server Error' } });
    assert.ok(err instanceof ServerError);
    assert.equal(err.status, 502);
  });

  it('a refused connection is a NetworkError', async () => {
    const port = await freePort();
    const client = new HostingClient({ apiUrl: `http://127.0.0.1:${port}`, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
    const err = await client.users.getAuthenticated().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof NetworkError, String(err));
    assert.ok(!err.message.includes(TOKEN));
  });

  it('Resources: a field of the wrong type is a ResponseShapeError naming the endpoint and the field path', async () => {
    service = await startFakeService((_req, base) => ({
      status: 200,
      headers: rateHeaders(10),
      body: [
        { url: `${base}/teams/1`, name: 'Owners', id: 1 },
        { url: `${base}/teams/2`, name: 'Core', id: 'two' },
      ],
    }));
    const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1', credentials: { type: 'token', token: TOKEN } });
    const err = await collect(client.teams.listForOrg('analytical-engines')).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ResponseShapeError);
    assert.equal(err.endpoint, 'GET /orgs/{org}/teams');
    assert.equal(err.fieldPath, '[1].id');
    assert.match(err.message, /GET \/orgs\/\{org\}\/teams.*\[1\]\.id/);
  });

  it('Resources: a missing field is a ResponseShapeError naming its nested path', async () => {
    service = await startFakeService((_req, base) => {
      const { login: _missing, ...owner } = fakeUser('ada', 1, base);
      return {
        status: 200,
        headers: rateHeaders(10),
        body: [{ id: 3, owner, name: 'x', full_name: 'ada/x', description: null, private: false, fork: false, url: base, html_url: base }],
      };
    });
    const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1' });
    const err = await collect(client.repos.listPublic()).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ResponseShapeError);
    assert.equal(err.fieldPath, '[0].owner.login');
    assert.equal(err.endpoint, 'GET /repositories');
  });

  it('Resources: a timestamp in another format is a ResponseShapeError (convention 2)', async () => {
    service = await startFakeService((_req, base) => ({
      status: 200,
      headers: rateHeaders(10),
      body: {
        id: 7,
        url: `${base}/gists/1/comments/7`,
        body: 'hi',
        user: fakeUser('ada', 1, base),
        created_at: '2024-01-01 10:00:00',
        updated_at: '2024-01-01T10:00:00Z',
      },
    }));
    const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1' });
    const err = await client.gistComments.get('abc', 7).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ResponseShapeError);
    assert.equal(err.fieldPath, 'created_at');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
