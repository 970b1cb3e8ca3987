// A suggestion committed to the head branch through the git data API (a git
// data service in memory): only the suggested file changes, its lines as
// the applier leaves them; a suggestion that no longer applies, or a file the
// branch does not hold, writes nothing and leaves the branch where it was.
import assert from 'node:assert/strict';
import { blobSha, type GitFile } from '../../../../../src/gitdata';
import type { HostingClient } from '../../../../../src/hosting';
import { commitSuggestion } from '../../../../../src/features/review/suggestions/model/commitSuggestion';
import { applySuggestion } from '../../../../../src/reviewing/suggestionApply';
import { FakeGitData } from '../../../gitdata/fakeGitData';

const O = 'ada';
const R = 'engine';

/** The fake with these files on `main`, and a client that also reads blobs (base64, as the service answers). */
function branchWith(files: Record<string, string>, encoding: 'base64' | 'utf-8' = 'base64') {
  const fake = new FakeGitData();
  const contents = new Map(Object.entries(files).map(([, text]) => [blobSha(text), text]));
  const head = fake.commitFiles(
    'main',
    Object.entries(files).map(([path, text]): GitFile => ({ path, mode: '100644', sha: blobSha(text) })),
  );
  const getBlob = async (_o: string, _r: string, sha: string) => {
    const text = contents.get(sha)!;
    return { sha, url: '', size: text.length, encoding, content: encoding === 'base64' ? Buffer.from(text, 'utf8').toString('base64') : text };
  };
  const client = { ...fake.client, git: { ...fake.client.git, getBlob } } as unknown as HostingClient;
  return { fake, head, client };
}

const change = (line: number, old: string, lines: string[]) => (text: string) => applySuggestion(text, line, [old], lines);

describe('Apply Suggestion as a commit on the head branch', () => {
  it('commits the file with the suggested lines, the other files as they were, with the message given', async () => {
    const { fake, head, client } = branchWith({ 'docs/t.md': 'one\r\ntwo\r\nthree', 'a.txt': 'a\n' });
    const result = await commitSuggestion(
      client,
      { owner: O, repo: R, branch: 'main', path: 'docs/t.md' },
      change(2, 'two', ['TWO', '2']),
      'Apply suggestion from @mary',
      { name: 'ada', email: 'ada@x' },
    );
    assert.ok(result.ok);
    const moved = fake.refs.get('heads/main')!;
    assert.equal(moved, result.commit.commit);
    const commit = fake.commits.get(moved)!;
    assert.deepEqual(commit.parents, [head]);
    assert.equal(commit.message, 'Apply suggestion from @mary');
    assert.deepEqual(commit.author, { name: 'ada', email: 'ada@x' });
    const files = Object.fromEntries(fake.trees.get(commit.tree)!.map((f) => [f.path, f.sha]));
    assert.deepEqual(files, { 'a.txt': blobSha('a\n'), 'docs/t.md': blobSha('one\r\nTWO\r\n2\r\nthree') });
    assert.deepEqual(
      result.commit.changes.map((c) => [c.kind, c.path]),
      [['modified', 'docs/t.md']],
    );
  });

  it('a blob the service answers as UTF-8 text is read the same', async () => {
    const { client } = branchWith({ 'f.txt': 'x\ny\n' }, 'utf-8');
    const result = await commitSuggestion(client, { owner: O, repo: R, branch: 'main', path: 'f.txt' }, change(1, 'x', ['X']), 'm');
    assert.ok(result.ok);
    assert.deepEqual(
      result.commit.changes.map((c) => c.kind === 'modified' && c.sha),
      [blobSha('X\ny\n')],
    );
  });

  it('no author given: none is sent', async () => {
    const { fake, client } = branchWith({ 'f.txt': 'x\n' });
    await commitSuggestion(client, { owner: O, repo: R, branch: 'main', path: 'f.txt' }, change(1, 'x', ['X']), 'm');
    const sent = fake.calls.find((c) => c.method === 'createCommit')!.args[2] as Record<string, unknown>;
    assert.equal('author' in sent, false);
  });

  it('a suggestion that no longer applies (the line changed on the branch) writes nothing; the branch stays', async () => {
    const { fake, head, client } = branchWith({ 'f.txt': 'x\nchanged\n' });
    const result = await commitSuggestion(client, { owner: O, repo: R, branch: 'main', path: 'f.txt' }, change(2, 'y', ['Y']), 'm');
    assert.deepEqual(result, { ok: false, reason: 'changed' });
    assert.equal(fake.refs.get('heads/main'), head);
    assert.deepEqual(
      fake.requests().filter((m) => m.startsWith('create') || m === 'updateRef'),
      [],
    );
  });

  it('a file the branch does not hold: missing, nothing written', async () => {
    const { fake, head, client } = branchWith({ 'f.txt': 'x\n' });
    const result = await commitSuggestion(client, { owner: O, repo: R, branch: 'main', path: 'gone.txt' }, change(1, 'x', ['X']), 'm');
    assert.deepEqual(result, { ok: false, reason: 'missing' });
    assert.equal(fake.refs.get('heads/main'), head);
    // A folder of that name is not the file either.
    const withFolder = branchWith({ 'docs/t.md': 'x\n' });
    assert.deepEqual(await commitSuggestion(withFolder.client, { owner: O, repo: R, branch: 'main', path: 'docs' }, change(1, 'x', ['X']), 'm'), {
      ok: false,
      reason: 'missing',
    });
  });
});
