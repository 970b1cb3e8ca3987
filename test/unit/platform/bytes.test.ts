// Byte helpers that replace Node's Buffer so the same code runs in a web
// worker: each checked against Buffer/node:crypto, which they stand in for.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { compareBytes, concatBytes, fromBase64, fromHex, randomBytes, sameBytes, toBase64, toBase64Url, toHex, utf8Bytes } from '../../../src/util/bytes';
import { digest as webDigest } from '../../../src/platform/digest.web';
import { digest as nodeDigest } from '../../../src/platform/digest';

/** Inputs around SHA's 64-byte blocks and padding edges (55, 56, 64 bytes), and one long enough for base64's chunking. */
const SAMPLES: Uint8Array[] = [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000].map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff));

describe('bytes without Buffer (browser build)', () => {
  it('base64 matches Buffer, and back, for every length', () => {
    for (const s of SAMPLES) {
      assert.equal(toBase64(s), Buffer.from(s).toString('base64'));
      assert.deepEqual(fromBase64(toBase64(s)), s);
    }
  });

  it("base64 of the service's wrapped blob content ignores its line breaks", () => {
    assert.deepEqual(new TextDecoder().decode(fromBase64('aGVs\nbG8g\r\nd29y bGQ=')), 'hello world');
  });

  it('base64url has no padding, - and _ for + and /', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x01]);
    assert.equal(toBase64Url(bytes), Buffer.from(bytes).toString('base64url'));
    assert.equal(toBase64Url(bytes), '-__-AQ');
  });

  it('hex both ways, and a bad hex string is refused', () => {
    for (const s of SAMPLES.slice(0, 8)) {
      assert.equal(toHex(s), Buffer.from(s).toString('hex'));
      assert.deepEqual(fromHex(toHex(s)), s);
    }
    assert.throws(() => fromHex('abc'), /not hexadecimal/);
    assert.throws(() => fromHex('zz'), /not hexadecimal/);
  });

  it('concatenates in order', () => {
    assert.deepEqual(concatBytes([utf8Bytes('ab'), new Uint8Array(), utf8Bytes('c')]), utf8Bytes('abc'));
  });

  it('orders bytes as Buffer.compare does (a prefix first)', () => {
    const pairs: [string, string][] = [
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'a'],
      ['a', 'ab'],
      ['ab', 'a'],
      ['a/', 'a0'],
      ['', ''],
      ['é', 'z'],
    ];
    for (const [a, b] of pairs) {
      assert.equal(compareBytes(utf8Bytes(a), utf8Bytes(b)), Buffer.compare(Buffer.from(a), Buffer.from(b)), `${a} vs ${b}`);
    }
    assert.ok(sameBytes(utf8Bytes('x'), utf8Bytes('x')));
    assert.ok(!sameBytes(utf8Bytes('x'), utf8Bytes('xy')));
  });

  it('random bytes are of the asked length and differ between calls', () => {
    assert.equal(randomBytes(32).length, 32);
    assert.notDeepEqual(randomBytes(16), randomBytes(16));
  });
});

describe("the browser build's digest against node:crypto", () => {
  it('SHA-1 and SHA-256 of every sample, across block and padding edges', () => {
    for (const algorithm of ['sha1', 'sha256'] as const) {
      for (const s of SAMPLES)
        assert.equal(toHex(webDigest(algorithm, [s])), createHash(algorithm).update(s).digest('hex'), `${algorithm} of ${s.length} bytes`);
    }
  });

  it('the web digest equals the Node digest for a git object header and body', () => {
    for (const algorithm of ['sha1', 'sha256'] as const) {
      const parts = ['blob 5\0', utf8Bytes('hello')];
      assert.deepEqual(webDigest(algorithm, parts), nodeDigest(algorithm, parts));
    }
    // git hash-object of "hello" without a newline.
    assert.equal(toHex(webDigest('sha1', ['blob 5\0', utf8Bytes('hello')])), 'b6fc4c620b67d95f953a5c1c1230aaab5db5a1b0');
  });
});
