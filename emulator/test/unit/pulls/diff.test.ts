// The files of a pull request and the review-comment positions
// (docs/service-api/hosting/pulls §5, §7–§9; positions count the lines
// below a file's first `@@` header, the header itself not counted): the
// parsing of `git diff --full-index -M` and the questions asked of a patch.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diffHunk, isValidPosition, parseDiff, patchLines, relocatePosition } from '../../../src/hosting/pulls/diff';
import { plainGitEnv } from '../../git-fixture';

const ZERO = '0'.repeat(40);
const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);
const SHA_C = 'c'.repeat(40);

describe('emulator pull request diff: files of git diff output', () => {
  it('a modified file: name, additions, deletions, the patch from its first @@ header, the new blob', () => {
    const text = [
      'diff --git a/keep.txt b/keep.txt',
      `index ${SHA_A}..${SHA_B} 100644`,
      '--- a/keep.txt',
      '+++ b/keep.txt',
      '@@ -1,3 +1,3 @@',
      ' one',
      '-two',
      '+TWO',
      ' three',
      '@@ -9,2 +9,3 @@ eight',
      ' nine',
      '+nine and a half',
      '\\ No newline at end of file',
      '',
    ].join('\n');
    assert.deepEqual(parseDiff(text), [
      {
        filename: 'keep.txt',
        previous_filename: null,
        status: 'modified',
        additions: 2,
        deletions: 1,
        patch: '@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n@@ -9,2 +9,3 @@ eight\n nine\n+nine and a half\n\\ No newline at end of file',
        sha: SHA_B,
      },
    ]);
  });

  it('an added file (its blob) and a removed file (the old blob), with /dev/null on the other side', () => {
    const text = [
      'diff --git a/added.txt b/added.txt',
      'new file mode 100644',
      `index ${ZERO}..${SHA_A}`,
      '--- /dev/null',
      '+++ b/added.txt',
      '@@ -0,0 +1 @@',
      '+new',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      `index ${SHA_B}..${ZERO}`,
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1,2 +0,0 @@',
      '-gone',
      '-too',
      '',
    ].join('\n');
    assert.deepEqual(parseDiff(text), [
      { filename: 'added.txt', previous_filename: null, status: 'added', additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+new', sha: SHA_A },
      { filename: 'old.txt', previous_filename: null, status: 'removed', additions: 0, deletions: 2, patch: '@@ -1,2 +0,0 @@\n-gone\n-too', sha: SHA_B },
    ]);
  });

  it('a renamed and changed file: the new name, previous_filename, the new blob', () => {
    const text = [
      'diff --git a/moved.txt b/docs/moved.txt',
      'similarity index 87%',
      'rename from moved.txt',
      'rename to docs/moved.txt',
      `index ${SHA_A}..${SHA_C} 100644`,
      '--- a/moved.txt',
      '+++ b/docs/moved.txt',
      '@@ -5,4 +5,4 @@ d',
      ' e',
      '-h',
      '+H',
    ].join('\n');
    assert.deepEqual(parseDiff(text), [
      {
        filename: 'docs/moved.txt',
        previous_filename: 'moved.txt',
        status: 'renamed',
        additions: 1,
        deletions: 1,
        patch: '@@ -5,4 +5,4 @@ d\n e\n-h\n+H',
        sha: SHA_C,
      },
    ]);
  });

  it('a pure rename has no index line and no patch: empty patch, sha null (the caller asks the tree)', () => {
    const text = ['diff --git a/a.txt b/b.txt', 'similarity index 100%', 'rename from a.txt', 'rename to b.txt', ''].join('\n');
    assert.deepEqual(parseDiff(text), [{ filename: 'b.txt', previous_filename: 'a.txt', status: 'renamed', additions: 0, deletions: 0, patch: '', sha: null }]);
  });

  it('a binary file: patch null, its blob; the name from the diff --git line', () => {
    const text = [
      'diff --git a/img/logo.png b/img/logo.png',
      `index ${SHA_A}..${SHA_B} 100644`,
      'Binary files a/img/logo.png and b/img/logo.png differ',
      '',
    ].join('\n');
    assert.deepEqual(parseDiff(text), [
      { filename: 'img/logo.png', previous_filename: null, status: 'modified', additions: 0, deletions: 0, patch: null, sha: SHA_B },
    ]);
  });

  it('a mode change only and an empty new file: empty patch, names from the diff --git line', () => {
    const text = [
      'diff --git a/run.sh b/run.sh',
      'old mode 100644',
      'new mode 100755',
      'diff --git a/a/empty b/a/empty',
      'new file mode 100644',
      `index ${ZERO}..e69de29bb2d1d6434b8b29ae775ad8c2e48c5391`,
      'diff --git a/gone/empty b/gone/empty',
      'deleted file mode 100644',
      `index e69de29bb2d1d6434b8b29ae775ad8c2e48c5391..${ZERO}`,
    ].join('\n');
    assert.deepEqual(parseDiff(text), [
      { filename: 'run.sh', previous_filename: null, status: 'modified', additions: 0, deletions: 0, patch: '', sha: null },
      { filename: 'a/empty', previous_filename: null, status: 'added', additions: 0, deletions: 0, patch: '', sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391' },
      {
        filename: 'gone/empty',
        previous_filename: null,
        status: 'removed',
        additions: 0,
        deletions: 0,
        patch: '',
        sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
      },
    ]);
  });

  it('a file name with a space: git ends the ---/+++ names with a tab, which is not part of the name', () => {
    const text = [
      'diff --git a/my file.txt b/my file.txt',
      `index ${SHA_A}..${SHA_B} 100644`,
      '--- a/my file.txt\t',
      '+++ b/my file.txt\t',
      '@@ -1 +1 @@',
      '-x',
      '+y',
      'diff --git a/old name.txt b/old name.txt',
      'deleted file mode 100644',
      `index ${SHA_C}..${ZERO}`,
      '--- a/old name.txt\t',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-y',
    ].join('\n');
    assert.deepEqual(
      parseDiff(text).map((f) => [f.filename, f.status, f.sha]),
      [
        ['my file.txt', 'modified', SHA_B],
        ['old name.txt', 'removed', SHA_C],
      ],
    );
  });

  it('lines of the body that look like headers count as changes, not as names', () => {
    // An added line "++ b/evil" shows as "+++ b/evil"; a removed "-- a/x" as "--- a/x".
    const text = [
      'diff --git a/notes.md b/notes.md',
      `index ${SHA_A}..${SHA_B} 100644`,
      '--- a/notes.md',
      '+++ b/notes.md',
      '@@ -1,2 +1,2 @@',
      '--- a/x',
      '+++ b/evil',
      ' rename from nowhere',
      ' new file mode 100644',
      ' Binary files differ',
    ].join('\n');
    assert.deepEqual(parseDiff(text), [
      {
        filename: 'notes.md',
        previous_filename: null,
        status: 'modified',
        additions: 1,
        deletions: 1,
        patch: '@@ -1,2 +1,2 @@\n--- a/x\n+++ b/evil\n rename from nowhere\n new file mode 100644\n Binary files differ',
        sha: SHA_B,
      },
    ]);
  });

  it('an index line without full SHAs is read as far as it goes; an unreadable one leaves sha null', () => {
    const short = ['diff --git a/x b/x', 'index 1234abc..5678def 100644', '--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b'].join('\n');
    assert.equal(parseDiff(short)[0]!.sha, '5678def');
    const odd = ['diff --git a/x b/x', 'index zz..yy', '--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b'].join('\n');
    assert.equal(parseDiff(odd)[0]!.sha, null);
  });

  it('text before the first diff --git line is ignored; no diff, no files', () => {
    assert.deepEqual(parseDiff(''), []);
    assert.deepEqual(parseDiff('warning: something\n'), []);
    const text = ['warning: something', 'diff --git a/x b/x', `index ${SHA_A}..${SHA_B} 100644`, '--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b'].join('\n');
    assert.deepEqual(
      parseDiff(text).map((f) => f.filename),
      ['x'],
    );
  });

  it('real git diff output: modified, added, removed, renamed, binary, mode change, a name with spaces', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-diff-'));
    const env = plainGitEnv(dir, { GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com' });
    const git = (...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { env }).toString('utf8');
    try {
      git('init', '--quiet');
      const write = (name: string, content: string | Buffer): void => fs.writeFileSync(path.join(dir, name), content);
      write('keep.txt', 'one\ntwo\nthree\n');
      write('old.txt', 'gone\n');
      write('moved.txt', 'a\nb\nc\nd\ne\nf\ng\nh\n');
      write('mode.sh', 'x');
      write('bin.dat', Buffer.from([0, 1]));
      write('my file.txt', 'x\n');
      git('add', '-A');
      git('commit', '--quiet', '-m', 'base');
      write('keep.txt', 'one\nTWO\nthree\n');
      fs.rmSync(path.join(dir, 'old.txt'));
      fs.renameSync(path.join(dir, 'moved.txt'), path.join(dir, 'new name.txt'));
      write('new name.txt', 'a\nb\nc\nd\ne\nf\ng\nH\n');
      fs.chmodSync(path.join(dir, 'mode.sh'), 0o755);
      write('bin.dat', Buffer.from([0, 2]));
      write('my file.txt', 'y\n');
      write('added.txt', 'new\n');
      git('add', '-A');
      git('commit', '--quiet', '-m', 'change');
      const blob = (spec: string): string => git('rev-parse', spec).trim();
      // The command PullGit runs.
      const files = parseDiff(git('-c', 'core.quotePath=false', 'diff', '--no-color', '--no-ext-diff', '-M', '--full-index', 'HEAD~1...HEAD'));
      assert.deepEqual(
        files.map((f) => ({ ...f, patch: f.patch === null || f.patch === '' ? f.patch : f.patch.split('\n').length })),
        [
          { filename: 'added.txt', previous_filename: null, status: 'added', additions: 1, deletions: 0, patch: 2, sha: blob('HEAD:added.txt') },
          { filename: 'bin.dat', previous_filename: null, status: 'modified', additions: 0, deletions: 0, patch: null, sha: blob('HEAD:bin.dat') },
          { filename: 'keep.txt', previous_filename: null, status: 'modified', additions: 1, deletions: 1, patch: 5, sha: blob('HEAD:keep.txt') },
          { filename: 'mode.sh', previous_filename: null, status: 'modified', additions: 0, deletions: 0, patch: '', sha: null },
          { filename: 'my file.txt', previous_filename: null, status: 'modified', additions: 1, deletions: 1, patch: 3, sha: blob('HEAD:my file.txt') },
          { filename: 'new name.txt', previous_filename: 'moved.txt', status: 'renamed', additions: 1, deletions: 1, patch: 6, sha: blob('HEAD:new name.txt') },
          { filename: 'old.txt', previous_filename: null, status: 'removed', additions: 0, deletions: 1, patch: 2, sha: blob('HEAD~1:old.txt') },
        ],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a name from the diff --git line may hold " b/": a binary file in a folder named "x b"', () => {
    const text = ['diff --git a/x b/logo.png b/x b/logo.png', `index ${SHA_A}..${SHA_B} 100644`, 'Binary files a/x b/logo.png and b/x b/logo.png differ'].join(
      '\n',
    );
    assert.deepEqual(
      parseDiff(text).map((f) => [f.filename, f.patch, f.sha]),
      [['x b/logo.png', null, SHA_B]],
    );
  });

  it('a blob SHA that begins or ends with zeros is a SHA like any other; only the all-zero one means none', () => {
    const leading = `00${'1'.repeat(38)}`;
    const trailing = `${'2'.repeat(38)}00`;
    const text = [
      'diff --git a/x b/x',
      `index ${trailing}..${leading} 100644`,
      '--- a/x',
      '+++ b/x',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git a/y b/y',
      'deleted file mode 100644',
      `index ${trailing}..${ZERO}`,
      '--- a/y',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-y',
    ].join('\n');
    assert.deepEqual(
      parseDiff(text).map((f) => f.sha),
      [leading, trailing],
    );
  });
});

describe('emulator pull request diff: positions, hunks and outdated comments', () => {
  // Positions: 1-4 in the first hunk, 5 is the second @@ header, 6-8 below it.
  const patch = [
    '@@ -1,3 +1,4 @@', // 0
    ' one', // 1
    '-two', // 2
    '+TWO', // 3
    '+two and a half', // 4
    '@@ -20,3 +21,3 @@ twenty', // 5
    ' twenty-one', // 6
    '-twenty-two', // 7
    '+22', // 8
  ].join('\n');

  it('patchLines: the patch split in lines; none without a patch (binary, empty)', () => {
    assert.equal(patchLines(patch).length, 9);
    assert.deepEqual(patchLines(null), []);
    assert.deepEqual(patchLines(''), []);
  });

  it('a position is a whole number from 1 to the last line; the header, 0, past the end and fractions are not', () => {
    assert.equal(isValidPosition(patch, 1), true);
    assert.equal(isValidPosition(patch, 5), true, 'a later @@ header has a position');
    assert.equal(isValidPosition(patch, 8), true);
    assert.equal(isValidPosition(patch, 9), false);
    assert.equal(isValidPosition(patch, 0), false);
    assert.equal(isValidPosition(patch, -1), false);
    assert.equal(isValidPosition(patch, 1.5), false);
    assert.equal(isValidPosition(null, 1), false, 'a binary file has no positions');
    assert.equal(isValidPosition('', 1), false);
  });

  it('the diff hunk of a position runs from the @@ header of its hunk down to the position', () => {
    assert.equal(diffHunk(patch, 1), '@@ -1,3 +1,4 @@\n one');
    assert.equal(diffHunk(patch, 4), '@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n+two and a half');
    assert.equal(diffHunk(patch, 5), '@@ -20,3 +21,3 @@ twenty', 'on a header: the header alone');
    assert.equal(diffHunk(patch, 7), '@@ -20,3 +21,3 @@ twenty\n twenty-one\n-twenty-two');
    assert.equal(diffHunk(patch, 0), '@@ -1,3 +1,4 @@');
  });

  it('relocation: the same hunk body in a newer patch gives the new position, even when the hunk moved', () => {
    assert.equal(relocatePosition(patch, '@@ -20,3 +21,3 @@ twenty\n twenty-one\n-twenty-two'), 7);
    assert.equal(relocatePosition(patch, '@@ -1,3 +1,4 @@\n one\n-two'), 2);
    // A new first hunk pushes the second one down; its header numbers changed, the lines did not.
    const newer = ['@@ -1,1 +1,2 @@', '+zero', ' one', '@@ -18,3 +19,3 @@ twenty', ' twenty-one', '-twenty-two', '+22'].join('\n');
    assert.equal(relocatePosition(newer, '@@ -20,3 +21,3 @@ twenty\n twenty-one\n-twenty-two\n+22'), 6);
  });

  it('relocation: a changed line, a hunk longer than the rest of the patch, no patch or a bare header give null (outdated)', () => {
    assert.equal(relocatePosition(patch, '@@ -20,3 +21,3 @@ twenty\n twenty-one\n-twenty-two\n+23'), null);
    assert.equal(relocatePosition(patch, '@@ -20,3 +21,3 @@ twenty\n twenty-one\n-twenty-two\n+22\n+more'), null);
    assert.equal(relocatePosition(null, '@@ -1 +1 @@\n+a'), null);
    assert.equal(relocatePosition(patch, '@@ -20,3 +21,3 @@ twenty'), null);
    // The body must start right below a header: the same lines in the middle of a hunk do not count.
    assert.equal(relocatePosition(patch, '@@ -2,2 +2,2 @@\n-two\n+TWO'), null);
  });
});
