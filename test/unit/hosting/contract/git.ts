// Git data (docs/service-api/hosting/git-data §1–§8)
// on ada/notes-on-the-engine, whose objects are real
// git objects: every SHA checked here is git's own.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { NotFoundError, ValidationFailedError, collect, type HostingClient } from '../../../../src/hosting';
import type { ContractGroup } from './harness';

const OWNER = 'ada';
const REPO = 'notes-on-the-engine';

/** git's object id: SHA-1 of "<type> <size>\0<content>". */
const objectId = (type: string, content: string) =>
  createHash('sha1')
    .update(`${type} ${Buffer.byteLength(content)}\0${content}`)
    .digest('hex');

async function tip(git: HostingClient['git']) {
  const heads = await collect(git.listRefs(OWNER, REPO, 'heads'));
  const main = heads.find((r) => /^refs\/heads\/(main|master)$/.test(r.ref));
  assert.ok(main, heads.map((r) => r.ref).join());
  return main;
}

export const gitData: ContractGroup = {
  title: 'contract: git data (docs/service-api/hosting/git-data §1–§8)',
  cases: [
    {
      row: 'GET /repos/:owner/:repo/git/refs, GET .../git/refs/:ref',
      does: 'list every ref and one namespace; a branch read by name points at the same commit',
      calls: ['git.listRefs', 'git.getRef'],
      async run(w) {
        const git = w.as('ada').git;
        const main = await tip(git);
        assert.ok((await collect(git.listRefs(OWNER, REPO))).some((r) => r.ref === main.ref));
        const one = await git.getRef(OWNER, REPO, main.ref.replace(/^refs\//, ''));
        assert.deepEqual([one.ref, one.object.sha, one.object.type], [main.ref, main.object.sha, 'commit']);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/git/tags, GET .../git/tags/:sha (annotated tags)',
      does: "an annotated tag object of the tip with its tagger and message; the tag ref points at the tag object, which points at the commit; git's own tag id",
      calls: ['git.createTag', 'git.createRef', 'git.getTag', 'git.getRef'],
      async run(w) {
        const git = w.as('ada').git;
        const main = await tip(git);
        const tagger = { name: 'Ada Lovelace', email: 'ada@example.test', date: '2024-03-04T05:06:07Z' };
        const tag = await git.createTag(OWNER, REPO, { tag: 'v2.0.0-annotated', message: 'Second edition', object: main.object.sha, tagger });
        const text = `object ${main.object.sha}\ntype commit\ntag v2.0.0-annotated\ntagger Ada Lovelace <ada@example.test> 1709528767 +0000\n\nSecond edition\n`;
        assert.equal(tag.sha, objectId('tag', text));
        assert.deepEqual(
          [tag.tag, tag.message.trim(), tag.tagger.name, tag.object.sha, tag.object.type],
          ['v2.0.0-annotated', 'Second edition', 'Ada Lovelace', main.object.sha, 'commit'],
        );
        await git.createRef(OWNER, REPO, 'refs/tags/v2.0.0-annotated', tag.sha);
        const ref = await git.getRef(OWNER, REPO, 'tags/v2.0.0-annotated');
        assert.deepEqual([ref.object.type, ref.object.sha], ['tag', tag.sha]);
        assert.equal((await git.getTag(OWNER, REPO, tag.sha)).message.trim(), 'Second edition');
      },
    },
    {
      row: 'GET /repos/:owner/:repo/git/commits/:sha, GET .../git/trees/:sha',
      does: "the tip commit's tree holds README.md, whose blob SHA is git's id of its content",
      calls: ['git.getCommit', 'git.getTree', 'git.getBlob'],
      async run(w) {
        const git = w.as('ada').git;
        const commit = await git.getCommit(OWNER, REPO, (await tip(git)).object.sha);
        assert.match(commit.tree.sha, /^[0-9a-f]{40}$/);
        const tree = await git.getTree(OWNER, REPO, commit.tree.sha);
        const readme = tree.tree.find((e) => e.path === 'README.md');
        assert.ok(readme, tree.tree.map((e) => e.path).join());
        const blob = await git.getBlob(OWNER, REPO, readme.sha);
        assert.equal(blob.encoding, 'base64');
        assert.equal(objectId('blob', Buffer.from(blob.content, 'base64').toString('utf8')), readme.sha);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/git/blobs, GET .../git/blobs/:sha',
      does: "a new blob has git's SHA and reads back byte for byte",
      calls: ['git.createBlob', 'git.getBlob'],
      async run(w) {
        const git = w.as('ada').git;
        const blob = await git.createBlob(OWNER, REPO, 'Note G\n');
        assert.equal(blob.sha, objectId('blob', 'Note G\n'));
        assert.equal(w.of('git.createBlob')[0]?.status, 201);
        const read = await git.getBlob(OWNER, REPO, blob.sha);
        assert.deepEqual([Buffer.from(read.content, 'base64').toString('utf8'), read.size], ['Note G\n', 7]);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/git/trees, POST .../git/commits, POST .../git/refs',
      does: 'a tree on a base tree, a commit on the tip and a branch with a slash in its name, read back the same',
      calls: ['git.createBlob', 'git.createTree', 'git.getTree', 'git.createCommit', 'git.createRef', 'git.getRef'],
      async run(w) {
        const git = w.as('ada').git;
        const parent = await git.getCommit(OWNER, REPO, (await tip(git)).object.sha);
        const blob = await git.createBlob(OWNER, REPO, 'Note G\n');
        const tree = await git.createTree(OWNER, REPO, [{ path: 'notes/g.md', mode: '100644', type: 'blob', sha: blob.sha }], parent.tree.sha);
        const flat = await git.getTree(OWNER, REPO, tree.sha, true);
        assert.ok(flat.tree.some((e) => e.path === 'notes/g.md' && e.sha === blob.sha));
        assert.ok(
          flat.tree.some((e) => e.path === 'README.md'),
          'base_tree kept the other files',
        );
        const author = { name: 'Ada', email: 'ada@example.test', date: '2024-01-02T03:04:05Z' };
        const commit = await git.createCommit(OWNER, REPO, { message: 'Add note G', tree: tree.sha, parents: [parent.sha], author });
        assert.deepEqual(
          [commit.message, commit.tree.sha, commit.parents.map((p) => p.sha), commit.author.date],
          ['Add note G', tree.sha, [parent.sha], author.date],
        );
        assert.equal(commit.committer.name, 'Ada', 'the committer is filled from the author');
        const ref = await git.createRef(OWNER, REPO, 'refs/heads/feature/note-g', commit.sha);
        assert.deepEqual([ref.ref, ref.object.sha], ['refs/heads/feature/note-g', commit.sha]);
        assert.equal((await git.getRef(OWNER, REPO, 'heads/feature/note-g')).object.sha, commit.sha);
        assert.ok(
          w.of('git.getRef').some((x) => x.url === `/repos/${OWNER}/${REPO}/git/refs/heads/feature/note-g`),
          'the slashes of the ref are sent as they are',
        );
      },
    },
    {
      row: 'GET /repos/:owner/:repo/git/trees/:sha (recursive or not)',
      does: 'without recursive a tree lists its folder as one tree entry; recursive lists the files inside it too',
      calls: ['git.createTree', 'git.getTree'],
      async run(w) {
        const git = w.as('ada').git;
        const tree = await git.createTree(OWNER, REPO, [
          { path: 'notes/g.md', mode: '100644', type: 'blob', content: 'Note G\n' },
          { path: 'README.md', mode: '100644', type: 'blob', content: 'Notes\n' },
        ]);
        const top = await git.getTree(OWNER, REPO, tree.sha);
        assert.deepEqual(
          top.tree.map((e) => [e.path, e.type]),
          [
            ['README.md', 'blob'],
            ['notes', 'tree'],
          ],
        );
        const flat = await git.getTree(OWNER, REPO, tree.sha, true);
        assert.deepEqual(
          flat.tree.map((e) => [e.path, e.type]),
          [
            ['README.md', 'blob'],
            ['notes', 'tree'],
            ['notes/g.md', 'blob'],
          ],
        );
      },
    },
    {
      row: 'GET /repos/:owner/:repo/git/refs/:namespace, GET .../git/refs/:ref (fully qualified names)',
      does: 'the refs of one namespace only, named with or without refs/; a ref asked for by its full name; a branch whose name holds "refs/" keeps it',
      // listRefs with a namespace: the frame files it under getRef (below).
      calls: ['git.createRef', 'git.getRef'],
      async run(w) {
        const git = w.as('ada').git;
        const main = await tip(git);
        await git.createRef(OWNER, REPO, 'refs/tags/v0.1-listed', main.object.sha);
        await git.createRef(OWNER, REPO, 'refs/heads/archive/refs/old', main.object.sha);
        const tags = (await collect(git.listRefs(OWNER, REPO, 'refs/tags'))).map((r) => r.ref);
        assert.ok(tags.includes('refs/tags/v0.1-listed'), tags.join());
        assert.deepEqual(
          tags.filter((r) => !r.startsWith('refs/tags/')),
          [],
        );
        assert.deepEqual(
          (await collect(git.listRefs(OWNER, REPO, 'tags'))).map((r) => r.ref),
          tags,
        );
        assert.deepEqual(
          [(await git.getRef(OWNER, REPO, 'refs/tags/v0.1-listed')).ref, (await git.getRef(OWNER, REPO, 'heads/archive/refs/old')).ref],
          ['refs/tags/v0.1-listed', 'refs/heads/archive/refs/old'],
        );
        // A namespace list has getRef's path shape, so the frame files it under getRef: refs/ is stripped from both.
        assert.deepEqual(
          w.of('git.getRef').map((x) => x.url.replace(`/repos/${OWNER}/${REPO}/git/refs/`, '')),
          ['heads?per_page=100', 'tags?per_page=100', 'tags?per_page=100', 'tags/v0.1-listed', 'heads/archive/refs/old'],
        );
      },
    },
    {
      row: 'PATCH /repos/:owner/:repo/git/refs/:ref, DELETE .../git/refs/:ref',
      does: 'a non-fast-forward move needs force (422 "Update is not a fast forward"); an existing ref cannot be created again; delete',
      calls: ['git.createCommit', 'git.createRef', 'git.updateRef', 'git.deleteRef'],
      async run(w) {
        const git = w.as('ada').git;
        const main = await tip(git);
        const base = await git.getCommit(OWNER, REPO, main.object.sha);
        const sideways = await git.createCommit(OWNER, REPO, { message: 'root', tree: base.tree.sha, parents: [] });
        await git.createRef(OWNER, REPO, 'refs/heads/topic', main.object.sha);
        const err = await git.updateRef(OWNER, REPO, 'heads/topic', sideways.sha).catch((e: unknown) => e);
        assert.ok(err instanceof ValidationFailedError, String(err));
        assert.equal(err.message, 'Update is not a fast forward');
        assert.equal((await git.updateRef(OWNER, REPO, 'heads/topic', sideways.sha, true)).object.sha, sideways.sha);
        const again = await git.createRef(OWNER, REPO, 'refs/heads/topic', main.object.sha).catch((e: unknown) => e);
        assert.ok(again instanceof ValidationFailedError && again.message === 'Reference already exists', String(again));
        await git.deleteRef(OWNER, REPO, 'heads/topic');
        assert.equal(w.of('git.deleteRef')[0]?.status, 204);
        await assert.rejects(git.getRef(OWNER, REPO, 'heads/topic'), NotFoundError);
      },
    },
  ],
};
