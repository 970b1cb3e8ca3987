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
    const old = store.get(former);
    if (old === undefined) continue;
    const moved = Promise.resolve(store.update(key, old)).then(() => store.update(former, undefined));
    return { value: old, moved };
  }
  return { value: undefined, moved: Promise.resolve() };
}

/**
 * A list under `key` joined with the lists under `formerKeys` (entries it
 * lacks, compared as JSON, in their order after its own), the joined list
 * moved to `key` and the old keys emptied: a list kept under both (one begun
 * under the new key before the old was read) loses nothing. Anything stored
 * that is not a list counts as none.
 */
export function readMovingList(store: KeyValueStore, key: string, formerKeys: readonly string[]): { value: unknown[]; moved: Promise<void> } {
  const listAt = (k: string): unknown[] => {
    const v = store.get(k);
    return Array.isArray(v) ? (v as unknown[]) : [];
  };
  const old = formerKeys.filter((k) => k !== key && store.get(k) !== undefined);
  const own = listAt(key);
  if (old.length === 0) return { value: own, moved: Promise.resolve() };
  const seen = new Set(own.map((e) => JSON.stringify(e)));
  const joined = [...own];
  for (const entry of old.flatMap(listAt)) {
    const id = JSON.stringify(entry);
    if (seen.has(id)) continue;
    seen.add(id);
    joined.push(entry);
  }
  const moved = Promise.resolve(store.update(key, joined)).then(async () => {
    for (const k of old) await store.update(k, undefined);
  });
  return { value: joined, moved };
}
