// What a user may type where a commit is wanted (Git Refs: create a branch or
// tag "from", move a ref "to"): resolved through the v3 git data API
// (docs/service-api/hosting/git-data §4, §5) against the demo seed's real
// history.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, collect } from '../../../src/hosting';
import { CommitishError, resolveCommitish } from '../../../src/gitdata';

const ORG = 'analytical-engines';
const REPO = 'difference-engine';

describe('resolving a branch, tag or abbreviated SHA (GET /repos/:owner/:repo/git/refs, GET .../git/commits/:sha)', () => {
  let emu: TestEmulator;
  let git: HostingClient['git'];
  let tip: string;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    git = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } }).git;
    const refs = await collect(git.listRefs(ORG, REPO, 'heads'));
    tip = refs.find((r) => /refs\/heads\/(main|master)$/.test(r.ref))!.object.sha;
  });
  after(() => emu.dispose());

  it('a full SHA is taken as given (lower-cased) without a request', async () => {
    const none = { getRef: () => assert.fail('no request'), listRefs: () => assert.fail('no request'), getCommit: () => assert.fail('no request') };
    assert.equal(await resolveCommitish(none, ORG, REPO, ` ${tip.toUpperCase()} `), tip);
  });

  it('GET .../git/refs/heads/:branch and tags/:tag: a branch name, heads/x, refs/heads/x and a tag resolve to their SHA', async () => {
    const master = await git.getRef(ORG, REPO, 'heads/master').catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    const branch = tip === master?.object.sha ? 'master' : 'main';
    assert.equal(await resolveCommitish(git, ORG, REPO, branch), tip);
    assert.equal(await resolveCommitish(git, ORG, REPO, `heads/${branch}`), tip);
    assert.equal(await resolveCommitish(git, ORG, REPO, `refs/heads/${branch}`), tip);
    const tag = (await collect(git.listRefs(ORG, REPO, 'tags')))[0]!;
    assert.equal(await resolveCommitish(git, ORG, REPO, tag.ref.replace('refs/tags/', '')), tag.object.sha);
  });

  it('an abbreviated SHA of a branch tip, as the Git Refs view shows it, resolves to the full SHA', async () => {
    assert.equal(await resolveCommitish(git, ORG, REPO, tip.slice(0, 7)), tip);
  });

  it('GET .../git/commits/:sha parents: an abbreviated SHA deep in the history is found by walking back from the tips', async () => {
    let sha = tip;
    for (let i = 0; i < 30; i++) sha = (await git.getCommit(ORG, REPO, sha)).parents[0]!.sha;
    assert.equal(await resolveCommitish(git, ORG, REPO, sha.slice(0, 8)), sha);
  });

  it('beyond the walk budget the error says how far it looked and asks for the full SHA', async () => {
    let sha = tip;
    for (let i = 0; i < 12; i++) sha = (await git.getCommit(ORG, REPO, sha)).parents[0]!.sha;
    const err = await resolveCommitish(git, ORG, REPO, sha.slice(0, 9), { maxCommits: 3 }).catch((e: unknown) => e);
    assert.ok(err instanceof CommitishError && err.reason === 'not-found', String(err));
    assert.equal(err.walk.read, 3);
    assert.match(err.message, /last 3 commits.*full 40-character SHA/);
  });

  it('a name that is neither a ref nor hexadecimal is "not a name"; an unknown prefix is not found after the whole history', async () => {
    const named = await resolveCommitish(git, ORG, REPO, 'no-such-branch').catch((e: unknown) => e);
    assert.ok(named instanceof CommitishError && named.reason === 'not-a-name', String(named));
    const ghost = await resolveCommitish(git, ORG, REPO, 'fffffff0', { maxCommits: 5000 }).catch((e: unknown) => e);
    assert.ok(ghost instanceof CommitishError && ghost.reason === 'not-found' && ghost.walk.complete, String(ghost));
  });

  it('a prefix shared by two tips is ambiguous and names both', async () => {
    const fake = {
      getRef: () => Promise.reject(Object.assign(new Error('Not Found'), { status: 404 })),
      async *listRefs() {
        yield { ref: 'refs/heads/a', object: { sha: 'abcd1111'.padEnd(40, '0'), type: 'commit' } };
        yield { ref: 'refs/heads/b', object: { sha: 'abcd2222'.padEnd(40, '0'), type: 'commit' } };
      },
      getCommit: () => assert.fail('tips decide'),
    };
    const err = await resolveCommitish(fake, ORG, REPO, 'abcd').catch((e: unknown) => e);
    assert.ok(err instanceof CommitishError && err.reason === 'ambiguous', String(err));
    assert.deepEqual(
      err.candidates.map((s) => s.slice(0, 8)),
      ['abcd1111', 'abcd2222'],
    );
  });

  it('a failure other than 404 while reading a ref reaches the user instead of being taken for "no such ref"', async () => {
    const fake = {
      getRef: () => Promise.reject(Object.assign(new Error('Bad credentials'), { status: 401 })),
      listRefs: () => assert.fail('stopped before'),
      getCommit: () => assert.fail('stopped before'),
    };
    await assert.rejects(resolveCommitish(fake, ORG, REPO, 'main'), /Bad credentials/);
  });
});
