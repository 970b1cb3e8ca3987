// The pending review's record: drafts kept in the order written, one record
// per account, repository and pull request, read back from storage without
// losing what it holds.
import assert from 'node:assert/strict';
import {
  accountPrefix,
  addDraft,
  editDraft,
  isOutdated,
  markDraft,
  newRecord,
  ordered,
  parseRecord,
  recordKey,
  removeDrafts,
  type Draft,
  type DraftTarget,
} from '../../../../../src/features/review/pendingReview/model/reviewRecord';

const HEAD = 'a'.repeat(40);
const OLD = 'b'.repeat(40);
const line = (over: Partial<Extract<DraftTarget, { kind: 'line' }>> = {}): DraftTarget => ({
  kind: 'line',
  path: 'src/a.ts',
  position: 3,
  commitId: HEAD,
  side: 'head',
  line: 7,
  ...over,
});
const T0 = '2026-11-25T10:00:00Z';

function three() {
  let r = newRecord(T0);
  r = addDraft(r, 'first', line(), '2026-11-25T10:01:00Z').record;
  r = addDraft(r, 'second', { kind: 'reply', inReplyTo: 12 }, '2026-11-25T10:02:00Z').record;
  r = addDraft(r, 'third', { kind: 'conversation' }, '2026-11-25T10:03:00Z').record;
  return r;
}

describe('pending review record', () => {
  it('a new record holds no draft and starts counting at 1', () => {
    assert.deepEqual(newRecord(T0), { v: 1, startedAt: T0, nextSeq: 1, drafts: [] });
  });

  it('drafts are numbered in the order written, with their target and time', () => {
    const r = three();
    assert.deepEqual(
      r.drafts.map((d) => [d.id, d.seq, d.body, d.writtenAt]),
      [
        ['d1', 1, 'first', '2026-11-25T10:01:00Z'],
        ['d2', 2, 'second', '2026-11-25T10:02:00Z'],
        ['d3', 3, 'third', '2026-11-25T10:03:00Z'],
      ],
    );
    assert.equal(r.nextSeq, 4);
    assert.deepEqual(r.drafts[1]!.target, { kind: 'reply', inReplyTo: 12 });
  });

  it('addDraft returns the draft it added and leaves the record it was given as it was', () => {
    const before = newRecord(T0);
    const { record, draft } = addDraft(before, 'x', line(), T0);
    assert.deepEqual(before.drafts, []);
    assert.equal(before.nextSeq, 1);
    assert.deepEqual(record.drafts, [draft]);
    assert.deepEqual(draft, { id: 'd1', seq: 1, body: 'x', target: line(), writtenAt: T0 });
  });

  it('ids stay unique after drafts are removed (the counter never goes back)', () => {
    let r = three();
    r = removeDrafts(r, new Set(['d3']));
    r = addDraft(r, 'fourth', line(), T0).record;
    assert.deepEqual(
      r.drafts.map((d) => d.id),
      ['d1', 'd2', 'd4'],
    );
  });

  it('ordered sorts by the order written, not by the array', () => {
    const r = three();
    const shuffled = [r.drafts[2]!, r.drafts[0]!, r.drafts[1]!];
    assert.deepEqual(
      ordered(shuffled).map((d) => d.body),
      ['first', 'second', 'third'],
    );
    assert.deepEqual(
      shuffled.map((d) => d.body),
      ['third', 'first', 'second'],
    );
  });

  it('editDraft changes one draft’s body only', () => {
    const r = editDraft(three(), 'd2', 'second, better');
    assert.deepEqual(
      r.drafts.map((d) => d.body),
      ['first', 'second, better', 'third'],
    );
  });

  it('removeDrafts drops the named drafts and keeps the rest in order', () => {
    const r = removeDrafts(three(), new Set(['d1', 'd3']));
    assert.deepEqual(
      r.drafts.map((d) => d.id),
      ['d2'],
    );
    assert.equal(r.nextSeq, 4);
  });

  it('markDraft records a try and the service’s message; a later success clears the message, the try stays', () => {
    let r = markDraft(three(), 'd2', { tried: true });
    assert.deepEqual(
      r.drafts.map((d) => [d.tried, d.error]),
      [
        [undefined, undefined],
        [true, undefined],
        [undefined, undefined],
      ],
    );
    r = markDraft(r, 'd2', { error: 'Validation Failed: position is not part of the diff' });
    assert.equal(r.drafts[1]!.error, 'Validation Failed: position is not part of the diff');
    assert.equal(r.drafts[1]!.tried, true);
    r = markDraft(r, 'd2', { tried: true });
    assert.equal(r.drafts[1]!.error, 'Validation Failed: position is not part of the diff', 'a change without error keeps it');
    r = markDraft(r, 'd2', { error: undefined });
    assert.equal('error' in r.drafts[1]!, false);
    assert.equal(r.drafts[1]!.tried, true);
    assert.deepEqual(r.drafts[0], three().drafts[0]);
  });

  it('markDraft with only a message does not mark a draft never tried as tried', () => {
    const r = markDraft(three(), 'd1', { error: 'Not Found' });
    assert.deepEqual(r.drafts[0], { ...three().drafts[0], error: 'Not Found' });
    assert.equal('tried' in r.drafts[0]!, false);
  });

  it('the key names the account, repository and pull request, escaped', () => {
    assert.equal(recordKey('ada', 'analytical-engines', 'engine', 7), 'repodesk.pendingReview/ada/analytical-engines/engine/7');
    assert.equal(recordKey('a/b', 'o', 'r', 1), 'repodesk.pendingReview/a%2Fb/o/r/1');
    assert.notEqual(recordKey('ada', 'o', 'r', 1), recordKey('grace', 'o', 'r', 1));
  });

  it("an account's key prefix starts every record key of that account and no other account's (sign-out forgets by it)", () => {
    assert.equal(accountPrefix('ada'), 'repodesk.pendingReview/ada/');
    assert.ok(recordKey('Local:7', 'o', 'r', 1).startsWith(accountPrefix('Local:7')));
    // "ada" is a prefix of "adam", but not of its records.
    assert.ok(!recordKey('adam', 'o', 'r', 1).startsWith(accountPrefix('ada')));
    assert.ok(!recordKey('a/b', 'o', 'r', 1).startsWith(accountPrefix('a')));
  });

  describe('outdated drafts', () => {
    const draft = (target: DraftTarget): Draft => ({ id: 'd1', seq: 1, body: 'b', target, writtenAt: T0 });
    it('a line draft on the head whose file is still changed is current', () => {
      assert.equal(isOutdated(draft(line()), HEAD, new Set(['src/a.ts'])), false);
      assert.equal(isOutdated(draft(line()), HEAD), false);
    });
    it('a line draft written on an older head is outdated', () => {
      assert.equal(isOutdated(draft(line({ commitId: OLD })), HEAD), true);
    });
    it('a line draft whose file was deleted from the pull request is outdated', () => {
      assert.equal(isOutdated(draft(line()), HEAD, new Set(['src/other.ts'])), true);
    });
    it('replies and conversation drafts are never outdated', () => {
      assert.equal(isOutdated(draft({ kind: 'reply', inReplyTo: 1 }), OLD, new Set()), false);
      assert.equal(isOutdated(draft({ kind: 'conversation' }), OLD, new Set()), false);
    });
  });

  describe('read back from storage', () => {
    it('a stored record reads back to itself (a reload)', () => {
      let r = three();
      r = markDraft(r, 'd1', { tried: true, error: 'Server Error' });
      r = { ...r, summary: 'Looks good', summaryTried: true, summaryError: 'oops' };
      const back = parseRecord(JSON.parse(JSON.stringify(r)));
      assert.deepEqual(back, { record: r, unreadable: 0 });
    });

    it('a line draft keeps its side, line and line text', () => {
      const r = addDraft(newRecord(T0), 'x', line({ side: 'base', lineText: 'old text', line: 2 }), T0).record;
      assert.deepEqual(parseRecord(JSON.parse(JSON.stringify(r)))!.record.drafts[0]!.target, {
        kind: 'line',
        path: 'src/a.ts',
        position: 3,
        commitId: HEAD,
        side: 'base',
        line: 2,
        lineText: 'old text',
      });
    });

    it('nothing stored, or not a record, is no record', () => {
      for (const raw of [undefined, null, 'x', [], {}, { v: 2, drafts: [] }, { v: 1, drafts: 'x' }])
        assert.equal(parseRecord(raw), undefined, JSON.stringify(raw));
    });

    it('drafts that cannot be read are counted, the others kept in order', () => {
      const raw = {
        v: 1,
        startedAt: T0,
        nextSeq: 9,
        drafts: [
          { id: 'd5', seq: 5, body: 'five', target: { kind: 'conversation' }, writtenAt: T0 },
          { id: 'd2', seq: 2, body: 'two', target: { kind: 'reply', inReplyTo: 4, path: 'p' }, writtenAt: T0 },
          'junk',
          null,
          [],
          { id: 3, seq: 3, body: 'x', target: { kind: 'conversation' } },
          { id: 'd3', seq: 0, body: 'x', target: { kind: 'conversation' } },
          { id: 'd3', seq: 1.5, body: 'x', target: { kind: 'conversation' } },
          { id: 'd3', seq: 3, body: 7, target: { kind: 'conversation' } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'other' } },
          { id: 'd3', seq: 3, body: 'x', target: null },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'reply', inReplyTo: 0 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'line', path: 'p', position: 1, commitId: HEAD, side: 'left', line: 1 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'line', path: 'p', position: 0, commitId: HEAD, side: 'head', line: 1 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'line', path: 'p', position: 1, commitId: 5, side: 'head', line: 1 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'line', path: 9, position: 1, commitId: HEAD, side: 'head', line: 1 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'line', path: 'p', position: 1, commitId: HEAD, side: 'head', line: -1 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'thread', inReplyTo: 3 } },
          { id: 'd3', seq: 3, body: 'x', target: { kind: 'thread', path: 'p', position: 1, commitId: HEAD, side: 'head', line: 1 } },
        ],
      };
      const back = parseRecord(raw)!;
      assert.equal(back.unreadable, 17);
      assert.deepEqual(
        back.record.drafts.map((d) => [d.id, d.body]),
        [
          ['d2', 'two'],
          ['d5', 'five'],
        ],
      );
      assert.deepEqual(back.record.drafts[0]!.target, { kind: 'reply', inReplyTo: 4, path: 'p' });
      assert.equal(back.record.nextSeq, 9);
      assert.deepEqual(back.record.unreadable, raw.drafts.slice(2), 'kept to be written back');
      const again = parseRecord(JSON.parse(JSON.stringify(back.record)))!;
      assert.equal(again.unreadable, 17, 'still there after a second save and read');
      assert.deepEqual(again.record.drafts, back.record.drafts);
    });

    it('the counter is past every draft read, whatever was stored', () => {
      const raw = { v: 1, startedAt: T0, nextSeq: 2, drafts: [{ id: 'd7', seq: 7, body: 'x', target: { kind: 'conversation' } }] };
      const back = parseRecord(raw)!;
      assert.equal(back.record.nextSeq, 8);
      assert.equal(back.record.drafts[0]!.writtenAt, '');
      assert.equal(parseRecord({ v: 1, drafts: [], nextSeq: 'x' })!.record.nextSeq, 1);
      assert.equal(parseRecord({ v: 1, drafts: [], nextSeq: 4 })!.record.nextSeq, 4);
    });

    it('fields of the wrong type are left out, not kept as they were', () => {
      const raw = {
        v: 1,
        startedAt: 5,
        drafts: [{ id: 'd1', seq: 1, body: 'x', target: { kind: 'reply', inReplyTo: 3, path: 4 }, error: 3, tried: 'yes' }],
        summary: 3,
        summaryTried: 'yes',
        summaryError: 1,
      };
      assert.deepEqual(parseRecord(raw), {
        record: { v: 1, startedAt: '', nextSeq: 2, drafts: [{ id: 'd1', seq: 1, body: 'x', target: { kind: 'reply', inReplyTo: 3 }, writtenAt: '' }] },
        unreadable: 0,
      });
    });

    it('10,000 drafts read back in order', () => {
      let r = newRecord(T0);
      for (let i = 0; i < 10_000; i++)
        r = { ...r, drafts: [...r.drafts, { id: `d${10_000 - i}`, seq: 10_000 - i, body: `n${10_000 - i}`, target: { kind: 'conversation' }, writtenAt: T0 }] };
      const back = parseRecord(JSON.parse(JSON.stringify({ ...r, nextSeq: 10_001 })))!;
      assert.equal(back.record.drafts.length, 10_000);
      assert.equal(back.record.drafts[0]!.body, 'n1');
      assert.equal(back.record.drafts[9_999]!.body, 'n10000');
    });
  });
});
