// Blobs of the git data library (docs/service-api/hosting/git-data §8: POST
// with utf-8 or base64 content, GET as base64 with its size), written into a
// real bare repository; every SHA is compared with what `git hash-object`
// computes by hand.
import assert from 'node:assert/strict';
import { createBlob, decodeContent, readBlob, writeBlobs } from '../../../src/git/blobs';
import { InvalidInputError, ObjectNotFoundError } from '../../../src/git/errors';
import { gitFixture, type GitFixture } from '../../git-fixture';

function refusal(fn: () => unknown): { message: string; field: string | undefined; status: number } {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof InvalidInputError, `expected InvalidInputError, got ${String(error)}`);
    return { message: error.message, field: error.field, status: error.status };
  }
  throw new assert.AssertionError({ message: 'expected a refusal' });
}

describe('git blobs: content decoding (docs/service-api/hosting/git-data §8, encoding)', () => {
  it('utf-8 is the default; utf8 is the same encoding', () => {
    assert.deepEqual(decodeContent('héllo'), Buffer.from('héllo', 'utf8'));
    assert.deepEqual(decodeContent('héllo', 'utf-8'), Buffer.from('héllo', 'utf8'));
    assert.deepEqual(decodeContent('héllo', 'utf8'), Buffer.from('héllo', 'utf8'));
    assert.deepEqual(decodeContent(''), Buffer.alloc(0));
  });

  it('base64, with or without padding, line breaks and spaces ignored', () => {
    assert.deepEqual(decodeContent('AAEC/w==', 'base64'), Buffer.from([0, 1, 2, 255]));
    assert.deepEqual(decodeContent('YQ==', 'base64'), Buffer.from('a'));
    assert.deepEqual(decodeContent('YWI=', 'base64'), Buffer.from('ab'));
    assert.deepEqual(decodeContent('YQ', 'base64'), Buffer.from('a'));
    assert.deepEqual(decodeContent('aGVs\nbG8g\r\nd29y bGQ=\n', 'base64'), Buffer.from('hello world'));
    assert.deepEqual(decodeContent('+/+/', 'base64'), Buffer.from([0xfb, 0xff, 0xbf]));
    assert.deepEqual(decodeContent('', 'base64'), Buffer.alloc(0));
  });

  it('base64 with characters outside the alphabet, padding in the middle, three pads or a lone last character is refused', () => {
    for (const content of ['not base64!', 'YQ=a', 'Y===', 'YWJjZ', 'YW-j', 'YW_j', 'é']) {
      assert.deepEqual(
        refusal(() => decodeContent(content, 'base64')),
        { message: 'content is not valid base64', field: 'content', status: 422 },
        content,
      );
    }
  });

  it('an encoding other than utf-8 or base64 is refused under encoding', () => {
    for (const encoding of ['latin1', 'UTF-8', 'hex', '', null, 1]) {
      assert.deepEqual(
        refusal(() => decodeContent('x', encoding)),
        { message: 'encoding must be utf-8 or base64', field: 'encoding', status: 422 },
        String(encoding),
      );
    }
  });

  it('content that is not a string is refused, under the field the caller names', () => {
    assert.deepEqual(
      refusal(() => decodeContent(42)),
      { message: 'content must be a string', field: 'content', status: 422 },
    );
    assert.deepEqual(
      refusal(() => decodeContent(undefined, 'base64', 'tree[3].content')),
      { message: 'tree[3].content must be a string', field: 'tree[3].content', status: 422 },
    );
    assert.deepEqual(
      refusal(() => decodeContent('%%', 'base64', 'tree[3].content')),
      { message: 'tree[3].content is not valid base64', field: 'tree[3].content', status: 422 },
    );
  });
});

describe('git blobs: writing and reading', () => {
  let fx: GitFixture;
  beforeEach(async () => {
    fx = await gitFixture();
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it("POST utf-8 and base64 content: git's own SHA and the size in bytes; GET gives base64 back", async () => {
    const text = await createBlob(fx.repo, 'héllo\n');
    assert.deepEqual(text, { sha: fx.git(['hash-object', '--stdin'], 'héllo\n'), size: 7 });
    const bytes = Buffer.from([0, 1, 2, 255, 10]);
    const binary = await createBlob(fx.repo, bytes.toString('base64'), 'base64');
    assert.deepEqual(binary, { sha: fx.git(['hash-object', '--stdin'], bytes), size: 5 });
    assert.deepEqual(await readBlob(fx.repo, binary.sha), { sha: binary.sha, size: 5, content: 'AAEC/wo=', encoding: 'base64' });
    assert.deepEqual(await readBlob(fx.repo, text.sha.toUpperCase()), {
      sha: text.sha,
      size: 7,
      content: Buffer.from('héllo\n').toString('base64'),
      encoding: 'base64',
    });
  });

  it('content is stored byte for byte: no line-ending or filter conversion', async () => {
    const blob = await createBlob(fx.repo, 'a\r\nb\r\n');
    assert.equal(fx.git(['cat-file', '-s', blob.sha]), '6');
    assert.equal((await readBlob(fx.repo, blob.sha)).content, Buffer.from('a\r\nb\r\n').toString('base64'));
  });

  it('bad input writes nothing', async () => {
    const before = fx.git(['count-objects']);
    await assert.rejects(createBlob(fx.repo, 'x', 'latin1'), { name: 'InvalidInputError', message: 'encoding must be utf-8 or base64' });
    await assert.rejects(createBlob(fx.repo, 5), { name: 'InvalidInputError', message: 'content must be a string' });
    assert.equal(fx.git(['count-objects']), before);
  });

  it('GET of a missing object, a tree or a malformed SHA is Not Found (404)', async () => {
    const tree = fx.git(['mktree'], '');
    for (const sha of ['0123456789012345678901234567890123456789', tree, 'HEAD', '']) {
      await assert.rejects(readBlob(fx.repo, sha), (error: unknown) => {
        assert.ok(error instanceof ObjectNotFoundError);
        assert.deepEqual([error.message, error.status, error.sha, error.expectedType], ['Not Found', 404, sha, 'blob']);
        return true;
      });
    }
  });

  it("many blobs in one go: each SHA is git's own, in the order given, every object readable", async () => {
    const contents = [Buffer.from('first\n'), Buffer.alloc(0), Buffer.from([0, 255, 10, 13]), Buffer.from('first\n'), Buffer.from('x'.repeat(70_000))];
    const shas = await writeBlobs(fx.repo, contents);
    assert.deepEqual(
      shas,
      contents.map((c) => fx.git(['hash-object', '--stdin'], c)),
    );
    for (const [i, sha] of shas.entries()) assert.equal(fx.git(['cat-file', '-s', sha]), String(contents[i]!.length));
  });

  it('one blob, or none: the same answers', async () => {
    assert.deepEqual(await writeBlobs(fx.repo, []), []);
    const [sha] = await writeBlobs(fx.repo, [Buffer.from('only\n')]);
    assert.equal(sha, fx.git(['hash-object', '--stdin'], 'only\n'));
    assert.equal(fx.git(['cat-file', 'blob', sha!]), 'only');
  });
});
