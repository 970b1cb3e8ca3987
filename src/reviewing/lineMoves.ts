// Where a line of a file is after a change, when the change left it alone:
// the lines both versions keep, in order (a longest common subsequence of
// the lines between the common start and end), pair up; a line not among
// them was changed or removed. A thread written on an older head is current
// on the new head at its line's new place, unless its line changed. Pure:
// tested in plain Node.

/** The most cells (lines before × lines after, between the common start and end) compared; more: unknown. */
const MAX_CELLS = 4_000_000;

/** The 1-based line of `after` that line `line` of `before` is, or undefined when it was changed, removed or cannot be told. */
export function lineAfter(before: readonly string[], after: readonly string[], line: number, maxCells = MAX_CELLS): number | undefined {
  if (line < 1 || line > before.length) return undefined;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  if (line <= start) return line;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  if (line > before.length - end) return line + after.length - before.length;
  const a = before.slice(start, before.length - end);
  const b = after.slice(start, after.length - end);
  const n = a.length;
  const m = b.length;
  if (n * m > maxCells) return undefined;
  // kept[i * (m + 1) + j]: how many lines a[i..] and b[j..] keep in common.
  const kept = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      kept[i * (m + 1) + j] = a[i] === b[j] ? kept[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(kept[(i + 1) * (m + 1) + j]!, kept[i * (m + 1) + j + 1]!);
  const wanted = line - 1 - start;
  let i = 0;
  let j = 0;
  while (i < n && j < m && i <= wanted) {
    if (a[i] === b[j] && kept[i * (m + 1) + j] === kept[(i + 1) * (m + 1) + j + 1]! + 1) {
      if (i === wanted) return start + j + 1;
      i++;
      j++;
    } else if (kept[(i + 1) * (m + 1) + j]! >= kept[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  return undefined;
}
