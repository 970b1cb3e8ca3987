// What the threads and the overview draw: a pending review's drafts, then the
// comments queued while the service did not answer, marked as such; writes
// and "is a review pending" stay the review's.
import assert from 'node:assert/strict';
import type { PendingDraft, PendingDrafts } from '../../../../../src/features/review/stores/pendingDrafts';
import { withQueued } from '../../../../../src/features/review/stores/draftsShown';

type Listener = (pull: unknown) => void;

function source(drafts: Record<number, PendingDraft[]>, active = new Set<number>()) {
  const listeners = new Set<Listener>();
  const added: unknown[] = [];
  const s: PendingDrafts & { fire(pull: unknown): void; listeners: Set<Listener>; added: unknown[] } = {
    listeners,
    added,
    fire: (pull) => listeners.forEach((l) => l(pull)),
    onDidChange: ((listener: Listener) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    }) as unknown as PendingDrafts['onDidChange'],
    isActive: (pull) => active.has(pull.number),
    drafts: (pull) => drafts[pull.number] ?? [],
    add: async (pull, body, target) => {
      added.push({ pull, body, target });
      return { id: 'd9', seq: 9, body, target, writtenAt: '2026-11-28T00:00:00Z' };
    },
  };
  return s;
}

const draft = (id: string, body: string): PendingDraft => ({ id, seq: 1, body, target: { kind: 'conversation' }, writtenAt: '2026-11-28T00:00:00Z' });
const pull = (number: number) => ({ owner: 'analytical-engines', repo: 'difference-engine', number });

describe('draftsShown: the drafts drawn are the review’s, then the queued comments', () => {
  it('lists the review’s drafts first, then the queued ones marked queued, with ids apart from the review’s', () => {
    const review = source({ 1: [draft('d1', 'review one')] }, new Set([1]));
    const queued = source({ 1: [draft('d1', 'queued one'), draft('d2', 'queued two')] });
    const shown = withQueued(review, queued).drafts(pull(1));
    assert.deepEqual(
      shown.map((d) => [d.id, d.body, d.queued ?? false]),
      [
        ['d1', 'review one', false],
        ['queued:d1', 'queued one', true],
        ['queued:d2', 'queued two', true],
      ],
    );
  });

  it('with nothing queued, the review’s drafts are handed over as they are', () => {
    const own = [draft('d1', 'review one')];
    const shown = withQueued(source({ 1: own }, new Set([1])), source({})).drafts(pull(1));
    assert.equal(shown, own);
  });

  it('queued comments show on a pull request without a review, which still counts as having none', () => {
    const both = withQueued(source({}), source({ 2: [draft('d1', 'queued')] }));
    assert.deepEqual(
      both.drafts(pull(2)).map((d) => d.body),
      ['queued'],
    );
    assert.equal(both.isActive(pull(2)), false);
    assert.equal(withQueued(source({}, new Set([2])), source({})).isActive(pull(2)), true);
  });

  it('a comment written goes to the review, never to the queue', async () => {
    const review = source({}, new Set([1]));
    const queued = source({});
    const made = await withQueued(review, queued).add(pull(1), 'written', { kind: 'conversation' });
    assert.equal(made.body, 'written');
    assert.equal(review.added.length, 1);
    assert.equal(queued.added.length, 0);
  });

  it('a change of either tells the listener; disposing stops both, and the disposable lands in the list given', () => {
    const review = source({});
    const queued = source({});
    const heard: unknown[] = [];
    const list: { dispose(): void }[] = [];
    const sub = withQueued(review, queued).onDidChange((p) => heard.push(p), undefined, list);
    review.fire('from review');
    queued.fire('from queue');
    assert.deepEqual(heard, ['from review', 'from queue']);
    assert.deepEqual(list, [sub]);
    sub.dispose();
    review.fire('late');
    queued.fire('late');
    assert.deepEqual(heard, ['from review', 'from queue']);
    assert.equal(review.listeners.size + queued.listeners.size, 0);
  });

  it('a listener without a list of disposables is told too', () => {
    const review = source({});
    const heard: unknown[] = [];
    const sub = withQueued(review, source({})).onDidChange((p) => heard.push(p));
    review.fire('told');
    sub.dispose();
    assert.deepEqual(heard, ['told']);
  });
});
