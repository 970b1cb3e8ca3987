// The overview's Commits and Files tabs, read a page at a time for a large
// pull request: whether a Load more is offered, and when the service's list
// ended short of the pull request's own count, what it left out (never a
// silent cut). The page model passes the schema the webview checks.
import assert from 'node:assert/strict';
import type { CommitSummary, PullRequestDetailed, PullRequestFile } from '../../../../src/hosting';
import { pageModel, type PageSources } from '../../../../src/features/pullOverview/model/pageModel';
import { pageModelSchema } from '../../../../src/features/pullOverview/model/messages';
import { moreToList } from '../../../../src/reviewing/listShortfall';
import { fakeUser } from '../../../support/fakeService';

const sha = (n: number) => n.toString(16).padStart(40, '0');
const files = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ({ sha: sha(i + 1), filename: `pkg${i % 10}/f${i}.ts`, status: 'modified', additions: 1, deletions: 1, changes: 2 }) as PullRequestFile,
  );
const commits = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      ({
        sha: sha(i + 1),
        url: '',
        commit: {
          message: `change ${i}`,
          author: { name: 'Ada', email: 'a@x', date: '2026-01-01T09:00:00Z' },
          committer: { name: 'Ada', email: 'a@x', date: '2026-01-01T09:00:00Z' },
        },
        author: { login: 'ada' },
      }) as CommitSummary,
  );
const user = { ...fakeUser('ada', 1, 'http://127.0.0.1'), type: 'User' as const };
const branch = { label: 'analytical-engines:x', ref: 'x', sha: sha(9), user, repo: null };
const pull = (over: Partial<PullRequestDetailed>): PullRequestDetailed => ({
  url: '',
  html_url: '',
  diff_url: '',
  patch_url: '',
  issue_url: '',
  commits_url: '',
  review_comments_url: '',
  review_comment_url: '',
  comments_url: '',
  statuses_url: '',
  number: 7,
  state: 'open',
  title: 'Big',
  body: null,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  closed_at: null,
  merged_at: null,
  head: branch,
  base: branch,
  _links: {} as never,
  user,
  merged: false,
  mergeable: true,
  comments: 0,
  review_comments: 0,
  commits: 1000,
  additions: 0,
  deletions: 0,
  changed_files: 3000,
  ...over,
});
const sources = (over: Partial<PageSources>): PageSources => ({
  pull: pull({}),
  commits: { ok: true, value: commits(100) },
  files: { ok: true, value: files(100) },
  comments: { ok: true, value: [] },
  reviewComments: { ok: true, value: [] },
  labels: { ok: true, value: [] },
  me: 'ada',
  avatar: () => undefined,
  ...over,
});

describe('pull request overview: tabs read a page at a time', () => {
  it('first page of 3,000 files and 1,000 commits: Load more offered, nothing said to be left out', () => {
    const m = pageModel('o', 'r', sources({ ended: { commits: false, files: false } }));
    assert.equal(m.files.rows.length, 100);
    assert.equal(m.files.more, true);
    assert.equal(m.files.unlisted, undefined);
    assert.equal(m.commits.more, true);
    assert.deepEqual(m.counts, { commits: 1000, changedFiles: 3000, additions: 0, deletions: 0, comments: 0, reviewComments: 0 });
    pageModelSchema.parse(m);
  });

  it('the service ended its list at 300 of 3,000 files: the 2,700 left out are said, no Load more', () => {
    const m = pageModel('o', 'r', sources({ files: { ok: true, value: files(300) }, ended: { commits: false, files: true } }));
    assert.equal(m.files.more, undefined);
    assert.equal(m.files.unlisted, 2700);
    pageModelSchema.parse(m);
  });

  it('every row read: neither Load more nor a note', () => {
    const m = pageModel('o', 'r', sources({ pull: pull({ commits: 100, changed_files: 100 }), ended: { commits: false, files: true } }));
    assert.equal(m.files.more, undefined);
    assert.equal(m.files.unlisted, undefined);
    assert.equal(m.commits.more, undefined, 'the 100 read are all the pull request counts');
    assert.equal(m.commits.unlisted, undefined);
  });

  it('lists read whole (no paging said) end where they end', () => {
    const m = pageModel('o', 'r', sources({ pull: pull({ commits: 100, changed_files: 150 }) }));
    assert.equal(m.files.unlisted, 50);
    assert.equal(m.commits.unlisted, undefined);
  });

  it('the viewed progress counts every changed file of the pull request, not the page read', () => {
    const m = pageModel('o', 'r', sources({ viewed: { viewed: { 'pkg0/f0.ts': sha(1) }, heads: [] }, ended: { commits: false, files: false } }));
    assert.deepEqual(m.viewed, { viewed: 1, total: 3000 });
  });

  it('a failed list shows its error, neither Load more nor a note', () => {
    const m = pageModel('o', 'r', sources({ files: { ok: false, error: 'boom' }, ended: { commits: false, files: true } }));
    assert.deepEqual(m.files, { rows: [], error: 'boom' });
  });

  it('more to list: read stopped early and fewer listed than counted', () => {
    assert.equal(moreToList(100, 3000, false), true);
    assert.equal(moreToList(100, 3000, true), false);
    assert.equal(moreToList(100, 100, false), false);
    assert.equal(moreToList(101, 100, false), false);
  });
});
