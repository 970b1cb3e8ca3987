// The pure rules of the routes served under --vendor github outside the
// documents (emulator/src/hosting/vendor-github/rules.ts): contents paths,
// the write size limit, the readme's name, the comparison's status and its
// pages, the `base...head` form and the commit list's time filters.
import assert from 'node:assert/strict';
import {
  checkContentPath,
  compareListsFiles,
  comparePaged,
  compareStatus,
  contentSizeProblem,
  MAX_INLINE_BYTES,
  MAX_WRITE_BYTES,
  pickReadme,
  splitBaseHead,
  splitOwnerRef,
  splitRefAndPath,
  timeFilter,
} from '../../../src/hosting/vendor-github/rules';

describe('vendor-github rules: contents paths', () => {
  it('a nested path is split in segments; one trailing slash is dropped', () => {
    assert.deepEqual(checkContentPath('src/widget.js', false), { ok: true, path: 'src/widget.js', segments: ['src', 'widget.js'] });
    assert.deepEqual(checkContentPath('src/', true), { ok: true, path: 'src', segments: ['src'] });
    assert.deepEqual(checkContentPath('a..b/c.d', false), { ok: true, path: 'a..b/c.d', segments: ['a..b', 'c.d'] });
    assert.deepEqual(checkContentPath('.github/x', false), { ok: true, path: '.github/x', segments: ['.github', 'x'] });
  });

  it('the empty path is the root for reads, refused for writes', () => {
    assert.deepEqual(checkContentPath('', true), { ok: true, path: '', segments: [] });
    assert.deepEqual(checkContentPath('/', true), { ok: true, path: '', segments: [] });
    assert.deepEqual(checkContentPath('', false), { ok: false, reason: 'path must not be empty' });
    assert.deepEqual(checkContentPath('/', false), { ok: false, reason: 'path must not be empty' });
  });

  it('a NUL byte anywhere is refused first', () => {
    assert.deepEqual(checkContentPath('a\0b', false), { ok: false, reason: 'path must not contain a NUL byte' });
    assert.deepEqual(checkContentPath('../a\0', true), { ok: false, reason: 'path must not contain a NUL byte' });
  });

  it('a ".." segment is refused wherever it is', () => {
    for (const p of ['..', '../etc/passwd', 'src/../README.md', 'src/..', 'src/../']) {
      assert.deepEqual(checkContentPath(p, true), { ok: false, reason: 'path must not contain a ".." segment' }, p);
    }
  });

  it('empty and "." segments are refused', () => {
    for (const p of ['a//b', '/a', '.', 'a/./b', 'a//']) {
      assert.deepEqual(checkContentPath(p, true), { ok: false, reason: 'path must not contain an empty or "." segment' }, p);
    }
  });

  it('a ".git" segment is refused in any case', () => {
    for (const p of ['.git/config', 'a/.GIT/HEAD', '.Git']) {
      assert.deepEqual(checkContentPath(p, false), { ok: false, reason: 'path must not contain a ".git" segment' }, p);
    }
  });
});

describe('vendor-github rules: sizes', () => {
  it('a write up to the limit fits; one byte more is refused, naming the limit', () => {
    assert.equal(MAX_WRITE_BYTES, 10 * 1024 * 1024);
    assert.equal(MAX_INLINE_BYTES, 1024 * 1024);
    assert.equal(contentSizeProblem(MAX_WRITE_BYTES), undefined);
    assert.equal(contentSizeProblem(MAX_WRITE_BYTES + 1), `content is too large: ${MAX_WRITE_BYTES + 1} bytes (maximum is ${MAX_WRITE_BYTES} bytes)`);
    assert.equal(contentSizeProblem(0), undefined);
    assert.equal(contentSizeProblem(11, 10), 'content is too large: 11 bytes (maximum is 10 bytes)');
    assert.equal(contentSizeProblem(10, 10), undefined);
  });
});

describe('vendor-github rules: the readme', () => {
  it('README.md first, then README, in any case; nothing else', () => {
    assert.equal(pickReadme(['README', 'readme.MD', 'a.txt']), 'readme.MD');
    assert.equal(pickReadme(['a.txt', 'Readme']), 'Readme');
    assert.equal(pickReadme(['README.rst', 'READMEs', 'xREADME.md']), undefined);
    assert.equal(pickReadme([]), undefined);
  });
});

describe('vendor-github rules: comparisons', () => {
  it('the status from ahead_by and behind_by', () => {
    assert.equal(compareStatus(0, 0), 'identical');
    assert.equal(compareStatus(2, 0), 'ahead');
    assert.equal(compareStatus(0, 3), 'behind');
    assert.equal(compareStatus(1, 1), 'diverged');
  });

  it('base...head split at the first three dots; other forms are not a comparison', () => {
    assert.deepEqual(splitBaseHead('main...feature/side'), { base: 'main', head: 'feature/side' });
    assert.deepEqual(splitBaseHead('a...b...c'), { base: 'a', head: 'b...c' });
    assert.equal(splitBaseHead('main..feature'), undefined);
    assert.equal(splitBaseHead('...head'), undefined);
    assert.equal(splitBaseHead('base...'), undefined);
    assert.equal(splitBaseHead('base....head'), undefined);
    assert.equal(splitBaseHead('main'), undefined);
  });
});

describe('vendor-github rules: the pages of a comparison', () => {
  it('paged when page or per_page is given as a whole number from 1', () => {
    for (const query of [
      { page: '1' },
      { per_page: '10' },
      { page: '3', per_page: '100' },
      { per_page: '500' },
      { page: 'abc', per_page: '10' },
      { page: '2', per_page: '0' },
    ]) {
      assert.equal(comparePaged(query), true, JSON.stringify(query));
    }
  });

  it('unpaged without them, and with only malformed or < 1 values (absent, as the other lists read them)', () => {
    for (const query of [
      undefined,
      {},
      { sha: 'main' },
      { page: 'abc' },
      { page: '0' },
      { page: '-1' },
      { per_page: '0' },
      { page: '1.5', per_page: '' },
      { page: ['1', '2'] },
    ]) {
      assert.equal(comparePaged(query), false, JSON.stringify(query));
    }
  });

  it('the files: always unpaged; paged, on page 1 only', () => {
    assert.equal(compareListsFiles(false, 1), true);
    assert.equal(compareListsFiles(true, 1), true);
    assert.equal(compareListsFiles(true, 2), false);
    assert.equal(compareListsFiles(true, 99), false);
  });
});

describe('vendor-github rules: a side of a comparison across forks', () => {
  it('a plain branch has no owner', () => {
    assert.deepEqual(splitOwnerRef('feature/side'), { owner: undefined, ref: 'feature/side' });
  });

  it('owner:branch names the owner and the branch, split at the first colon', () => {
    assert.deepEqual(splitOwnerRef('bob:feature/side'), { owner: 'bob', ref: 'feature/side' });
    assert.deepEqual(splitOwnerRef('bob:a:b'), { owner: 'bob', ref: 'a:b' });
  });

  it('an empty side, an empty owner or an empty branch is refused', () => {
    assert.equal(splitOwnerRef(''), undefined);
    assert.equal(splitOwnerRef(':main'), undefined);
    assert.equal(splitOwnerRef('bob:'), undefined);
    assert.equal(splitOwnerRef(':'), undefined);
  });
});

describe('vendor-github rules: a raw address', () => {
  it('one segment of ref, then the rest as the path', () => {
    assert.deepEqual(splitRefAndPath('main/README.md'), [{ ref: 'main', path: 'README.md' }]);
  });

  it('a ref with slashes: every split, the shortest ref first', () => {
    assert.deepEqual(splitRefAndPath('feature/side/docs/side.md'), [
      { ref: 'feature', path: 'side/docs/side.md' },
      { ref: 'feature/side', path: 'docs/side.md' },
      { ref: 'feature/side/docs', path: 'side.md' },
    ]);
  });

  it('no path after the ref, or an empty ref, gives no way to read it', () => {
    assert.deepEqual(splitRefAndPath('main'), []);
    assert.deepEqual(splitRefAndPath('main/'), []);
    assert.deepEqual(splitRefAndPath(''), []);
    assert.deepEqual(splitRefAndPath('/README.md'), []);
  });
});

describe('vendor-github rules: time filters', () => {
  it('absent is null; ISO 8601 times and dates are seconds since the epoch (UTC without an offset)', () => {
    assert.equal(timeFilter(undefined), null);
    assert.equal(timeFilter('2026-01-06T10:00:00Z'), Date.UTC(2026, 0, 6, 10) / 1000);
    assert.equal(timeFilter('2026-01-06T10:00:00'), Date.UTC(2026, 0, 6, 10) / 1000);
    assert.equal(timeFilter('2026-01-06T10:00'), Date.UTC(2026, 0, 6, 10) / 1000);
    assert.equal(timeFilter('2026-01-06T12:00:00+02:00'), Date.UTC(2026, 0, 6, 10) / 1000);
    assert.equal(timeFilter('2026-01-06T10:00:00.900Z'), Date.UTC(2026, 0, 6, 10) / 1000);
    assert.equal(timeFilter('2026-01-06'), Date.UTC(2026, 0, 6) / 1000);
  });

  it('a time without an offset is UTC whatever the local time zone', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      assert.equal(timeFilter('2026-01-06T10:00:00'), Date.UTC(2026, 0, 6, 10) / 1000);
      assert.equal(timeFilter('2026-01-06'), Date.UTC(2026, 0, 6) / 1000);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('anything else is malformed (undefined)', () => {
    for (const v of ['yesterday', '2026-13-45T99:00:00Z', '', '2026-01-06T10', 'x2026-01-06', '2026-01-06Zx', 5, ['2026-01-06']]) {
      assert.equal(timeFilter(v), undefined, String(v));
    }
  });
});
