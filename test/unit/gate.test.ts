// The start-up gate: requests wait on it until the first rows are drawn, and
// never longer than its deadline.
import assert from 'node:assert/strict';
import { Gate, type GateTimers } from '../../src/util/gate';

/** Timers run by hand: `advance(ms)` fires what is due, in time order. */
function manualClock() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const cleared: unknown[] = [];
  const clock: GateTimers & { advance(ms: number): void; count(): number; cleared: unknown[] } = {
    cleared,
    setTimeout: (run, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => {
      cleared.push(id);
      pending.delete(id as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
    count: () => pending.size,
  };
  return clock;
}

const settled = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('Start-up gate', () => {
  it('is closed until opened; open() releases what waits, once', async () => {
    const clock = manualClock();
    const gate = new Gate(1000, clock);
    assert.equal(gate.isOpen, false);
    assert.equal(await settled(gate.opened), false);
    gate.open();
    gate.open();
    assert.equal(gate.isOpen, true);
    assert.equal(await settled(gate.opened), true);
    assert.equal(clock.count(), 0, 'its deadline is cleared');
    assert.deepEqual(clock.cleared, [1], 'only its own timer was cleared');
  });

  it('opens by itself at its deadline, not before', async () => {
    const clock = manualClock();
    const gate = new Gate(1000, clock);
    clock.advance(999);
    assert.equal(gate.isOpen, false);
    assert.equal(await settled(gate.opened), false);
    clock.advance(1);
    assert.equal(gate.isOpen, true);
    assert.equal(await settled(gate.opened), true);
  });

  it('openAfter(ms) opens that long after, or sooner at the deadline', async () => {
    const clock = manualClock();
    const gate = new Gate(1000, clock);
    clock.advance(100);
    gate.openAfter(100);
    clock.advance(99);
    assert.equal(gate.isOpen, false);
    clock.advance(1);
    assert.equal(gate.isOpen, true);
    assert.equal(clock.count(), 0, 'no timer is left behind');

    const late = new Gate(1000, clock);
    clock.advance(950);
    late.openAfter(100);
    clock.advance(50);
    assert.equal(late.isOpen, true, 'the deadline comes first');
    assert.equal(clock.count(), 0);
  });

  it('openAfter on an open gate schedules nothing', () => {
    const clock = manualClock();
    const gate = new Gate(1000, clock);
    gate.open();
    gate.openAfter(10);
    assert.equal(clock.count(), 0);
  });

  it('with the real timers, opens at its deadline', async () => {
    const gate = new Gate(5);
    await gate.opened;
    assert.equal(gate.isOpen, true);
  });
});
