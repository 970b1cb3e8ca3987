// A long conversation shows its oldest rows and its newest 20, the rest
// between them behind a Load more (model/conversationShown.ts).
import assert from 'node:assert/strict';
import { NEWEST_SHOWN, shownRows } from '../../../../src/features/pullOverview/model/conversationShown';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('overview conversation: the rows shown', () => {
  it('no more rows than shown: all of them, the same array, nothing hidden', () => {
    const all = rows(100);
    const shown = shownRows(all, 100);
    assert.equal(shown.rows, all);
    assert.equal('hidden' in shown, false);
    assert.deepEqual(shownRows([], 100), { rows: [] });
  });

  it('107 rows, 100 shown: rows 1–80, then 88–107; 7 hidden at 80', () => {
    const shown = shownRows(rows(107), 100);
    assert.deepEqual(shown.rows, [...rows(80), ...rows(20).map((i) => i + 87)]);
    assert.deepEqual(shown.hidden, { at: 80, count: 7 });
  });

  it('one row more than shown: one hidden, just before the newest 20', () => {
    const shown = shownRows(rows(101), 100);
    assert.equal(shown.rows.length, 100);
    assert.deepEqual(shown.hidden, { at: 80, count: 1 });
    assert.equal(shown.rows[79], 80);
    assert.equal(shown.rows[80], 82);
  });

  it(`fewer shown than the newest ${NEWEST_SHOWN}: only the newest, hidden at 0`, () => {
    const shown = shownRows(rows(50), 10);
    assert.deepEqual(
      shown.rows,
      rows(10).map((i) => i + 40),
    );
    assert.deepEqual(shown.hidden, { at: 0, count: 40 });
  });

  it(`exactly ${NEWEST_SHOWN} shown of more: the newest ${NEWEST_SHOWN}`, () => {
    const shown = shownRows(rows(30), NEWEST_SHOWN);
    assert.deepEqual(
      shown.rows,
      rows(20).map((i) => i + 10),
    );
    assert.deepEqual(shown.hidden, { at: 0, count: 10 });
  });

  it('2,000 rows, 300 shown after two Load mores: the oldest 280 and the newest 20', () => {
    const shown = shownRows(rows(2000), 300);
    assert.equal(shown.rows.length, 300);
    assert.equal(shown.rows[279], 280);
    assert.equal(shown.rows[280], 1981);
    assert.equal(shown.rows[299], 2000);
    assert.deepEqual(shown.hidden, { at: 280, count: 1700 });
  });
});
