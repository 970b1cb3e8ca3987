import * as assert from 'node:assert/strict';
import { commentLine, firstLine, formatExactDate, formatSize, groupRefs, groupReviewThreads, lineOfDiffHunk, shortSha } from '../../src/util/viewFormat';
import { fromGitPath, toGitPath, toGitQuery } from '../../src/util/gitUri';

describe('view formatting helpers', () => {
  it('formats sizes in binary units', () => {
    assert.equal(formatSize(0), '0 B');
    assert.equal(formatSize(1023), '1023 B');
    assert.equal(formatSize(1536), '1.5 KB');
    assert.equal(formatSize(5 * 1024 * 1024), '5.0 MB');
  });

  it('words the exact date of a hover in the display language, building one formatter per language', () => {
    const iso = '2024-06-01T12:34:00Z';
    // Language tags no other test uses: the formatters are kept for the process.
    const made: string[] = [];
    const Real = Intl.DateTimeFormat;
    const counting = function (this: unknown, locale?: string, options?: Intl.DateTimeFormatOptions) {
      made.push(String(locale));
      return new Real(locale, options);
    } as unknown as typeof Intl.DateTimeFormat;
    Intl.DateTimeFormat = counting;
    try {
      const english = formatExactDate(iso, 'en-x-once');
      assert.equal(english, new Real('en-x-once', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)));
      assert.match(english, /June 1, 2024/);
      assert.equal(
        formatExactDate('2024-06-02T08:00:00Z', 'en-x-once'),
        new Real('en-x-once', { dateStyle: 'long', timeStyle: 'short' }).format(new Date('2024-06-02T08:00:00Z')),
      );
      const german = formatExactDate(iso, 'de-x-once');
      assert.match(german, /1\. Juni 2024/);
      assert.deepEqual(made, ['en-x-once', 'de-x-once']);
      assert.equal(formatExactDate('not a date', 'en-x-once'), 'not a date');
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });

  it('takes the first non-empty line and cuts long ones', () => {
    assert.equal(firstLine('\n\n  Hello there  \nsecond'), 'Hello there');
    assert.equal(firstLine(null), '');
    assert.equal(firstLine('x'.repeat(100), 10), `${'x'.repeat(9)}…`);
  });

  it("a review comment's title is its text outside the suggestion block, or none when it is only a suggestion", () => {
    assert.equal(commentLine('```suggestion\nconst x = 1;\n```'), undefined);
    assert.equal(commentLine('```suggestion\nconst x = 1;'), undefined, 'an unclosed block runs to the end');
    assert.equal(commentLine('~~~~ suggestion\nconst x = 1;\n~~~~\n'), undefined);
    assert.equal(commentLine('Use a const here.\n```suggestion\nconst x = 1;\n```'), 'Use a const here.');
    assert.equal(commentLine('```suggestion\nconst x = 1;\n```\nThen the rest follows.'), 'Then the rest follows.');
    assert.equal(commentLine('```js\nconst x = 1;\n```'), '```js', 'other code blocks are text');
    assert.equal(commentLine('Plain comment'), 'Plain comment');
    assert.equal(commentLine(''), '');
    assert.equal(commentLine(null), '');
    assert.equal(commentLine(`${'y'.repeat(100)}\n\`\`\`suggestion\nz\n\`\`\``, 10), `${'y'.repeat(9)}…`);
    assert.equal(shortSha('0123456789abcdef0123456789abcdef01234567'), '0123456');
  });
});

describe('review threads', () => {
  const c = (id: number, path: string, at: string, reply?: number | null, pos = 1) => ({
    id,
    path,
    created_at: at,
    in_reply_to_id: reply,
    original_commit_id: 'c1',
    original_position: pos,
  });

  it('groups by file, then by in_reply_to chains, oldest first', () => {
    const files = groupReviewThreads([
      c(4, 'b.txt', '2024-01-04T00:00:00Z', 1),
      c(1, 'b.txt', '2024-01-01T00:00:00Z', null),
      c(2, 'a.txt', '2024-01-02T00:00:00Z', null),
      c(3, 'b.txt', '2024-01-03T00:00:00Z', null),
      c(5, 'b.txt', '2024-01-05T00:00:00Z', 4),
    ]);
    assert.deepEqual(
      files.map((f) => f.path),
      ['a.txt', 'b.txt'],
    );
    assert.deepEqual(
      files[1]!.threads.map((t) => t.comments.map((x) => x.id)),
      [[1, 4, 5], [3]],
    );
  });

  it('a reply whose parent is gone starts its own thread', () => {
    const files = groupReviewThreads([c(7, 'a', '2024-01-01T00:00:00Z', 99)]);
    assert.equal(files[0]!.threads[0]!.root.id, 7);
  });

  it('roots without in_reply_to_id (left out where it does not apply) still head the threads their replies name', () => {
    const files = groupReviewThreads([
      c(1, 'a', '2024-01-01T00:00:00Z', undefined, 3),
      c(2, 'a', '2024-01-02T00:00:00Z', 1, 3),
      c(3, 'a', '2024-01-03T00:00:00Z', undefined, 3),
    ]);
    assert.deepEqual(
      files[0]!.threads.map((t) => t.comments.map((x) => x.id)),
      [[1, 2], [3]],
    );
  });

  it('without in_reply_to_id, comments at the same place share a thread', () => {
    const files = groupReviewThreads([
      c(1, 'a', '2024-01-01T00:00:00Z', undefined, 3),
      c(2, 'a', '2024-01-02T00:00:00Z', undefined, 3),
      c(3, 'a', '2024-01-03T00:00:00Z', undefined, 4),
    ]);
    assert.deepEqual(
      files[0]!.threads.map((t) => t.comments.map((x) => x.id)),
      [[1, 2], [3]],
    );
  });
});

describe('diff hunk line numbers', () => {
  it('counts down the last hunk to the commented new line', () => {
    assert.deepEqual(lineOfDiffHunk('@@ -10,4 +12,5 @@ def f\n context\n-old\n+new\n+newer'), { side: 'head', line: 14 });
  });
  it('a removed last line points at the old file', () => {
    assert.deepEqual(lineOfDiffHunk('@@ -10,3 +10,2 @@\n context\n-gone'), { side: 'base', line: 11 });
  });
  it('uses the last hunk header and skips no-newline markers', () => {
    assert.deepEqual(lineOfDiffHunk('@@ -1 +1 @@\n-a\n+b\n@@ -20,2 +20,2 @@\n x\n\\ No newline at end of file'), { side: 'head', line: 20 });
    assert.equal(lineOfDiffHunk('no header'), undefined);
  });
});

describe('ref groups', () => {
  it('puts branches, then tags, then other namespaces, each sorted', () => {
    const groups = groupRefs([
      { ref: 'refs/tags/v1' },
      { ref: 'refs/notes/commits' },
      { ref: 'refs/heads/main' },
      { ref: 'refs/heads/feature/x' },
      { ref: 'refs/tags/v0' },
    ]);
    assert.deepEqual(
      groups.map((g) => [g.namespace, g.refs.map((r) => r.short)]),
      [
        ['heads', ['feature/x', 'main']],
        ['tags', ['v0', 'v1']],
        ['notes', ['commits']],
      ],
    );
  });
});

describe('repodesk: paths', () => {
  it('round-trips owner, repo, SHA and a path with spaces and slashes', () => {
    const loc = { owner: 'o', repo: 'r', sha: 'abc', path: 'dir/a file#.txt' };
    const p = toGitPath(loc);
    assert.equal(p, '/o/r/abc/dir/a%20file%23.txt');
    assert.deepEqual(fromGitPath(p), loc);
    assert.deepEqual(fromGitPath('/o/r/abc', 'empty'), { owner: 'o', repo: 'r', sha: 'abc', path: '', empty: true });
    // The root, and a path given with stray slashes, name no empty segment.
    assert.equal(toGitPath({ ...loc, path: '' }), '/o/r/abc');
    assert.equal(toGitPath({ ...loc, path: '/dir//x/' }), '/o/r/abc/dir/x');
    assert.throws(() => fromGitPath('/o/r'), /^Error: Not a RepoDesk file path: \/o\/r$/);
  });

  it('the query holds the empty marker and the account the file is read with (service and user id, any characters), and reads back', () => {
    const base = { owner: 'o', repo: 'r', sha: 'abc', path: 'f' };
    assert.equal(toGitQuery(base), '');
    assert.equal(toGitQuery({ ...base, empty: true }), 'empty');
    assert.equal(toGitQuery({ ...base, account: 'Local&Co/7' }), 'account=Local%26Co%2F7');
    const both = toGitQuery({ ...base, empty: true, account: 'Enterprise/1' });
    assert.equal(both, 'empty&account=Enterprise%2F1');
    assert.deepEqual(fromGitPath('/o/r/abc/f', both), { ...base, empty: true, account: 'Enterprise/1' });
    assert.deepEqual(fromGitPath('/o/r/abc/f', 'account=Local%26Co%2F7'), { ...base, account: 'Local&Co/7' });
    assert.deepEqual(fromGitPath('/o/r/abc/f', 'account='), { ...base, account: '' });
    assert.deepEqual(fromGitPath('/o/r/abc/f', 'myaccount=x'), base);
  });

  it('the query names the pull request a diff was opened for, which reads back without any state', () => {
    const base = { owner: 'o', repo: 'r', sha: 'abc', path: 'f' };
    const all = toGitQuery({ ...base, empty: true, account: 'Enterprise/1', pull: 12 });
    assert.equal(all, 'empty&account=Enterprise%2F1&pull=12');
    assert.deepEqual(fromGitPath('/o/r/abc/f', all), { ...base, empty: true, account: 'Enterprise/1', pull: 12 });
    assert.deepEqual(fromGitPath('/o/r/abc/f', 'pull=7'), { ...base, pull: 7 });
    assert.deepEqual(fromGitPath('/o/r/abc/f', 'pull=x'), base);
    assert.deepEqual(fromGitPath('/o/r/abc/f', 'pull=7x'), base);
  });
});
