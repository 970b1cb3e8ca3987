// Commits and annotated tags of the git data library
// (docs/service-api/hosting/git-data §4: POST with message, tree, parents,
// author, committer; GET with dates in their own time zone; §9: annotated tag
// objects), on a real bare repository. Expected SHAs come from git commit-tree
// and mktag by hand.
import assert from 'node:assert/strict';
import { createCommit, parseCommit, readCommit } from '../../../src/git/commits';
import { InvalidInputError, InvalidObjectError, ObjectNotFoundError } from '../../../src/git/errors';
import { createTagObject, readTag } from '../../../src/git/tags';
import { createTree } from '../../../src/git/tree-create';
import { ALICE, BOB, gitFixture, type GitFixture } from '../../git-fixture';

const NOW = new Date('2026-01-02T03:04:05.987Z');
const USER = { name: 'Octo User', email: 'octo@example.com' };
const DEFAULTS = { user: USER, now: NOW };

const identityEnv = (who: string, name: string, email: string, date: string): Record<string, string> => ({
  [`GIT_${who}_NAME`]: name,
  [`GIT_${who}_EMAIL`]: email,
  [`GIT_${who}_DATE`]: date,
});

describe('git commits: parsing a commit object', () => {
  it('tree, parents in order, author and committer in their own offsets, the message; other headers ignored', () => {
    const content = Buffer.from(
      [
        `tree ${'a'.repeat(40)}`,
        `parent ${'b'.repeat(40)}`,
        `parent ${'c'.repeat(40)}`,
        'author Ada <ada@example.com> 1415394105 +0100',
        'committer Bob <bob@example.com> 1425216600 -0500',
        'encoding ISO-8859-1',
        'gpgsig -----BEGIN PGP SIGNATURE-----',
        ' tree fake',
        ' -----END PGP SIGNATURE-----',
        '',
        'Subject',
        '',
        'Body',
      ].join('\n'),
    );
    assert.deepEqual(parseCommit('d'.repeat(40), content), {
      sha: 'd'.repeat(40),
      tree: 'a'.repeat(40),
      parents: ['b'.repeat(40), 'c'.repeat(40)],
      author: { name: 'Ada', email: 'ada@example.com', date: '2014-11-07T22:01:45+01:00', timestamp: 1415394105, timezone: '+0100' },
      committer: { name: 'Bob', email: 'bob@example.com', date: '2015-03-01T08:30:00-05:00', timestamp: 1425216600, timezone: '-0500' },
      message: 'Subject\n\nBody',
    });
  });

  it('a commit object without identities reads as empty ones at the epoch', () => {
    const epoch = { name: '', email: '', date: '1970-01-01T00:00:00Z', timestamp: 0, timezone: '+0000' };
    assert.deepEqual(parseCommit('e'.repeat(40), Buffer.from(`tree ${'a'.repeat(40)}\n\nm`)), {
      sha: 'e'.repeat(40),
      tree: 'a'.repeat(40),
      parents: [],
      author: epoch,
      committer: epoch,
      message: 'm',
    });
  });
});

describe('git commits and tags: writing and reading', () => {
  let fx: GitFixture;
  let tree: string;
  beforeEach(async () => {
    fx = await gitFixture();
    tree = (await createTree(fx.repo, { tree: [{ path: 'README', mode: '100644', content: 'hello\n' }] })).sha;
  });
  afterEach(async () => {
    await fx.cleanup();
  });

  const byHand = (message: string, parents: string[], author: [string, string, string], committer = author): string =>
    fx.git(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p])], message, {
      ...identityEnv('AUTHOR', ...author),
      ...identityEnv('COMMITTER', ...committer),
    });

  it('POST: the SHA of git commit-tree by hand; GET gives author and committer in their own time zones', async () => {
    const root = await createCommit(fx.repo, { message: 'Root\n\nBody', tree, parents: [], author: ALICE, committer: BOB }, DEFAULTS);
    assert.equal(root.sha, byHand('Root\n\nBody', [], [ALICE.name, ALICE.email, '1415394105 +0100'], [BOB.name, BOB.email, '1425216600 -0500']));
    assert.deepEqual(await readCommit(fx.repo, root.sha), {
      sha: root.sha,
      tree,
      parents: [],
      author: { name: ALICE.name, email: ALICE.email, date: '2014-11-07T22:01:45+01:00', timestamp: 1415394105, timezone: '+0100' },
      committer: { name: BOB.name, email: BOB.email, date: '2015-03-01T08:30:00-05:00', timestamp: 1425216600, timezone: '-0500' },
      message: 'Root\n\nBody',
    });
    assert.deepEqual(await readCommit(fx.repo, root.sha.toUpperCase()), root);
  });

  it('POST: parents in the order given (a merge), upper-case SHAs accepted', async () => {
    const root = await createCommit(fx.repo, { message: 'root', tree, author: ALICE }, DEFAULTS);
    const left = await createCommit(fx.repo, { message: 'left', tree, parents: [root.sha], author: ALICE }, DEFAULTS);
    const merge = await createCommit(fx.repo, { message: 'merge', tree, parents: [left.sha, root.sha.toUpperCase()], author: ALICE }, DEFAULTS);
    assert.deepEqual(merge.parents, [left.sha, root.sha]);
    const date = '1415394105 +0100';
    assert.equal(merge.sha, byHand('merge', [left.sha, root.sha], [ALICE.name, ALICE.email, date]));
  });

  it('POST without author: the authenticated user, now in UTC (seconds); the committer is the author', async () => {
    const bare = await createCommit(fx.repo, { message: 'm', tree }, DEFAULTS);
    const me = { name: USER.name, email: USER.email, date: '2026-01-02T03:04:05Z', timestamp: 1767323045, timezone: '+0000' };
    assert.deepEqual([bare.author, bare.committer], [me, me]);
    const nulls = await createCommit(fx.repo, { message: 'm', tree, author: null, committer: null }, DEFAULTS);
    assert.equal(nulls.sha, bare.sha, 'null is the same as absent');
  });

  it('POST with an author and no committer: the committer is that author; an author without date gets now', async () => {
    const withAuthor = await createCommit(fx.repo, { message: 'm', tree, author: BOB }, DEFAULTS);
    assert.deepEqual(withAuthor.committer, withAuthor.author);
    assert.equal(withAuthor.author.date, BOB.date);
    const noDate = await createCommit(
      fx.repo,
      { message: 'm', tree, author: { name: 'N', email: 'n@example.com' }, committer: { name: 'C', email: 'c@example.com' } },
      DEFAULTS,
    );
    assert.deepEqual([noDate.author.date, noDate.committer.date, noDate.committer.name], ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z', 'C']);
  });

  it('POST: bad input → 422 naming the field, nothing written', async () => {
    const before = fx.git(['count-objects']);
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'b');
    const after = fx.git(['count-objects']);
    const refused = async (input: Record<string, unknown>, message: string, field: string, type: new (...args: never[]) => Error = InvalidInputError) => {
      await assert.rejects(
        createCommit(fx.repo, { message: 'm', tree, ...input } as never, DEFAULTS),
        (error: unknown) => {
          assert.ok(error instanceof type, String(error));
          assert.deepEqual(
            [(error as InvalidInputError).message, (error as InvalidInputError).field, (error as InvalidInputError).status],
            [message, field, 422],
          );
          return true;
        },
        message,
      );
    };
    await refused({ message: undefined }, 'message is required', 'message');
    await refused({ message: 5 }, 'message is required', 'message');
    await refused({ tree: 'ab'.repeat(20) }, `tree ${'ab'.repeat(20)} does not exist`, 'tree', InvalidObjectError);
    await refused({ tree: blob }, `tree ${blob} is not a valid tree`, 'tree', InvalidObjectError);
    await refused({ parents: 'ab'.repeat(20) }, 'parents must be an array of SHAs', 'parents');
    await refused({ parents: [tree] }, `parents[0] ${tree} is not a valid commit`, 'parents[0]', InvalidObjectError);
    await refused({ author: 'Ada' }, 'author must be an object', 'author');
    await refused({ committer: 'Ada' }, 'committer must be an object', 'committer');
    await refused({ author: { email: 'a@example.com' } }, 'author.name is required', 'author.name');
    await refused({ author: { name: 'A' } }, 'author.email is required', 'author.email');
    await refused({ committer: { name: 'C', email: 'c@example.com', date: 1415394105 } }, 'committer.date must be an ISO 8601 string', 'committer.date');
    await refused({ author: { ...ALICE, date: 'yesterday' } }, 'author.date is not a valid ISO 8601 date', 'author.date');
    await refused({ author: { ...ALICE, name: 'Eve <x>' } }, 'author.name is invalid', 'author.name');
    await refused({ committer: { ...BOB, email: 'b>' } }, 'committer.email is invalid', 'committer.email');
    assert.equal(fx.git(['count-objects']), after);
    assert.notEqual(before, after, 'the count does move when an object is written');
  });

  it('POST: the second bad parent is named by its index', async () => {
    const root = await createCommit(fx.repo, { message: 'root', tree, author: ALICE }, DEFAULTS);
    await assert.rejects(createCommit(fx.repo, { message: 'm', tree, parents: [root.sha, 'nope'] }, DEFAULTS), {
      message: 'parents[1] must be a 40-character SHA',
      field: 'parents[1]',
    });
  });

  it('POST without author, for an account whose name git refuses → 422 author.name', async () => {
    await assert.rejects(createCommit(fx.repo, { message: 'm', tree }, { user: { name: 'Eve <x>', email: 'eve@example.com' }, now: NOW }), {
      name: 'InvalidInputError',
      message: 'author.name is invalid',
      field: 'author.name',
    });
  });

  it('GET of a tree, an unknown SHA or a name is Not Found', async () => {
    for (const sha of [tree, 'ab'.repeat(20), 'HEAD']) {
      await assert.rejects(
        readCommit(fx.repo, sha),
        (error: unknown) => error instanceof ObjectNotFoundError && error.status === 404 && error.expectedType === 'commit',
        sha,
      );
    }
  });

  it('annotated tag: the SHA of git mktag by hand; a final newline added to the message; read back', async () => {
    const commit = await createCommit(fx.repo, { message: 'm', tree, author: ALICE }, DEFAULTS);
    const tag = await createTagObject(fx.repo, { tag: 'v2.0', message: 'Release 2.0', object: commit.sha, tagger: BOB });
    const text = `object ${commit.sha}\ntype commit\ntag v2.0\ntagger Bob Example <bob@example.com> 1425216600 -0500\n\nRelease 2.0\n`;
    assert.equal(tag.sha, fx.git(['mktag'], text));
    assert.deepEqual(tag, {
      sha: tag.sha,
      tag: 'v2.0',
      message: 'Release 2.0\n',
      object: { sha: commit.sha, type: 'commit' },
      tagger: { name: BOB.name, email: BOB.email, date: BOB.date, timestamp: 1425216600, timezone: '-0500' },
    });
    assert.deepEqual(await readTag(fx.repo, tag.sha), tag);
  });

  it('annotated tag: a message with its newline or an empty one is kept as it is; a tree, blob or tag can be tagged', async () => {
    const withNewline = await createTagObject(fx.repo, { tag: 'a', message: 'Line\n', object: tree, tagger: ALICE });
    assert.deepEqual([withNewline.message, withNewline.object], ['Line\n', { sha: tree, type: 'tree' }]);
    const empty = await createTagObject(fx.repo, { tag: 'b', message: '', object: withNewline.sha, tagger: ALICE });
    assert.deepEqual([empty.message, empty.object], ['', { sha: withNewline.sha, type: 'tag' }]);
    assert.equal(empty.sha, fx.git(['mktag'], `object ${withNewline.sha}\ntype tag\ntag b\ntagger Alice Example <alice@example.com> 1415394105 +0100\n\n`));
    const blob = fx.git(['hash-object', '-w', '--stdin'], 'b');
    assert.deepEqual((await createTagObject(fx.repo, { tag: 'c', message: 'x', object: blob.toUpperCase(), tagger: ALICE })).object, {
      sha: blob,
      type: 'blob',
    });
  });

  it('annotated tag: a bad name, message, object or tagger → 422 naming the field', async () => {
    const commit = (await createCommit(fx.repo, { message: 'm', tree, author: ALICE }, DEFAULTS)).sha;
    for (const name of ['', 'bad tag', 'tab\tx', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[1]', 'a\\b', 'a..b', 'a@{1}', 5]) {
      await assert.rejects(
        createTagObject(fx.repo, { tag: name, message: 'm', object: commit, tagger: BOB } as never),
        { name: 'InvalidInputError', message: 'tag is not a valid tag name', field: 'tag' },
        String(name),
      );
    }
    assert.equal((await createTagObject(fx.repo, { tag: 'release/1.0-rc.1', message: 'm', object: commit, tagger: BOB })).tag, 'release/1.0-rc.1');
    await assert.rejects(createTagObject(fx.repo, { tag: 'v', message: 5, object: commit, tagger: BOB } as never), {
      name: 'InvalidInputError',
      message: 'message is required',
      field: 'message',
    });
    await assert.rejects(createTagObject(fx.repo, { tag: 'v', message: 'm', object: 'ab'.repeat(20), tagger: BOB }), {
      name: 'InvalidObjectError',
      message: `object ${'ab'.repeat(20)} does not exist`,
      field: 'object',
    });
    await assert.rejects(createTagObject(fx.repo, { tag: 'v', message: 'm', object: commit, tagger: { ...BOB, date: 'now' } }), {
      name: 'InvalidInputError',
      message: 'tagger.date is not a valid ISO 8601 date',
      field: 'tagger.date',
    });
  });

  it('GET of a tag: a commit SHA is Not Found', async () => {
    const commit = (await createCommit(fx.repo, { message: 'm', tree, author: ALICE }, DEFAULTS)).sha;
    await assert.rejects(readTag(fx.repo, commit), (error: unknown) => error instanceof ObjectNotFoundError && error.expectedType === 'tag');
  });
});
