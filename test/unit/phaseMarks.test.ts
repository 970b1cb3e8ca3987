// The start-up phases RepoDesk logs for its benchmark: taken when they
// happen, logged as one line, read back by the benchmark.
import assert from 'node:assert/strict';
import { PhaseMarks, StepMarks, parsePhaseLine } from '../../src/util/phaseMarks';

describe('Start-up phase marks', () => {
  it('keeps the first time of each phase, from the injected clock or given', () => {
    let t = 100;
    const marks = new PhaseMarks(() => t);
    marks.mark('loader', 40);
    marks.mark('activate');
    t = 250;
    marks.mark('activate');
    marks.mark('rows');
    assert.equal(marks.get('loader'), 40);
    assert.equal(marks.get('activate'), 100, 'a second mark of a phase does not move it');
    assert.equal(marks.get('rows'), 250);
    assert.equal(marks.get('session'), undefined);
  });

  it('logs one line in the order of the phases, "-" for one not reached, and reads it back', () => {
    const marks = new PhaseMarks(() => 0);
    marks.mark('rows', 1700000000900);
    marks.mark('loader', 1700000000100);
    marks.mark('bundle', 1700000000150);
    const line = marks.line();
    assert.equal(
      line,
      'phases (epoch ms): loader=1700000000100 bundle=1700000000150 activate=- registered=- session=- asked=- answer=- rows=1700000000900 children=-',
    );
    assert.deepEqual(parsePhaseLine(`2026-11-24 01:02:03.456 [info] ${line}`), { loader: 1700000000100, bundle: 1700000000150, rows: 1700000000900 });
  });

  it('another line, an unknown phase or a value that is not a number is not read as a phase', () => {
    assert.equal(parsePhaseLine('RepoDesk 0.1.0 activating'), undefined);
    assert.deepEqual(parsePhaseLine('phases (epoch ms): loader=12 bogus=3 rows=x session=7'), { loader: 12, session: 7 });
    assert.deepEqual(
      parsePhaseLine('phases (epoch ms): loader=12x bundle=x12 activate answer=5'),
      { answer: 5 },
      'a value with other characters, or a phase without a value',
    );
    assert.deepEqual(parsePhaseLine('phases (epoch ms):   loader=1    rows=2  '), { loader: 1, rows: 2 }, 'runs of spaces separate the phases');
  });

  it("marks any list of steps (a selected pull request's drawing): first time wins, complete once all are marked, one line titled as asked", () => {
    let t = 10;
    const steps = new StepMarks(['selected', 'asked', 'read'] as const, () => t);
    steps.mark('selected');
    t = 30;
    steps.mark('read');
    steps.mark('selected');
    assert.equal(steps.complete, false, 'asked is missing');
    assert.equal(steps.line('Review Comments a/b#5'), 'Review Comments a/b#5 (epoch ms): selected=10 asked=- read=30');
    steps.mark('asked', 20);
    assert.equal(steps.complete, true);
    assert.equal(steps.get('selected'), 10);
    assert.equal(steps.line('x'), 'x (epoch ms): selected=10 asked=20 read=30');
  });
});
