// The change plan of a workspace commit: what is added, modified, deleted,
// renamed or changes mode, compared by path, SHA and mode.
import assert from 'node:assert/strict';
import { blobSha, filesAfter, planChanges, treeShaOfFiles, type GitFile, type RemoteEntry } from '../../../src/gitdata';

const sha = (text: string) => blobSha(text);
const remote: RemoteEntry[] = [
  { path: 'README.md', mode: '100644', type: 'blob', sha: sha('readme') },
  { path: 'src', mode: '040000', type: 'tree', sha: 'a'.repeat(40) },
  { path: 'src/a.ts', mode: '100644', type: 'blob', sha: sha('a') },
  { path: 'src/old-name.ts', mode: '100644', type: 'blob', sha: sha('moved') },
  { path: 'run.sh', mode: '100644', type: 'blob', sha: sha('#!/bin/sh') },
  { path: 'gone.txt', mode: '100644', type: 'blob', sha: sha('gone') },
  { path: 'vendor/lib', mode: '160000', type: 'commit', sha: 'b'.repeat(40) },
];

describe('gitdata: change plan against the branch tree', () => {
  it('added, modified, deleted, mode changed and renamed, sorted by path; unchanged files and submodules untouched', () => {
    const local: GitFile[] = [
      { path: 'README.md', mode: '100644', sha: sha('readme') },
      { path: 'src/a.ts', mode: '100644', sha: sha('a changed') },
      { path: 'src/new-name.ts', mode: '100644', sha: sha('moved') },
      { path: 'run.sh', mode: '100755', sha: sha('#!/bin/sh') },
      { path: 'docs/new.md', mode: '100644', sha: sha('new') },
      { path: 'link', mode: '120000', sha: sha('README.md') },
    ];
    assert.deepEqual(planChanges(local, remote), [
      { kind: 'added', path: 'docs/new.md', mode: '100644', sha: sha('new') },
      { kind: 'deleted', path: 'gone.txt', oldSha: sha('gone'), oldMode: '100644' },
      { kind: 'added', path: 'link', mode: '120000', sha: sha('README.md') },
      { kind: 'mode', path: 'run.sh', mode: '100755', sha: sha('#!/bin/sh'), oldMode: '100644' },
      { kind: 'modified', path: 'src/a.ts', mode: '100644', sha: sha('a changed'), oldSha: sha('a') },
      { kind: 'renamed', path: 'src/new-name.ts', from: 'src/old-name.ts', mode: '100644', sha: sha('moved') },
    ]);
  });

  it('the same files as the branch: no change', () => {
    const same = remote.filter((e) => e.type === 'blob').map((e) => ({ path: e.path, mode: e.mode as GitFile['mode'], sha: e.sha }));
    assert.deepEqual(planChanges(same, remote), []);
  });

  it('a content that two deleted files shared is not taken as a rename (ambiguous): delete and add', () => {
    const twins: RemoteEntry[] = [
      { path: 'x1', mode: '100644', type: 'blob', sha: sha('same') },
      { path: 'x2', mode: '100644', type: 'blob', sha: sha('same') },
    ];
    const changes = planChanges([{ path: 'y', mode: '100644', sha: sha('same') }], twins);
    assert.deepEqual(
      changes.map((c) => c.kind),
      ['deleted', 'deleted', 'added'],
    );
  });

  it('an empty file is never taken for a renamed empty file (as git)', () => {
    const changes = planChanges([{ path: 'new-empty', mode: '100644', sha: sha('') }], [{ path: 'old-empty', mode: '100644', type: 'blob', sha: sha('') }]);
    assert.deepEqual(
      changes.map((c) => `${c.kind} ${c.path}`),
      ['added new-empty', 'deleted old-empty'],
    );
  });

  it('a folder mapped to a path: only that path is compared, nothing outside it is deleted', () => {
    const changes = planChanges(
      [
        { path: 'a.ts', mode: '100644', sha: sha('a') },
        { path: 'b.ts', mode: '100644', sha: sha('b') },
      ],
      remote,
      'src/',
    );
    assert.deepEqual(
      changes.map((c) => `${c.kind} ${c.path}`),
      ['added src/b.ts', 'deleted src/old-name.ts'],
    );
  });

  it('a workspace file under a submodule path is not committed over the submodule', () => {
    assert.deepEqual(
      planChanges(
        [
          { path: 'vendor/lib/x.c', mode: '100644', sha: sha('x') },
          ...remote.filter((e) => e.type === 'blob').map((e) => ({ path: e.path, mode: e.mode as GitFile['mode'], sha: e.sha })),
        ],
        remote,
      ),
      [],
    );
  });

  it("filesAfter: the branch with the changes applied, submodule kept; its tree SHA is git's", () => {
    const local: GitFile[] = [
      { path: 'README.md', mode: '100644', sha: sha('readme 2') },
      { path: 'src/new-name.ts', mode: '100644', sha: sha('moved') },
    ];
    const after = filesAfter(remote, planChanges(local, remote));
    assert.deepEqual(after.map((f) => f.path).sort(), ['README.md', 'src/new-name.ts', 'vendor/lib']);
    assert.equal(after.find((f) => f.path === 'README.md')?.sha, sha('readme 2'));
    assert.match(treeShaOfFiles(after).sha, /^[0-9a-f]{40}$/);
  });
});
