// Where Checkout in a New Worktree puts a pull request: beside the clone, in
// `<repo>-pr-<number>`, or the first of `…-2`, `…-3`, … that does not exist
// yet. An existing folder is never used: git would refuse a non-empty one,
// and an empty one may be the user's.

/** The most folders tried before giving up (the user then has many worktrees of this pull request already). */
export const MAX_TRIES = 50;

/** The first free folder `parent/<repo>-pr-<number>[-k]`, or undefined when MAX_TRIES are taken. */
export function freeWorktreeFolder(parent: string, repo: string, number: number, exists: (folder: string) => boolean): string | undefined {
  const base = `${parent.replace(/[\\/]+$/, '')}/${repo}-pr-${number}`;
  for (let k = 1; k <= MAX_TRIES; k++) {
    const folder = k === 1 ? base : `${base}-${k}`;
    if (!exists(folder)) return folder;
  }
  return undefined;
}
