// The overview's pending review: the count and the first drafts, a draft on
// another head or on a file no longer changed listed as outdated (never left
// out), the service's message of a refused one, and nothing when no review is
// pending.
import assert from 'node:assert/strict';
import { withPending, type DraftLike } from '../../../../src/features/pullOverview/model/pendingItems';
import { PENDING_LISTED, pendingItemSchema, type PageModel } from '../../../../src/features/pullOverview/model/messages';

const HEAD = 'a'.repeat(40);
const OLD = 'b'.repeat(40);
const model = (files: PageModel['files'] = { rows: [{ path: 'docs/tables.md', status: 'added', additions: 4, deletions: 0 }] }) =>
  ({ number: 1, files }) as unknown as PageModel;
const line = (over: Partial<Extract<DraftLike['target'], { kind: 'line' }>> = {}): DraftLike['target'] => ({
  kind: 'line',
  path: 'docs/tables.md',
  line: 3,
  commitId: HEAD,
  ...over,
});

describe('pull request overview: the pending review’s drafts', () => {
  it('no review pending: the model as it was, without a pending field', () => {
    const m = model();
    assert.equal(withPending(m, HEAD, undefined), m);
    assert.equal('pending' in withPending(m, HEAD, undefined), false);
  });

  it('a review without drafts: a count of 0 (the header offers Submit and Discard)', () => {
    assert.deepEqual(withPending(model(), HEAD, []).pending, { count: 0, items: [] });
  });

  it('each kind of draft in the order given, with its place and the service’s message', () => {
    const drafts: DraftLike[] = [
      { id: 'd1', body: 'on a line', target: line() },
      { id: 'd2', body: 'a reply', target: { kind: 'reply', path: 'docs/tables.md' } },
      { id: 'd3', body: 'in the conversation', target: { kind: 'conversation' }, error: 'Validation Failed' },
      { id: 'd4', body: 'a reply without a path', target: { kind: 'reply' } },
    ];
    const { pending } = withPending(model(), HEAD, drafts);
    assert.deepEqual(pending, {
      count: 4,
      items: [
        { id: 'd1', kind: 'line', path: 'docs/tables.md', line: 3, body: 'on a line', outdated: false },
        { id: 'd2', kind: 'reply', path: 'docs/tables.md', body: 'a reply', outdated: false },
        { id: 'd3', kind: 'conversation', body: 'in the conversation', outdated: false, error: 'Validation Failed' },
        { id: 'd4', kind: 'reply', body: 'a reply without a path', outdated: false },
      ],
    });
    for (const i of pending!.items) assert.equal(pendingItemSchema.safeParse(i).success, true, JSON.stringify(i));
  });

  it('a line draft written on an older head is outdated', () => {
    assert.equal(withPending(model(), HEAD, [{ id: 'd1', body: 'x', target: line({ commitId: OLD }) }]).pending!.items[0]!.outdated, true);
  });

  it('a line draft whose file was deleted from the pull request is listed, outdated', () => {
    const items = withPending(model(), HEAD, [{ id: 'd1', body: 'x', target: line({ path: 'src/gone.js' }) }]).pending!.items;
    assert.deepEqual(
      items.map((i) => [i.path, i.outdated]),
      [['src/gone.js', true]],
    );
  });

  it('when the files could not be read, a draft is not called outdated for its file', () => {
    const m = model({ rows: [], error: 'Server Error' });
    assert.equal(withPending(m, HEAD, [{ id: 'd1', body: 'x', target: line() }]).pending!.items[0]!.outdated, false);
  });

  it('10,000 drafts: all counted, the first PENDING_LISTED listed', () => {
    const drafts: DraftLike[] = Array.from({ length: 10_000 }, (_, i) => ({ id: `d${i + 1}`, body: `n${i + 1}`, target: { kind: 'conversation' } }));
    const { pending } = withPending(model(), HEAD, drafts);
    assert.equal(pending!.count, 10_000);
    assert.equal(pending!.items.length, PENDING_LISTED);
    assert.equal(PENDING_LISTED, 200);
    assert.deepEqual([pending!.items[0]!.body, pending!.items.at(-1)!.body], ['n1', 'n200']);
  });
});

describe('pull request overview: the comments queued while the service did not answer', () => {
  it('listed apart from the review, all of them, with their place and the service’s message; no review is made of them', () => {
    const queued: DraftLike[] = [
      { id: 'queued:d1', body: 'in the conversation', target: { kind: 'conversation' } },
      { id: 'queued:d2', body: 'on an old line', target: line({ commitId: OLD }), error: 'Validation Failed' },
    ];
    const m = withPending(model(), HEAD, undefined, queued);
    assert.equal('pending' in m, false, 'no review pending');
    assert.deepEqual(m.queued, [
      { id: 'queued:d1', kind: 'conversation', body: 'in the conversation', outdated: false },
      { id: 'queued:d2', kind: 'line', path: 'docs/tables.md', line: 3, body: 'on an old line', outdated: true, error: 'Validation Failed' },
    ]);
  });

  it('beside a pending review: each in its own list', () => {
    const m = withPending(
      model(),
      HEAD,
      [{ id: 'd1', body: 'review draft', target: { kind: 'conversation' } }],
      [{ id: 'queued:d1', body: 'queued', target: { kind: 'conversation' } }],
    );
    assert.deepEqual(
      m.pending?.items.map((i) => i.body),
      ['review draft'],
    );
    assert.deepEqual(
      m.queued?.map((i) => i.body),
      ['queued'],
    );
  });

  it('none queued: no queued field', () => {
    assert.equal('queued' in withPending(model(), HEAD, []), false);
    const m = model();
    assert.equal(withPending(m, HEAD, undefined, []), m);
  });
});
