// Addresses and media types of a deployment (src/hosting/urls.ts): the API and
// web bases a user's `repodesk.hosting.apiUrl` setting yields, and the vendor
// word of the media types (docs/service-api/hosting/conventions §15).
import assert from 'node:assert/strict';
import { mediaTypes, resolveAddresses } from '../../../src/hosting';

describe('hosting urls: resolveAddresses', () => {
  it('refuses an API URL that is neither http nor https, naming the protocol it got', () => {
    assert.throws(() => resolveAddresses('ftp://code.example'), { message: 'The API URL must be http or https, got "ftp:"' });
    assert.throws(() => resolveAddresses('file:///tmp/api'), { message: 'The API URL must be http or https, got "file:"' });
  });

  it('only a trailing /api/v3 is the enterprise prefix: a deployment below a path that contains it keeps its whole path as the web base', () => {
    assert.deepEqual(resolveAddresses('https://code.example/api/v3/mirror'), {
      apiUrl: 'https://code.example/api/v3/mirror',
      webUrl: 'https://code.example/api/v3/mirror',
    });
    assert.deepEqual(resolveAddresses('https://code.example/git/api/v3'), { apiUrl: 'https://code.example/git/api/v3', webUrl: 'https://code.example/git' });
  });

  it('every trailing slash goes, of the API and of a given web address, not only the last one', () => {
    assert.deepEqual(resolveAddresses('https://code.example/api/v3//', 'https://www.code.example/web//'), {
      apiUrl: 'https://code.example/api/v3',
      webUrl: 'https://www.code.example/web',
    });
  });
});

describe('hosting urls: mediaTypes', () => {
  it('without a vendor word the media types are those of `service`', () => {
    const media = mediaTypes();
    assert.deepEqual(
      [media.json, media.bodyFormat('html'), media.diff, media.mediaTypeHeader],
      ['application/vnd.service.v3+json', 'application/vnd.service.v3.html+json', 'application/vnd.service.v3.diff', 'x-service-media-type'],
    );
  });

  it('the vendor word is lower-cased in every media type and in the name of the media-type header', () => {
    const media = mediaTypes('GitHub');
    assert.deepEqual(
      [media.json, media.bodyFormat('raw'), media.diff, media.mediaTypeHeader],
      ['application/vnd.github.v3+json', 'application/vnd.github.v3.raw+json', 'application/vnd.github.v3.diff', 'x-github-media-type'],
    );
  });

  it('a vendor word must start with a letter or digit and hold only letters, digits, dots and dashes', () => {
    assert.equal(mediaTypes('my-corp.v2').json, 'application/vnd.my-corp.v2.v3+json');
    for (const bad of ['-github', 'github!', 'git hub', '']) {
      assert.throws(() => mediaTypes(bad), { message: `Invalid media type vendor word "${bad}"` }, bad);
    }
  });
});
