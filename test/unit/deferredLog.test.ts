// RepoDesk's log before its channel exists: lines wait, in order, with the
// time they were logged, and nothing is lost or written twice.
import assert from 'node:assert/strict';
import { deferredLog, type LogSink } from '../../src/util/deferredLog';

/** A sink that records what reaches it, and how many sinks were made. */
function recording() {
  const lines: string[] = [];
  let made = 0;
  const make = (): LogSink & { id: number } => {
    made++;
    const at = (level: string) => (m: string) => void lines.push(`${level}: ${m}`);
    return { id: made, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
  };
  return { lines, make, made: () => made };
}

function opener() {
  let open = () => {};
  let fail = (_: Error) => {};
  const after = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { after, open, fail };
}

const turn = () => new Promise((r) => setImmediate(r));

const clock =
  (...iso: string[]) =>
  () =>
    new Date(iso.shift() ?? 'never');

/** A log whose start-up has not ended, its sink recording, its clock giving these times. */
function started(...iso: string[]) {
  const sink = recording();
  const gate = opener();
  return { sink, gate, log: deferredLog(sink.make, gate.after, iso.length ? clock(...iso) : undefined) };
}

describe('deferred log', () => {
  it('keeps lines logged before the sink exists and writes them in order, each with its level and the time it was logged', async () => {
    const { sink, gate, log } = started('2026-11-25T04:00:00.100Z', '2026-11-25T04:00:00.250Z', '2026-11-25T04:00:00.400Z');
    log.write('info', 'RepoDesk 0.1.0 activating');
    log.write('warn', 'slow answer');
    log.write('debug', 'phases');
    await turn();
    assert.equal(sink.made(), 0, 'no sink before the start-up is over');
    assert.deepEqual(sink.lines, []);
    gate.open();
    await turn();
    assert.equal(sink.made(), 1);
    assert.deepEqual(sink.lines, [
      'info: (logged at 2026-11-25T04:00:00.100Z) RepoDesk 0.1.0 activating',
      'warn: (logged at 2026-11-25T04:00:00.250Z) slow answer',
      'debug: (logged at 2026-11-25T04:00:00.400Z) phases',
    ]);
  });

  it('writes straight to the sink once it exists, without a time of its own, and never repeats the waiting lines', async () => {
    const { sink, gate, log } = started('2026-11-25T04:00:00.000Z');
    log.write('info', 'early');
    gate.open();
    await turn();
    log.write('error', 'later');
    log.open();
    log.write('info', 'last');
    assert.deepEqual(sink.lines, ['info: (logged at 2026-11-25T04:00:00.000Z) early', 'error: later', 'info: last']);
    assert.equal(sink.made(), 1, 'one sink, however often it is opened');
  });

  it('opens at once when asked (an error, Show Log) and hands back the same sink as later', async () => {
    const { sink, gate, log } = started('2026-11-25T04:00:01.000Z');
    log.write('info', 'before');
    const first = log.open() as unknown as { id: number };
    assert.equal(first.id, 1);
    assert.deepEqual(sink.lines, ['info: (logged at 2026-11-25T04:00:01.000Z) before']);
    gate.open();
    await turn();
    assert.equal((log.open() as unknown as { id: number }).id, 1);
    assert.equal(sink.made(), 1, 'the start-up ending does not make a second sink');
  });

  it('opens when the start-up promise fails, too: the lines are not kept forever', async () => {
    const { sink, gate, log } = started('2026-11-25T04:00:02.000Z');
    log.write('warn', 'kept');
    gate.fail(new Error('no rows'));
    await turn();
    assert.deepEqual(sink.lines, ['warn: (logged at 2026-11-25T04:00:02.000Z) kept']);
  });

  it('stamps a line with the clock at the moment it is written, not when it is flushed', async () => {
    const { sink, gate, log } = started();
    const before = Date.now();
    log.write('info', 'now');
    const after = Date.now();
    gate.open();
    await turn();
    const stamp = Date.parse(/logged at (\S+)\)/.exec(sink.lines[0] ?? '')?.[1] ?? '');
    assert.ok(stamp >= before && stamp <= after, `stamp ${stamp} outside ${before}..${after}`);
  });
});
