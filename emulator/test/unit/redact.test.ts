import assert from 'node:assert/strict';
import { redactUrl } from '../../src/redact';

describe('secrets never reach the emulator log', () => {
  it('the emulator log redacts credentials in request URLs', () => {
    assert.equal(
      redactUrl('/login/oauth/access_token?client_id=a&client_secret=b&code=c'),
      '/login/oauth/access_token?client_id=a&client_secret=[redacted]&code=[redacted]',
    );
  });
});
