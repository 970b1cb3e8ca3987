// docs/service-api/hosting/oauth §5: host and port exactly, path equal to
// the callback path or a sub-path of it; everything else is rejected.
import assert from 'node:assert/strict';
import { checkRedirectUri } from '../src/oauth/redirect-uri';

const CALLBACK = 'http://example.com/path';

const cases: Array<[string, string, boolean]> = [
  ['the callback itself', 'http://example.com/path', true],
  ['a sub-path of the callback path', 'http://example.com/path/subdir/other', true],
  ['a sub-path with a query string', 'http://example.com/path/sub?x=1', true],
  ['host written in upper case (hosts are case-insensitive)', 'http://EXAMPLE.com/path', true],
  ['a different path that is not below the callback path', 'http://example.com/bar', false],
  ['a shorter path', 'http://example.com/', false],
  ['a path that only shares a prefix', 'http://example.com/pathology', false],
  ['a path that climbs out with ..', 'http://example.com/path/../bar', false],
  ['a different port', 'http://example.com:8080/path', false],
  ['a different subdomain', 'http://oauth.example.com/path', false],
  ['a different subdomain and port', 'http://oauth.example.com:8080/path', false],
  ['a different host', 'http://example.org/path', false],
  ['a different scheme', 'https://example.com/path', false],
  ['credentials in the URL', 'http://evil@example.com/path', false],
  ['not a URL', 'not a url', false],
];

describe('OAuth redirect_uri (docs/service-api/hosting/oauth §5)', () => {
  for (const [what, uri, allowed] of cases) {
    it(`${what}: ${uri} is ${allowed ? 'accepted' : 'rejected'} (docs/service-api/hosting/oauth §5)`, () => {
      assert.equal(checkRedirectUri(CALLBACK, uri).ok, allowed);
    });
  }

  it('an omitted redirect_uri uses the callback URL of the application settings (docs/service-api/hosting/oauth §5)', () => {
    assert.deepEqual(checkRedirectUri(CALLBACK, undefined), { ok: true, uri: CALLBACK });
  });

  it('the port must match exactly on a loopback callback with a port (docs/service-api/hosting/oauth §5)', () => {
    assert.equal(checkRedirectUri('http://127.0.0.1:7481/callback', 'http://127.0.0.1:7481/callback').ok, true);
    assert.equal(checkRedirectUri('http://127.0.0.1:7481/callback', 'http://127.0.0.1:7482/callback').ok, false);
    assert.equal(checkRedirectUri('http://127.0.0.1:7481/callback', 'http://localhost:7481/callback').ok, false);
  });
});
