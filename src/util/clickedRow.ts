// Which row a click in a tree view was on. A row's click runs its view's
// argument-free command, which reads the row from the view's selection
// (features/shared/tree/treeBase.ts). VS Code's extension host keeps the
// selection as the rows' handles and maps them to nodes only while it holds
// the rows it handed to the workbench: a click that lands while the rows are
// drawn again selects a row it cannot map until they are handed once more.
// Once the rows were not handed again: the click opened nothing, and so did
// every later click on the row, which changes no selection. So when no row is
// known in a while, the view is drawn again (VS Code then asks for its rows,
// and the selection it kept maps to them) and the selection read once more.

export interface ClickedView<T> {
  /** The view's selection, as far as it maps to nodes now. */
  selection(): readonly T[];
  /** Calls `listener` each time the view's rows are handed to VS Code; returns what stops it. */
  onRowsHanded(listener: () => void): () => void;
  /** Calls `listener` with each new selection; returns what stops it. */
  onSelection(listener: (selection: readonly T[]) => void): () => void;
  /** Draws the view's rows again, without reading them again. */
  redraw(): void;
}

export interface ClickTimers {
  /** Runs `fn` after what is already queued. */
  soon(fn: () => void): void;
  /** Runs `fn` after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

const nodeTimers: ClickTimers = {
  soon: (fn) => void setTimeout(fn, 0),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * The row clicked: the selection now; else the selection once it names a node (the rows handed again), within
 * `waitMs`; else the same once the view has been drawn again, within `waitMs` more; else undefined.
 */
export async function clickedRow<T>(view: ClickedView<T>, waitMs: number, timers: ClickTimers = nodeTimers): Promise<T | undefined> {
  const now = view.selection()[0];
  if (now !== undefined) return now;
  const handed = await selectionWithin(view, waitMs, timers);
  if (handed !== undefined) return handed;
  view.redraw();
  return selectionWithin(view, waitMs, timers);
}

function selectionWithin<T>(view: ClickedView<T>, ms: number, timers: ClickTimers): Promise<T | undefined> {
  return new Promise((resolve) => {
    // Called again by a check queued before it was done: a second resolve changes nothing.
    const done = (node: T | undefined) => {
      cancel();
      offRows();
      offSelection();
      resolve(node);
    };
    // The host maps the selection to the rows just after they are handed.
    const offRows = view.onRowsHanded(() => timers.soon(() => view.selection()[0] !== undefined && done(view.selection()[0])));
    const offSelection = view.onSelection((selection) => selection[0] !== undefined && done(selection[0]));
    const cancel = timers.after(ms, () => done(view.selection()[0]));
  });
}
