// The texts of the client's typed errors, as a user reads them in a
// notification: the service's own message, the validation errors it listed
// (docs/service-api/hosting/conventions §11), when a rate limit lifts, which
// field of which answer did not have the documented shape.
import assert from 'node:assert/strict';
import {
  BadCredentialsError,
  HostingClient,
  HostingError,
  NotFoundError,
  RateLimitedError,
  ResponseShapeError,
  ValidationFailedError,
} from '../../../src/hosting';
import { fakeUser, rateHeaders, startFakeService } from '../../support/fakeService';

describe('v3 client error texts', () => {
  it('Client errors: a validation error lists each error as resource.field.code after the message', () => {
    const err = new ValidationFailedError(
      'Validation Failed',
      'POST /repos/{owner}/{repo}/labels',
      [
        { resource: 'Label', field: 'name', code: 'already_exists' },
        { resource: 'Label', field: 'color', code: 'invalid' },
      ],
      422,
    );
    assert.equal(err.message, 'Validation Failed (Label.name.already_exists, Label.color.invalid)');
    assert.equal(err.status, 422);
    assert.equal(err.endpoint, 'POST /repos/{owner}/{repo}/labels');
  });

  it('Client errors: the parts an error leaves out are left out of its text, and no errors means the bare message', () => {
    const partial = new ValidationFailedError('Validation Failed', 'POST /x', [
      { field: 'note', code: 'missing_field' },
      { resource: 'Issue', code: 'custom' },
    ]);
    assert.equal(partial.message, 'Validation Failed (note.missing_field, Issue.custom)');
    assert.equal(new ValidationFailedError('Problems parsing JSON', 'POST /x', [], 400).message, 'Problems parsing JSON');
  });

  it('the service\'s validation errors reach the error with their fields; a missing code reads "invalid"', async () => {
    const service = await startFakeService(() => ({
      status: 422,
      headers: rateHeaders(10),
      body: {
        message: 'Validation Failed',
        errors: [
          { resource: 'Label', field: 'name', code: 'missing_field', message: 'name is required' },
          { resource: 5, field: 7, code: 3, message: 9 },
          'odd',
        ],
      },
    }));
    try {
      const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1' });
      const err = await client.labels.create('ada', 'engine', { name: '', color: 'ff0000' }).catch((e: unknown) => e);
      assert.ok(err instanceof ValidationFailedError, String(err));
      assert.deepEqual(err.errors, [
        { resource: 'Label', field: 'name', code: 'missing_field', message: 'name is required' },
        { resource: undefined, field: undefined, code: 'invalid', message: undefined },
        { resource: undefined, field: undefined, code: 'invalid', message: undefined },
      ]);
      assert.equal(err.message, 'Validation Failed (Label.name.missing_field, invalid, invalid)');
    } finally {
      await service.close();
    }
  });

  it('an answer without a message reads "HTTP <status>"', async () => {
    const service = await startFakeService(() => ({ status: 404, headers: rateHeaders(10), body: { message: '' } }));
    try {
      const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1' });
      const err = await client.users.getAuthenticated().catch((e: unknown) => e);
      assert.ok(err instanceof NotFoundError, String(err));
      assert.equal(err.message, 'HTTP 404');
    } finally {
      await service.close();
    }
  });

  it('a rate-limit error says when the limit resets', () => {
    const err = new RateLimitedError('API rate limit exceeded.', 'GET /user', new Date(Date.UTC(2030, 0, 1, 13)), 403);
    assert.equal(err.message, 'API rate limit exceeded. The limit resets at 2030-01-01T13:00:00.000Z.');
    assert.equal(err.resetAt.toISOString(), '2030-01-01T13:00:00.000Z');
  });

  it('a shape error names the endpoint and the field, "(root)" when the whole answer is wrong', async () => {
    assert.equal(new ResponseShapeError('GET /user', 'login', 'expected string').message, 'Unexpected response from GET /user: field "login" expected string');
    assert.equal(new ResponseShapeError('GET /user', '', 'expected object').message, 'Unexpected response from GET /user: field "(root)" expected object');
    const service = await startFakeService((_req, base) => ({ status: 200, headers: rateHeaders(10), body: [fakeUser('ada', 1, base)] }));
    try {
      const client = new HostingClient({ apiUrl: service.url, userAgentVersion: '1' });
      const err = await client.users.getAuthenticated().catch((e: unknown) => e);
      assert.ok(err instanceof ResponseShapeError, String(err));
      assert.equal(err.fieldPath, '');
      assert.match(err.message, /^Unexpected response from GET \/user: field "\(root\)" /);
    } finally {
      await service.close();
    }
  });

  it('each error is named after its class, so logs and tests can tell them apart', () => {
    assert.equal(new BadCredentialsError('Bad credentials', 'GET /user', 401).name, 'BadCredentialsError');
    assert.equal(new HostingError('x', 'GET /user').name, 'HostingError');
  });
});
