// Edges of the change plan: a prefix written with slashes, folders whose
// names start alike, the submodule path itself, renames that are not one,
// and the branch's files after the changes, entry by entry.
import assert from 'node:assert/strict';
import { blobSha, filesAfter, planChanges, type Change, type GitFile, type RemoteEntry } from '../../../src/gitdata';

const sha = (text: string) => blobSha(text);
const blob = (path: string, content: string, mode = '100644'): RemoteEntry => ({ path, mode, type: 'blob', sha: sha(content) });
const file = (path: string, content: string, mode: GitFile['mode'] = '100644'): GitFile => ({ path, mode, sha: sha(content) });
const SUB = 'c'.repeat(40);

describe('gitdata: change plan edges', () => {
  it('a prefix with leading and trailing slashes maps to the same folder; a sibling folder starting alike is out of scope', () => {
    const remote = [blob('src/a.ts', 'a'), blob('src/gone.ts', 'gone'), blob('srcx/keep.ts', 'keep'), blob('top.md', 'top')];
    const expected: Change[] = [
      { kind: 'modified', path: 'src/a.ts', mode: '100644', sha: sha('a2'), oldSha: sha('a') },
      { kind: 'added', path: 'src/b/c.ts', mode: '100755', sha: sha('c') },
      { kind: 'deleted', path: 'src/gone.ts', oldSha: sha('gone'), oldMode: '100644' },
    ];
    const local = [file('a.ts', 'a2'), file('b/c.ts', 'c', '100755')];
    assert.deepEqual(planChanges(local, remote, '//src//'), expected);
    assert.deepEqual(planChanges(local, remote, 'src'), expected);
  });

  it('a prefix of several folders keeps its inner slash (docs/api, not docsapi)', () => {
    const remote = [blob('docs/api/old.md', 'old'), blob('docsapi/x.md', 'x')];
    assert.deepEqual(planChanges([file('new.md', 'new')], remote, '/docs/api/'), [
      { kind: 'added', path: 'docs/api/new.md', mode: '100644', sha: sha('new') },
      { kind: 'deleted', path: 'docs/api/old.md', oldSha: sha('old'), oldMode: '100644' },
    ]);
  });

  it('without a prefix every path of the branch is in scope', () => {
    assert.deepEqual(planChanges([], [blob('a', 'a'), blob('b/c', 'c', '100755')]), [
      { kind: 'deleted', path: 'a', oldSha: sha('a'), oldMode: '100644' },
      { kind: 'deleted', path: 'b/c', oldSha: sha('c'), oldMode: '100755' },
    ]);
  });

  it("a workspace file at the submodule's own path or under it is skipped; one beside it with a longer name is added", () => {
    const remote: RemoteEntry[] = [
      { path: 'vendor/lib', mode: '160000', type: 'commit', sha: SUB },
      { path: 'vendor', mode: '040000', type: 'tree', sha: 'd'.repeat(40) },
    ];
    assert.deepEqual(planChanges([file('vendor/lib', 'x'), file('vendor/lib/inner.c', 'y'), file('vendor/library.c', 'z')], remote), [
      { kind: 'added', path: 'vendor/library.c', mode: '100644', sha: sha('z') },
    ]);
  });

  it('a submodule under the prefix is honoured for the prefixed paths', () => {
    const remote: RemoteEntry[] = [{ path: 'app/mod', mode: '160000', type: 'commit', sha: SUB }];
    assert.deepEqual(planChanges([file('mod/x', 'x'), file('y', 'y')], remote, 'app'), [{ kind: 'added', path: 'app/y', mode: '100644', sha: sha('y') }]);
  });

  it('a tree entry or a submodule of the branch is never planned as deleted', () => {
    const remote: RemoteEntry[] = [
      { path: 'dir', mode: '040000', type: 'tree', sha: 'd'.repeat(40) },
      { path: 'mod', mode: '160000', type: 'commit', sha: SUB },
      blob('dir/f', 'f'),
    ];
    assert.deepEqual(planChanges([file('dir/f', 'f')], remote), []);
  });

  it('a deleted file whose content reappears at two added paths is not a rename: one deletion, two additions', () => {
    const changes = planChanges([file('copy1', 'same'), file('copy2', 'same')], [blob('orig', 'same')]);
    assert.deepEqual(changes, [
      { kind: 'added', path: 'copy1', mode: '100644', sha: sha('same') },
      { kind: 'added', path: 'copy2', mode: '100644', sha: sha('same') },
      { kind: 'deleted', path: 'orig', oldSha: sha('same'), oldMode: '100644' },
    ]);
  });

  it("a rename keeps the new path's mode, and an unrelated deletion of other content stays a deletion", () => {
    const changes = planChanges([file('new.sh', 'script', '100755')], [blob('old.sh', 'script'), blob('other', 'other')]);
    assert.deepEqual(changes, [
      { kind: 'renamed', path: 'new.sh', from: 'old.sh', mode: '100755', sha: sha('script') },
      { kind: 'deleted', path: 'other', oldSha: sha('other'), oldMode: '100644' },
    ]);
  });

  it('changes are sorted by path as strings (upper case before lower case, "a.b" before "a/b")', () => {
    const changes = planChanges([file('b', '1'), file('a/b', '2'), file('a.b', '3'), file('B', '4')], []);
    assert.deepEqual(
      changes.map((c) => c.path),
      ['B', 'a.b', 'a/b', 'b'],
    );
  });
});

describe("gitdata: the branch's files after the changes", () => {
  const remote: RemoteEntry[] = [
    blob('keep', 'keep'),
    blob('old', 'moved', '100755'),
    blob('gone', 'gone'),
    blob('edit', 'v1'),
    blob('chmod', 'x'),
    { path: 'dir', mode: '040000', type: 'tree', sha: 'd'.repeat(40) },
    { path: 'mod', mode: '160000', type: 'commit', sha: SUB },
  ];

  it('deletions removed, a rename moved, modifications and mode changes applied, additions added; trees left out, submodules kept', () => {
    const changes: Change[] = [
      { kind: 'deleted', path: 'gone', oldSha: sha('gone'), oldMode: '100644' },
      { kind: 'renamed', path: 'new', from: 'old', mode: '100755', sha: sha('moved') },
      { kind: 'modified', path: 'edit', mode: '100644', sha: sha('v2'), oldSha: sha('v1') },
      { kind: 'mode', path: 'chmod', mode: '100755', sha: sha('x'), oldMode: '100644' },
      { kind: 'added', path: 'dir/added', mode: '120000', sha: sha('target') },
    ];
    const byPath = Object.fromEntries(filesAfter(remote, changes).map((f) => [f.path, f]));
    assert.deepEqual(byPath, {
      keep: { path: 'keep', mode: '100644', sha: sha('keep') },
      edit: { path: 'edit', mode: '100644', sha: sha('v2') },
      chmod: { path: 'chmod', mode: '100755', sha: sha('x') },
      mod: { path: 'mod', mode: '160000', sha: SUB },
      new: { path: 'new', mode: '100755', sha: sha('moved') },
      'dir/added': { path: 'dir/added', mode: '120000', sha: sha('target') },
    });
  });

  it("no change: the branch's blobs and submodules as they are", () => {
    assert.deepEqual(
      filesAfter(remote, []).map((f) => f.path),
      ['keep', 'old', 'gone', 'edit', 'chmod', 'mod'],
    );
  });
});
