// How many items a list the service read to its end left out of what the
// pull request itself counts (its `changed_files`, `commits`): the service
// may list fewer than it counts, and the user is told so (with the web page
// for the rest) rather than shown a cut list as if it were whole. Pure.

/**
 * Whether a list read in pages has more to show: its read stopped before the
 * service's list ended (`ended`: the service said there was no next page)
 * and the pull request counts more than are listed.
 */
export function moreToList(listed: number, counted: number, ended: boolean): boolean {
  return !ended && listed < counted;
}

/** The items counted but not listed: 0 while pages are still to come, or when the count is unknown. */
export function unlisted(listed: number, counted: number | undefined, more: boolean): number {
  if (more || counted === undefined) return 0;
  return Math.max(0, counted - listed);
}
