// Pull requests, review comments, issue comments and gist comments through
// the client (document 2 and the spec README) against the seeded emulator.
import assert from 'node:assert/strict';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HostingClient, NotFoundError, ValidationFailedError, collect } from '../../../src/hosting';

const ORG = 'analytical-engines';
const REPO = 'difference-engine';

describe('v3 client pull requests and comments against the emulator (document 2)', () => {
  let emu: TestEmulator;
  let ada: HostingClient;
  before(async () => {
    emu = await startEmulator({ seed: 'demo' });
    ada = new HostingClient({ apiUrl: emu.url, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
  });
  after(() => emu.dispose());

  it('Pull requests: list open by default, all with state=all; the single one has the counts of the spec README', async () => {
    const open = await collect(ada.pulls.list(ORG, REPO));
    const all = await collect(ada.pulls.list(ORG, REPO, { state: 'all' }));
    assert.ok(open.length >= 1 && open.every((p) => p.state === 'open'));
    assert.ok(all.length >= 3 && all.some((p) => p.state === 'closed'));
    const pull = await ada.pulls.get(ORG, REPO, open[0]!.number);
    assert.equal(pull.number, open[0]!.number);
    assert.equal(typeof pull.changed_files, 'number');
    assert.equal(pull.merged, false);
  });

  it('Pull requests (spec README): create from a branch made through git data', async () => {
    const repo = await ada.repos.get(ORG, REPO);
    const base = await ada.git.getRef(ORG, REPO, `heads/${repo.default_branch}`);
    const parent = await ada.git.getCommit(ORG, REPO, base.object.sha);
    const tree = await ada.git.createTree(ORG, REPO, [{ path: 'NOTES.md', mode: '100644', type: 'blob', content: 'A note.\n' }], parent.tree.sha);
    const commit = await ada.git.createCommit(ORG, REPO, { message: 'Add notes', tree: tree.sha, parents: [parent.sha] });
    await ada.git.createRef(ORG, REPO, 'refs/heads/client-notes', commit.sha);
    const pull = await ada.pulls.create(ORG, REPO, { title: 'Notes', head: 'client-notes', base: repo.default_branch, body: 'Adds notes.' });
    assert.equal(pull.state, 'open');
    assert.equal(pull.head.sha, commit.sha);
    assert.deepEqual((await collect(ada.pulls.listFiles(ORG, REPO, pull.number))).map((f) => f.filename), ['NOTES.md']);
  });

  it('Pull requests: the diff media type, files and commits', async () => {
    const [pull] = await collect(ada.pulls.list(ORG, REPO));
    const diff = await ada.pulls.getDiff(ORG, REPO, pull!.number);
    assert.match(diff, /^diff --git /);
    const files = await collect(ada.pulls.listFiles(ORG, REPO, pull!.number));
    assert.ok(files.length >= 1);
    assert.ok(diff.includes(files[0]!.filename));
    const commits = await collect(ada.pulls.listCommits(ORG, REPO, pull!.number));
    assert.ok(commits.length >= 1);
  });

  it('Review comments: list for a pull and for the repository, get, reply with in_reply_to, edit, delete', async () => {
    const pulls = await collect(ada.pulls.list(ORG, REPO, { state: 'all' }));
    let threadPull = 0;
    for (const p of pulls) if ((await collect(ada.reviewComments.listForPull(ORG, REPO, p.number))).length) threadPull = p.number;
    assert.ok(threadPull, 'the seed has review comments');
    const comments = await collect(ada.reviewComments.listForPull(ORG, REPO, threadPull));
    const inRepo = await collect(ada.reviewComments.listForRepo(ORG, REPO));
    assert.ok(inRepo.length >= comments.length);
    assert.deepEqual(inRepo.map((c) => c.id), [...inRepo.map((c) => c.id)].sort((a, b) => a - b), 'default order is ascending id');
    const first = await ada.reviewComments.get(ORG, REPO, comments[0]!.id);
    const reply = await ada.reviewComments.create(ORG, REPO, threadPull, { body: 'Agreed.', in_reply_to: first.id });
    assert.equal(reply.path, first.path);
    assert.equal(reply.position, first.position);
    const root = first.in_reply_to_id ?? first.id;
    assert.equal(reply.in_reply_to_id, root, 'a reply names the root of its thread (threads are rebuilt from it)');
    const listed = (await collect(ada.reviewComments.listForPull(ORG, REPO, threadPull))).find((c) => c.id === reply.id);
    assert.equal(listed?.in_reply_to_id, root, 'the list carries in_reply_to_id too');
    assert.ok(comments.some((c) => c.in_reply_to_id === null), 'a root comment has in_reply_to_id null');
    assert.equal((await ada.reviewComments.update(ORG, REPO, reply.id, 'Agreed, with a note.')).body, 'Agreed, with a note.');
    const html = await ada.reviewComments.get(ORG, REPO, reply.id, { bodyFormat: 'html' });
    assert.match(html.body_html ?? '', /Agreed/);
    await ada.reviewComments.delete(ORG, REPO, reply.id);
    await assert.rejects(ada.reviewComments.get(ORG, REPO, reply.id), NotFoundError);
  });

  it('Review comments: a new comment on a diff position; a position outside the diff is 422', async () => {
    const [pull] = await collect(ada.pulls.list(ORG, REPO));
    const detail = await ada.pulls.get(ORG, REPO, pull!.number);
    const [file] = await collect(ada.pulls.listFiles(ORG, REPO, pull!.number));
    const made = await ada.reviewComments.create(ORG, REPO, pull!.number, { body: 'Why this line?', commit_id: detail.head.sha, path: file!.filename, position: 1 });
    assert.equal(made.position, 1);
    const err = await ada.reviewComments.create(ORG, REPO, pull!.number, { body: 'x', commit_id: detail.head.sha, path: file!.filename, position: 100000 }).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationFailedError, String(err));
  });

  it('Issue comments: on a pull request\'s issue, list, get, edit, delete', async () => {
    const [pull] = await collect(ada.pulls.list(ORG, REPO));
    const made = await ada.issueComments.create(ORG, REPO, pull!.number, 'Looks good to me.');
    assert.ok((await collect(ada.issueComments.listForIssue(ORG, REPO, pull!.number))).some((c) => c.id === made.id));
    assert.ok((await collect(ada.issueComments.listForRepo(ORG, REPO, { sort: 'updated', direction: 'desc' }))).some((c) => c.id === made.id));
    assert.equal((await ada.issueComments.get(ORG, REPO, made.id)).body, 'Looks good to me.');
    assert.equal((await ada.issueComments.update(ORG, REPO, made.id, 'Ship it.')).body, 'Ship it.');
    await ada.issueComments.delete(ORG, REPO, made.id);
    await assert.rejects(ada.issueComments.get(ORG, REPO, made.id), NotFoundError);
  });

  it('Gist comments: create, list, get, edit, delete on a gist', async () => {
    const gist = await fetch(`${emu.url}/gists`, {
      method: 'POST', body: JSON.stringify({ description: 'g', public: true, files: { 'note.md': { content: 'Note G' } } }),
      headers: { 'user-agent': 'tests', 'content-type': 'application/json', authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}` },
    });
    assert.equal(gist.status, 201);
    const { id } = (await gist.json()) as { id: string };
    const made = await ada.gistComments.create(String(id), 'First!');
    assert.deepEqual((await collect(ada.gistComments.list(String(id)))).map((c) => c.id), [made.id]);
    assert.equal((await ada.gistComments.get(String(id), made.id)).body, 'First!');
    assert.equal((await ada.gistComments.update(String(id), made.id, 'Second.')).body, 'Second.');
    await ada.gistComments.delete(String(id), made.id);
    assert.deepEqual(await collect(ada.gistComments.list(String(id))), []);
  });
});
