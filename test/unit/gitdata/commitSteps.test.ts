// The workspace commit step by step against a git data service in memory
// (fakeGitData.ts): the requests made and their arguments, the tree entries
// written for each kind of change, what is uploaded as a blob, the checks of
// the SHAs the service answers, cancelling between steps, the moved branch,
// and the preview of a first commit, a new branch and a rebase.
import assert from 'node:assert/strict';
import { ValidationFailedError, NotFoundError } from '../../../src/hosting';
import {
  NotFastForwardError,
  NothingToCommitError,
  ShaMismatchError,
  blobSha,
  commitPreview,
  inlineText,
  previewCommit,
  rebasePreview,
  treeShaOfFiles,
  type CommitPreview,
  type GitFile,
  type WorkspaceFile,
} from '../../../src/gitdata';
import { FakeGitData } from './fakeGitData';

const O = 'ada';
const R = 'engine';

/** A workspace file with these bytes; reading it is counted. */
function wsFile(path: string, content: string | Buffer, mode: GitFile['mode'] = '100644', reads?: string[]): WorkspaceFile {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    path,
    mode,
    sha: blobSha(bytes),
    read: async () => {
      reads?.push(path);
      return new Uint8Array(bytes);
    },
  };
}
const meta = ({ path, mode, sha }: GitFile): GitFile => ({ path, mode, sha });
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
const BINARY2 = Buffer.from([0xff, 0xfe, 0xfd]);

describe('gitdata: preview of a workspace commit', () => {
  it('an existing branch: the ref and the recursive tree (two requests), the remote entries and the changes', async () => {
    const fake = new FakeGitData();
    const head = fake.commitFiles('main', [meta(wsFile('a.txt', 'a')), meta(wsFile('dir/b.txt', 'b'))]);
    const files = [wsFile('a.txt', 'a2'), wsFile('dir/b.txt', 'b')];
    const preview = await previewCommit(fake.client, O, R, 'main', files);
    const baseTree = fake.commits.get(head)!.tree;
    assert.deepEqual(preview, {
      owner: O,
      repo: R,
      branch: 'main',
      parent: head,
      newBranch: false,
      baseTree,
      prefix: '',
      requests: 2,
      remote: [
        { path: 'a.txt', mode: '100644', type: 'blob', sha: blobSha('a') },
        { path: 'dir', mode: '040000', type: 'tree', sha: treeShaOfFiles([meta(wsFile('dir/b.txt', 'b'))]).trees.get('dir')! },
        { path: 'dir/b.txt', mode: '100644', type: 'blob', sha: blobSha('b') },
      ],
      changes: [{ kind: 'modified', path: 'a.txt', mode: '100644', sha: blobSha('a2'), oldSha: blobSha('a') }],
    });
    assert.deepEqual(fake.calls, [
      { method: 'getRef', args: [O, R, 'heads/main'] },
      { method: 'getTree', args: [O, R, head, true] },
    ]);
  });

  it('a truncated tree is read again folder by folder, each request counted, paths joined from the root', async () => {
    const fake = new FakeGitData();
    const files = [wsFile('a.txt', 'a'), wsFile('x/y/deep.txt', 'deep'), wsFile('x/z.txt', 'z')];
    const head = fake.commitFiles('main', files.map(meta));
    fake.truncateRecursive = true;
    const preview = await previewCommit(fake.client, O, R, 'main', files);
    const trees = treeShaOfFiles(files.map(meta)).trees;
    assert.deepEqual(preview.remote, [
      { path: 'a.txt', mode: '100644', type: 'blob', sha: blobSha('a') },
      { path: 'x', mode: '040000', type: 'tree', sha: trees.get('x')! },
      { path: 'x/y', mode: '040000', type: 'tree', sha: trees.get('x/y')! },
      { path: 'x/y/deep.txt', mode: '100644', type: 'blob', sha: blobSha('deep') },
      { path: 'x/z.txt', mode: '100644', type: 'blob', sha: blobSha('z') },
    ]);
    assert.deepEqual(preview.changes, []);
    assert.equal(preview.baseTree, trees.get(''));
    // The ref, the truncated read, then the root, x and x/y one level each.
    assert.equal(preview.requests, 5);
    assert.deepEqual(
      fake.calls.map((c) => c.args.slice(2)),
      [['heads/main'], [head, true], [trees.get(''), false], [trees.get('x'), false], [trees.get('x/y'), false]],
    );
  });

  it("a new branch from a commit: no ref read, the commit's tree; a prefix given with slashes is trimmed and applied", async () => {
    const fake = new FakeGitData();
    const base = fake.commitFiles('main', [meta(wsFile('docs/a.md', 'a')), meta(wsFile('top', 't'))]);
    fake.calls.length = 0;
    const preview = await previewCommit(fake.client, O, R, 'feature', [wsFile('a.md', 'a'), wsFile('b.md', 'b')], { from: base, prefix: '//docs//' });
    assert.deepEqual([preview.parent, preview.newBranch, preview.prefix, preview.requests], [base, true, 'docs', 1]);
    assert.deepEqual(preview.changes, [{ kind: 'added', path: 'docs/b.md', mode: '100644', sha: blobSha('b') }]);
    assert.deepEqual(fake.requests(), ['getTree']);
  });

  it('a prefix of several folders is kept whole (docs/api)', async () => {
    const fake = new FakeGitData();
    fake.commitFiles('main', [meta(wsFile('docs/api/a.md', 'a'))]);
    const preview = await previewCommit(fake.client, O, R, 'main', [wsFile('a.md', 'a'), wsFile('b.md', 'b')], { prefix: '/docs/api/' });
    assert.equal(preview.prefix, 'docs/api');
    assert.deepEqual(preview.changes, [{ kind: 'added', path: 'docs/api/b.md', mode: '100644', sha: blobSha('b') }]);
  });

  it('a first commit (from: null): no request, no tree, every file added under the prefix', async () => {
    const fake = new FakeGitData();
    const preview = await previewCommit(fake.client, O, R, 'main', [wsFile('a', 'a')], { from: null, prefix: '//sub//' });
    assert.deepEqual(preview, {
      owner: O,
      repo: R,
      branch: 'main',
      parent: undefined,
      newBranch: true,
      baseTree: undefined,
      remote: [],
      prefix: 'sub',
      requests: 0,
      changes: [{ kind: 'added', path: 'sub/a', mode: '100644', sha: blobSha('a') }],
    });
    assert.deepEqual(fake.calls, []);
  });

  it('a branch that does not exist (and no "from") is the service\'s 404', async () => {
    const fake = new FakeGitData();
    await assert.rejects(previewCommit(fake.client, O, R, 'nope', []), NotFoundError);
  });
});

describe('gitdata: committing a preview', () => {
  /** A branch with a text file, a binary, a script, a file to move and a file to delete. */
  function setup() {
    const fake = new FakeGitData();
    const before = [
      wsFile('keep.txt', 'keep'),
      wsFile('edit.txt', 'v1'),
      wsFile('old/name.txt', 'moved text', '100755'),
      wsFile('gone.txt', 'gone', '100755'),
      wsFile('run.sh', '#!/bin/sh\n'),
      wsFile('img.png', BINARY),
    ];
    const head = fake.commitFiles('main', before.map(meta));
    fake.calls.length = 0;
    const reads: string[] = [];
    const after = [
      wsFile('keep.txt', 'keep', '100644', reads),
      wsFile('edit.txt', 'v2 — “quoted”\r\n', '100644', reads),
      wsFile('new/name.txt', 'moved text', '100644', reads),
      wsFile('run.sh', '#!/bin/sh\n', '100755', reads),
      wsFile('img.png', BINARY2, '100644', reads),
      wsFile('added.bin', BINARY, '100644', reads),
      wsFile('bom.txt', Buffer.from('\ufeffwith BOM', 'utf8'), '100644', reads),
    ];
    return { fake, head, after, reads };
  }

  it('the tree written: deletions with their old mode and no SHA, a rename as the new path by SHA plus the old path deleted, a mode change by SHA, text inline (a BOM kept), binaries by SHA', async () => {
    const { fake, head, after, reads } = setup();
    const preview = await previewCommit(fake.client, O, R, 'main', after);
    const steps: string[] = [];
    const result = await commitPreview(fake.client, preview, after, { message: 'msg', onStep: (s, d) => void steps.push(d === undefined ? s : `${s} ${d}`) });
    const createTree = fake.calls.find((c) => c.method === 'createTree')!;
    assert.deepEqual(createTree.args, [
      O,
      R,
      [
        { path: 'added.bin', mode: '100644', type: 'blob', sha: blobSha(BINARY) },
        { path: 'bom.txt', mode: '100644', type: 'blob', content: '\ufeffwith BOM' },
        { path: 'edit.txt', mode: '100644', type: 'blob', content: 'v2 — “quoted”\r\n' },
        { path: 'gone.txt', mode: '100755', type: 'blob', sha: null },
        { path: 'img.png', mode: '100644', type: 'blob', sha: blobSha(BINARY2) },
        { path: 'new/name.txt', mode: '100644', type: 'blob', sha: blobSha('moved text') },
        { path: 'old/name.txt', mode: '100755', type: 'blob', sha: null },
        { path: 'run.sh', mode: '100755', type: 'blob', sha: blobSha('#!/bin/sh\n') },
      ],
      preview.baseTree,
    ]);
    // Only added and modified files are read; the binary ones are uploaded first, base64.
    assert.deepEqual(reads.sort(), ['added.bin', 'bom.txt', 'edit.txt', 'img.png']);
    const blobs = fake.calls.filter((c) => c.method === 'createBlob').map((c) => c.args);
    assert.deepEqual(blobs, [
      [O, R, BINARY.toString('base64'), 'base64'],
      [O, R, BINARY2.toString('base64'), 'base64'],
    ]);
    assert.deepEqual(steps, ['blobs 2', 'tree', 'commit', 'ref']);
    assert.deepEqual(fake.requests(), ['getRef', 'getTree', 'createBlob', 'createBlob', 'createTree', 'createCommit', 'updateRef']);
    const commit = fake.commits.get(result.commit)!;
    assert.deepEqual(commit, { message: 'msg', tree: result.tree, parents: [head] });
    assert.deepEqual(fake.calls.at(-1)!.args, [O, R, 'heads/main', result.commit, false]);
    assert.deepEqual(result, { commit: result.commit, tree: treeShaOfFiles(after.map(meta)).sha, parent: head, changes: preview.changes, requests: 7 });
    assert.equal(fake.refs.get('heads/main'), result.commit);
  });

  it('text only: no blob request and no "blobs" step; author and committer passed as given', async () => {
    const fake = new FakeGitData();
    const head = fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
    const files = [wsFile('a', 'a'), wsFile('b', 'b')];
    const preview = await previewCommit(fake.client, O, R, 'main', files);
    const steps: string[] = [];
    const author = { name: 'Ada', email: 'ada@example.test' };
    const committer = { name: 'Bot', email: 'bot@example.test', date: '2026-01-01T00:00:00Z' };
    const result = await commitPreview(fake.client, preview, files, { message: 'two', author, committer, onStep: (s) => void steps.push(s) });
    assert.deepEqual(steps, ['tree', 'commit', 'ref']);
    assert.deepEqual(fake.calls.find((c) => c.method === 'createCommit')!.args, [
      O,
      R,
      { message: 'two', tree: result.tree, parents: [head], author, committer },
    ]);
    assert.equal(result.requests, 5);
  });

  it('with a prefix, the workspace files are found under it', async () => {
    const fake = new FakeGitData();
    fake.commitFiles('main', [meta(wsFile('docs/a.md', 'a'))]);
    const files = [wsFile('a.md', 'a, edited')];
    const preview = await previewCommit(fake.client, O, R, 'main', files, { prefix: 'docs' });
    const result = await commitPreview(fake.client, preview, files, { message: 'docs' });
    assert.deepEqual(fake.calls.find((c) => c.method === 'createTree')!.args[2], [{ path: 'docs/a.md', mode: '100644', type: 'blob', content: 'a, edited' }]);
    assert.equal(result.tree, treeShaOfFiles([meta(wsFile('docs/a.md', 'a, edited'))]).sha);
  });

  it('a first commit: a tree on no base, a commit without parents, the branch created as refs/heads/<name>', async () => {
    const fake = new FakeGitData();
    const files = [wsFile('README.md', '# hi\n'), wsFile('logo.bin', BINARY)];
    const preview = await previewCommit(fake.client, O, R, 'main', files, { from: null });
    const result = await commitPreview(fake.client, preview, files, { message: 'Initial' });
    assert.deepEqual(fake.requests(), ['createBlob', 'createTree', 'createCommit', 'createRef']);
    assert.equal(fake.calls[1]!.args[3], undefined);
    assert.deepEqual(fake.calls[2]!.args[2], { message: 'Initial', tree: result.tree, parents: [] });
    assert.deepEqual(fake.calls[3]!.args, [O, R, 'refs/heads/main', result.commit]);
    assert.deepEqual([result.parent, result.requests], [undefined, 4]);
  });

  it('a new branch from a commit: created with createRef, the base branch not touched', async () => {
    const fake = new FakeGitData();
    const base = fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
    const files = [wsFile('a', 'a'), wsFile('f', 'feature')];
    const preview = await previewCommit(fake.client, O, R, 'topic/x', files, { from: base });
    const result = await commitPreview(fake.client, preview, files, { message: 'feature' });
    assert.deepEqual(fake.calls.at(-1), { method: 'createRef', args: [O, R, 'refs/heads/topic/x', result.commit] });
    assert.deepEqual(fake.calls.find((c) => c.method === 'createCommit')!.args[2], { message: 'feature', tree: result.tree, parents: [base] });
    assert.equal(fake.refs.get('heads/main'), base);
  });

  it('nothing changed: refused with the branch named, before any request', async () => {
    const fake = new FakeGitData();
    fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
    const files = [wsFile('a', 'a')];
    const preview = await previewCommit(fake.client, O, R, 'main', files);
    fake.calls.length = 0;
    await assert.rejects(
      commitPreview(fake.client, preview, files, { message: 'x' }),
      (e: unknown) => e instanceof NothingToCommitError && e.message === 'Nothing to commit: the files are the same as main.',
    );
    assert.deepEqual(fake.calls, []);
  });

  it('a blob SHA other than the one computed stops before the tree, naming the file and both SHAs', async () => {
    const fake = new FakeGitData();
    fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
    fake.blobShaOverride = () => 'f'.repeat(40);
    const files = [wsFile('a', 'a'), wsFile('pic.bin', BINARY)];
    const preview = await previewCommit(fake.client, O, R, 'main', files);
    await assert.rejects(
      commitPreview(fake.client, preview, files, { message: 'x' }),
      (e: unknown) =>
        e instanceof ShaMismatchError &&
        e.message === `The service's blob of pic.bin ${'f'.repeat(40)} is not the ${blobSha(BINARY)} computed locally; the branch was not changed.`,
    );
    assert.deepEqual(fake.requests(), ['getRef', 'getTree', 'createBlob']);
  });

  it("a tree SHA other than git's stops before the commit, naming both", async () => {
    const fake = new FakeGitData();
    fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
    fake.treeShaOverride = 'e'.repeat(40);
    const files = [wsFile('a', 'a2')];
    const preview = await previewCommit(fake.client, O, R, 'main', files);
    const expected = treeShaOfFiles([meta(files[0]!)]).sha;
    await assert.rejects(
      commitPreview(fake.client, preview, files, { message: 'x' }),
      (e: unknown) =>
        e instanceof ShaMismatchError &&
        e.message === `The service's tree ${'e'.repeat(40)} is not the ${expected} computed locally; the branch was not changed.`,
    );
    assert.deepEqual(fake.requests(), ['getRef', 'getTree', 'createTree']);
  });

  it('blobs are uploaded at most 4 at once by default, or as many as asked', async () => {
    for (const [limit, expected] of [
      [undefined, 4],
      [2, 2],
      [1, 1],
    ] as const) {
      const fake = new FakeGitData();
      fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
      const files = [wsFile('a', 'a'), ...Array.from({ length: 7 }, (_, i) => wsFile(`bin/${i}`, Buffer.from([0, i])))];
      let open = 0;
      let most = 0;
      fake.onCall = async (method) => {
        if (method !== 'createBlob') return;
        open++;
        most = Math.max(most, open);
        await new Promise((r) => setImmediate(r));
        open--;
      };
      const preview = await previewCommit(fake.client, O, R, 'main', files);
      const result = await commitPreview(fake.client, preview, files, { message: 'bins', ...(limit === undefined ? {} : { blobConcurrency: limit }) });
      assert.equal(most, expected, `limit ${limit}`);
      assert.equal(fake.calls.filter((c) => c.method === 'createBlob').length, 7);
      assert.equal(result.requests, 2 + 7 + 3);
    }
  });

  describe('cancelling', () => {
    async function cancelAt(trigger: (fake: FakeGitData, controller: AbortController, steps: string[]) => void) {
      const fake = new FakeGitData();
      fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
      const controller = new AbortController();
      const steps: string[] = [];
      trigger(fake, controller, steps);
      const files = [wsFile('a', 'a2'), wsFile('b.bin', BINARY), wsFile('c.bin', BINARY2)];
      const preview = await previewCommit(fake.client, O, R, 'main', files);
      const head = fake.refs.get('heads/main');
      await assert.rejects(
        commitPreview(fake.client, preview, files, { message: 'x', signal: controller.signal, blobConcurrency: 1, onStep: (s) => void steps.push(s) }),
        (e: unknown) => e instanceof Error && e.name === 'AbortError',
      );
      assert.equal(fake.refs.get('heads/main'), head, 'the branch is as it was');
      return { requests: fake.requests().slice(2), steps };
    }

    it('cancelled before the commit starts (while the preview read the tree): no step starts, nothing is written', async () => {
      const out = await cancelAt((fake, controller) => {
        fake.onCall = (method) => void (method === 'getTree' && controller.abort());
      });
      assert.deepEqual(out, { requests: [], steps: [] });
    });

    it('between two blobs: the next blob is not sent', async () => {
      const out = await cancelAt((fake, controller) => {
        fake.onCall = (method) => void (method === 'createBlob' && controller.abort());
      });
      assert.deepEqual(out, { requests: ['createBlob'], steps: ['blobs'] });
    });

    it('after the last blob: no tree', async () => {
      let blobs = 0;
      const out = await cancelAt((fake, controller) => {
        fake.onCall = (method) => void (method === 'createBlob' && ++blobs === 2 && controller.abort());
      });
      assert.deepEqual(out, { requests: ['createBlob', 'createBlob'], steps: ['blobs'] });
    });

    it('while the tree is written: no commit', async () => {
      const out = await cancelAt((fake, controller) => {
        fake.onCall = (method) => void (method === 'createTree' && controller.abort());
      });
      assert.deepEqual(out, { requests: ['createBlob', 'createBlob', 'createTree'], steps: ['blobs', 'tree'] });
    });

    it('while the commit is written: the ref is not moved', async () => {
      const out = await cancelAt((fake, controller) => {
        fake.onCall = (method) => void (method === 'createCommit' && controller.abort());
      });
      assert.deepEqual(out, { requests: ['createBlob', 'createBlob', 'createTree', 'createCommit'], steps: ['blobs', 'tree', 'commit'] });
    });
  });

  describe('the ref update refused', () => {
    async function refused(error: Error) {
      const fake = new FakeGitData();
      fake.commitFiles('main', [meta(wsFile('a', 'a'))]);
      fake.updateRefError = error;
      const files = [wsFile('a', 'a2')];
      const preview = await previewCommit(fake.client, O, R, 'main', files);
      const err = await commitPreview(fake.client, preview, files, { message: 'x' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      return { err, commit: [...fake.commits.keys()].at(-1)! };
    }

    it('"not a fast forward" (any case, any separator): NotFastForwardError with the branch, the unreferenced commit and the service\'s words', async () => {
      for (const text of ['Update is not a fast forward', 'update is not a Fast-Forward']) {
        const { err, commit } = await refused(new ValidationFailedError(text, 'PATCH /repos/{owner}/{repo}/git/refs/{ref}', [], 422));
        assert.ok(err instanceof NotFastForwardError, String(err));
        assert.deepEqual([err.message, err.branch, err.commit], [`main has moved since the preview (${text}).`, 'main', commit]);
      }
    });

    it('another validation failure, or another error, reaches the caller unchanged', async () => {
      const invalid = new ValidationFailedError('Object does not exist', 'PATCH /repos/{owner}/{repo}/git/refs/{ref}', [], 422);
      assert.equal((await refused(invalid)).err, invalid);
      const plain = new Error('not a fast forward');
      assert.equal((await refused(plain)).err, plain);
    });
  });
});

describe('gitdata: rebasing a preview on a moved branch', () => {
  function moved(change: (files: Map<string, GitFile>) => void) {
    const fake = new FakeGitData();
    const start = [wsFile('same', 's'), wsFile('edit', 'v1'), wsFile('from', 'moved'), wsFile('chmod', 'x')].map(meta);
    fake.commitFiles('main', start);
    return {
      fake,
      start,
      move: () => {
        const files = new Map(start.map((f) => [f.path, f]));
        change(files);
        return fake.commitFiles('main', [...files.values()]);
      },
    };
  }
  const ours = [wsFile('same', 's'), wsFile('edit', 'v2'), wsFile('to', 'moved'), wsFile('chmod', 'x', '100755'), wsFile('new', 'n')];

  it('their change on another path: the same changes on their head, the requests added up (ref + tree)', async () => {
    const { fake, move } = moved((files) => files.set('theirs', meta(wsFile('theirs', 't'))));
    const preview = await previewCommit(fake.client, O, R, 'main', ours);
    const head = move();
    fake.calls.length = 0;
    const rebased = await rebasePreview(fake.client, { ...preview, newBranch: true });
    assert.ok('preview' in rebased);
    const expected: CommitPreview = {
      ...preview,
      parent: head,
      newBranch: false,
      baseTree: fake.commits.get(head)!.tree,
      requests: 4,
      remote: (await previewCommit(fake.client, O, R, 'main', ours)).remote,
    };
    assert.deepEqual(rebased.preview, expected);
    assert.deepEqual(
      fake.calls.slice(0, 2).map((c) => [c.method, ...c.args]),
      [
        ['getRef', O, R, 'heads/main'],
        ['getTree', O, R, head, true],
      ],
    );
    const result = await commitPreview(fake.client, rebased.preview, ours, { message: 'rebased' });
    assert.equal(result.parent, head);
    assert.deepEqual(
      fake.trees
        .get(result.tree)!
        .map((f) => f.path)
        .sort(),
      ['chmod', 'edit', 'new', 'same', 'theirs', 'to'],
    );
  });

  for (const [what, change, conflict] of [
    ['a path we modify, changed by them', (f: Map<string, GitFile>) => f.set('edit', meta(wsFile('edit', 'theirs'))), 'edit'],
    ['the path we rename from, changed by them', (f: Map<string, GitFile>) => f.set('from', meta(wsFile('from', 'theirs'))), 'from'],
    ['the path we rename to, added by them', (f: Map<string, GitFile>) => f.set('to', meta(wsFile('to', 'other'))), 'to'],
    ['a path whose mode we change, its mode changed by them', (f: Map<string, GitFile>) => f.set('chmod', { ...f.get('chmod')!, mode: '120000' }), 'chmod'],
    ['a path we add, added by them', (f: Map<string, GitFile>) => f.set('new', meta(wsFile('new', 'theirs'))), 'new'],
    ['a path we modify, deleted by them', (f: Map<string, GitFile>) => f.delete('edit'), 'edit'],
  ] as const) {
    it(`a conflict: ${what} — named, nothing read beyond the new tree, nothing written`, async () => {
      const { fake, move } = moved(change);
      const preview = await previewCommit(fake.client, O, R, 'main', ours);
      move();
      fake.calls.length = 0;
      assert.deepEqual(await rebasePreview(fake.client, preview), { conflicts: [conflict] });
      assert.deepEqual(fake.requests(), ['getRef', 'getTree']);
    });
  }
});

describe('gitdata: what goes inline as text', () => {
  it("UTF-8 text as it is, a BOM kept; a NUL, invalid UTF-8 or a lone surrogate's bytes are binary", () => {
    assert.equal(inlineText(Buffer.from('héllo\r\n', 'utf8')), 'héllo\r\n');
    assert.equal(inlineText(Buffer.from('\ufeffx', 'utf8')), '\ufeffx');
    assert.equal(inlineText(new Uint8Array(0)), '');
    assert.equal(inlineText(Buffer.from([0x61, 0, 0x62])), undefined);
    assert.equal(inlineText(Buffer.from([0x41, 0xc3, 0x28])), undefined);
    assert.equal(inlineText(Buffer.from([0xed, 0xa0, 0x80])), undefined);
    assert.equal(inlineText(Buffer.from([0xc0, 0xaf])), undefined, 'an overlong encoding');
  });
});
