// Resolving what a user types as a commit against a fake git data source:
// which refs are asked for and in what order, how abbreviated SHAs are
// matched at the tips and then breadth-first through the history, and the
// exact texts of the three refusals.
import assert from 'node:assert/strict';
import { CommitishError, resolveCommitish, type CommitishSource } from '../../../src/gitdata';

type Ref = { ref: string; object: { sha: string; type: string } };
const hex = (tag: string) => tag.padEnd(40, '0');
const notFound = () => Object.assign(new Error('Not Found'), { status: 404 });

/** A repository: refs by name, commits by SHA with their parents; records every request. */
function source(refs: Ref[], parents: Record<string, string[]> = {}) {
  const calls: string[] = [];
  const git: CommitishSource = {
    async getRef(owner, repo, ref) {
      calls.push(`getRef ${owner}/${repo} ${ref}`);
      const found = refs.find((r) => r.ref === `refs/${ref}`);
      if (!found) throw notFound();
      return found;
    },
    async *listRefs(owner, repo) {
      calls.push(`listRefs ${owner}/${repo}`);
      yield* refs;
    },
    async getCommit(owner, repo, sha) {
      calls.push(`getCommit ${owner}/${repo} ${sha.slice(0, 6)}`);
      return { sha, parents: (parents[sha] ?? []).map((p) => ({ sha: p })) };
    },
  };
  return { git, calls };
}

const rejection = async (p: Promise<unknown>): Promise<CommitishError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(err instanceof CommitishError, `expected a CommitishError, got ${String(err)}`);
  return err;
};

describe('gitdata: resolving a commit-ish (refs asked, the walk, the refusals)', () => {
  const MAIN = hex('aaaa01');
  const TAGGED = hex('bbbb01');

  it('a name is tried as heads/<name>, then tags/<name>, for the owner and repository given', async () => {
    const { git, calls } = source([{ ref: 'refs/tags/v1', object: { sha: TAGGED, type: 'commit' } }]);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'v1'), TAGGED);
    assert.deepEqual(calls, ['getRef o/r heads/v1', 'getRef o/r tags/v1']);
  });

  it('a branch answers at the first try; spaces around the name are dropped', async () => {
    const { git, calls } = source([{ ref: 'refs/heads/main', object: { sha: MAIN, type: 'commit' } }]);
    assert.equal(await resolveCommitish(git, 'o', 'r', '  main\n'), MAIN);
    assert.deepEqual(calls, ['getRef o/r heads/main']);
  });

  it('heads/x, tags/x and refs/... are read as written, once', async () => {
    const { git, calls } = source([
      { ref: 'refs/heads/main', object: { sha: MAIN, type: 'commit' } },
      { ref: 'refs/tags/v1', object: { sha: TAGGED, type: 'commit' } },
      { ref: 'refs/notes/x', object: { sha: hex('cccc'), type: 'commit' } },
    ]);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'tags/v1'), TAGGED);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'refs/heads/main'), MAIN);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'refs/notes/x'), hex('cccc'));
    assert.deepEqual(calls, ['getRef o/r tags/v1', 'getRef o/r heads/main', 'getRef o/r notes/x']);
  });

  it('a name that is no ref and not 4 to 39 hex digits is "not a name", after asking for both refs', async () => {
    for (const text of ['no-such', 'abc', hex('abcd') + 'a', 'ghij']) {
      const { git, calls } = source([]);
      const err = await rejection(resolveCommitish(git, 'o', 'r', ` ${text} `));
      assert.equal(err.message, `No branch, tag or commit named "${text}".`);
      assert.equal(err.name, 'CommitishError');
      assert.deepEqual([err.reason, err.text, err.candidates, err.walk], ['not-a-name', text, [], { read: 0, complete: false }]);
      assert.deepEqual(calls, [`getRef o/r heads/${text}`, `getRef o/r tags/${text}`]);
    }
  });

  it('a full SHA in capitals is that SHA, lower-cased, without a request; 4 hex digits are an abbreviation', async () => {
    const { git, calls } = source([{ ref: 'refs/heads/main', object: { sha: MAIN, type: 'commit' } }]);
    assert.equal(await resolveCommitish(git, 'o', 'r', MAIN.toUpperCase()), MAIN);
    assert.deepEqual(calls, []);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'AAAA'), MAIN);
  });

  it("an abbreviation matching one tip is that tip; a tag object's own SHA (type tag) is not a tip", async () => {
    const { git, calls } = source([
      { ref: 'refs/tags/annotated', object: { sha: hex('aaaa02'), type: 'tag' } },
      { ref: 'refs/heads/main', object: { sha: MAIN, type: 'commit' } },
    ]);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'aaaa'), MAIN);
    assert.deepEqual(
      calls.filter((c) => c.startsWith('getCommit')),
      [],
    );
  });

  it('an abbreviation matching two tips is ambiguous: both named by 12 characters, in the order of the refs', async () => {
    const { git } = source([
      { ref: 'refs/heads/x', object: { sha: hex('abcd9999ffff1'), type: 'commit' } },
      { ref: 'refs/tags/y', object: { sha: hex('abcd1111eeee2'), type: 'commit' } },
      { ref: 'refs/heads/also-x', object: { sha: hex('abcd9999ffff1'), type: 'commit' } },
    ]);
    const err = await rejection(resolveCommitish(git, 'o', 'r', 'ABCD'));
    assert.equal(err.message, 'ABCD is ambiguous: abcd9999ffff, abcd1111eeee. Type more characters.');
    assert.deepEqual([err.reason, err.text, err.candidates], ['ambiguous', 'ABCD', [hex('abcd9999ffff1'), hex('abcd1111eeee2')]]);
  });

  it('the walk goes breadth-first from the branch tips first, then the tags: the nearest match wins', async () => {
    // The tag is listed first, but the branch's parent is met first.
    const tag = hex('1001');
    const head = hex('2001');
    const { git, calls } = source(
      [
        { ref: 'refs/tags/t', object: { sha: tag, type: 'commit' } },
        { ref: 'refs/heads/h', object: { sha: head, type: 'commit' } },
      ],
      { [tag]: [hex('beef01')], [head]: [hex('beef02')] },
    );
    assert.equal(await resolveCommitish(git, 'o', 'r', 'beef'), hex('beef02'));
    assert.deepEqual(calls.slice(-1), ['getCommit o/r 200100']);
  });

  it('breadth-first: a match one step from a tip is found before a match deeper behind the first tip', async () => {
    const h1 = hex('1101');
    const h2 = hex('1102');
    const { git } = source(
      [
        { ref: 'refs/heads/one', object: { sha: h1, type: 'commit' } },
        { ref: 'refs/heads/two', object: { sha: h2, type: 'commit' } },
      ],
      { [h1]: [hex('3301')], [hex('3301')]: [hex('cafe01')], [h2]: [hex('cafe02')] },
    );
    assert.equal(await resolveCommitish(git, 'o', 'r', 'cafe'), hex('cafe02'));
  });

  it('a commit reached twice (a merge) is read once; the whole history read gives "not found" in any branch or tag', async () => {
    const [a, b, c, d] = ['a1', 'b1', 'c1', 'd1'].map((s) => hex(`1${s}`));
    const { git, calls } = source([{ ref: 'refs/heads/main', object: { sha: a!, type: 'commit' } }], { [a!]: [b!, c!], [b!]: [d!], [c!]: [d!] });
    const err = await rejection(resolveCommitish(git, 'o', 'r', 'ffff'));
    assert.equal(err.message, 'No commit starting with ffff in the history of any branch or tag; enter the full 40-character SHA.');
    assert.deepEqual([err.reason, err.text, err.candidates, err.walk], ['not-found', 'ffff', [], { read: 4, complete: true }]);
    assert.deepEqual(calls.filter((x) => x.startsWith('getCommit')).length, 4);
  });

  it("a tip that is also another tip's parent is not read twice", async () => {
    const [top, below] = [hex('1e01'), hex('1e02')];
    const { git } = source(
      [
        { ref: 'refs/heads/top', object: { sha: top, type: 'commit' } },
        { ref: 'refs/heads/below', object: { sha: below, type: 'commit' } },
      ],
      { [top]: [below] },
    );
    const err = await rejection(resolveCommitish(git, 'o', 'r', 'ffff'));
    assert.deepEqual(err.walk, { read: 2, complete: true });
  });

  it('the walk stops at 200 commits by default, saying how many it read', async () => {
    const chain: Record<string, string[]> = {};
    for (let i = 0; i < 260; i++) chain[hex(`1${String(i).padStart(4, '0')}`)] = [hex(`1${String(i + 1).padStart(4, '0')}`)];
    const { git } = source([{ ref: 'refs/heads/main', object: { sha: hex('10000'), type: 'commit' } }], chain);
    const err = await rejection(resolveCommitish(git, 'o', 'r', 'dddd'));
    assert.equal(err.message, 'No commit starting with dddd among the last 200 commits of the branches and tags; enter the full 40-character SHA.');
    assert.deepEqual(err.walk, { read: 200, complete: false });
    // The 200th commit read is 10199; its parent 10200 is the last one seen.
    assert.equal(await resolveCommitish(git, 'o', 'r', '10200'), hex('10200'));
    await rejection(resolveCommitish(git, 'o', 'r', '10201'));
    assert.equal(await resolveCommitish(git, 'o', 'r', '10201', { maxCommits: 201 }), hex('10201'));
  });

  it('a branch whose name holds "refs/" further in is asked for as written', async () => {
    const { git, calls } = source([{ ref: 'refs/heads/team/refs/fix', object: { sha: MAIN, type: 'commit' } }]);
    assert.equal(await resolveCommitish(git, 'o', 'r', 'team/refs/fix'), MAIN);
    assert.deepEqual(calls, ['getRef o/r heads/team/refs/fix']);
  });

  it('the walk starts only from refs that point at commits: a branch ref to another kind of object is not read', async () => {
    const head = hex('4401');
    const odd = hex('4402');
    const { git, calls } = source(
      [
        { ref: 'refs/heads/odd', object: { sha: odd, type: 'tag' } },
        { ref: 'refs/heads/main', object: { sha: head, type: 'commit' } },
      ],
      { [head]: [] },
    );
    const err = await rejection(resolveCommitish(git, 'o', 'r', 'ffff'));
    assert.deepEqual(err.walk, { read: 1, complete: true });
    assert.deepEqual(
      calls.filter((c) => c.startsWith('getCommit')),
      ['getCommit o/r 440100'],
    );
  });

  it('a failure other than 404 on the tags/ reading reaches the user too', async () => {
    const git: CommitishSource = {
      getRef: async (_o, _r, ref) => {
        throw ref.startsWith('heads/') ? notFound() : Object.assign(new Error('Server Error'), { status: 500 });
      },
      listRefs: () => assert.fail('not reached'),
      getCommit: () => assert.fail('not reached'),
    };
    await assert.rejects(resolveCommitish(git, 'o', 'r', 'abcdef'), { message: 'Server Error', status: 500 });
  });
});
