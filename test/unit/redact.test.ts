import assert from 'node:assert/strict';
import { redactSecrets } from '../../src/util/redact';

describe('secrets never reach a log', () => {
  it('redacts access_token and client_secret query parameters', () => {
    const out = redactSecrets('GET /user?access_token=abcdef0123456789&client_id=x&client_secret=s3cr3t');
    assert.equal(out, 'GET /user?access_token=[redacted]&client_id=x&client_secret=[redacted]');
  });
  it('redacts Authorization header values', () => {
    assert.equal(redactSecrets('Authorization: token 0123456789abcdef0123'), 'Authorization: token [redacted]');
    assert.equal(redactSecrets('authorization: Basic YWRhOmFkYS1kZW1vLXBhc3N3b3Jk'), 'authorization: Basic [redacted]');
  });
  it('leaves ordinary text alone', () => {
    assert.equal(redactSecrets('listing repositories of ada'), 'listing repositories of ada');
  });
});
