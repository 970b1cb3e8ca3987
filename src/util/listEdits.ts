// How a write's answer changes a list already on screen, so that the views
// show the change at once (then read the list again to confirm it): a created
// item is added, an edited one replaces the one with its id, a deleted one goes.

/** A change of a list by a write, given the rows shown. */
export type ListEdit<T> = (shown: readonly T[]) => T[];

interface WithId {
  id: number | string;
}

/** The edited item in place of the one with its id (added when it was not shown). */
export function replaced<T extends WithId>(item: T): ListEdit<T> {
  return (shown) => (shown.some((s) => s.id === item.id) ? shown.map((s) => (s.id === item.id ? item : s)) : [...shown, item]);
}

/** The created item at the end, or in place of one with its id (the service answered a create that existed). */
export function added<T extends WithId>(item: T): ListEdit<T> {
  return replaced(item);
}

/** The rows without the one whose id is `id`. */
export function removed<T extends WithId>(id: T['id']): ListEdit<T> {
  return (shown) => shown.filter((s) => s.id !== id);
}

/** The rows without those `gone` says are gone (items without an id: a label's name, say). */
export function removedWhere<T>(gone: (item: T) => boolean): ListEdit<T> {
  return (shown) => shown.filter((s) => !gone(s));
}

/** The row `matches` picks, changed by `change`. */
export function changedWhere<T>(matches: (item: T) => boolean, change: (item: T) => T): ListEdit<T> {
  return (shown) => shown.map((s) => (matches(s) ? change(s) : s));
}

/** The same rows, field for field (the service's answers are plain JSON): a list read again that changed nothing is not drawn again. */
export function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
