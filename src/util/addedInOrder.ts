// A created item shown at once where the service will list it (listEdits.ts
// has the other edits; this one is loaded with the commands that create refs).
import type { ListEdit } from './listEdits';

/**
 * The created item where the service lists it, in a list ordered by `key` (git refs by name), in place of one with
 * its key: the list read again then finds nothing changed and is not drawn again (a redraw under the mouse can undo
 * the click that opened a row). Keys compare by UTF-16 unit, as git's byte order for ASCII names.
 */
export function addedInOrder<T>(item: T, key: (item: T) => string): ListEdit<T> {
  return (shown) => {
    const k = key(item);
    const rest = shown.filter((s) => key(s) !== k);
    const at = rest.findIndex((s) => key(s) > k);
    return at < 0 ? [...rest, item] : [...rest.slice(0, at), item, ...rest.slice(at)];
  };
}
