// Submit Review: every draft posted in the order written with the commit,
// path and position it was written against, then the summary; a failure
// leaves that draft pending with the service's message; a retry never posts a
// comment twice; a draft written on an older head waits for the user's choice.
import assert from 'node:assert/strict';
import { addDraft, markDraft, newRecord, type DraftTarget, type ReviewRecord } from '../../../../../src/features/review/pendingReview/model/reviewRecord';
import {
  submitReview,
  type DraftStep,
  type ReviewService,
  type ServiceIssueComment,
  type ServiceReviewComment,
} from '../../../../../src/features/review/pendingReview/model/submit';

const HEAD = 'a'.repeat(40);
const OLD = 'b'.repeat(40);
const T = '2026-11-25T10:00:00Z';
const line = (path: string, position: number, commitId = HEAD): DraftTarget => ({ kind: 'line', path, position, commitId, side: 'head', line: position });

type Call = [string, unknown];

/** A service that records each call; `fail` names bodies whose post fails with that message. */
function fakeService(opts: { fail?: Record<string, unknown>; review?: ServiceReviewComment[]; issue?: ServiceIssueComment[] } = {}) {
  const calls: Call[] = [];
  const reads = { review: 0, issue: 0 };
  const maybeFail = (body: string) => {
    const f = opts.fail?.[body];
    if (f !== undefined) throw f;
  };
  const service: ReviewService = {
    reviewComments: async () => {
      reads.review++;
      return opts.review ?? [];
    },
    issueComments: async () => {
      reads.issue++;
      return opts.issue ?? [];
    },
    postLine: async (input) => {
      calls.push(['line', input]);
      maybeFail(input.body);
      return { id: calls.length };
    },
    postReply: async (input) => {
      calls.push(['reply', input]);
      maybeFail(input.body);
      return { id: calls.length };
    },
    postConversation: async (body) => {
      calls.push(['conversation', body]);
      maybeFail(body);
      return { id: calls.length };
    },
  };
  return { service, calls, reads };
}

function record(...drafts: [string, DraftTarget][]): ReviewRecord {
  let r = newRecord(T);
  for (const [body, target] of drafts) r = addDraft(r, body, target, T).record;
  return r;
}

const tried = (r: ReviewRecord) => r.drafts.reduce((acc, d) => markDraft(acc, d.id, { tried: true }), r);

const posted = (c: Partial<ServiceReviewComment> = {}): ServiceReviewComment => ({
  id: 1,
  body: 'first',
  path: 'src/a.ts',
  position: 3,
  original_position: 3,
  commit_id: HEAD,
  original_commit_id: HEAD,
  in_reply_to_id: null,
  user: { login: 'ada' },
  ...c,
});

describe('pending review: submit', () => {
  it('posts every draft in the order written, each with its commit, path and position, then the summary', async () => {
    const r = record(
      ['first', line('src/a.ts', 3)],
      ['a reply', { kind: 'reply', inReplyTo: 41 }],
      ['in the conversation', { kind: 'conversation' }],
      ['second', line('src/b.ts', 9)],
    );
    const { service, calls, reads } = fakeService();
    const result = await submitReview({ drafts: [...r.drafts].reverse(), headSha: HEAD, me: 'ada', summary: '  Looks good overall.  ' }, service);
    assert.deepEqual(calls, [
      ['line', { body: 'first', commit_id: HEAD, path: 'src/a.ts', position: 3 }],
      ['reply', { body: 'a reply', in_reply_to: 41 }],
      ['conversation', 'in the conversation'],
      ['line', { body: 'second', commit_id: HEAD, path: 'src/b.ts', position: 9 }],
      ['conversation', 'Looks good overall.'],
    ]);
    assert.deepEqual(result, { steps: ['d1', 'd2', 'd3', 'd4'].map((id) => ({ id, step: 'posted' })), summary: 'posted' });
    assert.deepEqual(reads, { review: 0, issue: 0 }, 'a first try reads nothing back');
  });

  it('reports each step as it happens: trying before the request, posted after', async () => {
    const r = record(['first', line('p', 1)], ['second', line('p', 2)]);
    const { service, calls } = fakeService();
    const seen: [DraftStep, number][] = [];
    await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada', summary: 'S' }, service, (s) => {
      seen.push([s, calls.length]);
    });
    assert.deepEqual(seen, [
      [{ id: 'd1', step: 'trying' }, 0],
      [{ id: 'd1', step: 'posted' }, 1],
      [{ id: 'd2', step: 'trying' }, 1],
      [{ id: 'd2', step: 'posted' }, 2],
      [{ id: 'summary', step: 'trying' }, 2],
    ]);
  });

  it('waits for an async report before the next request (the host stores each step)', async () => {
    const r = record(['first', line('p', 1)], ['second', line('p', 2)]);
    const { service, calls } = fakeService();
    const stored: number[] = [];
    await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada' }, service, async (s) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (s.step === 'posted') stored.push(calls.length);
    });
    assert.deepEqual(stored, [1, 2]);
  });

  it('no summary, or only spaces: nothing posted after the drafts', async () => {
    for (const summary of [undefined, '', '  \n ']) {
      const { service, calls } = fakeService();
      const result = await submitReview(
        { drafts: record(['first', line('p', 1)]).drafts, headSha: HEAD, me: 'ada', ...(summary === undefined ? {} : { summary }) },
        service,
      );
      assert.equal(result.summary, 'none');
      assert.equal(calls.length, 1);
    }
  });

  it('no drafts and a summary: the summary alone is posted', async () => {
    const { service, calls } = fakeService();
    const result = await submitReview({ drafts: [], headSha: HEAD, me: 'ada', summary: 'Nothing to add.' }, service);
    assert.deepEqual(calls, [['conversation', 'Nothing to add.']]);
    assert.deepEqual(result, { steps: [], summary: 'posted' });
  });

  describe('partial failure', () => {
    it('a draft that fails keeps the service’s message; the others are posted; the summary waits', async () => {
      const r = record(['first', line('p', 1)], ['second', line('p', 2)], ['third', line('p', 3)]);
      const { service, calls } = fakeService({ fail: { second: new Error('Validation Failed: position is invalid') } });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada', summary: 'S' }, service);
      assert.deepEqual(result, {
        steps: [
          { id: 'd1', step: 'posted' },
          { id: 'd2', step: 'failed', message: 'Validation Failed: position is invalid' },
          { id: 'd3', step: 'posted' },
        ],
        summary: 'held',
      });
      assert.deepEqual(
        calls.map((c) => c[0]),
        ['line', 'line', 'line'],
      );
    });

    it('a failure that is not an Error is reported as text', async () => {
      const { service } = fakeService({ fail: { first: 'socket hang up' } });
      const result = await submitReview({ drafts: record(['first', line('p', 1)]).drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'failed', message: 'socket hang up' }]);
    });

    it('the summary failing is reported with the service’s message', async () => {
      const { service } = fakeService({ fail: { S: new Error('Server Error') } });
      const result = await submitReview({ drafts: record(['first', line('p', 1)]).drafts, headSha: HEAD, me: 'ada', summary: 'S' }, service);
      assert.deepEqual(result.summary, { failed: 'Server Error' });
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'posted' }]);
    });
  });

  describe('retry without duplicates', () => {
    it('a draft tried before whose comment is on the service (body, path, position, commit, author) is not posted again', async () => {
      const r = tried(record(['first', line('src/a.ts', 3)], ['second', line('src/a.ts', 4)]));
      const { service, calls, reads } = fakeService({ review: [posted({ id: 7, body: 'unrelated' }), posted()] });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [
        { id: 'd1', step: 'alreadyPosted' },
        { id: 'd2', step: 'posted' },
      ]);
      assert.deepEqual(calls, [['line', { body: 'second', commit_id: HEAD, path: 'src/a.ts', position: 4 }]]);
      assert.equal(reads.review, 1, 'the service’s comments are read once for every draft');
    });

    it('a comment that became outdated on the service matches by its original commit and position', async () => {
      const r = tried(record(['first', line('src/a.ts', 3)]));
      const { service, calls } = fakeService({ review: [posted({ commit_id: 'c'.repeat(40), position: null })] });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'alreadyPosted' }]);
      assert.equal(calls.length, 0);
    });

    it('a comment posted on the head matches by its commit and position whatever its original ones', async () => {
      const r = tried(record(['first', line('src/a.ts', 3)]));
      const { service, calls } = fakeService({ review: [posted({ original_commit_id: OLD, original_position: 9 })] });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'alreadyPosted' }]);
      assert.equal(calls.length, 0);
    });

    it('a match needs the same author, path, body, position and commit: any one different is posted', async () => {
      const others = [
        posted({ user: { login: 'grace' } }),
        posted({ path: 'src/other.ts' }),
        posted({ body: 'first, edited' }),
        posted({ body: null }),
        posted({ position: 4, original_position: 4 }),
        posted({ commit_id: OLD, original_commit_id: OLD }),
        posted({ commit_id: OLD, original_position: 4 }),
        posted({ position: 4, original_commit_id: OLD }),
      ];
      for (const other of others) {
        const { service, calls } = fakeService({ review: [other] });
        const result = await submitReview({ drafts: tried(record(['first', line('src/a.ts', 3)])).drafts, headSha: HEAD, me: 'ada' }, service);
        assert.deepEqual(result.steps, [{ id: 'd1', step: 'posted' }], JSON.stringify(other));
        assert.equal(calls.length, 1);
      }
    });

    it('bodies match whatever spaces surround them (the service may trim)', async () => {
      const { service, calls } = fakeService({ review: [posted({ body: 'first\n' })] });
      const result = await submitReview({ drafts: tried(record([' first ', line('src/a.ts', 3)])).drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'alreadyPosted' }]);
      assert.equal(calls.length, 0);
    });

    it('a reply tried before is found by its thread, body and author', async () => {
      const r = tried(
        record(['thanks', { kind: 'reply', inReplyTo: 41 }], ['again', { kind: 'reply', inReplyTo: 41 }], ['thanks', { kind: 'reply', inReplyTo: 42 }]),
      );
      const { service, calls } = fakeService({
        review: [posted({ body: 'thanks', in_reply_to_id: 41 }), posted({ body: 'again', in_reply_to_id: 41, user: { login: 'grace' } })],
      });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(
        result.steps.map((s) => s.step),
        ['alreadyPosted', 'posted', 'posted'],
      );
      assert.deepEqual(calls, [
        ['reply', { body: 'again', in_reply_to: 41 }],
        ['reply', { body: 'thanks', in_reply_to: 42 }],
      ]);
    });

    it('a conversation draft tried before is found among the conversation’s comments by body and author', async () => {
      const r = tried(record(['hello', { kind: 'conversation' }], ['bye', { kind: 'conversation' }]));
      const { service, calls, reads } = fakeService({
        issue: [
          { body: 'hello', user: { login: 'ada' } },
          { body: 'bye', user: { login: 'grace' } },
        ],
      });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(
        result.steps.map((s) => s.step),
        ['alreadyPosted', 'posted'],
      );
      assert.deepEqual(calls, [['conversation', 'bye']]);
      assert.deepEqual(reads, { review: 0, issue: 1 });
    });

    it('a draft never tried is posted even if an equal comment exists (the user wrote it twice)', async () => {
      const { service, calls, reads } = fakeService({ review: [posted()] });
      const result = await submitReview({ drafts: record(['first', line('src/a.ts', 3)]).drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'posted' }]);
      assert.equal(calls.length, 1);
      assert.equal(reads.review, 0);
    });

    it('a summary tried before and found in the conversation is not posted again', async () => {
      const { service, calls } = fakeService({ issue: [{ body: 'Looks good', user: { login: 'ada' } }] });
      const result = await submitReview({ drafts: [], headSha: HEAD, me: 'ada', summary: 'Looks good', summaryTried: true }, service);
      assert.equal(result.summary, 'alreadyPosted');
      assert.equal(calls.length, 0);
    });

    it('a summary tried before but not found (or another author’s) is posted', async () => {
      for (const issue of [[], [{ body: 'Looks good', user: { login: 'grace' } }], [{ body: 'Other', user: { login: 'ada' } }]]) {
        const { service, calls } = fakeService({ issue });
        const result = await submitReview({ drafts: [], headSha: HEAD, me: 'ada', summary: 'Looks good', summaryTried: true }, service);
        assert.equal(result.summary, 'posted');
        assert.deepEqual(calls, [['conversation', 'Looks good']]);
      }
    });

    it('a summary never tried is posted without reading the conversation', async () => {
      const { service, calls, reads } = fakeService({ issue: [{ body: 'Looks good', user: { login: 'ada' } }] });
      const result = await submitReview({ drafts: [], headSha: HEAD, me: 'ada', summary: 'Looks good' }, service);
      assert.equal(result.summary, 'posted');
      assert.equal(calls.length, 1);
      assert.equal(reads.issue, 0);
    });

    it('the service’s comments failing to read is that draft’s failure', async () => {
      const { service, calls } = fakeService();
      service.reviewComments = async () => {
        throw new Error('Bad credentials');
      };
      const result = await submitReview({ drafts: tried(record(['first', line('p', 1)])).drafts, headSha: HEAD, me: 'ada' }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'failed', message: 'Bad credentials' }]);
      assert.equal(calls.length, 0);
    });
  });

  describe('head moved', () => {
    it('a draft written on an older head is kept pending until the user chooses; the summary waits', async () => {
      const r = record(['old one', line('p', 2, OLD)], ['new one', line('p', 5)]);
      const { service, calls } = fakeService();
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada', summary: 'S' }, service);
      assert.deepEqual(result, {
        steps: [
          { id: 'd1', step: 'kept' },
          { id: 'd2', step: 'posted' },
        ],
        summary: 'held',
      });
      assert.deepEqual(calls, [['line', { body: 'new one', commit_id: HEAD, path: 'p', position: 5 }]]);
    });

    it('“post on its commit”: sent with its original commit and position (outdated on the service)', async () => {
      const r = record(['old one', line('p', 2, OLD)]);
      const { service, calls } = fakeService();
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada', moved: new Map([['d1', { choice: 'original' }]]) }, service);
      assert.deepEqual(calls, [['line', { body: 'old one', commit_id: OLD, path: 'p', position: 2 }]]);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'posted' }]);
    });

    it('“place on the new head”: sent with the head and the new position', async () => {
      const r = record(['old one', line('p', 2, OLD)]);
      const { service, calls } = fakeService();
      await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada', moved: new Map([['d1', { choice: 'replace', position: 7 }]]) }, service);
      assert.deepEqual(calls, [['line', { body: 'old one', commit_id: HEAD, path: 'p', position: 7 }]]);
    });

    it('“keep”: stays pending', async () => {
      const { service, calls } = fakeService();
      const result = await submitReview(
        { drafts: record(['old one', line('p', 2, OLD)]).drafts, headSha: HEAD, me: 'ada', moved: new Map([['d1', { choice: 'keep' }]]) },
        service,
      );
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'kept' }]);
      assert.equal(calls.length, 0);
    });

    it('a re-placed draft tried before is looked for at its new place', async () => {
      const r = tried(record(['old one', line('p', 2, OLD)]));
      const { service, calls } = fakeService({ review: [posted({ body: 'old one', path: 'p', position: 7, original_position: 7 })] });
      const result = await submitReview({ drafts: r.drafts, headSha: HEAD, me: 'ada', moved: new Map([['d1', { choice: 'replace', position: 7 }]]) }, service);
      assert.deepEqual(result.steps, [{ id: 'd1', step: 'alreadyPosted' }]);
      assert.equal(calls.length, 0);
    });

    it('replies and conversation drafts do not depend on the head', async () => {
      const r = record(['r', { kind: 'reply', inReplyTo: 3 }], ['c', { kind: 'conversation' }]);
      const { service, calls } = fakeService();
      const result = await submitReview({ drafts: r.drafts, headSha: OLD, me: 'ada' }, service);
      assert.deepEqual(
        result.steps.map((s) => s.step),
        ['posted', 'posted'],
      );
      assert.equal(calls.length, 2);
    });
  });
});
