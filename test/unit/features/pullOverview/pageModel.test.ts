// A pull request → the overview page's model: the state badge (merged
// before closed), the counts of the single pull request, commit and file
// rows, and the conversation (issue comments and review threads, oldest
// first); a deleted head repository (head.repo null) and a list that fails
// still give a page.
import assert from 'node:assert/strict';
import type { CommitSummary, IssueComment, PullRequestDetailed, PullRequestFile, ReviewComment, UserSummary } from '../../../../src/hosting';
import { avatarUrls, commitRow, conversation, pageModel, pullStateName, type PageSources } from '../../../../src/features/pullOverview/model/pageModel';
import { pageModelSchema, threadItemSchema } from '../../../../src/features/pullOverview/model/messages';
import { fakeUser } from '../../../support/fakeService';

const user = (login: string): UserSummary => fakeUser(login, login.length, 'http://127.0.0.1') as UserSummary;
const sha = (c: string) => c.repeat(40);
const branch = (label: string, deleted = false) => ({
  label,
  ref: label.split(':')[1]!,
  sha: sha('a'),
  user: user('charles'),
  repo: deleted ? null : ({ full_name: 'analytical-engines/difference-engine' } as never),
});

function demoPull(over: Partial<PullRequestDetailed> = {}): PullRequestDetailed {
  return {
    url: '',
    html_url: 'http://127.0.0.1/analytical-engines/difference-engine/pull/1',
    diff_url: '',
    patch_url: '',
    issue_url: '',
    commits_url: '',
    review_comments_url: '',
    review_comment_url: '',
    comments_url: '',
    statuses_url: '',
    number: 1,
    state: 'open',
    title: 'Tabulate polynomials',
    body: 'Adds **the loop**.',
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    closed_at: null,
    merged_at: null,
    head: branch('analytical-engines:feature/method-of-differences'),
    base: branch('analytical-engines:master'),
    _links: {} as never,
    user: user('charles'),
    merged: false,
    mergeable: true,
    comments: 2,
    review_comments: 4,
    commits: 2,
    additions: 18,
    deletions: 1,
    changed_files: 3,
    ...over,
  };
}

const issueComment = (id: number, login: string, created: string, body: string): IssueComment => ({
  id,
  url: '',
  html_url: '',
  body,
  user: user(login),
  created_at: created,
  updated_at: created,
});
const review = (id: number, login: string, created: string, over: Partial<ReviewComment> = {}): ReviewComment => ({
  url: '',
  id,
  diff_hunk: '@@ -1,3 +1,3 @@\n a\n-b\n+c',
  path: 'src/differences/tabulate.js',
  position: 3,
  original_position: 3,
  commit_id: sha('b'),
  original_commit_id: sha('b'),
  user: user(login),
  body: `review ${id}`,
  created_at: created,
  updated_at: created,
  html_url: '',
  pull_request_url: '',
  _links: {} as never,
  in_reply_to_id: null,
  ...over,
});
const ok = <T>(value: T) => ({ ok: true as const, value });

function sources(over: Partial<PageSources> = {}): PageSources {
  return {
    pull: demoPull(),
    commits: ok([
      {
        sha: sha('c'),
        url: '',
        commit: {
          message: 'Tabulate polynomials\n\nBy the method of differences.',
          author: { name: 'Charles Babbage', email: 'c@x', date: '2026-01-01T09:00:00Z' },
          committer: { name: 'C', email: 'c@x', date: '2026-01-01T09:00:00Z' },
        },
        author: { login: 'charles' },
      } as CommitSummary,
    ]),
    files: ok([{ sha: sha('d'), filename: 'docs/tables.md', status: 'added', additions: 4, deletions: 0, changes: 4 } as PullRequestFile]),
    comments: ok([issueComment(11, 'grace', '2026-01-01T12:00:00Z', 'Ran it.'), issueComment(12, 'ada', '2026-01-01T14:00:00Z', 'Thanks.')]),
    reviewComments: ok([
      review(21, 'ada', '2026-01-01T11:00:00Z', { position: null }),
      review(22, 'charles', '2026-01-01T11:30:00Z', { in_reply_to_id: 21 }),
      review(23, 'mary', '2026-01-01T13:00:00Z', { path: 'docs/tables.md' }),
    ]),
    labels: ok([{ url: '', name: 'enhancement', color: '84b6eb' }]),
    me: 'ada',
    avatar: (url) => (url.endsWith('/charles') ? 'data:image/png;base64,AAAA' : undefined),
    ...over,
  };
}

describe('pull request overview: the page model', () => {
  it('reads the state as a badge would: merged before closed, else open or closed', () => {
    assert.equal(pullStateName(demoPull()), 'open');
    assert.equal(pullStateName(demoPull({ state: 'closed' })), 'closed');
    assert.equal(pullStateName(demoPull({ state: 'closed', merged_at: '2026-01-03T00:00:00Z', merged: true })), 'merged');
  });

  it('shapes the header, counts, labels, commits and files of a pull request, and the model passes its schema', () => {
    const m = pageModel('analytical-engines', 'difference-engine', sources());
    assert.equal(pageModelSchema.safeParse(m).success, true, JSON.stringify(pageModelSchema.safeParse(m).error?.issues));
    assert.equal(m.title, 'Tabulate polynomials');
    assert.equal(m.number, 1);
    assert.equal(m.state, 'open');
    assert.deepEqual(m.author, { login: 'charles', avatar: 'data:image/png;base64,AAAA' });
    assert.equal(m.base, 'analytical-engines:master');
    assert.equal(m.head, 'analytical-engines:feature/method-of-differences');
    assert.deepEqual(m.counts, { commits: 2, changedFiles: 3, additions: 18, deletions: 1, comments: 2, reviewComments: 4 });
    assert.equal(m.mergeable, true);
    assert.deepEqual(m.labels, [{ name: 'enhancement', color: '84b6eb' }]);
    assert.match(m.bodyHtml, /<strong>the loop<\/strong>/);
    assert.deepEqual(m.commits.rows, [
      {
        sha: sha('c'),
        shortSha: 'ccccccc',
        title: 'Tabulate polynomials',
        more: 'By the method of differences.',
        author: 'Charles Babbage',
        login: 'charles',
        date: '2026-01-01T09:00:00Z',
      },
    ]);
    assert.deepEqual(m.files.rows, [{ path: 'docs/tables.md', status: 'added', additions: 4, deletions: 0 }]);
  });

  it('orders the conversation by time: comments and review threads interleaved, a thread by its first comment', () => {
    const items = conversation(
      [issueComment(11, 'grace', '2026-01-01T12:00:00Z', 'Ran it.'), issueComment(12, 'ada', '2026-01-01T14:00:00Z', 'Thanks.')],
      [
        review(21, 'ada', '2026-01-01T11:00:00Z', { position: null }),
        review(22, 'charles', '2026-01-01T11:30:00Z', { in_reply_to_id: 21 }),
        review(23, 'mary', '2026-01-01T13:00:00Z', { path: 'docs/tables.md' }),
      ],
      'ada',
      () => undefined,
    );
    assert.deepEqual(
      items.map((i) => `${i.kind}:${i.id}`),
      ['thread:21', 'comment:11', 'thread:23', 'comment:12'],
    );
    const first = items[0]!;
    assert.ok(first.kind === 'thread');
    assert.equal(first.replies, 1);
    assert.equal(first.outdated, true);
    assert.deepEqual(first.participants, ['ada', 'charles']);
    assert.equal(first.line, 2, 'the line the hunk ends at');
    assert.equal(first.path, 'src/differences/tabulate.js');
    const own = items.filter((i) => i.kind === 'comment').map((i) => i.kind === 'comment' && i.own);
    assert.deepEqual(own, [false, true], "only the signed-in user's comments are their own");
  });

  it('a thread carries its replies to read in place (author, time, rendered Markdown), oldest first', () => {
    const items = conversation(
      [],
      [
        review(21, 'ada', '2026-01-01T11:00:00Z'),
        review(23, 'mary', '2026-01-01T13:00:00Z', { in_reply_to_id: 21, body: 'Also **bold**' }),
        review(22, 'charles', '2026-01-01T12:00:00Z', { in_reply_to_id: 21, body: 'Done.' }),
      ],
      'ada',
      (url) => (url.endsWith('/charles') ? 'data:c' : undefined),
      sha('b'),
    );
    const [thread] = items;
    assert.ok(thread?.kind === 'thread');
    assert.equal(thread.replies, 2);
    assert.deepEqual(
      thread.replyItems.map((r) => [r.id, r.author, r.created]),
      [
        [22, { login: 'charles', avatar: 'data:c' }, '2026-01-01T12:00:00Z'],
        [23, { login: 'mary' }, '2026-01-01T13:00:00Z'],
      ],
    );
    assert.match(thread.replyItems[1]!.html, /<strong>bold<\/strong>/);
    assert.equal(threadItemSchema.safeParse(thread).success, true);
  });

  it("a thread's location is the one the editor and the views say: the line it was made on, and the commit when outdated (made on another commit than the head)", () => {
    const [current, outdated] = conversation(
      [],
      [
        review(21, 'ada', '2026-01-01T11:00:00Z'),
        review(22, 'ada', '2026-01-01T12:00:00Z', { commit_id: sha('a'), original_commit_id: sha('a'), diff_hunk: '@@ -1,2 +1,5 @@\n a\n+b\n+c' }),
      ],
      'ada',
      () => undefined,
      sha('b'),
    );
    assert.ok(current?.kind === 'thread' && outdated?.kind === 'thread');
    assert.deepEqual([current.line, current.outdated, current.commit, current.removed], [2, false, null, false]);
    assert.deepEqual([outdated.line, outdated.outdated, outdated.commit, outdated.removed], [3, true, 'aaaaaaa', false]);
  });

  it('a pull request whose head repository was deleted (head.repo null) still renders, with no head label', () => {
    const m = pageModel('o', 'r', sources({ pull: demoPull({ head: branch('gone:feature/x', true) }) }));
    assert.equal(m.head, null);
    assert.equal(m.headRef, 'feature/x');
    assert.equal(pageModelSchema.safeParse(m).success, true);
  });

  it('docs/service-api/hosting/git-data.md §5: a head branch whose reference answers 404 marks the page headDeleted; one that exists, or not known, leaves it out', () => {
    const gone = pageModel('o', 'r', sources({ headDeleted: true }));
    assert.equal(gone.headDeleted, true);
    assert.equal(pageModelSchema.safeParse(gone).success, true);
    assert.equal('headDeleted' in pageModel('o', 'r', sources({ headDeleted: false })), false);
    assert.equal('headDeleted' in pageModel('o', 'r', sources()), false);
    // The schema takes nothing but true: a page that says false has no word to show.
    assert.equal(pageModelSchema.safeParse({ ...gone, headDeleted: false }).success, false);
  });

  it('a list that fails shows its error; the rest of the page is there', () => {
    const m = pageModel(
      'o',
      'r',
      sources({ commits: { ok: false, error: 'Not Found' }, reviewComments: { ok: false, error: 'Server Error' }, labels: { ok: false, error: 'x' } }),
    );
    assert.deepEqual(m.commits, { rows: [], error: 'Not Found' });
    assert.deepEqual(m.conversation, { rows: [], error: 'Server Error' });
    assert.deepEqual(m.labels, []);
    assert.equal(m.files.rows.length, 1);
    assert.equal(pageModelSchema.safeParse(m).success, true);
  });

  it('a commit with a one-line message has nothing more to show', () => {
    const c = commitRow({
      sha: sha('e'),
      url: '',
      commit: {
        message: 'One line',
        author: { name: 'A', email: 'a@x', date: '2026-01-01T00:00:00Z' },
        committer: { name: 'A', email: 'a@x', date: '2026-01-01T00:00:00Z' },
      },
    } as CommitSummary);
    assert.equal(c.title, 'One line');
    assert.equal(c.more, '');
    assert.equal(c.login, undefined);
  });

  it('merged is read from either field; a merged flag without a date is merged too', () => {
    assert.equal(pullStateName(demoPull({ state: 'closed', merged: true, merged_at: null })), 'merged');
    assert.equal(pullStateName(demoPull({ state: 'closed', merged: false, merged_at: '2026-01-03T00:00:00Z' })), 'merged');
  });

  it('a commit message: CRLF read as LF, title and more trimmed, a message starting with its newline has an empty title', () => {
    const at = { name: 'A', email: 'a@x', date: '2026-01-01T00:00:00Z' };
    const c = commitRow({
      sha: sha('e'),
      url: '',
      commit: { message: '  Title  \r\n\r\n  Body line  \r\n', author: at, committer: at },
      author: { login: 42 },
    } as unknown as CommitSummary);
    assert.deepEqual([c.title, c.more, c.login], ['Title', 'Body line', undefined], 'a login that is not text is left out');
    const d = commitRow({ sha: sha('e'), url: '', commit: { message: '\nOnly more', author: at, committer: at } } as CommitSummary);
    assert.deepEqual([d.title, d.more], ['', 'Only more']);
  });

  it('a conversation read again unchanged (304s, or the page opened again) is not shaped again; an edited comment, another reader, a moved head or an avatar loaded since is', () => {
    const first = pageModel('analytical-engines', 'difference-engine', sources());
    const again = pageModel('analytical-engines', 'difference-engine', sources());
    assert.equal(again.conversation.rows, first.conversation.rows, 'the rows shaped the first time');
    const edited = sources({ comments: ok([issueComment(11, 'grace', '2026-01-01T12:00:00Z', 'Ran it **twice**.')]) });
    const editedRows = pageModel('analytical-engines', 'difference-engine', edited).conversation.rows;
    assert.notEqual(editedRows, first.conversation.rows);
    assert.ok(editedRows.some((r) => r.kind === 'comment' && r.html.includes('<strong>twice</strong>')));
    const others: Array<[string, Partial<PageSources>]> = [
      ['another reader', { me: 'grace' }],
      ['a moved head', { pull: demoPull({ head: { ...branch('analytical-engines:feature/method-of-differences'), sha: sha('e') } }) }],
      ['an avatar loaded since', { avatar: () => 'data:image/png;base64,BBBB' }],
      ['another label for suggestions', { suggestionLabel: 'Vorschlag' }],
    ];
    for (const [what, over] of others) {
      const rows = pageModel('analytical-engines', 'difference-engine', sources(over)).conversation.rows;
      assert.notEqual(rows, first.conversation.rows, what);
      const src = sources(over);
      const lists = {
        comments: (src.comments as { value: readonly IssueComment[] }).value,
        reviews: (src.reviewComments as { value: readonly ReviewComment[] }).value,
      };
      assert.deepEqual(rows, conversation(lists.comments, lists.reviews, src.me, src.avatar, src.pull.head.sha, src.suggestionLabel), what);
    }
  });

  it('the conversation: a comment without body is empty text, avatars where loaded, ties by id, a signed-out reader owns nothing, a hunk with no line is null', () => {
    const body = (c: IssueComment) => ({ ...c, body: null }) as unknown as IssueComment;
    const items = conversation(
      [body(issueComment(12, 'ada', '2026-01-01T10:00:00Z', 'x')), issueComment(11, 'charles', '2026-01-01T10:00:00Z', 'y')],
      [review(30, 'mary', '2026-01-01T09:00:00Z', { diff_hunk: 'not a hunk' })],
      undefined,
      (url) => (url.endsWith('/charles') ? 'data:a' : undefined),
    );
    assert.deepEqual(
      items.map((i) => `${i.kind}:${i.id}`),
      ['thread:30', 'comment:11', 'comment:12'],
      'the same time: by id',
    );
    const [thread, charles, ada] = items;
    assert.ok(thread?.kind === 'thread' && charles?.kind === 'comment' && ada?.kind === 'comment');
    assert.equal(thread.line, null);
    assert.equal(thread.outdated, false, 'a comment with a position is current');
    assert.deepEqual(charles.author, { login: 'charles', avatar: 'data:a' });
    assert.deepEqual(ada.author, { login: 'ada' });
    assert.equal(ada.body, '');
    assert.equal(charles.own || ada.own, false);
  });

  it('a page of a signed-out reader has no "me"; a pull request without body has empty text; an author without avatar has none', () => {
    const m = pageModel('o', 'r', sources({ me: undefined, pull: demoPull({ body: null }), avatar: () => undefined }));
    assert.equal(m.me, null);
    assert.equal(m.body, '');
    assert.deepEqual(m.author, { login: 'charles' });
    assert.equal(pageModel('o', 'r', sources()).me, 'ada');
    assert.deepEqual(pageModel('o', 'r', sources({ comments: { ok: false, error: 'Gone' } })).conversation, { rows: [], error: 'Gone' });
    assert.equal(pageModel('o', 'r', sources()).conversation.rows.length, 4);
  });

  it("the avatars to load: the author's and each commenter's once, from the lists that could be read", () => {
    const pull = demoPull();
    const comments = ok([issueComment(1, 'grace', '2026-01-01T00:00:00Z', 'a'), issueComment(2, 'charles', '2026-01-01T00:00:00Z', 'b')]);
    const reviews = ok([review(3, 'mary', '2026-01-01T00:00:00Z')]);
    assert.deepEqual(avatarUrls(pull, comments, reviews), [
      'http://127.0.0.1/avatars/charles',
      'http://127.0.0.1/avatars/grace',
      'http://127.0.0.1/avatars/mary',
    ]);
    assert.deepEqual(avatarUrls(pull, { ok: false, error: 'x' }, { ok: false, error: 'y' }), ['http://127.0.0.1/avatars/charles']);
  });
});
