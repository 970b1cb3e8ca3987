// Case notes written while the engagement service did not answer: kept in
// the order written, sent once it answers, each exactly once (a note tried
// before is looked for among the case's notes first), a refusal kept with
// the service's words, no answer leaving the rest waiting.
import assert from 'node:assert/strict';
import { EngagementError } from '../../../../src/engagement';
import {
  CLOCK_SKEW_MS,
  dropNotes,
  FIRST_RETRY_MS,
  findPosted,
  markNote,
  MAX_RETRY_MS,
  missedTry,
  noAnswer,
  parseQueued,
  queueNote,
  refusalText,
  sendNotes,
  servicesWaiting,
  toSend,
  type NoteStep,
  type NotesService,
  type QueuedNote,
  type ServiceNote,
} from '../../../../src/features/insights/model/queuedNotes';

const A = 'http://a.example';
const B = 'http://b.example';
const T0 = 1_750_000_000_000;

const note = (key: string, over: Partial<QueuedNote> = {}): QueuedNote => ({
  key,
  service: A,
  caseId: 7,
  text: `note ${key}`,
  writtenAt: T0,
  repo: 'analytical-engines/difference-engine',
  ...over,
});

/** A fetch that got no answer, as undici words it (connection refused). */
const refusedConnection = () => Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
const timedOut = () => Object.assign(new Error('Request timed out: POST case/7'), { name: 'TimeoutError' });
const gone = (id: number) => new EngagementError(`GET case/${id} failed with 404: Case ${id} not found`, 404, `Case ${id} not found`);

/** A service in memory: each case's notes; `down` after that many calls; `refuse` cases answered 404. */
function fakeService(opts: { notes?: Record<number, ServiceNote[]>; downAfter?: number; refuse?: number[]; at?: number } = {}) {
  const notes = opts.notes ?? {};
  const calls: string[] = [];
  const check = (what: string, caseId: number) => {
    calls.push(`${what} ${caseId}`);
    if (opts.downAfter !== undefined && calls.length > opts.downAfter) throw refusedConnection();
    if (opts.refuse?.includes(caseId)) throw gone(caseId);
  };
  const service: NotesService = {
    notes: async (caseId) => {
      check('read', caseId);
      return [...(notes[caseId] ?? [])];
    },
    add: async (caseId, text) => {
      check('add', caseId);
      (notes[caseId] ??= []).push({ date: opts.at ?? T0 + 1000, text });
    },
  };
  return { service, calls, notes };
}

async function run(list: QueuedNote[], service: NotesService) {
  const steps: NoteStep[] = [];
  const outcome = await sendNotes(list, service, (s) => {
    steps.push(s);
  });
  return { outcome, steps };
}

describe('insights: queued case notes (docs/service-api/engagement/cases §4)', () => {
  describe('the list as stored', () => {
    it('keeps well-formed notes and leaves out what is not one', () => {
      const good = note('a', { tried: true, error: 'Case 7 not found' });
      assert.deepEqual(parseQueued([good, null, undefined, 'x', 3, { ...good, key: 1 }]), [good]);
      assert.deepEqual(parseQueued(undefined), []);
      assert.deepEqual(parseQueued({ 0: good }), []);
      for (const field of ['key', 'service', 'caseId', 'text', 'writtenAt', 'repo'] as const) {
        const { [field]: _dropped, ...rest } = good;
        assert.deepEqual(parseQueued([rest]), [], `without ${field}`);
      }
      assert.deepEqual(parseQueued([{ ...good, caseId: 1.5 }]), [], 'a case id is an integer');
      assert.deepEqual(parseQueued([{ ...good, service: 3 }]), []);
      assert.deepEqual(parseQueued([{ ...good, text: null }]), []);
      assert.deepEqual(parseQueued([{ ...good, writtenAt: '1' }]), []);
      assert.deepEqual(parseQueued([{ ...good, repo: {} }]), []);
    });

    it('queues last, marks, clears the service’s words, and drops', () => {
      let list = queueNote([note('a')], note('b', { caseId: 8 }));
      assert.deepEqual(
        list.map((n) => n.key),
        ['a', 'b'],
      );
      list = markNote(list, 'b', { tried: true });
      assert.equal(list[1]!.tried, true);
      assert.equal(list[0]!.tried, undefined, 'only that note');
      list = markNote(list, 'b', { error: 'Case 8 not found' });
      assert.equal(list[1]!.error, 'Case 8 not found');
      list = markNote(list, 'b', { error: undefined });
      assert.ok(!('error' in list[1]!), 'cleared, not kept as undefined');
      assert.deepEqual(dropNotes(list, new Set(['a'])), [list[1]]);
    });

    it('sends a service’s waiting notes, the refused ones only when asked, and lists the services waiting in order', () => {
      const list = [note('a', { service: B }), note('b', { error: 'no' }), note('c'), note('d', { service: B, error: 'no' })];
      assert.deepEqual(
        toSend(list, A, false).map((n) => n.key),
        ['c'],
      );
      assert.deepEqual(
        toSend(list, A, true).map((n) => n.key),
        ['b', 'c'],
      );
      assert.deepEqual(servicesWaiting(list), [B, A]);
      assert.deepEqual(servicesWaiting([note('x', { error: 'no' })]), []);
    });
  });

  describe('when a service that did not answer is tried again', () => {
    it('after 5 s, then twice as long each time, up to 5 minutes', () => {
      assert.equal(FIRST_RETRY_MS, 5_000);
      assert.equal(MAX_RETRY_MS, 300_000);
      let r = missedTry(undefined, T0);
      assert.deepEqual(r, { failures: 1, nextTryAt: T0 + 5_000 });
      const waits: number[] = [];
      for (let i = 0; i < 8; i++) {
        const now = r.nextTryAt;
        r = missedTry(r, now);
        waits.push(r.nextTryAt - now);
      }
      assert.deepEqual(waits, [10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
      assert.equal(r.failures, 9);
      assert.deepEqual(missedTry({ failures: 5000, nextTryAt: T0 }, T0), { failures: 5001, nextTryAt: T0 + 300_000 }, 'never beyond the longest');
    });

    it('a failure before the next try is due belongs to the same outage: the next try stays', () => {
      const r = missedTry(undefined, T0);
      assert.equal(missedTry(r, T0 + 4_999), r);
      assert.deepEqual(missedTry(r, T0 + 5_000), { failures: 2, nextTryAt: T0 + 15_000 });
    });
  });

  describe('what counts as no answer (docs/service-api/engagement/conventions §7: an answer is a status)', () => {
    it('a failed fetch or a timeout is no answer; any status, or another error, is an answer or a fault', () => {
      assert.equal(noAnswer(refusedConnection()), true);
      assert.equal(noAnswer(new TypeError('Failed to fetch')), true, 'a browser’s words');
      assert.equal(noAnswer(new TypeError('NetworkError when attempting to fetch resource.')), true);
      assert.equal(noAnswer(new TypeError('Load failed')), true);
      assert.equal(noAnswer(timedOut()), true);
      assert.equal(noAnswer(gone(7)), false);
      assert.equal(noAnswer(new EngagementError('fetch failed', 0)), false, 'an answer, whatever its words');
      assert.equal(noAnswer(Object.assign(new Error('Request timed out'), { name: 'AbortError' })), false);
      assert.equal(noAnswer(new EngagementError('POST case/7 failed with 503', 503)), false);
      assert.equal(noAnswer(new TypeError('x is not a function')), false, 'a fault of the code');
      assert.equal(noAnswer(new Error('fetch failed')), false, 'not the fetch’s own error');
      assert.equal(noAnswer('fetch failed'), false);
      assert.equal(noAnswer(undefined), false);
    });

    it('the service’s words are its statusMessage, else the error’s message', () => {
      assert.equal(refusalText(gone(7)), 'Case 7 not found');
      assert.equal(refusalText(new EngagementError('POST case/7 failed with 400: Bad Request', 400)), 'POST case/7 failed with 400: Bad Request');
      assert.equal(refusalText(new Error('boom')), 'boom');
      assert.equal(refusalText('plain'), 'plain');
      assert.equal(
        refusalText(new EngagementError('POST case/7 failed with 404: Not Found', 404, '')),
        'POST case/7 failed with 404: Not Found',
        'an empty statusMessage',
      );
      assert.equal(refusalText(Object.assign(new Error('m'), { statusMessage: 3 })), 'm');
      assert.equal(refusalText(undefined), 'undefined');
      assert.equal(refusalText(null), 'null');
    });
  });

  describe('finding a note tried before among the case’s notes (docs/service-api/engagement/contacts §1: date, text)', () => {
    it('the same text, trimmed, dated since it was written (less the clock skew), not taken by another', () => {
      const n = { text: '  Called back \n', writtenAt: T0 };
      assert.equal(findPosted(n, [{ date: T0, text: 'Called back' }], new Set()), 0);
      assert.equal(findPosted(n, [{ date: T0, text: 'Called back\n' }], new Set()), 0, 'the service’s text trimmed too');
      assert.equal(findPosted(n, [{ date: T0 - CLOCK_SKEW_MS, text: 'Called back' }], new Set()), 0, 'at the edge of the skew');
      assert.equal(findPosted(n, [{ date: T0 - CLOCK_SKEW_MS - 1, text: 'Called back' }], new Set()), -1, 'written before it');
      assert.equal(findPosted(n, [{ date: T0, text: 'Called back later' }], new Set()), -1);
      assert.equal(findPosted(n, [{ date: T0, text: ' Called back' }], new Set([0])), -1, 'taken');
      assert.equal(
        findPosted(
          n,
          [
            { date: T0, text: 'Called back' },
            { date: T0 + 5, text: 'Called back' },
          ],
          new Set([0]),
        ),
        1,
      );
      assert.equal(CLOCK_SKEW_MS, 900_000);
    });
  });

  describe('sending', () => {
    it('adds each note in the order written, reporting each step, without reading a case first when none was tried', async () => {
      const { service, calls, notes } = fakeService();
      const { outcome, steps } = await run([note('a'), note('b', { caseId: 8 }), note('c')], service);
      assert.deepEqual(outcome, { posted: 3, refused: [], unanswered: false });
      assert.deepEqual(calls, ['add 7', 'add 8', 'add 7']);
      assert.deepEqual(
        notes[7]!.map((n) => n.text),
        ['note a', 'note c'],
      );
      assert.deepEqual(steps, [
        { key: 'a', step: 'trying' },
        { key: 'a', step: 'posted' },
        { key: 'b', step: 'trying' },
        { key: 'b', step: 'posted' },
        { key: 'c', step: 'trying' },
        { key: 'c', step: 'posted' },
      ]);
    });

    it('a note tried before and found on the case is not posted again; one not found is', async () => {
      const { service, calls, notes } = fakeService({ notes: { 7: [{ date: T0 + 50, text: 'note a' }] } });
      const { outcome, steps } = await run([note('a', { tried: true }), note('b', { tried: true })], service);
      assert.deepEqual(outcome, { posted: 2, refused: [], unanswered: false });
      assert.deepEqual(calls, ['read 7', 'add 7'], 'the case read once');
      assert.deepEqual(
        notes[7]!.map((n) => n.text),
        ['note a', 'note b'],
        'note a once',
      );
      assert.deepEqual(steps, [
        { key: 'a', step: 'alreadyPosted' },
        { key: 'b', step: 'trying' },
        { key: 'b', step: 'posted' },
      ]);
    });

    it('two notes of the same text, one found: the other is posted (one found note answers for one queued note)', async () => {
      const { service, notes } = fakeService({ notes: { 7: [{ date: T0 + 50, text: 'same' }] } });
      const { steps } = await run([note('a', { text: 'same', tried: true }), note('b', { text: 'same', tried: true })], service);
      assert.deepEqual(
        steps.map((s) => `${s.key} ${s.step}`),
        ['a alreadyPosted', 'b trying', 'b posted'],
      );
      assert.equal(notes[7]!.length, 2);
    });

    it('a case is read before any of its notes is sent, so a note posted now never answers for a later one tried before', async () => {
      const { service, calls } = fakeService();
      const { steps } = await run([note('a', { text: 'same' }), note('b', { text: 'same', tried: true })], service);
      assert.deepEqual(calls, ['read 7', 'add 7', 'add 7']);
      assert.deepEqual(
        steps.map((s) => `${s.key} ${s.step}`),
        ['a trying', 'a posted', 'b trying', 'b posted'],
      );
    });

    it('a case gone (404, docs/service-api/engagement/conventions §6) refuses its notes with the service’s words; the others go', async () => {
      const { service, calls } = fakeService({ refuse: [8] });
      const { outcome, steps } = await run([note('a', { caseId: 8, tried: true }), note('b', { caseId: 8 }), note('c')], service);
      assert.deepEqual(outcome, { posted: 1, refused: ['Case 8 not found', 'Case 8 not found'], unanswered: false });
      assert.deepEqual(calls, ['read 8', 'add 7'], 'the gone case read once');
      assert.deepEqual(steps, [
        { key: 'a', step: 'refused', message: 'Case 8 not found' },
        { key: 'b', step: 'refused', message: 'Case 8 not found' },
        { key: 'c', step: 'trying' },
        { key: 'c', step: 'posted' },
      ]);
    });

    it('a refusal of the note itself keeps it with the service’s words', async () => {
      const service: NotesService = {
        notes: async () => [],
        add: async () => {
          throw new EngagementError('POST case/7 failed with 422: note is too long', 422, 'note is too long (maximum is 65536 characters)');
        },
      };
      const { outcome, steps } = await run([note('a')], service);
      assert.deepEqual(outcome.refused, ['note is too long (maximum is 65536 characters)']);
      assert.deepEqual(steps.at(-1), { key: 'a', step: 'refused', message: 'note is too long (maximum is 65536 characters)' });
    });

    it('the service stops answering mid-way: the rest waits as it was, nothing refused', async () => {
      const { service, calls } = fakeService({ downAfter: 1 });
      const { outcome, steps } = await run([note('a'), note('b'), note('c')], service);
      assert.deepEqual(outcome, { posted: 1, refused: [], unanswered: true });
      assert.deepEqual(calls, ['add 7', 'add 7']);
      assert.deepEqual(
        steps.map((s) => `${s.key} ${s.step}`),
        ['a trying', 'a posted', 'b trying'],
      );
    });

    it('no answer to the read of a case tried before: nothing is sent', async () => {
      const { service, calls } = fakeService({ downAfter: 0 });
      const { outcome, steps } = await run([note('a', { tried: true })], service);
      assert.deepEqual(outcome, { posted: 0, refused: [], unanswered: true });
      assert.deepEqual(calls, ['read 7']);
      assert.deepEqual(steps, []);
    });

    it('a timed-out add is no answer too', async () => {
      const service: NotesService = {
        notes: async () => [],
        add: async () => {
          throw timedOut();
        },
      };
      assert.deepEqual((await run([note('a'), note('b')], service)).outcome, { posted: 0, refused: [], unanswered: true });
    });

    it('waits for each step’s report (the host stores it) before the next request', async () => {
      const order: string[] = [];
      const service: NotesService = {
        notes: async () => [],
        add: async (_id, text) => {
          order.push(`add ${text}`);
        },
      };
      await sendNotes([note('a'), note('b')], service, async (s) => {
        await new Promise((r) => setTimeout(r, 1));
        order.push(`${s.key} ${s.step}`);
      });
      assert.deepEqual(order, ['a trying', 'add note a', 'a posted', 'b trying', 'add note b', 'b posted']);
    });
  });
});
