// A long list drawn a slice at a time, one task each: the first slice shows
// at once and the page stays responsive while the rest follows (2,000 review
// threads drawn in one task held the page, and the tabs drawn after them,
// for seconds).

export interface ChunkedDraw {
  /** Stops drawing (a newer model replaces the list); `done` then settles with false. */
  cancel(): void;
  /** True once every item was drawn, false when cancelled first. */
  readonly done: Promise<boolean>;
}

/** Calls `draw` with `items` `size` at a time: the first slice now, each next one in a task of its own (`later`). */
export function inChunks<T>(
  items: readonly T[],
  size: number,
  draw: (slice: readonly T[]) => void,
  later: (run: () => void) => void = (run) => setTimeout(run, 0),
): ChunkedDraw {
  let cancelled = false;
  let settle: (drawn: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  const step = (from: number) => {
    if (cancelled) return;
    draw(items.slice(from, from + size));
    if (from + size < items.length) later(() => step(from + size));
    else settle(true);
  };
  step(0);
  return {
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      settle(false);
    },
    done,
  };
}
