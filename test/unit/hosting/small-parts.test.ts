// The small pure parts of the v3 client: the event emitter behind the
// rate-limit status bar (emitter.ts), the ETag cache's keys (etagCache.ts),
// the scopes of X-OAuth-Scopes (scopes.ts), collect() with a maximum
// (client.ts) and the release upload URL (releases.ts, uploadUrl).
import assert from 'node:assert/strict';
import { collect, parseScopes } from '../../../src/hosting';
import { TypedEmitter } from '../../../src/hosting/emitter';
import { EtagCache } from '../../../src/hosting/etagCache';
import { uploadUrl } from '../../../src/hosting/releases';

describe('hosting emitter: TypedEmitter', () => {
  it('a disposed subscription hears nothing more and no longer counts; the others still hear', () => {
    const emitter = new TypedEmitter<number>();
    const first: number[] = [];
    const second: number[] = [];
    const a = emitter.event((n) => first.push(n));
    emitter.event((n) => second.push(n));
    assert.equal(emitter.listenerCount, 2);
    emitter.fire(1);
    a.dispose();
    assert.equal(emitter.listenerCount, 1);
    emitter.fire(2);
    assert.deepEqual([first, second], [[1], [1, 2]]);
  });

  it('a listener that throws does not keep the event from the listeners after it', () => {
    const emitter = new TypedEmitter<string>();
    const heard: string[] = [];
    emitter.event(() => {
      throw new Error('broken listener');
    });
    emitter.event((s) => heard.push(s));
    emitter.fire('reset');
    assert.deepEqual(heard, ['reset']);
  });
});

describe('hosting etagCache: EtagCache', () => {
  it('the key names the caller by a number given to each set of credentials, never by the credentials; without credentials it is "anonymous"', () => {
    const cache = new EtagCache(10);
    const first = cache.key('https://code.example/user', 'token tok_secret_1');
    assert.equal(first, 'caller-1 https://code.example/user');
    assert.equal(cache.key('https://code.example/user', 'token tok_secret_2'), 'caller-2 https://code.example/user');
    // The same credentials are the same caller, whatever the URL.
    assert.equal(cache.key('https://code.example/user', 'token tok_secret_1'), first);
    assert.equal(cache.key('https://code.example/repos', 'token tok_secret_1'), 'caller-1 https://code.example/repos');
    assert.equal(cache.key('https://code.example/user', undefined), 'anonymous https://code.example/user');
    assert.equal(cache.key('https://code.example/user', ''), 'anonymous https://code.example/user');
  });

  it('clear() forgets every answer', () => {
    const cache = new EtagCache(10);
    cache.set('a', { etag: '"1"', status: 200, headers: {}, data: 1 });
    cache.set('b', { etag: '"2"', status: 200, headers: {}, data: 2 });
    assert.equal(cache.size, 2);
    cache.clear();
    assert.deepEqual([cache.size, cache.get('a'), cache.get('b')], [0, undefined, undefined]);
  });
});

describe('hosting scopes: parseScopes', () => {
  it('spaces before, after and between the commas leave no empty scope; a scope named twice is listed once', () => {
    assert.deepEqual(parseScopes(' repo , user,, gist '), ['repo', 'user', 'gist']);
    assert.deepEqual(parseScopes('repo user repo'), ['repo', 'user']);
    assert.deepEqual(parseScopes(' , '), []);
    assert.deepEqual(parseScopes(null), []);
  });
});

describe('hosting client: collect', () => {
  async function* numbers(pulled: number[]) {
    for (let i = 1; i <= 5; i++) {
      pulled.push(i);
      yield i;
    }
  }

  it('with a maximum, stops at that many items without asking for the next one', async () => {
    const pulled: number[] = [];
    assert.deepEqual(await collect(numbers(pulled), 2), [1, 2]);
    assert.deepEqual(pulled, [1, 2]);
  });

  it('without one, collects everything', async () => {
    assert.deepEqual(await collect(numbers([])), [1, 2, 3, 4, 5]);
  });
});

describe('hosting releases: uploadUrl', () => {
  const template = 'https://uploads.code.example/repos/o/r/releases/7/assets{?name,label}';

  it('expands the template with the name and the label, encoded', () => {
    assert.equal(
      uploadUrl(template, { name: 'table 1.csv', label: 'Tables & figures' }),
      'https://uploads.code.example/repos/o/r/releases/7/assets?name=table+1.csv&label=Tables+%26+figures',
    );
  });

  it('a label that is undefined or empty leaves no label parameter', () => {
    assert.equal(uploadUrl(template, { name: 'a.bin', label: undefined }), 'https://uploads.code.example/repos/o/r/releases/7/assets?name=a.bin');
    assert.equal(uploadUrl(template, { name: 'a.bin', label: '' }), 'https://uploads.code.example/repos/o/r/releases/7/assets?name=a.bin');
  });

  it("only the query template at the end is replaced (the documents' {?name} too); a URL without one gets the query appended", () => {
    assert.equal(uploadUrl('https://h/r/{?x}/assets{?name}', { name: 'a' }), 'https://h/r/{?x}/assets?name=a');
    assert.equal(uploadUrl('https://h/r/assets', { name: 'a' }), 'https://h/r/assets?name=a');
  });
});
