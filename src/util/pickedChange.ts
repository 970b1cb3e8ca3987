// What a multi-select pick changes: the names to add and to remove, so that
// only the user's own change is written and a name someone else added or
// removed meanwhile is left as it is (a pull request's labels, say).

export interface PickedChange {
  add: string[];
  remove: string[];
}

/** The picked names `current` lacks, and those it has that were not picked; each once, in the order given. */
export function pickedChange(current: readonly string[], picked: readonly string[]): PickedChange {
  const once = (names: readonly string[]) => [...new Set(names)];
  return { add: once(picked.filter((n) => !current.includes(n))), remove: once(current.filter((n) => !picked.includes(n))) };
}
