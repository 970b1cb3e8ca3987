// What a view draws while a read is under way: rows it can show before the
// read ends (those it kept from the last read, or the first page of a list
// of several), marked as updating until the read's own answer replaces them;
// without such rows, the answer itself once it is there.

export type FirstDraw<T> =
  /** Drawn now, marked as updating; `fresh` is the read's answer that replaces it. */
  | { now: T; early: true; fresh: Promise<T> }
  /** The read's answer: nothing to replace. */
  | { now: T; early: false };

/**
 * `kept` when there is one; otherwise whichever comes first of the whole
 * answer (`fresh`) and its first page (`firstPage`, which never settles for
 * a list of one page). A read that fails before anything is drawn rejects.
 */
export async function firstDraw<T>(fresh: Promise<T>, kept: T | undefined, firstPage: Promise<T>): Promise<FirstDraw<T>> {
  if (kept !== undefined) return { now: kept, early: true, fresh };
  // Settled either way, so that a failure after the first page is drawn is
  // left to the caller's handler on `fresh`, never unhandled here.
  const whole = fresh.then(
    (all) => ({ all }),
    (err: unknown) => ({ err }),
  );
  const first = await Promise.race([whole, firstPage.then((page) => ({ page }))]);
  if ('err' in first) throw first.err;
  return 'all' in first ? { now: first.all, early: false } : { now: first.page, early: true, fresh };
}
