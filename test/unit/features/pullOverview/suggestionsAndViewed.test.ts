// The overview page's suggested changes and viewed-files progress: a review
// thread whose first comment (or a reply) holds a ```suggestion block shows
// it as a diff of the commented line under the host's label; the Files tab
// says how many changed files are viewed at their blob now.
import assert from 'node:assert/strict';
import type { PullRequestDetailed, PullRequestFile, ReviewComment, UserSummary } from '../../../../src/hosting';
import { pageModel, type PageSources } from '../../../../src/features/pullOverview/model/pageModel';
import { pageModelSchema, type ThreadItem } from '../../../../src/features/pullOverview/model/messages';
import { EMPTY_VIEWED, markViewed } from '../../../../src/reviewing/viewedFiles';

const user = { login: 'mary', avatar_url: 'http://127.0.0.1/avatars/mary' } as UserSummary;
const HEAD = 'h'.repeat(40);
const pull = {
  number: 1,
  state: 'open',
  title: 'T',
  body: '',
  html_url: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  closed_at: null,
  merged_at: null,
  head: { label: 'o:f', ref: 'f', sha: HEAD, user, repo: null },
  base: { label: 'o:m', ref: 'm', sha: 'b'.repeat(40), user, repo: null },
  user,
  merged: false,
  mergeable: true,
  comments: 0,
  review_comments: 2,
  commits: 1,
  additions: 1,
  deletions: 0,
  changed_files: 2,
} as unknown as PullRequestDetailed;
const review = (id: number, body: string, over: Partial<ReviewComment> = {}): ReviewComment => ({
  url: '',
  id,
  diff_hunk: '@@ -1,2 +1,2 @@\n one\n-two\n+TWO',
  path: 'a.txt',
  position: 3,
  original_position: 3,
  commit_id: HEAD,
  original_commit_id: HEAD,
  user,
  body,
  created_at: `2026-01-01T00:00:0${id}Z`,
  updated_at: `2026-01-01T00:00:0${id}Z`,
  html_url: '',
  pull_request_url: '',
  _links: {} as never,
  in_reply_to_id: null,
  ...over,
});
const files = [
  { sha: 'a1', filename: 'a.txt', status: 'modified', additions: 1, deletions: 1, changes: 2 },
  { sha: 'b1', filename: 'b.txt', status: 'added', additions: 1, deletions: 0, changes: 1 },
] as PullRequestFile[];
const sources = (over: Partial<PageSources>): PageSources => ({
  pull,
  commits: { ok: true, value: [] },
  files: { ok: true, value: files },
  comments: { ok: true, value: [] },
  reviewComments: { ok: true, value: [] },
  labels: { ok: true, value: [] },
  me: 'ada',
  avatar: () => undefined,
  ...over,
});
const threadOf = (s: PageSources) => pageModel('o', 'r', s).conversation.rows.find((r): r is ThreadItem => r.kind === 'thread')!;

describe('pull request overview: suggested changes and viewed files', () => {
  it('a thread whose first comment holds a suggestion shows it as old line → new line, under the label', () => {
    const th = threadOf(sources({ reviewComments: { ok: true, value: [review(1, 'Use:\n```suggestion\nTwo\n```')] }, suggestionLabel: 'Vorschlag' }));
    assert.ok(th.suggestionHtml, 'drawn');
    assert.match(th.suggestionHtml, /<strong>Vorschlag<\/strong>/);
    assert.match(th.suggestionHtml, /<code class="language-diff">-TWO\n\+Two\n<\/code>/);
    assert.doesNotThrow(() =>
      pageModelSchema.parse(pageModel('o', 'r', sources({ reviewComments: { ok: true, value: [review(1, '```suggestion\nx\n```')] } }))),
    );
  });

  it("a reply with a suggestion is drawn as a change of the thread's line; the default label is English", () => {
    const th = threadOf(sources({ reviewComments: { ok: true, value: [review(1, 'Hm.'), review(2, '```suggestion\nTwo\n```', { in_reply_to_id: 1 })] } }));
    assert.equal(th.suggestionHtml, undefined, 'the first comment holds none');
    assert.match(th.replyItems[0]!.html, /<strong>Suggested change<\/strong>/);
    assert.match(th.replyItems[0]!.html, /-TWO\n\+Two/);
  });

  it('bad input: a block that is not closed stays text (no suggestion drawn)', () => {
    const th = threadOf(sources({ reviewComments: { ok: true, value: [review(1, '```suggestion\nTwo')] } }));
    assert.equal(th.suggestionHtml, undefined);
  });

  it("the Files tab's progress: the files viewed at their blob now, of all; none without viewed marks; none when the files could not be read", () => {
    const viewed = markViewed(EMPTY_VIEWED, HEAD, files, ['a.txt']);
    assert.deepEqual(pageModel('o', 'r', sources({ viewed })).viewed, { viewed: 1, total: 2 });
    assert.deepEqual(
      pageModel('o', 'r', sources({ viewed, files: { ok: true, value: [{ ...files[0]!, sha: 'a2' }, files[1]!] } })).viewed,
      { viewed: 0, total: 2 },
      'changed again: not viewed',
    );
    assert.equal(pageModel('o', 'r', sources({})).viewed, undefined);
    assert.equal(pageModel('o', 'r', sources({ viewed, files: { ok: false, error: 'x' } })).viewed, undefined);
  });
});
