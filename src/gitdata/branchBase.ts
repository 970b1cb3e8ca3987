// Where a workspace commit starts and how that start compares with the
// repository's default branch. A new branch starts, unless the user says
// otherwise, from the branch the workspace is on (its files are that branch
// plus the user's changes), or from the default branch when the service has
// no branch of that name: starting anywhere else would list the other
// branch's work as changes to revert. The service has no compare endpoint,
// so ahead/behind is counted by walking `GET /git/commits/:sha`, newest
// first, down to the commits both sides share (as git's merge-base walk
// does), within a budget of commits read.

/** The start point to offer: the workspace's branch when the service has it, else the default branch. */
export function defaultStartPoint(workspaceBranch: string | undefined, serviceBranches: readonly string[], defaultBranch: string): string {
  return serviceBranches.find((name) => name === workspaceBranch) ?? defaultBranch;
}

/** A commit as the walk needs it: its parents and its committer time (ms). */
export interface WalkCommit {
  parents: readonly string[];
  time: number;
}

export interface AheadBehind {
  /** Commits of `head` that `base` does not have. */
  ahead: number;
  /** Commits of `base` that `head` does not have. */
  behind: number;
}

const HEAD_SIDE = 1;
const BASE_SIDE = 2;
const BOTH = HEAD_SIDE | BASE_SIDE;

/** What the walk found: the commits only `head` has and only `base` has (SHAs, unordered), and every commit it read. */
export interface Divergence<C extends WalkCommit> {
  onlyHead: string[];
  onlyBase: string[];
  read: ReadonlyMap<string, C>;
}

/**
 * Walks back from `head` and `base` to the commits both have (git's merge-base walk); undefined when that needs
 * more than `budget` commits read.
 */
export async function divergence<C extends WalkCommit>(
  read: (sha: string) => Promise<C>,
  head: string,
  base: string,
  budget = 300,
): Promise<Divergence<C> | undefined> {
  const commits = new Map<string, C>();
  const sides = new Map<string, number>();
  const queue: string[] = [];
  const paint = async (sha: string, side: number): Promise<boolean> => {
    const was = sides.get(sha) ?? 0;
    if ((was | side) === was) return true;
    if (!commits.has(sha)) {
      if (commits.size >= budget) return false;
      commits.set(sha, await read(sha));
    }
    sides.set(sha, was | side);
    queue.push(sha);
    return true;
  };
  if (!(await paint(head, HEAD_SIDE)) || !(await paint(base, BASE_SIDE))) return undefined;
  // Newest first; the walk ends when every commit still queued is on both sides (all older ones are too).
  while (queue.some((sha) => sides.get(sha) !== BOTH)) {
    queue.sort((a, b) => commits.get(a)!.time - commits.get(b)!.time);
    const sha = queue.pop()!;
    for (const parent of commits.get(sha)!.parents) {
      if (!(await paint(parent, sides.get(sha)!))) return undefined;
    }
  }
  const only = (side: number) => [...sides].filter(([, s]) => s === side).map(([sha]) => sha);
  return { onlyHead: only(HEAD_SIDE), onlyBase: only(BASE_SIDE), read: commits };
}

/**
 * How many commits `head` is ahead of and behind `base`; undefined when
 * telling needs more than `budget` commits read.
 */
export async function aheadBehind(read: (sha: string) => Promise<WalkCommit>, head: string, base: string, budget = 300): Promise<AheadBehind | undefined> {
  if (head === base) return { ahead: 0, behind: 0 };
  const walked = await divergence(read, head, base, budget);
  return walked && { ahead: walked.onlyHead.length, behind: walked.onlyBase.length };
}
