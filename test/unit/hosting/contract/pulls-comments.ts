// Pull requests, review comments, issue comments and gist comments
// (docs/service-api/hosting/pulls §1–§9,
// docs/service-api/hosting/comments §1–§2) on the demo repository: #1 open
// (charles, three files, two commits, two review threads, two issue comments),
// #2 closed unmerged, #3 merged, then a plain issue; and the gists the comments
// are on (the service family's lists, beyond the documents).
import assert from 'node:assert/strict';
import { NotFoundError, ValidationFailedError, collect } from '../../../../src/hosting';
import { ORG, REPO, type ContractGroup } from './harness';

const OPEN_FILES = ['README.md', 'docs/tables.md', 'src/differences/tabulate.js'];

export const pullsAndComments: ContractGroup = {
  title: 'contract: pull requests and comments (docs/service-api/hosting/pulls §1–§9, docs/service-api/hosting/comments §1–§2)',
  cases: [
    {
      row: 'GET /repos/:owner/:repo/pulls',
      does: 'lists the open pull request by default, all three with state=all',
      calls: ['pulls.list'],
      async run(w) {
        const ada = w.as('ada');
        assert.deepEqual(
          (await collect(ada.pulls.list(ORG, REPO))).map((p) => [p.number, p.title]),
          [[1, 'Tabulate polynomials by the method of differences']],
        );
        const all = await collect(ada.pulls.list(ORG, REPO, { state: 'all' }));
        assert.deepEqual(all.map((p) => `${p.number} ${p.state}`).sort(), ['1 open', '2 closed', '3 closed']);
      },
    },
    {
      row: 'GET /repos/:owner/:repo/pulls/:number',
      does: 'the single pull request with the counts of the README; the merged one says merged',
      calls: ['pulls.get'],
      async run(w) {
        const ada = w.as('ada');
        const one = await ada.pulls.get(ORG, REPO, 1);
        assert.deepEqual(
          [one.number, one.user.login, one.merged, one.changed_files, one.commits, one.review_comments, one.comments],
          [1, 'charles', false, 3, 2, 4, 2],
        );
        assert.equal((await ada.pulls.get(ORG, REPO, 3)).merged, true);
      },
    },
    {
      row: 'GET /repos/:owner/:repo/pulls/:number (diff media type), GET .../files, GET .../commits',
      does: "the unified diff names the same files the file list does; the commits are the pull request's two",
      calls: ['pulls.get', 'pulls.listFiles', 'pulls.listCommits'],
      async run(w) {
        const ada = w.as('ada');
        const diff = await ada.pulls.getDiff(ORG, REPO, 1);
        assert.match(diff, /^diff --git /);
        const files = await collect(ada.pulls.listFiles(ORG, REPO, 1));
        assert.deepEqual(files.map((f) => f.filename).sort(), OPEN_FILES);
        for (const f of files) assert.ok(diff.includes(`diff --git a/${f.filename} b/${f.filename}`), f.filename);
        const commits = await collect(ada.pulls.listCommits(ORG, REPO, 1));
        assert.deepEqual(
          commits.map((c) => c.commit.message.trim()),
          ['Tabulate polynomials by the method of differences', 'Read the initial differences as numbers'],
        );
      },
    },
    {
      row: 'POST /repos/:owner/:repo/pulls',
      does: "opens a pull request from a branch made through git data; its head and files are that branch's",
      calls: ['repos.get', 'git.getRef', 'git.getCommit', 'git.createTree', 'git.createCommit', 'git.createRef', 'pulls.create', 'pulls.listFiles'],
      async run(w) {
        const ada = w.as('ada');
        const repo = await ada.repos.get(ORG, REPO);
        const base = await ada.git.getRef(ORG, REPO, `heads/${repo.default_branch}`);
        const parent = await ada.git.getCommit(ORG, REPO, base.object.sha);
        const tree = await ada.git.createTree(ORG, REPO, [{ path: 'NOTES.md', mode: '100644', type: 'blob', content: 'A note.\n' }], parent.tree.sha);
        const commit = await ada.git.createCommit(ORG, REPO, { message: 'Add notes', tree: tree.sha, parents: [parent.sha] });
        await ada.git.createRef(ORG, REPO, 'refs/heads/client-notes', commit.sha);
        const pull = await ada.pulls.create(ORG, REPO, { title: 'Notes', head: 'client-notes', base: repo.default_branch, body: 'Adds notes.' });
        assert.deepEqual([pull.state, pull.title, pull.body, pull.head.sha, pull.number], ['open', 'Notes', 'Adds notes.', commit.sha, 5]);
        assert.deepEqual(
          (await collect(ada.pulls.listFiles(ORG, REPO, pull.number))).map((f) => f.filename),
          ['NOTES.md'],
        );
      },
    },
    {
      row: 'PATCH /repos/:owner/:repo/pulls/:number, GET and PUT .../pulls/:number/merge',
      does: 'edits the title, closes and reopens; not merged (404) until merged with the reviewed head, then 204 and a merge commit on the base',
      calls: [
        'repos.get',
        'git.getRef',
        'git.getCommit',
        'git.createTree',
        'git.createCommit',
        'git.createRef',
        'pulls.create',
        'pulls.update',
        'pulls.checkMerged',
        'pulls.merge',
      ],
      async run(w) {
        const ada = w.as('ada');
        const repo = await ada.repos.get(ORG, REPO);
        const base = await ada.git.getRef(ORG, REPO, `heads/${repo.default_branch}`);
        const parent = await ada.git.getCommit(ORG, REPO, base.object.sha);
        const tree = await ada.git.createTree(ORG, REPO, [{ path: 'MERGE.md', mode: '100644', type: 'blob', content: 'To merge.\n' }], parent.tree.sha);
        const commit = await ada.git.createCommit(ORG, REPO, { message: 'To merge', tree: tree.sha, parents: [parent.sha] });
        await ada.git.createRef(ORG, REPO, 'refs/heads/client-merge', commit.sha);
        const pull = await ada.pulls.create(ORG, REPO, { title: 'Merge', head: 'client-merge', base: repo.default_branch });
        assert.equal((await ada.pulls.update(ORG, REPO, pull.number, { title: 'Merge, edited' })).title, 'Merge, edited');
        assert.equal((await ada.pulls.update(ORG, REPO, pull.number, { state: 'closed' })).state, 'closed');
        assert.equal((await ada.pulls.update(ORG, REPO, pull.number, { state: 'open' })).state, 'open');
        assert.equal(await ada.pulls.checkMerged(ORG, REPO, pull.number), false);
        const merged = await ada.pulls.merge(ORG, REPO, pull.number, { commit_message: 'Merged by the contract', sha: commit.sha });
        assert.deepEqual([merged.merged, merged.message], [true, 'Pull Request successfully merged']);
        assert.equal(await ada.pulls.checkMerged(ORG, REPO, pull.number), true);
        const mergeCommit = await ada.git.getCommit(ORG, REPO, merged.sha);
        assert.deepEqual(
          mergeCommit.parents.map((p) => p.sha),
          [parent.sha, commit.sha],
        );
      },
    },
    {
      row: 'GET /repos/:owner/:repo/pulls/:number/comments, GET .../pulls/comments, GET .../pulls/comments/:number',
      does: "the two threads of #1 (replies name their root in in_reply_to_id), the repository's list in ascending id, one comment as HTML",
      calls: ['reviewComments.listForPull', 'reviewComments.listForRepo', 'reviewComments.get'],
      async run(w) {
        const ada = w.as('ada');
        const comments = await collect(ada.reviewComments.listForPull(ORG, REPO, 1));
        assert.deepEqual(
          comments.map((c) => c.user.login),
          ['ada', 'charles', 'mary', 'luigi'],
        );
        assert.deepEqual(
          comments.map((c) => c.in_reply_to_id ?? null),
          [null, comments[0]!.id, null, comments[2]!.id],
        );
        const inRepo = await collect(ada.reviewComments.listForRepo(ORG, REPO));
        assert.deepEqual(
          inRepo.map((c) => c.id),
          comments.map((c) => c.id),
          'ascending id by default',
        );
        const html = await ada.reviewComments.get(ORG, REPO, comments[2]!.id, { bodyFormat: 'html' });
        assert.deepEqual([html.path, html.position], ['docs/tables.md', 3]);
        assert.match(html.body_html ?? '', /second differences/);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/pulls/:number/comments (reply), PATCH and DELETE .../pulls/comments/:number',
      does: "a reply takes its thread's place and names the root; edit changes the body; delete removes it",
      calls: ['reviewComments.listForPull', 'reviewComments.create', 'reviewComments.update', 'reviewComments.delete'],
      async run(w) {
        const ada = w.as('ada');
        const [root] = await collect(ada.reviewComments.listForPull(ORG, REPO, 1));
        const reply = await ada.reviewComments.create(ORG, REPO, 1, { body: 'Agreed.', in_reply_to: root!.id });
        assert.deepEqual([reply.body, reply.path, reply.position, reply.in_reply_to_id], ['Agreed.', root!.path, root!.position, root!.id]);
        assert.equal(w.of('reviewComments.create')[0]?.status, 201);
        assert.equal((await ada.reviewComments.update(ORG, REPO, reply.id, 'Agreed, with a note.')).body, 'Agreed, with a note.');
        await ada.reviewComments.delete(ORG, REPO, reply.id);
        await assert.rejects(ada.reviewComments.get(ORG, REPO, reply.id), NotFoundError);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/pulls/:number/comments (new)',
      does: 'a comment on a diff position keeps its path and position; a position outside the diff is 422',
      calls: ['pulls.get', 'reviewComments.create'],
      async run(w) {
        const ada = w.as('ada');
        const head = (await ada.pulls.get(ORG, REPO, 1)).head.sha;
        const made = await ada.reviewComments.create(ORG, REPO, 1, { body: 'Why this line?', commit_id: head, path: 'docs/tables.md', position: 1 });
        assert.deepEqual([made.path, made.position, made.commit_id, made.in_reply_to_id ?? null], ['docs/tables.md', 1, head, null]);
        const err = await ada.reviewComments
          .create(ORG, REPO, 1, { body: 'x', commit_id: head, path: 'docs/tables.md', position: 100000 })
          .catch((e: unknown) => e);
        assert.ok(err instanceof ValidationFailedError, String(err));
      },
    },
    {
      row: 'GET /repos/:owner/:repo/issues/:number/comments, GET .../issues/comments, GET .../issues/comments/:id',
      does: "the comments of #1 by grace then ada; the repository's newest first with sort=updated; one by id",
      calls: ['issueComments.listForIssue', 'issueComments.listForRepo', 'issueComments.get'],
      async run(w) {
        const ada = w.as('ada');
        const onPull = await collect(ada.issueComments.listForIssue(ORG, REPO, 1));
        assert.deepEqual(
          onPull.map((c) => c.user.login),
          ['grace', 'ada'],
        );
        const newest = await collect(ada.issueComments.listForRepo(ORG, REPO, { sort: 'updated', direction: 'desc' }));
        assert.equal(newest.length, 4);
        assert.deepEqual(
          newest.map((c) => c.updated_at),
          newest
            .map((c) => c.updated_at)
            .sort()
            .reverse(),
        );
        assert.equal((await ada.issueComments.get(ORG, REPO, onPull[0]!.id)).body, 'Ran it for 40 steps: every figure matches the printed table.');
      },
    },
    {
      row: 'POST /repos/:owner/:repo/issues/:number/comments, PATCH and DELETE .../issues/comments/:id',
      does: 'a new comment is listed on its issue, edits to the new body, and is gone once deleted',
      calls: ['issueComments.create', 'issueComments.listForIssue', 'issueComments.update', 'issueComments.delete'],
      async run(w) {
        const ada = w.as('ada');
        const made = await ada.issueComments.create(ORG, REPO, 1, 'Looks good to me.');
        assert.deepEqual([made.body, made.user.login], ['Looks good to me.', 'ada']);
        assert.equal((await collect(ada.issueComments.listForIssue(ORG, REPO, 1))).at(-1)?.id, made.id);
        assert.equal((await ada.issueComments.update(ORG, REPO, made.id, 'Ship it.')).body, 'Ship it.');
        await ada.issueComments.delete(ORG, REPO, made.id);
        await assert.rejects(ada.issueComments.get(ORG, REPO, made.id), NotFoundError);
      },
    },
    {
      row: 'POST, GET, PATCH, DELETE /gists/:gist_id/comments[/:id]',
      does: 'on a new gist: create, list, get, edit and delete a comment',
      calls: ['gistComments.create', 'gistComments.list', 'gistComments.get', 'gistComments.update', 'gistComments.delete'],
      async run(w) {
        const ada = w.as('ada');
        const gist = await fetch(`${w.emu.url}/gists`, {
          method: 'POST',
          body: JSON.stringify({ description: 'g', public: true, files: { 'note.md': { content: 'Note G' } } }),
          headers: {
            'user-agent': 'tests',
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`,
          },
        });
        assert.equal(gist.status, 201);
        const id = String(((await gist.json()) as { id: string | number }).id);
        const made = await ada.gistComments.create(id, 'First!');
        assert.deepEqual(
          (await collect(ada.gistComments.list(id))).map((c) => [c.id, c.body]),
          [[made.id, 'First!']],
        );
        assert.equal((await ada.gistComments.get(id, made.id)).user.login, 'ada');
        assert.equal((await ada.gistComments.update(id, made.id, 'Second.')).body, 'Second.');
        await ada.gistComments.delete(id, made.id);
        assert.deepEqual(await collect(ada.gistComments.list(id)), []);
      },
    },
    {
      row: "GET /gists, GET /users/:username/gists, GET /gists/:id (the service family's, beyond the documents)",
      does: "ada's list holds her Note G with its two comments and no file content, one gist has the content; a secret gist is listed to its owner only",
      calls: ['gists.list', 'gists.listForUser', 'gists.get'],
      async run(w) {
        const ada = w.as('ada');
        const grace = w.as('grace');
        const noteG = (await collect(ada.gists.list())).find((g) => g.description === 'Note G, for the translators');
        assert.ok(noteG, "the demo gist is in ada's list");
        assert.deepEqual([noteG.public, noteG.owner?.login, noteG.comments, Object.keys(noteG.files)], [true, 'ada', 2, ['note-g.md']]);
        assert.equal(noteG.files['note-g.md']?.content, undefined);
        assert.match((await ada.gists.get(noteG.id)).files['note-g.md']?.content ?? '', /Bernoulli numbers/);
        const made = await fetch(`${w.emu.url}/gists`, {
          method: 'POST',
          body: JSON.stringify({ description: null, public: false, files: { 'cobol.txt': { content: 'IDENTIFICATION DIVISION.' } } }),
          headers: {
            'user-agent': 'tests',
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from('grace:grace-demo-password').toString('base64')}`,
          },
        });
        assert.equal(made.status, 201);
        const secretId = String(((await made.json()) as { id: string }).id);
        assert.deepEqual(
          (await collect(grace.gists.list())).map((g) => [g.id, g.public]),
          [[secretId, false]],
        );
        assert.deepEqual(
          (await collect(grace.gists.listForUser('grace'))).map((g) => g.id),
          [secretId],
        );
        assert.deepEqual(await collect(ada.gists.listForUser('grace')), []);
      },
    },
    {
      row: "GET /gists?since=, GET /users/:username/gists?since= (the service family's, beyond the documents)",
      does: 'only the gists updated at or after the time given, a hundred a page',
      calls: ['gists.list', 'gists.listForUser'],
      async run(w) {
        const ada = w.as('ada');
        const all = await collect(ada.gists.list());
        assert.ok(
          all.some((g) => g.description === 'Note G, for the translators'),
          'ada has the demo gist',
        );
        assert.deepEqual(await collect(ada.gists.list({ since: '2999-01-01T00:00:00Z' })), []);
        assert.deepEqual(
          (await collect(ada.gists.list({ since: '2000-01-01T00:00:00Z' }))).map((g) => g.id),
          all.map((g) => g.id),
        );
        assert.deepEqual(await collect(ada.gists.listForUser('ada', { since: '2999-01-01T00:00:00Z' })), []);
        assert.deepEqual(
          w.of('gists.list').map((x) => x.url),
          ['/gists?per_page=100', '/gists?per_page=100&since=2999-01-01T00%3A00%3A00Z', '/gists?per_page=100&since=2000-01-01T00%3A00%3A00Z'],
        );
      },
    },
  ],
};
