// The row a tree view's click was on (src/util/clickedRow.ts), against a view
// whose selection maps to nodes only while the host holds the rows it handed.
import assert from 'node:assert/strict';
import { clickedRow, type ClickedView } from '../../src/util/clickedRow';
import { ManualTimers } from '../support/manualTimers';

/** Settles the promise callbacks queued so far. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A view whose selection maps to `mapped` (what the host can name now); `hand()` hands its rows, `select()` is a click's new selection. */
function fakeView(mapped: string[] = []) {
  const rowListeners = new Set<() => void>();
  const selectionListeners = new Set<(s: readonly string[]) => void>();
  const state = { mapped, redraws: 0 };
  const view: ClickedView<string> = {
    selection: () => state.mapped,
    onRowsHanded: (l) => (rowListeners.add(l), () => void rowListeners.delete(l)),
    onSelection: (l) => (selectionListeners.add(l), () => void selectionListeners.delete(l)),
    redraw: () => void state.redraws++,
  };
  return {
    view,
    state,
    listeners: () => rowListeners.size + selectionListeners.size,
    hand: (nowMapped: string[]) => {
      state.mapped = nowMapped;
      rowListeners.forEach((l) => l());
    },
    select: (selection: string[]) => selectionListeners.forEach((l) => l(selection)),
  };
}

/** Starts a click's read of its row; `row()` is what it resolved to so far ('pending' until then). */
function click(view: ClickedView<string>, timers: ManualTimers) {
  let result: string | undefined | 'pending' = 'pending';
  void clickedRow(view, 3000, timers).then((r) => (result = r));
  return { row: () => result };
}

describe('clickedRow: the row a tree view click was on', () => {
  it('a selection the host names at the click: that row at once, the view not drawn again', async () => {
    const timers = new ManualTimers();
    const v = fakeView(['difference-engine']);
    const c = click(v.view, timers);
    await settle();
    assert.equal(c.row(), 'difference-engine');
    assert.equal(v.state.redraws, 0);
    assert.equal(timers.pending, 0, 'no timer left');
  });

  it('a click during a redraw: the row once the rows are handed again and the host maps the selection, not before', async () => {
    const timers = new ManualTimers();
    const v = fakeView();
    const c = click(v.view, timers);
    await settle();
    v.hand([]);
    timers.runSoon();
    await settle();
    assert.equal(c.row(), 'pending', 'rows handed that do not name the selection: still waiting');
    v.hand(['difference-engine']);
    await settle();
    assert.equal(c.row(), 'pending', 'the host maps the selection just after the rows are handed');
    timers.runSoon();
    await settle();
    assert.equal(c.row(), 'difference-engine');
    assert.equal(v.state.redraws, 0);
    assert.equal(v.listeners(), 0, 'its listeners stopped');
    assert.equal(timers.pending, 0, 'its timer cancelled');
  });

  it('a selection that comes after the click names the row; one the host cannot map yet is not taken for none', async () => {
    const timers = new ManualTimers();
    const v = fakeView();
    const c = click(v.view, timers);
    await settle();
    v.select([]);
    await settle();
    assert.equal(c.row(), 'pending');
    v.select(['bernoulli-numbers']);
    await settle();
    assert.equal(c.row(), 'bernoulli-numbers');
    assert.equal(v.state.redraws, 0, 'the first wait was not cut short');
    assert.equal(v.listeners(), 0);
  });

  it("with the host's timers: the rows handed name the row; with none named, the view is drawn again and the click has no row", async () => {
    const v = fakeView();
    const found = clickedRow(v.view, 1000);
    v.hand(['difference-engine']);
    assert.equal(await found, 'difference-engine');
    const w = fakeView();
    assert.equal(await clickedRow(w.view, 1), undefined);
    assert.equal(w.state.redraws, 1);
  });

  it('no row named within the wait: the view is drawn again once, and the selection the host kept names its row when VS Code has asked for the rows', async () => {
    const timers = new ManualTimers();
    const v = fakeView();
    const c = click(v.view, timers);
    await settle();
    timers.advance(2999);
    await settle();
    assert.equal(v.state.redraws, 0, 'not before the wait is over');
    timers.advance(1);
    await settle();
    assert.equal(v.state.redraws, 1);
    // VS Code asks for the rows drawn again: the host holds them, and the selection it kept names the row.
    v.hand(['difference-engine']);
    timers.runSoon();
    await settle();
    assert.equal(c.row(), 'difference-engine');
    assert.equal(v.listeners(), 0);
    assert.equal(timers.pending, 0);
  });

  it('a selection named just as the wait ends is taken, the view not drawn again', async () => {
    const timers = new ManualTimers();
    const v = fakeView();
    const c = click(v.view, timers);
    await settle();
    v.state.mapped = ['difference-engine'];
    timers.advance(3000);
    await settle();
    assert.equal(c.row(), 'difference-engine');
    assert.equal(v.state.redraws, 0);
  });

  it('no row even after the view was drawn again: none, after the second wait, the view drawn again only once', async () => {
    const timers = new ManualTimers();
    const v = fakeView();
    const c = click(v.view, timers);
    await settle();
    timers.advance(3000);
    await settle();
    assert.equal(c.row(), 'pending');
    timers.advance(2999);
    await settle();
    assert.equal(c.row(), 'pending', 'the second wait is as long as the first');
    timers.advance(1);
    await settle();
    assert.equal(c.row(), undefined);
    assert.equal(v.state.redraws, 1);
    assert.equal(v.listeners(), 0);
  });
});
