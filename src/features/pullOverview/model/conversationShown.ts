// What a long conversation shows: its oldest rows and its newest (where a
// comment just written appears), the rest between them hidden behind a
// Load more, as the service's own pages do. A pull request with 2,000
// review comments would otherwise post and draw every thread at once, which
// held the page and the workbench beside it for a second.

/** The newest rows a shortened conversation still shows. */
export const NEWEST_SHOWN = 20;

export interface ShownRows<T> {
  rows: T[];
  /** Rows left out: `count` of them, between rows[at - 1] and rows[at]. */
  hidden?: { at: number; count: number };
}

/** `shown` rows of `rows`: all of them when they are no more; otherwise the oldest, then the newest NEWEST_SHOWN (or all `shown`, when fewer). */
export function shownRows<T>(rows: readonly T[], shown: number): ShownRows<T> {
  // The same array when nothing is left out: the rows are shared (shaped once), never copied for nothing.
  if (rows.length <= shown) return { rows: rows as T[] };
  const newest = Math.min(NEWEST_SHOWN, shown);
  const oldest = shown - newest;
  return { rows: [...rows.slice(0, oldest), ...rows.slice(rows.length - newest)], hidden: { at: oldest, count: rows.length - shown } };
}
