// References of the git data library (docs/service-api/hosting/git-data §5: GET
// one or a namespace, POST, PATCH with force, DELETE; §6: invalid names,
// `Reference already exists`, `Update is not a fast forward`), on a real bare
// repository. A ref that moves between the library's read and its write is made
// to move by a repository whose git calls are wrapped.
import assert from 'node:assert/strict';
import { InvalidObjectError, InvalidReferenceNameError, NotFastForwardError, ReferenceExistsError, ReferenceNotFoundError } from '../../../src/git/errors';
import { checkRefName, createRef, deleteRef, findRef, getRef, listRefs, updateRef } from '../../../src/git/refs';
import type { GitRepository } from '../../../src/git/repository';
import { commitByHand, gitFixture, type GitFixture } from '../../git-fixture';

/** The repository, with `before` run just before its first `git update-ref`. */
function racing(repo: GitRepository, before: () => void): GitRepository {
  const wrapped = Object.create(repo) as GitRepository;
  let done = false;
  wrapped.run = (args, options) => {
    if (args[0] === 'update-ref' && !done) {
      done = true;
      before();
    }
    return repo.run(args, options);
  };
  return wrapped;
}

describe('git references: names (docs/service-api/hosting/git-data §5, ref)', () => {
  it('a fully qualified name with at least two slashes is accepted as it is', () => {
    for (const name of [
      'refs/heads/master',
      'refs/heads/feature/a',
      'refs/tags/v1.0',
      'refs/notes/commits',
      'refs/heads/a.b',
      'refs/heads/x-lock',
      'refs/heads/ünïcode',
    ]) {
      assert.equal(checkRefName(name), name);
    }
  });

  it("a name not under refs/, with a single slash, or not text → the spec's message", () => {
    for (const name of ['heads/master', 'refs/master', 'refs/', 'master', 'refsx/heads/a', '', 5, undefined]) {
      assert.throws(
        () => checkRefName(name),
        {
          name: 'InvalidReferenceNameError',
          message: 'Reference name must start with refs/ and contain at least two slashes',
          field: 'ref',
          status: 422,
        },
        String(name),
      );
    }
  });

  it('a name git refuses → `<name> is not a valid reference name`, under the field given', () => {
    for (const name of [
      'refs/heads/a..b',
      'refs/heads/bad name',
      'refs/heads/x.lock',
      'refs/heads/.hidden',
      'refs/heads/a//b',
      'refs/heads/end/',
      'refs/heads/a@{1}',
      'refs/heads/star*',
      'refs/heads/a~1',
      'refs/heads/a^',
      'refs/heads/a:b',
      'refs/heads/a?',
      'refs/heads/a[1',
      'refs/heads/a\\b',
      'refs/heads/del\x7f',
      'refs/heads/ctl\x01',
      'refs/heads/tab\t',
      'refs/heads/dot.',
      'refs/heads/a/.b',
      'refs/heads/sub.lock/x',
    ]) {
      assert.throws(
        () => checkRefName(name, 'base'),
        { name: 'InvalidReferenceNameError', message: `${name} is not a valid reference name`, field: 'base' },
        JSON.stringify(name),
      );
    }
  });
});

describe('git references: reading and changing', () => {
  let fx: GitFixture;
  let root: string;
  let child: string;
  let sibling: string;
  beforeEach(async () => {
    fx = await gitFixture();
    root = commitByHand(fx, { a: '1' }, 'root');
    child = commitByHand(fx, { a: '2' }, 'child', [root]);
    sibling = commitByHand(fx, { a: '3' }, 'sibling', [root]);
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  it('POST/GET: a branch with slashes, tags, notes; every ref sorted by name, or those of a namespace by whole components', async () => {
    const tag = fx.git(['mktag'], `object ${root}\ntype commit\ntag v2\ntagger T <t@example.com> 1 +0000\n\nm\n`);
    assert.deepEqual(await createRef(fx.repo, 'refs/heads/feature/a', child), { ref: 'refs/heads/feature/a', sha: child, type: 'commit' });
    await createRef(fx.repo, 'refs/heads/master', root);
    await createRef(fx.repo, 'refs/heads/feature-b', root);
    assert.deepEqual(await createRef(fx.repo, 'refs/tags/v2', tag.toUpperCase()), { ref: 'refs/tags/v2', sha: tag, type: 'tag' });
    await createRef(fx.repo, 'refs/notes/commits', root);
    assert.deepEqual(await getRef(fx.repo, 'refs/heads/feature/a'), { ref: 'refs/heads/feature/a', sha: child, type: 'commit' });
    assert.deepEqual(await listRefs(fx.repo), [
      { ref: 'refs/heads/feature-b', sha: root, type: 'commit' },
      { ref: 'refs/heads/feature/a', sha: child, type: 'commit' },
      { ref: 'refs/heads/master', sha: root, type: 'commit' },
      { ref: 'refs/notes/commits', sha: root, type: 'commit' },
      { ref: 'refs/tags/v2', sha: tag, type: 'tag' },
    ]);
    const names = async (namespace?: string) => (await listRefs(fx.repo, namespace)).map((r) => r.ref);
    assert.deepEqual(await names('heads/feature'), ['refs/heads/feature/a'], 'whole components: not feature-b');
    assert.deepEqual(await names('refs/heads/feature/'), ['refs/heads/feature/a']);
    assert.deepEqual(await names('tags//'), ['refs/tags/v2']);
    assert.deepEqual(await names(''), await names());
    assert.deepEqual(await names('refs/'), await names());
    assert.deepEqual(await names('nothing'), []);
    assert.equal(fx.git(['rev-parse', 'refs/heads/feature/a']), child, 'git itself sees the ref');
  });

  it('a namespace git would read as a pattern or an option lists nothing', async () => {
    await createRef(fx.repo, 'refs/heads/master', root);
    for (const namespace of ['he*', 'heads/../heads', 'heads//x', '.heads', 'heads/.x', 'h?ads', 'heads/[m]aster', 'heads x']) {
      assert.deepEqual(await listRefs(fx.repo, namespace), [], namespace);
    }
  });

  it('GET: a prefix, a name git refuses or a missing ref is not a ref; getRef → 404 naming the ref', async () => {
    await createRef(fx.repo, 'refs/heads/feature/a', root);
    assert.equal(await findRef(fx.repo, 'refs/heads/feature'), undefined);
    assert.equal(await findRef(fx.repo, 'refs/heads/feature/*'), undefined);
    assert.equal(await findRef(fx.repo, 'refs/heads/none'), undefined);
    await assert.rejects(getRef(fx.repo, 'refs/heads/none'), (error: unknown) => {
      assert.ok(error instanceof ReferenceNotFoundError);
      assert.deepEqual([error.message, error.status, error.field, error.ref], ['Not Found', 404, 'ref', 'refs/heads/none']);
      return true;
    });
  });

  it('POST: an existing ref → 422 Reference already exists, the ref unchanged', async () => {
    await createRef(fx.repo, 'refs/heads/main', root);
    await assert.rejects(createRef(fx.repo, 'refs/heads/main', child), (error: unknown) => {
      assert.ok(error instanceof ReferenceExistsError);
      assert.deepEqual([error.message, error.status, error.field, error.ref], ['Reference already exists', 422, 'ref', 'refs/heads/main']);
      return true;
    });
    assert.equal((await getRef(fx.repo, 'refs/heads/main')).sha, root);
  });

  it('POST: a ref created by someone else between the check and the write → 422 Reference already exists', async () => {
    const repo = racing(fx.repo, () => fx.git(['update-ref', 'refs/heads/race', sibling]));
    await assert.rejects(createRef(repo, 'refs/heads/race', child), { name: 'ReferenceExistsError', message: 'Reference already exists' });
    assert.equal((await getRef(fx.repo, 'refs/heads/race')).sha, sibling);
  });

  it('POST: refs/heads/a/b while refs/heads/a exists, or the other way round → 422 conflict, nothing written', async () => {
    await createRef(fx.repo, 'refs/heads/a', root);
    await assert.rejects(createRef(fx.repo, 'refs/heads/a/b', root), {
      name: 'ReferenceConflictError',
      message: 'Reference refs/heads/a/b conflicts with an existing reference',
      field: 'ref',
      status: 422,
    });
    await createRef(fx.repo, 'refs/heads/x/y', root);
    await assert.rejects(createRef(fx.repo, 'refs/heads/x', root), {
      name: 'ReferenceConflictError',
      message: 'Reference refs/heads/x conflicts with an existing reference',
    });
    assert.deepEqual(
      (await listRefs(fx.repo)).map((r) => r.ref),
      ['refs/heads/a', 'refs/heads/x/y'],
    );
  });

  it('POST: an invalid name, an unknown SHA, a tree, or an annotated tag on a branch → 422, no ref written', async () => {
    const tree = fx.git(['rev-parse', `${root}^{tree}`]);
    const tag = fx.git(['mktag'], `object ${root}\ntype commit\ntag v\ntagger T <t@example.com> 1 +0000\n\nm\n`);
    await assert.rejects(createRef(fx.repo, 'refs/heads/bad name', root), InvalidReferenceNameError);
    await assert.rejects(createRef(fx.repo, 'refs/heads/x', 'ab'.repeat(20)), {
      name: 'InvalidObjectError',
      message: `sha ${'ab'.repeat(20)} does not exist`,
      field: 'sha',
    });
    await assert.rejects(createRef(fx.repo, 'refs/heads/x', tree), { name: 'InvalidObjectError', message: `sha ${tree} is not a valid commit`, field: 'sha' });
    await assert.rejects(createRef(fx.repo, 'refs/heads/x', tag), { name: 'InvalidObjectError', message: `sha ${tag} is not a valid commit`, field: 'sha' });
    await assert.rejects(createRef(fx.repo, 'refs/tags/t', tree), {
      name: 'InvalidObjectError',
      message: `sha ${tree} is not a valid commit or tag`,
      field: 'sha',
    });
    assert.deepEqual(await listRefs(fx.repo), []);
  });

  it('PATCH: a fast-forward moves the ref; the same SHA again is a no-op; neither is forced', async () => {
    await createRef(fx.repo, 'refs/heads/feature/x', root);
    assert.deepEqual(await updateRef(fx.repo, 'refs/heads/feature/x', child), {
      ref: { ref: 'refs/heads/feature/x', sha: child, type: 'commit' },
      before: root,
      forced: false,
    });
    assert.deepEqual(await updateRef(fx.repo, 'refs/heads/feature/x', child), {
      ref: { ref: 'refs/heads/feature/x', sha: child, type: 'commit' },
      before: child,
      forced: false,
    });
    assert.deepEqual(await updateRef(fx.repo, 'refs/heads/feature/x', child, true), {
      ref: { ref: 'refs/heads/feature/x', sha: child, type: 'commit' },
      before: child,
      forced: false,
    });
    assert.equal(fx.git(['rev-parse', 'refs/heads/feature/x']), child);
  });

  it('PATCH: not a fast forward → 422 Update is not a fast forward (sideways or back), unless forced', async () => {
    await createRef(fx.repo, 'refs/heads/feature/x', child);
    for (const target of [sibling, root]) {
      await assert.rejects(updateRef(fx.repo, 'refs/heads/feature/x', target), (error: unknown) => {
        assert.ok(error instanceof NotFastForwardError);
        assert.deepEqual([error.message, error.status, error.field, error.ref], ['Update is not a fast forward', 422, 'sha', 'refs/heads/feature/x']);
        return true;
      });
    }
    assert.equal((await getRef(fx.repo, 'refs/heads/feature/x')).sha, child, 'a refused update changes nothing');
    assert.deepEqual(await updateRef(fx.repo, 'refs/heads/feature/x', sibling, true), {
      ref: { ref: 'refs/heads/feature/x', sha: sibling, type: 'commit' },
      before: child,
      forced: true,
    });
    assert.equal(fx.git(['rev-parse', 'refs/heads/feature/x']), sibling);
  });

  it('PATCH: a tag may move to an annotated tag object; a branch may not', async () => {
    const tag = fx.git(['mktag'], `object ${child}\ntype commit\ntag v\ntagger T <t@example.com> 1 +0000\n\nm\n`);
    await createRef(fx.repo, 'refs/tags/v', root);
    const moved = await updateRef(fx.repo, 'refs/tags/v', tag, true);
    assert.deepEqual(moved.ref, { ref: 'refs/tags/v', sha: tag, type: 'tag' });
    await createRef(fx.repo, 'refs/heads/b', root);
    await assert.rejects(updateRef(fx.repo, 'refs/heads/b', tag, true), InvalidObjectError);
  });

  it("PATCH: the ref moved between the read and the write → 422 conflict, the other writer's value kept", async () => {
    await createRef(fx.repo, 'refs/heads/x', root);
    const repo = racing(fx.repo, () => fx.git(['update-ref', 'refs/heads/x', sibling]));
    await assert.rejects(updateRef(repo, 'refs/heads/x', child), {
      name: 'ReferenceConflictError',
      message: 'Reference refs/heads/x changed during the update',
      field: 'ref',
      status: 422,
    });
    assert.equal(fx.git(['rev-parse', 'refs/heads/x']), sibling);
  });

  it('PATCH/DELETE of a missing ref → 404', async () => {
    await assert.rejects(updateRef(fx.repo, 'refs/heads/none', child), ReferenceNotFoundError);
    await assert.rejects(deleteRef(fx.repo, 'refs/heads/none'), ReferenceNotFoundError);
  });

  it('DELETE removes the ref and tells what it held', async () => {
    await createRef(fx.repo, 'refs/heads/gone/soon', child);
    await createRef(fx.repo, 'refs/heads/stays', child);
    assert.deepEqual(await deleteRef(fx.repo, 'refs/heads/gone/soon'), {
      ref: { ref: 'refs/heads/gone/soon', sha: child, type: 'commit' },
      before: child,
      forced: false,
    });
    assert.equal(await findRef(fx.repo, 'refs/heads/gone/soon'), undefined);
    assert.deepEqual(
      (await listRefs(fx.repo)).map((r) => r.ref),
      ['refs/heads/stays'],
    );
    assert.throws(() => fx.git(['rev-parse', '--verify', '--quiet', 'refs/heads/gone/soon']), { status: 1 }, 'git no longer finds the branch');
  });

  it('DELETE: the ref moved between the read and the write → 422 conflict, the ref kept', async () => {
    await createRef(fx.repo, 'refs/heads/x', root);
    const repo = racing(fx.repo, () => fx.git(['update-ref', 'refs/heads/x', child]));
    await assert.rejects(deleteRef(repo, 'refs/heads/x'), {
      name: 'ReferenceConflictError',
      message: 'Reference refs/heads/x changed during the delete',
      field: 'ref',
    });
    assert.equal(fx.git(['rev-parse', 'refs/heads/x']), child);
  });

  it('a namespace is cut at its leading refs/ only: heads/refs/ lists refs/heads/refs/*', async () => {
    await createRef(fx.repo, 'refs/heads/refs/x', root);
    await createRef(fx.repo, 'refs/heads/main', root);
    assert.deepEqual(
      (await listRefs(fx.repo, 'heads/refs/')).map((r) => r.ref),
      ['refs/heads/refs/x'],
    );
  });

  it('PATCH to a SHA that does not exist → 422 naming sha', async () => {
    await createRef(fx.repo, 'refs/heads/x', root);
    await assert.rejects(updateRef(fx.repo, 'refs/heads/x', 'ab'.repeat(20)), {
      name: 'InvalidObjectError',
      message: `sha ${'ab'.repeat(20)} does not exist`,
      field: 'sha',
    });
  });
});
