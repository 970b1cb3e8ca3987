// Stored values whose key changed between versions (an account's id in it,
// src/util/accountIds.ts): read under the new key, else once under an old
// one and moved, so that nothing stored before is lost and the old key is
// not read again.

/** What a key-value store (VS Code's Memento) offers that a move needs. */
export interface KeyValueStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * The value under `key`; when it holds none, the value under the first of
 * `formerKeys` that holds one, moved to `key` (the old key emptied). The
 * store takes the move at once (a Memento's value changes before its write
 * to disk resolves); `moved` settles once both writes are done.
 */
export function readMoving(store: KeyValueStore, key: string, formerKeys: readonly string[]): { value: unknown; moved: Promise<void> } {
  const value = store.get(key);
  if (value !== undefined) return { value, moved: Promise.resolve() };
  for (const former of formerKeys) {
    if (former === key) continue;
    const old = store.get(former);
    if (old === undefined) continue;
    const moved = Promise.resolve(store.update(key, old)).then(() => store.update(former, undefined));
    return { value: old, moved };
  }
  return { value: undefined, moved: Promise.resolve() };
}
