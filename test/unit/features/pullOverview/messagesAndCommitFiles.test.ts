// The page's messages are checked both ways (an unknown or malformed message
// is refused), and a commit's files come from the trees of the commit and
// its first parent.
import assert from 'node:assert/strict';
import { hostToWebview, webviewToHost } from '../../../../src/features/pullOverview/model/messages';
import { changedFiles } from '../../../../src/reviewing/commitFiles';
import type { TreeEntry } from '../../../../src/hosting';

describe('pull request overview: messages', () => {
  it('accepts what the page sends: comments (trimmed), actions, opening files, commits and threads', () => {
    const add = webviewToHost.safeParse({ type: 'addComment', request: 1, body: '  Looks right.  ' });
    assert.ok(add.success);
    assert.deepEqual(add.data, { type: 'addComment', request: 1, body: 'Looks right.' });
    assert.ok(webviewToHost.safeParse({ type: 'action', action: 'merge' }).success);
    assert.ok(webviewToHost.safeParse({ type: 'openCommit', sha: 'a'.repeat(40) }).success);
    assert.ok(webviewToHost.safeParse({ type: 'deleteComment', request: 2, id: 5 }).success);
  });

  it('refuses unknown messages, empty comments, unknown actions and malformed ids', () => {
    for (const bad of [
      { type: 'dropTables' },
      { type: 'addComment', request: 1, body: '   ' },
      { type: 'action', action: 'deleteRepository' },
      { type: 'editComment', request: 1, id: 'all', body: 'x' },
      { type: 'openCommit', sha: '../../etc/passwd' },
      null,
    ])
      assert.equal(webviewToHost.safeParse(bad).success, false, JSON.stringify(bad));
  });

  it('refuses a model the host should not post (a label colour that is not hex)', () => {
    assert.equal(hostToWebview.safeParse({ type: 'commentDone', request: 1, ok: true }).success, true);
    assert.equal(hostToWebview.safeParse({ type: 'model', model: { labels: [{ name: 'x', color: 'red;}' }] } }).success, false);
  });
});

const blob = (path: string, sha: string, mode: TreeEntry['mode'] = '100644'): TreeEntry => ({ path, mode, type: 'blob', sha: sha.repeat(40) });

describe('pull request overview: the files of a commit', () => {
  it('added, removed and modified (content or mode) files, by path; subtrees left out', () => {
    const parent = [
      blob('README.md', 'a'),
      blob('old.js', 'b'),
      blob('run.sh', 'c'),
      { path: 'src', mode: '040000', type: 'tree', sha: 'd'.repeat(40) } as TreeEntry,
      blob('src/same.js', 'e'),
    ];
    const commit = [
      blob('README.md', 'f'),
      blob('run.sh', 'c', '100755'),
      blob('src/new.js', '1'),
      blob('src/same.js', 'e'),
      { path: 'src', mode: '040000', type: 'tree', sha: '2'.repeat(40) } as TreeEntry,
    ];
    assert.deepEqual(changedFiles(parent, commit), [
      { path: 'old.js', status: 'removed' },
      { path: 'README.md', status: 'modified' },
      { path: 'run.sh', status: 'modified' },
      { path: 'src/new.js', status: 'added' },
    ]);
  });

  it('a root commit adds every file', () => {
    assert.deepEqual(changedFiles([], [blob('a', '1')]), [{ path: 'a', status: 'added' }]);
  });
});
